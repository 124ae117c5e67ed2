import { MAX_PACK_QUANTITY, type WeightUnit } from '../pricing/constants';
import { discounted } from '../pricing/money';
import { priceBasis, tierForQuantity, type PackUnit, type Tier } from '../pricing/tiers';
import { weightToKg } from '../pricing/units';
import type { SavedListLineInput } from './schemas';

/**
 * Lines naming one item twice as one line of their packs summed, at most MAX_PACK_QUANTITY; each item keeps
 * the place of its first line.
 */
export function mergeListLines(lines: readonly SavedListLineInput[]): SavedListLineInput[] {
  const byItem = new Map<number, SavedListLineInput>();
  for (const line of lines) {
    const before = byItem.get(line.item)?.packs ?? 0;
    byItem.set(line.item, { item: line.item, packs: Math.min(MAX_PACK_QUANTITY, before + line.packs) });
  }
  return [...byItem.values()];
}

/** An item as a list prices it: its variant's tiers with its prices, weight, and the buyer's discount. */
export interface ListPricedItem {
  unitsPerPack: number;
  weight: number;
  weightUnit: WeightUnit;
  unitsPerPallet: number | null;
  showUnitsPer: PackUnit;
  tiers: readonly Tier[];
  /** Pence by tier id. */
  prices: ReadonlyMap<number, number>;
  /** The buyer's exclusive discount, percent (null: none). */
  discountPercentage: number | null;
}

/**
 * What one pack of a list's line costs the buyer today, pence after their exclusive discount: the price the
 * cart's add would give the line's packs alone in an empty cart (its tier on the basis of its own weight).
 * Null when no tier with a price holds that many packs. A list's add-to-cart reports a line whose price in
 * the cart differs from this as `price_changed`.
 */
export function listPackPricePence(item: ListPricedItem, packs: number): number | null {
  const basis = priceBasis(
    { units_per_pallet: item.unitsPerPallet, show_units_per: item.showUnitsPer },
    0,
    packs * weightToKg(item.weight, item.weightUnit),
  );
  const settled = tierForQuantity(item.tiers, basis, packs, item.unitsPerPack, item.unitsPerPallet);
  const price = settled ? item.prices.get(settled.tier.id) : undefined;
  return price === undefined ? null : discounted(price, item.discountPercentage ?? 0);
}

/**
 * Packs as the quick order reads them from a cell: empty is 1; digits (with thousands commas or spaces) from
 * 1 to MAX_PACK_QUANTITY; null for anything else.
 */
export function parsePacksCell(text: string): number | null {
  const compact = text.replace(/[\s\u00a0]/g, '');
  if (compact === '') return 1;
  const digits = /^\d{1,3}(,\d{3})+$/.test(compact) ? compact.replace(/,/g, '') : compact;
  if (!/^\d+$/.test(digits)) return null;
  const packs = Number(digits);
  return packs >= 1 && packs <= MAX_PACK_QUANTITY ? packs : null;
}

/** A list's lines as the quick order reads them: a `sku,packs` header, then one `SKU,packs` line each. */
export function savedListCsv(lines: readonly { sku: string; packs: number }[]): string {
  const cell = (text: string) => (/[,;"\s]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  return ['sku,packs', ...lines.map((line) => `${cell(line.sku)},${line.packs}`)].join('\r\n') + '\r\n';
}
