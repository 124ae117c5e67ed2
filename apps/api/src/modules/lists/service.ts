import {
  companyMay,
  listPackPricePence,
  MAX_PACK_QUANTITY,
  MAX_SKU_LENGTH,
  mergeListLines,
  parsePacksCell,
  penceFromDecimal,
  penceToDecimal,
  QUICK_ORDER_MESSAGES,
  SAVED_LIST_LIMITS,
  SAVED_LIST_MESSAGES,
  savedListCsv,
  type CompanyRole,
  type PageRequest,
  type ReorderResult,
  type SavedListAddToCart,
  type SavedListLinesAdd,
  type SavedListLineInput,
  type SavedListSummary,
  type SavedListView,
  type SavedListWrite,
} from '@shop/domain';
import { CsvError, parse } from 'csv-parse/sync';
import type { Db } from '../../db/client';
import { BadRequest, Invalid, NotFound } from '../../http/errors';
import { countOfPage, pageWindow } from '../../http/pagination';
import { PermissionDenied } from '../accounts/errors';
import type { CartsService } from '../carts/service';
import { membershipOf } from '../companies/membership';
import { putBackInCart } from '../reorder/put-back';
import * as queries from './queries';

const M = SAVED_LIST_MESSAGES;

/** Whether the caller may change a list: its owner while it is personal, an editor of its company once shared. */
function canEdit(list: { companyId: number | null; role: CompanyRole | null }): boolean {
  return list.companyId === null || (list.role !== null && companyMay(list.role, 'editSharedLists'));
}

function summaryOf(row: queries.ListRow): SavedListSummary {
  return {
    id: row.id,
    name: row.name,
    shared: row.companyId !== null,
    can_edit: canEdit(row),
    owner_name: row.ownerName,
    line_count: row.lineCount,
    updated_at: row.updatedAt.toISOString(),
  };
}

function viewOf(row: queries.ListRow & { lines: queries.LineRow[] }): SavedListView {
  return {
    ...summaryOf(row),
    lines: row.lines.map((line) => ({
      id: line.id,
      item: {
        id: line.itemId,
        title: line.title,
        sku: line.sku,
        units_per_pack: line.unitsPerPack,
        stock: line.stock,
        track_inventory: line.trackInventory,
        product_slug: line.productSlug,
        category_slug: line.categorySlug,
        status: line.status,
      },
      packs: line.packs,
      saved_price_per_pack: line.savedPricePence === null ? null : penceToDecimal(line.savedPricePence),
      updated_at: new Date(line.updatedAt).toISOString(),
    })),
  };
}

/** The company a new or edited list is shared with: the caller's, when they may share one (else 400 or 403). */
async function companyToShareWith(tx: Db, userId: number): Promise<number> {
  const membership = await membershipOf(tx, userId);
  if (!membership || membership.status !== 'approved') throw new Invalid({ shared: [M.noCompany] });
  if (!companyMay(membership.role, 'editSharedLists')) throw new PermissionDenied(M.editorsOnly);
  return membership.companyId;
}

/** A line with the item read for it, or the reason it cannot be saved. */
type Priced = { itemId: number; packs: number; pricePence: number | null };

/**
 * Today's price of each line for the user (`listPackPricePence`), or a 400 naming the lines whose item does
 * not exist or is not sold. `keep` holds the lines already on the list: one whose item is no longer sold may
 * stay (with the price it had), so a list with a retired item can still be edited.
 */
async function priceLines(
  tx: Db,
  userId: number,
  lines: readonly SavedListLineInput[],
  keep: ReadonlyMap<number, queries.StoredLine> = new Map(),
  fieldOf: (index: number) => string = (index) => `lines.${index}.item`,
): Promise<queries.StoredLine[]> {
  const ids = lines.map((line) => line.item);
  const rows = await queries.selectListItems(tx, userId, ids, []);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const errors: Record<string, string[]> = {};
  const priced: Priced[] = lines.map((line, index) => {
    const item = byId.get(line.item);
    const pricePence = item?.status === 'active' ? listPackPricePence(item, line.packs) : null;
    if (pricePence === null && !keep.has(line.item)) {
      errors[fieldOf(index)] = [item ? M.unavailable(item.sku) : M.noItem(line.item)];
    }
    return { itemId: line.item, packs: line.packs, pricePence };
  });
  if (Object.keys(errors).length > 0) throw new Invalid(errors);
  return priced.map(({ itemId, packs, pricePence }) => {
    const before = keep.get(itemId);
    // An unchanged line keeps the price it was saved at, so its add-to-cart still reports a change since.
    const unchanged = before !== undefined && before.packs === packs;
    const savedPricePence = unchanged || pricePence === null ? before!.savedPricePence : pricePence;
    return { itemId, packs, savedPricePence };
  });
}

/** The lines of an imported file, or a 400 on `csv` naming each bad line with the quick order's words. */
function readImport(csv: string): { line: number; sku: string; packs: number }[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(csv, {
      bom: true,
      info: true,
      delimiter: [',', ';', '\t'],
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      // One record past the cap (after a header) is enough to know the file is too long.
      to: SAVED_LIST_LIMITS.linesPerList + 2,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    if (error instanceof CsvError) throw new Invalid({ csv: [M.csvNotCsv(error.message)] });
    throw error;
  }
  // A line the quick order splits on whitespace ('BOX-1 3'): one cell holding both.
  const cellsOf = (record: string[]) => {
    const cells = record.map((cell) => cell.trim());
    return cells.length === 1 && /\s/.test(cells[0]!) ? cells[0]!.split(/\s+/) : cells;
  };
  const rows = records.map(({ record, info }) => ({ line: info.lines, cells: cellsOf(record) }));
  if (rows[0] && /^sku$/i.test(rows[0].cells[0] ?? '')) rows.shift();
  if (rows.length === 0) throw new Invalid({ csv: [M.csvRequired] });
  if (rows.length > SAVED_LIST_LIMITS.linesPerList) throw new Invalid({ csv: [M.tooManyLines] });
  const errors: string[] = [];
  const lines = rows.map(({ line, cells }) => {
    const sku = cells[0] ?? '';
    const packs = parsePacksCell(cells[1] ?? '');
    if (sku === '') errors.push(M.csvLine(line, QUICK_ORDER_MESSAGES.skuRequired));
    else if (sku.length > MAX_SKU_LENGTH) errors.push(M.csvLine(line, QUICK_ORDER_MESSAGES.skuTooLong));
    if (packs === null) errors.push(M.csvLine(line, QUICK_ORDER_MESSAGES.packsInvalid));
    return { line, sku, packs: packs ?? 1 };
  });
  if (errors.length > 0) throw new Invalid({ csv: errors });
  return lines;
}

/** A file name for a list's CSV: its name in lower-case words, e.g. 'warehouse-monthly.csv'. */
function csvFilename(name: string): string {
  const words = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${words || 'list'}.csv`;
}

/**
 * Saved lists: the buyer's own, and their company's shared ones. Who may see and change a list is
 * read from the database on every request (DESIGN §7): a personal list is its owner's alone (404 to anyone
 * else); a shared list is every current member's to read and put in the cart, and its company's administrators'
 * and approvers' to change (403 to a buyer); another company's list answers 404.
 */
export function createListsService(db: Db, carts: CartsService) {
  const listPage = queries.prepareListPage(db);
  const listDetail = queries.prepareListDetail(db);

  /** The list as the caller may see it now, or 404. */
  async function detail(userId: number, listId: number): Promise<SavedListView> {
    const row = await listDetail(listId, userId);
    if (!row) throw new NotFound();
    return viewOf(row);
  }

  /** The list locked for a change the caller may make: 404 when they cannot see it, 403 when they may not edit it. */
  async function lockForEdit(tx: Db, userId: number, listId: number): Promise<queries.LockedList> {
    const list = await queries.lockList(tx, listId, userId);
    if (!list) throw new NotFound();
    if (!canEdit(list)) throw new PermissionDenied(M.editorsOnly);
    return list;
  }

  /** Makes a list of lines already checked to exist: the caps, the company to share with, the write. */
  async function create(
    tx: Db,
    userId: number,
    body: { name: string; shared: boolean },
    lines: readonly SavedListLineInput[],
  ): Promise<number> {
    const companyId = body.shared ? await companyToShareWith(tx, userId) : null;
    await queries.lockUser(tx, userId);
    if ((await queries.countOwnedLists(tx, userId)) >= SAVED_LIST_LIMITS.listsPerUser) {
      throw new BadRequest(M.tooManyLists);
    }
    const priced = await priceLines(tx, userId, lines);
    const listId = await queries.insertList(tx, { ownerId: userId, companyId, name: body.name });
    await queries.upsertLines(tx, listId, priced);
    return listId;
  }

  return {
    /** GET account/lists/: a page of the lists the user may see, by name. */
    async page(userId: number, page: PageRequest): Promise<{ count: number; results: SavedListSummary[] }> {
      const window = pageWindow(page);
      const rows = await listPage(userId, window);
      // A page past the end has no row to carry the total: the first row of the same read has it.
      const count = await countOfPage(
        rows,
        window,
        async () => (await listPage(userId, { limit: 1, offset: 0 }))[0]?.total ?? 0,
      );
      return { count, results: rows.map(summaryOf) };
    },

    detail,

    /** POST account/lists/: a new list, the caller's own or shared with their company. */
    async create(userId: number, body: SavedListWrite): Promise<SavedListView> {
      const listId = await db.transaction((tx) => create(tx, userId, body, mergeListLines(body.lines)));
      return detail(userId, listId);
    },

    /**
     * PUT account/lists/{id}/: the name, the sharing and the lines replaced. Sharing a personal list takes an
     * editor of an approved company; a shared list made personal again becomes the personal list of the
     * editor who did it.
     */
    async replace(userId: number, listId: number, body: SavedListWrite): Promise<SavedListView> {
      await db.transaction(async (tx) => {
        const list = await lockForEdit(tx, userId, listId);
        let { ownerId, companyId } = list;
        if (body.shared && companyId === null) companyId = await companyToShareWith(tx, userId);
        if (!body.shared && companyId !== null) {
          [ownerId, companyId] = [userId, null];
          if (list.ownerId !== userId) {
            await queries.lockUser(tx, userId);
            if ((await queries.countOwnedLists(tx, userId)) >= SAVED_LIST_LIMITS.listsPerUser) {
              throw new BadRequest(M.tooManyLists);
            }
          }
        }
        const lines = mergeListLines(body.lines);
        const kept = new Map(list.lines.map((line) => [line.itemId, line]));
        const priced = await priceLines(tx, userId, lines, kept);
        await queries.updateList(tx, listId, { ownerId, companyId, name: body.name });
        await queries.deleteOtherLines(
          tx,
          listId,
          priced.map((line) => line.itemId),
        );
        await queries.upsertLines(tx, listId, priced);
      });
      return detail(userId, listId);
    },

    /** DELETE account/lists/{id}/. */
    async remove(userId: number, listId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await lockForEdit(tx, userId, listId);
        await queries.deleteList(tx, listId);
      });
    },

    /**
     * POST account/lists/{id}/lines/: packs of one item, or several lines, added to the list: to an item's line
     * when it has one (at most MAX_PACK_QUANTITY), priced today. The list keeps at most 200 lines.
     */
    async addLines(userId: number, listId: number, body: SavedListLinesAdd): Promise<SavedListView> {
      const single = body.lines === undefined;
      const adding = body.lines ?? [{ item: body.item!, packs: body.packs ?? 1 }];
      const fieldOf = (index: number) => (single ? 'item' : `lines.${index}.item`);
      await db.transaction(async (tx) => {
        const list = await lockForEdit(tx, userId, listId);
        const before = new Map(list.lines.map((line) => [line.itemId, line]));
        // Each item once, in the order sent, its packs added to those already on the list.
        const merged = mergeListLines(adding).map((line) => ({
          item: line.item,
          packs: Math.min(MAX_PACK_QUANTITY, line.packs + (before.get(line.item)?.packs ?? 0)),
        }));
        const added = merged.filter((line) => !before.has(line.item)).length;
        if (list.lines.length + added > SAVED_LIST_LIMITS.linesPerList) {
          throw new Invalid({ [single ? 'item' : 'lines']: [M.tooManyLines] });
        }
        // An error names the first line sent of its item.
        const priced = await priceLines(tx, userId, merged, before, (index) =>
          fieldOf(adding.findIndex((line) => line.item === merged[index]!.item)),
        );
        await queries.upsertLines(tx, listId, priced);
        await queries.touchList(tx, listId);
      });
      return detail(userId, listId);
    },

    /**
     * POST account/lists/{id}/add-to-cart/: the whole list, or the ticked lines with their packs as edited,
     * put in the caller's cart in one transaction through the cart's own add, exactly as a reorder does
     * (`putBackInCart`). Each line is reported against the price saved with it, and a line added keeps
     * today's price as its saved one.
     */
    async addToCart(userId: number, listId: number, body: SavedListAddToCart): Promise<ReorderResult> {
      // The list as the caller may see it, read first as the reorder reads its order.
      const row = await listDetail(listId, userId);
      if (!row) throw new NotFound();
      const onList = new Map(row.lines.map((line) => [line.itemId, line]));
      const errors: Record<string, string[]> = {};
      for (const [index, line] of (body.lines ?? []).entries()) {
        if (!onList.has(line.item)) errors[`lines.${index}.item`] = [M.notOnList(line.item)];
      }
      if (Object.keys(errors).length > 0) throw new Invalid(errors);
      const wanted = body.lines
        ? mergeListLines(body.lines)
        : row.lines.map((line) => ({ item: line.itemId, packs: line.packs }));
      if (wanted.length === 0) throw new BadRequest(M.emptyList);
      const toPut = wanted.map((line) => {
        const saved = onList.get(line.item)!;
        return {
          itemId: line.item,
          packQuantity: line.packs,
          sku: saved.sku,
          title: saved.title,
          // Every write saves a price; the column allows none only for rows made before that rule.
          oldPricePence: saved.savedPricePence ?? 0,
        };
      });
      const { cartId, lines } = await db.transaction(async (tx) => {
        const put = await putBackInCart(tx, userId, toPut);
        await queries.updateSavedPrices(
          tx,
          listId,
          put.lines.flatMap((line, index) =>
            line.packs_added > 0 && line.new_price_per_pack !== null
              ? [{ itemId: toPut[index]!.itemId, pence: penceFromDecimal(line.new_price_per_pack) }]
              : [],
          ),
        );
        return put;
      });
      return { cart: await carts.getCart(userId, cartId), lines };
    },

    /** GET account/lists/{id}/export.csv: the list's lines as the quick order reads them, and a file name. */
    async exportCsv(userId: number, listId: number): Promise<{ filename: string; csv: string }> {
      const row = await listDetail(listId, userId);
      if (!row) throw new NotFound();
      return { filename: csvFilename(row.name), csv: savedListCsv(row.lines) };
    },

    /**
     * POST account/lists/import/: a new list from the quick order's `SKU, packs` lines. A SKU is found as
     * typed or in upper case, as the quick order finds it; every bad line is named, and nothing is written
     * unless all are good.
     */
    async importCsv(
      userId: number,
      body: { name: string; shared: boolean; csv: string },
    ): Promise<SavedListView> {
      const rows = readImport(body.csv);
      const listId = await db.transaction(async (tx) => {
        const skus = [...new Set(rows.flatMap((row) => [row.sku, row.sku.toUpperCase()]))];
        const found = await queries.selectListItems(tx, userId, [], skus);
        const bySku = new Map(found.map((item) => [item.sku, item]));
        const errors: string[] = [];
        const lines = rows.flatMap(({ line, sku, packs }) => {
          const item = bySku.get(sku) ?? bySku.get(sku.toUpperCase());
          if (!item) errors.push(M.csvLine(line, QUICK_ORDER_MESSAGES.noItem(sku)));
          else if (item.status !== 'active' || listPackPricePence(item, packs) === null) {
            errors.push(M.csvLine(line, QUICK_ORDER_MESSAGES.unavailable(item.sku)));
          } else return [{ item: item.id, packs }];
          return [];
        });
        if (errors.length > 0) throw new Invalid({ csv: errors });
        return create(tx, userId, body, mergeListLines(lines));
      });
      return detail(userId, listId);
    },
  };
}

export type ListsService = ReturnType<typeof createListsService>;
