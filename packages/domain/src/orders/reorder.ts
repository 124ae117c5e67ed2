import { z } from 'zod';
import { CartViewSchema } from '../cart/schemas';
import { formatDecimalGbp } from '../pricing/money';

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
