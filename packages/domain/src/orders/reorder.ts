import { z } from 'zod';
import { CartViewSchema, type CartItemCreate } from '../cart/schemas';
import { packsStockAllows } from '../cart/stock';
import type { WeightUnit } from '../pricing/constants';
import { formatDecimalGbp } from '../pricing/money';
import { priceBasis, tierForQuantity, type PackUnit, type Tier } from '../pricing/tiers';
import { cartWeightKg, weightToKg } from '../pricing/units';

/**
 * What became of one line of an order put back in the cart (POST orders/{id}/reorder/):
 * - `added`: all its packs, at the price paid;
 * - `price_changed`: all its packs, at today's price, which differs from the one paid;
 * - `clamped`: fewer packs than ordered, as many whole packs as the tracked stock still covers;
 * - `out_of_stock`: none, the stock covers no pack;
 * - `unavailable`: none, the item was deleted, retired or is no longer priced.
 */
export const REORDER_OUTCOMES = ['added', 'price_changed', 'clamped', 'out_of_stock', 'unavailable'] as const;
export type ReorderOutcome = (typeof REORDER_OUTCOMES)[number];

export const ReorderLineSchema = z.object({
  sku: z.string(),
  title: z.string(),
  packs_ordered: z.number().int(),
  packs_added: z.number().int(),
  outcome: z.enum(REORDER_OUTCOMES),
  /** Pounds: what one pack cost on the order, after the buyer's exclusive discount. */
  old_price_per_pack: z.string(),
  /**
   * Pounds: what one pack of the cart's line costs now, after the buyer's exclusive discount (its tier counts
   * the packs already in the cart too); null when nothing was added.
   */
  new_price_per_pack: z.string().nullable(),
});
export type ReorderLine = z.infer<typeof ReorderLineSchema>;

/** The answer of a reorder: the cart as GET ecommerce/carts/current/ answers it, and each order line's fate. */
export const ReorderResultSchema = z.object({
  cart: CartViewSchema,
  lines: z.array(ReorderLineSchema),
});
export type ReorderResult = z.infer<typeof ReorderResultSchema>;

const packs = (n: number) => `${n} ${n === 1 ? 'pack' : 'packs'}`;

/** One line of a reorder in the buyer's words, e.g. 'Price changed: BOX-1 was £1.20, now £1.35 per pack'. */
export function reorderLineMessage(line: ReorderLine): string {
  const repriced =
    line.new_price_per_pack !== null && line.new_price_per_pack !== line.old_price_per_pack
      ? ` (was ${formatDecimalGbp(line.old_price_per_pack)}, now ${formatDecimalGbp(line.new_price_per_pack)} per pack)`
      : '';
  switch (line.outcome) {
    case 'added':
      return `${packs(line.packs_added)} of ${line.sku} added`;
    case 'price_changed':
      return `Price changed: ${line.sku} was ${formatDecimalGbp(line.old_price_per_pack)}, now ${formatDecimalGbp(
        line.new_price_per_pack ?? line.old_price_per_pack,
      )} per pack`;
    case 'clamped':
      return `Only ${packs(line.packs_added)} of ${line.sku} in stock: ${line.packs_added} added${repriced}`;
    case 'out_of_stock':
      return `${line.sku} is out of stock: none added`;
    case 'unavailable':
      return `${line.sku} is no longer sold`;
  }
}

/** The reorder as a whole, e.g. '2 of 3 lines added to your cart.' */
export function reorderSummary(lines: readonly ReorderLine[]): string {
  const added = lines.filter((line) => line.packs_added > 0).length;
  if (added === 0) return 'Nothing could be added to your cart.';
  if (added === lines.length) {
    return added === 1 ? 'The line was added to your cart.' : `All ${added} lines were added to your cart.`;
  }
  return `${added} of ${lines.length} lines ${added === 1 ? 'was' : 'were'} added to your cart.`;
}

/** A line of the order being put back: its item (null once deleted) and the packs bought. */
export interface ReorderedLine {
  itemId: number | null;
  packQuantity: number;
}

/**
 * An item as the cart's locked read found it, with what the reorder's stock, tier and weight rules need:
 * its lines in the cart, the buyer's exclusive price on it and, for the items the order names, its
 * variant's tiers with the item's prices (by tier id).
 */
export interface ReorderItem {
  id: number;
  status: 'active' | 'inactive';
  unitsPerPack: number;
  stock: number;
  trackInventory: boolean;
  weight: number;
  weightUnit: WeightUnit;
  unitsPerPallet: number | null;
  showUnitsPer: PackUnit;
  exclusivePriceId: number | null;
  lines: readonly { id: number; packQuantity: number; unitType: PackUnit }[];
  /** Null when they were not read (an item only in the cart): the order's line of it is unavailable. */
  pricing: { tiers: readonly Tier[]; prices: ReadonlyMap<number, number> } | null;
}

/** What a reorder does with one line of the order, before the cart's own add runs. */
export interface PlannedReorderLine<L extends ReorderedLine = ReorderedLine> {
  ordered: L;
  /** Packs to add: 0 when the line is left out. */
  packs: number;
  /** The item, when the line can be added. */
  item?: ReorderItem;
  /** Why the line is left out (when `packs` is 0). */
  leftOut?: Extract<ReorderOutcome, 'unavailable' | 'out_of_stock'>;
  /** The cart's add of it (POST cart-items/), and the unit type the cart's line will have once settled. */
  request?: CartItemCreate;
  unitType?: PackUnit;
}

const packKg = (item: ReorderItem) => weightToKg(item.weight, item.weightUnit);

/**
 * How many packs of each line may go back: none of an item deleted or retired (or left out as `unpriced`,
 * by index); of a tracked item, only the whole packs its stock still allows after what the cart and the
 * order's earlier lines hold (the cart's stock rule).
 */
export function packsToReorder<L extends ReorderedLine>(
  ordered: readonly L[],
  byId: ReadonlyMap<number, ReorderItem>,
  unpriced: ReadonlySet<number> = new Set(),
): PlannedReorderLine<L>[] {
  const held = new Map<number, number>();
  return ordered.map((line, index) => {
    const item = line.itemId === null ? undefined : byId.get(line.itemId);
    if (!item || item.status !== 'active' || !item.pricing || unpriced.has(index)) {
      return { ordered: line, packs: 0, leftOut: 'unavailable' };
    }
    const units =
      held.get(item.id) ?? item.lines.reduce((sum, row) => sum + row.packQuantity * item.unitsPerPack, 0);
    const stock = item.trackInventory ? item.stock : null;
    const packs = Math.min(line.packQuantity, packsStockAllows(stock, units, item.unitsPerPack));
    held.set(item.id, units + packs * item.unitsPerPack);
    return packs === 0 ? { ordered: line, packs, leftOut: 'out_of_stock' } : { ordered: line, packs, item };
  });
}

/**
 * The lines an order puts back in cart `cartId`, by the cart's rules over the items its locked read found.
 * Each line's tier is the one the cart's add will settle, on the basis the cart's weight plus the whole
 * request give (summed as the add sums them, so it accepts the tier); a line whose tier has no price, for
 * its packs or with the cart's packs of the item added, is unavailable. Leaving a line out changes the
 * request's weight, hence the basis, so it plans again until no line drops (at most once a line).
 */
export function planReorder<L extends ReorderedLine>(
  cartId: number,
  ordered: readonly L[],
  items: readonly ReorderItem[],
): PlannedReorderLine<L>[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  // The cart's lines in id order, as the add weighs them.
  const cartKg = cartWeightKg(
    items
      .flatMap((item) =>
        item.lines.map((line) => ({ ...line, weight: item.weight, weightUnit: item.weightUnit })),
      )
      .sort((a, b) => a.id - b.id),
  );
  const unpriced = new Set<number>();
  for (;;) {
    const plan = packsToReorder(ordered, byId, unpriced);
    const requestKg = plan.reduce(
      (sum, planned) => sum + (planned.item ? planned.packs * packKg(planned.item) : 0),
      0,
    );
    // Packs of each item and unit type in the cart once the lines before have been added.
    const merged = new Map<string, number>();
    let dropped = false;
    for (const [index, planned] of plan.entries()) {
      const { item } = planned;
      if (!item) continue;
      const { tiers, prices } = item.pricing!;
      // The order line's unit type was the basis then; today's is the cart's weight's (spec 2, §4).
      const basis = priceBasis(
        { units_per_pallet: item.unitsPerPallet, show_units_per: item.showUnitsPer },
        cartKg,
        requestKg,
      );
      const settle = (packs: number) => {
        const settled = tierForQuantity(tiers, basis, packs, item.unitsPerPack, item.unitsPerPallet);
        return settled && prices.has(settled.tier.id) ? settled : null;
      };
      const own = settle(planned.packs);
      const key = `${item.id}:${own?.unitType}`;
      const before =
        merged.get(key) ?? item.lines.find((row) => row.unitType === own?.unitType)?.packQuantity ?? 0;
      if (!own || (before > 0 && !settle(before + planned.packs))) {
        unpriced.add(index);
        dropped = true;
        continue;
      }
      merged.set(key, before + planned.packs);
      planned.unitType = own.unitType;
      planned.request = {
        cart: cartId,
        item: item.id,
        pricing_tier: own.tier.id,
        pack_quantity: planned.packs,
        unit_type: own.unitType,
        user_exclusive_price: item.exclusivePriceId,
      };
    }
    if (!dropped) return plan;
  }
}
