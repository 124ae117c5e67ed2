import {
  CART_MESSAGES,
  lineTotals,
  MAX_PACK_QUANTITY,
  packsStockAllows,
  penceToDecimal,
  priceBasis,
  QUICK_ORDER_MESSAGES,
  QUICK_ORDER_SEARCH_MIN_LENGTH,
  QUICK_ORDER_SUGGESTIONS,
  tierForQuantity,
  weightToKg,
  type PageRequest,
  type PricingTier,
  type QuickOrderCheckResult,
  type QuickOrderLine,
  type QuickOrderLineResult,
  type QuickOrderSkuSuggestion,
} from '@shop/domain';
import type { Db } from '../../db/client';
import { countOfPage, pageWindow } from '../../http/pagination';
import * as queries from './queries';

type ItemRow = queries.QuickOrderItemRow;

/** What an item's lines have taken so far: the user's cart, then the request's lines that passed. */
interface Held {
  packs: number;
  units: number;
}

/** A line on its way through the checks. */
interface Draft {
  input: QuickOrderLine;
  item: ItemRow | undefined;
  errors: string[];
  tier: PricingTier | null;
  pricePence: number | null;
}

/**
 * The SKUs to look up for some lines: each as typed and in upper case, so a SKU typed in lower case still
 * finds the catalogue's (upper-case) one through the unique index, without a case-folding scan.
 */
function skusToRead(lines: readonly QuickOrderLine[]): string[] {
  return [...new Set(lines.flatMap((line) => [line.sku, line.sku.toUpperCase()]))];
}

const packKg = (row: { weight: number; weightUnit: ItemRow['weightUnit'] }) =>
  weightToKg(row.weight, row.weightUnit);

/**
 * Checks lines as POST cart-items/ would check them, adding `lines` to the cart the rows carry (the cart's
 * rules): the item exists and is active and priced; its packs over the cart and the lines before stay
 * within MAX_PACK_QUANTITY and, when stock is tracked, within stock (lines of one SKU are checked in
 * order, each against what the cart and the earlier lines already take); the tier is the one the add
 * will expect for the line's packs on the weight basis of the cart plus every line that passed, and it
 * must have a price. Totals are the cart's: packs x tier price, less the exclusive discount.
 */
export function checkLines(
  lines: readonly QuickOrderLine[],
  rows: readonly ItemRow[],
): QuickOrderCheckResult {
  const bySku = new Map(rows.map((row) => [row.sku, row]));
  const cart = rows[0]?.cart ?? [];
  const held = new Map<number, Held>();
  let cartKg = 0;
  for (const [itemId, packs, unitsPerPack, weight, weightUnit] of cart) {
    const taken = held.get(itemId) ?? { packs: 0, units: 0 };
    held.set(itemId, { packs: taken.packs + packs, units: taken.units + packs * unitsPerPack });
    cartKg += packs * weightToKg(weight, weightUnit);
  }

  // First the rules that do not depend on the weight basis, in line order.
  const drafts: Draft[] = lines.map((input) => {
    const item = bySku.get(input.sku) ?? bySku.get(input.sku.toUpperCase());
    const draft: Draft = { input, item, errors: [], tier: null, pricePence: null };
    if (!item) {
      draft.errors.push(QUICK_ORDER_MESSAGES.noItem(input.sku));
      return draft;
    }
    if (item.status !== 'active' || item.prices.length === 0) {
      draft.errors.push(QUICK_ORDER_MESSAGES.unavailable(item.sku));
      return draft;
    }
    const taken = held.get(item.id) ?? { packs: 0, units: 0 };
    const units = input.packs * item.unitsPerPack;
    const allowed = packsStockAllows(item.trackInventory ? item.stock : null, taken.units, item.unitsPerPack);
    if (taken.packs + input.packs > MAX_PACK_QUANTITY) {
      draft.errors.push(CART_MESSAGES.tooManyPacks(item.sku));
    } else if (input.packs > allowed) {
      // In packs, the unit the buyer typed (the cart's own message counts units).
      draft.errors.push(QUICK_ORDER_MESSAGES.packsAvailable(item.sku, allowed));
    } else {
      held.set(item.id, { packs: taken.packs + input.packs, units: taken.units + units });
    }
    return draft;
  });

  // The add weighs the cart plus what it adds (spec 2, §4): the lines that passed so far.
  const requestKg = drafts
    .filter((draft) => draft.item && draft.errors.length === 0)
    .reduce((sum, draft) => sum + draft.input.packs * packKg(draft.item!), 0);

  let validCount = 0;
  let totalPence = 0;
  const results = drafts.map((draft, index): QuickOrderLineResult => {
    const { input, item } = draft;
    const priced = item !== undefined && item.status === 'active' && item.prices.length > 0;
    let totalOfLine: number | null = null;
    if (priced) {
      const basis = priceBasis(
        { units_per_pallet: item.unitsPerPallet, show_units_per: item.showUnitsPer },
        cartKg,
        requestKg,
      );
      const settled = tierForQuantity(item.tiers, basis, input.packs, item.unitsPerPack, item.unitsPerPallet);
      const price = settled ? new Map(item.prices).get(settled.tier.id) : undefined;
      if (!settled || price === undefined) {
        draft.errors.push(CART_MESSAGES.noTierForQuantity(input.packs));
      } else {
        draft.tier = settled.tier;
        draft.pricePence = price;
        totalOfLine = lineTotals({
          packs: input.packs,
          units_per_pack: item.unitsPerPack,
          price_per_pack_pence: price,
          discount_percentage: item.discountPercentage ?? 0,
          pack_weight_kg: packKg(item),
        }).total_pence;
      }
    }
    const ok = draft.errors.length === 0;
    if (ok) {
      validCount += 1;
      totalPence += totalOfLine!;
    }
    return {
      line: index + 1,
      sku: input.sku,
      packs: input.packs,
      ok,
      errors: draft.errors,
      item: item
        ? {
            id: item.id,
            title: item.title,
            sku: item.sku,
            units_per_pack: item.unitsPerPack,
            stock: item.stock,
            track_inventory: item.trackInventory,
            product_slug: item.productSlug,
            category_slug: item.categorySlug,
          }
        : null,
      pricing_tier: draft.tier,
      user_exclusive_price: item?.exclusivePriceId ?? null,
      discount_percentage: item?.discountPercentage ?? 0,
      price_per_pack: draft.pricePence === null ? null : penceToDecimal(draft.pricePence),
      total: totalOfLine === null ? null : penceToDecimal(totalOfLine),
      suggestions: [],
    };
  });
  return { lines: results, valid_count: validCount, total: penceToDecimal(totalPence) };
}

export function createQuickOrderService(db: Db) {
  const readItems = queries.prepareQuickOrderRead(db);
  const readSuggestions = queries.prepareSkuSuggestions(db);
  const readClosest = (skus: string[], perSku: number) => queries.selectClosestSkus(db, skus, perSku);

  return {
    /**
     * POST ecommerce/quick-order/check/: every line checked, in one statement whatever their number, and a
     * second only when some SKUs are unknown: the closest SKUs on sale for the first few of them.
     */
    async check(userId: number, lines: QuickOrderLine[]): Promise<QuickOrderCheckResult> {
      const result = checkLines(lines, await readItems(userId, skusToRead(lines)));
      const unknown = [...new Set(result.lines.filter((line) => line.item === null).map((line) => line.sku))]
        .filter((sku) => sku.length >= QUICK_ORDER_SEARCH_MIN_LENGTH)
        .slice(0, QUICK_ORDER_SUGGESTIONS.skus);
      if (unknown.length === 0) return result;
      const closest = await readClosest(unknown, QUICK_ORDER_SUGGESTIONS.perSku);
      return {
        ...result,
        lines: result.lines.map((line) =>
          line.item === null ? { ...line, suggestions: closest.get(line.sku) ?? [] } : line,
        ),
      };
    },

    /** Items for the SKU field: a page of those whose SKU or title contains `text`, SKU prefixes first. */
    async suggestSkus(
      text: string,
      page: PageRequest,
    ): Promise<{ count: number; results: QuickOrderSkuSuggestion[] }> {
      const window = pageWindow(page);
      const rows = await readSuggestions(text, window);
      // A page past the end has no row to carry the total: the first row of the same search has it.
      const count = await countOfPage(
        rows,
        window,
        async () => (await readSuggestions(text, { limit: 1, offset: 0 }))[0]?.total ?? 0,
      );
      return {
        count,
        results: rows.map((row) => ({
          id: row.id,
          sku: row.sku,
          title: row.title,
          product_name: row.productName,
        })),
      };
    },
  };
}

export type QuickOrderService = ReturnType<typeof createQuickOrderService>;
