import type { CompanyRole, PricingTier } from '@shop/domain';
import { and, asc, eq, getTableName, notInArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { reusableStatement } from '../../db/reusable-statement';
import {
  categories,
  companyMembers,
  companyPrices,
  exclusivePrices,
  items,
  products,
  productVariants,
  savedListLines,
  savedLists,
  users,
  type PackUnit,
} from '../../db/schema';
import {
  appliedDiscount,
  companyPriceOn,
  exclusivePriceInForce,
  tierPricesOf,
  tierPricesRows,
} from '../pricing/service';

/** A column with its table's name, for sub-selects that refer to the outer row. */
const q = (column: AnyPgColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/**
 * Who may see a list: its owner while it is theirs alone, every current member of its company once it is
 * shared. The membership is read in the same statement (company_members' unique user id), so a member removed
 * a moment ago sees none of the company's lists on their next request.
 */
function visibleTo(userId: SQL | ReturnType<typeof sql.placeholder>): SQL {
  return sql`((${q(savedLists.companyId)} is null and ${q(savedLists.ownerId)} = ${userId})
    or ${q(savedLists.companyId)} = (select ${q(companyMembers.companyId)} from ${companyMembers}
      where ${q(companyMembers.userId)} = ${userId}))`;
}

/** The caller's role in the list's company (null for a personal list), from the same statement. */
function roleIn(userId: SQL | ReturnType<typeof sql.placeholder>): SQL<CompanyRole | null> {
  return sql<CompanyRole | null>`(select ${q(companyMembers.role)} from ${companyMembers}
    where ${q(companyMembers.userId)} = ${userId} and ${q(companyMembers.companyId)} = ${q(savedLists.companyId)})`;
}

const ownerName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

/** A list as the index and the detail read it, with the caller's role in its company. */
export type ListRow = {
  id: number;
  name: string;
  companyId: number | null;
  ownerName: string;
  role: CompanyRole | null;
  lineCount: number;
  updatedAt: Date;
};

const summaryColumns = (userId: ReturnType<typeof sql.placeholder>) => ({
  id: savedLists.id,
  name: savedLists.name,
  companyId: savedLists.companyId,
  ownerName,
  role: roleIn(userId),
  lineCount: sql<number>`(select count(*) from ${savedListLines}
    where ${q(savedListLines.listId)} = ${q(savedLists.id)})`.mapWith(Number),
  updatedAt: savedLists.updatedAt,
});

/**
 * The index's one read, as a named statement built once: a page of the lists the user may see (their own and
 * their company's shared ones), by name, each with its owner's name, its number of lines and the caller's
 * role in its company, and the number of all of them.
 */
export function prepareListPage(db: Db) {
  const userId = sql.placeholder('userId');
  const statement = db
    .select({ ...summaryColumns(userId), total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(savedLists)
    .innerJoin(users, eq(users.id, savedLists.ownerId))
    .where(visibleTo(userId))
    .orderBy(sql`lower(${savedLists.name})`, asc(savedLists.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('saved_list_page');
  return (id: number, window: { limit: number; offset: number }): Promise<(ListRow & { total: number })[]> =>
    statement.execute({ userId: id, ...window });
}

/** A line as the detail reads it, with its item's words, stock and links. */
export type LineRow = {
  id: number;
  itemId: number;
  sku: string;
  title: string;
  status: 'active' | 'inactive';
  unitsPerPack: number;
  stock: number;
  trackInventory: boolean;
  productSlug: string;
  categorySlug: string;
  packs: number;
  savedPricePence: number | null;
  /** ISO text, as JSON carries it. */
  updatedAt: string;
};

/**
 * One list the user may see, with its lines (oldest first) and their items, in one named statement; none when
 * it is unknown or not theirs to see.
 */
export function prepareListDetail(db: Db) {
  const userId = sql.placeholder('userId');
  const statement = db
    .select({
      ...summaryColumns(userId),
      lines: sql<LineRow[]>`(select coalesce(json_agg(json_build_object(
          'id', ${q(savedListLines.id)}, 'itemId', ${q(items.id)}, 'sku', ${q(items.sku)},
          'title', ${q(items.title)}, 'status', ${q(items.status)}, 'unitsPerPack', ${q(items.unitsPerPack)},
          'stock', ${q(items.stock)}, 'trackInventory', ${q(items.trackInventory)},
          'productSlug', ${q(products.slug)}, 'categorySlug', ${q(categories.slug)},
          'packs', ${q(savedListLines.packs)}, 'savedPricePence', ${q(savedListLines.savedPricePence)},
          'updatedAt', ${q(savedListLines.updatedAt)}) order by ${q(savedListLines.id)}), '[]'::json)
        from ${savedListLines}
        join ${items} on ${q(items.id)} = ${q(savedListLines.itemId)}
        join ${productVariants} on ${q(productVariants.id)} = ${q(items.productVariantId)}
        join ${products} on ${q(products.id)} = ${q(productVariants.productId)}
        join ${categories} on ${q(categories.id)} = ${q(products.categoryId)}
        where ${q(savedListLines.listId)} = ${q(savedLists.id)})`,
    })
    .from(savedLists)
    .innerJoin(users, eq(users.id, savedLists.ownerId))
    .where(and(eq(savedLists.id, sql.placeholder('listId')), visibleTo(userId)))
    .prepare('saved_list_detail');
  return async (listId: number, id: number): Promise<(ListRow & { lines: LineRow[] }) | undefined> => {
    const [row] = await statement.execute({ listId, userId: id });
    return row;
  };
}

/** A stored line as a write needs it. */
export type StoredLine = { itemId: number; packs: number; savedPricePence: number | null };

/** A list locked for a write, with the caller's role in its company and its lines. */
export type LockedList = {
  id: number;
  ownerId: number;
  companyId: number | null;
  role: CompanyRole | null;
  lines: StoredLine[];
};

const lockStatement = reusableStatement((tx) => {
  const userId = sql.placeholder('userId');
  return tx
    .select({
      id: savedLists.id,
      ownerId: savedLists.ownerId,
      companyId: savedLists.companyId,
      role: roleIn(userId),
      lines: sql<
        StoredLine[]
      >`(select coalesce(json_agg(json_build_object('itemId', ${q(savedListLines.itemId)},
          'packs', ${q(savedListLines.packs)}, 'savedPricePence', ${q(savedListLines.savedPricePence)})
          order by ${q(savedListLines.id)}), '[]'::json)
        from ${savedListLines} where ${q(savedListLines.listId)} = ${q(savedLists.id)})`,
    })
    .from(savedLists)
    .where(and(eq(savedLists.id, sql.placeholder('listId')), visibleTo(userId)))
    .for('update')
    .prepare('saved_list_lock');
});

/**
 * Locks a list the user may see until the transaction ends, so two edits of one list run one after the
 * other; undefined when it is unknown or not theirs to see.
 */
export async function lockList(tx: Db, listId: number, userId: number): Promise<LockedList | undefined> {
  const [row] = await lockStatement(tx).execute({ listId, userId });
  return row;
}

/** Locks the user's row, so two lists made at once count each other against the cap. */
export async function lockUser(tx: Db, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/** How many lists the user owns (their shared ones included). */
export async function countOwnedLists(tx: Db, userId: number): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(savedLists)
    .where(eq(savedLists.ownerId, userId));
  return row?.count ?? 0;
}

/** An item as a list's write checks and prices it: its tiers and prices, and the buyer's discount on it. */
export type ListItemRow = {
  id: number;
  sku: string;
  status: 'active' | 'inactive';
  unitsPerPack: number;
  weight: number;
  weightUnit: 'kg' | 'lb' | 'oz' | 'g';
  unitsPerPallet: number | null;
  showUnitsPer: PackUnit;
  discountPercentage: number | null;
  tiers: PricingTier[];
  prices: Map<number, number>;
};

/**
 * The items some lines name, by id or by SKU (each as given; the caller adds the upper-case SKU), each with
 * its variant's tiers and its prices and the exclusive discount that applies to the user (their own or their
 * approved company's), in one statement.
 */
export async function selectListItems(
  tx: Db,
  userId: number,
  ids: number[],
  skus: string[],
): Promise<ListItemRow[]> {
  const rows = await tx
    .select({
      id: items.id,
      sku: items.sku,
      status: items.status,
      unitsPerPack: items.unitsPerPack,
      weight: items.weight,
      weightUnit: items.weightUnit,
      unitsPerPallet: productVariants.unitsPerPallet,
      showUnitsPer: productVariants.showUnitsPer,
      discountPercentage: appliedDiscount(),
      tierPrices: tierPricesRows(productVariants.id, items.id),
    })
    .from(items)
    .innerJoin(productVariants, eq(productVariants.id, items.productVariantId))
    .leftJoin(
      exclusivePrices,
      and(eq(exclusivePrices.itemId, items.id), eq(exclusivePrices.userId, userId), exclusivePriceInForce()),
    )
    .leftJoin(companyPrices, companyPriceOn(sql`${userId}`, items.id))
    .where(
      sql`${items.id} = any(${sql.param(ids)}::int[]) or ${items.sku} = any(${sql.param(skus)}::text[])`,
    );
  return rows.map(({ tierPrices, ...row }) => ({ ...row, ...tierPricesOf(tierPrices) }));
}

export async function insertList(
  tx: Db,
  list: { ownerId: number; companyId: number | null; name: string },
): Promise<number> {
  const [row] = await tx.insert(savedLists).values(list).returning({ id: savedLists.id });
  return row!.id;
}

export async function updateList(
  tx: Db,
  listId: number,
  values: { ownerId: number; companyId: number | null; name: string },
): Promise<void> {
  await tx
    .update(savedLists)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(savedLists.id, listId));
}

/** Marks the list changed (a line added), for the index's order and dates. */
export async function touchList(tx: Db, listId: number): Promise<void> {
  await tx.update(savedLists).set({ updatedAt: new Date() }).where(eq(savedLists.id, listId));
}

export async function deleteList(tx: Db, listId: number): Promise<void> {
  await tx.delete(savedLists).where(eq(savedLists.id, listId));
}

/** Writes lines of a list: a line of an item already on it takes the new packs and price. */
export async function upsertLines(tx: Db, listId: number, lines: StoredLine[]): Promise<void> {
  if (lines.length === 0) return;
  await tx
    .insert(savedListLines)
    .values(lines.map((line) => ({ listId, ...line })))
    .onConflictDoUpdate({
      target: [savedListLines.listId, savedListLines.itemId],
      set: {
        packs: sql`excluded.${sql.identifier(savedListLines.packs.name)}`,
        savedPricePence: sql`excluded.${sql.identifier(savedListLines.savedPricePence.name)}`,
        updatedAt: sql`now()`,
      },
    });
}

/** Deletes the lines of a list whose items are not among `keep`. */
export async function deleteOtherLines(tx: Db, listId: number, keep: number[]): Promise<void> {
  await tx
    .delete(savedListLines)
    .where(
      keep.length > 0
        ? and(eq(savedListLines.listId, listId), notInArray(savedListLines.itemId, keep))
        : eq(savedListLines.listId, listId),
    );
}

/** Records what one pack of each line cost when it was put in the cart (pence, by item), in one statement. */
export async function updateSavedPrices(
  tx: Db,
  listId: number,
  prices: { itemId: number; pence: number }[],
): Promise<void> {
  if (prices.length === 0) return;
  await tx.execute(sql`update ${savedListLines}
    set ${sql.identifier(savedListLines.savedPricePence.name)} = priced.pence,
      ${sql.identifier(savedListLines.updatedAt.name)} = now()
    from (select unnest(${sql.param(prices.map((p) => p.itemId))}::int[]) as item_id,
      unnest(${sql.param(prices.map((p) => p.pence))}::int[]) as pence) as priced
    where ${q(savedListLines.listId)} = ${listId} and ${q(savedListLines.itemId)} = priced.item_id`);
}
