import { packsStockAllows } from '../cart/stock';
import { MAX_PACK_QUANTITY, PALLET_THRESHOLD_KG } from './constants';
import type { Tier } from './tiers';

/**
 * The quantity flow of the product page (spec 2, §4). A selection is held in units and is always a whole
 * number of packs, at least 0 and, when stock is tracked, at most the whole packs in stock.
 */
export interface QuantityItem {
  units_per_pack: number;
  /** Units in stock. */
  stock: number;
  track_inventory: boolean;
}

/**
 * Units in the whole packs that stock allows; without stock tracking, the most one cart line may hold
 * (MAX_PACK_QUANTITY packs), so a typed run of nines never becomes an impossible order.
 */
export function maxUnits(item: QuantityItem): number {
  const lineLimit = MAX_PACK_QUANTITY * item.units_per_pack;
  if (!item.track_inventory) return lineLimit;
  return Math.min(lineLimit, packsStockAllows(item.stock, 0, item.units_per_pack) * item.units_per_pack);
}

/** The result of committing a quantity: the units kept and whether tracked stock capped them. */
export interface CommittedQuantity {
  units: number;
  capped: boolean;
}

/**
 * Commits a typed number of units: rounded up to whole packs (so typing any positive number buys at least
 * one pack), at least 0, and capped at stock when it is tracked.
 */
export function commitUnits(requested: number, item: QuantityItem): CommittedQuantity {
  const wanted = requested > 0 ? requested : 0; // NaN and negatives are 0; Infinity is capped below
  const limit = maxUnits(item);
  // `capped` is about stock, the only limit the page warns of; the line limit applies silently.
  if (wanted > limit) return { units: limit, capped: item.track_inventory };
  return { units: Math.ceil(wanted / item.units_per_pack) * item.units_per_pack, capped: false };
}

/** Keeps the digits of what was typed (spec 2, §5: quantity inputs keep digits only). */
export function digitsOnly(text: string): string {
  return text.replace(/\D+/g, '');
}

/** Units on one pallet rounded up to whole packs; null when the variant has no pallet size. */
export function palletUnits(unitsPerPallet: number | null, unitsPerPack: number): number | null {
  if (!unitsPerPallet || unitsPerPallet <= 0) return null;
  return Math.ceil(unitsPerPallet / unitsPerPack) * unitsPerPack;
}

/** Plus: one pack, or one pallet's worth when the quantity is already a whole number of pallets. */
export function stepUp(units: number, item: QuantityItem, unitsPerPallet: number | null): CommittedQuantity {
  const pallet = palletUnits(unitsPerPallet, item.units_per_pack);
  const step = pallet !== null && units > 0 && units % pallet === 0 ? pallet : item.units_per_pack;
  return commitUnits(units + step, item);
}

/** Minus: one pack, or one pallet from exactly one pallet or a multiple of pallets; never below 0. */
export function stepDown(
  units: number,
  item: QuantityItem,
  unitsPerPallet: number | null,
): CommittedQuantity {
  const pallet = palletUnits(unitsPerPallet, item.units_per_pack);
  const step = pallet !== null && units >= pallet && units % pallet === 0 ? pallet : item.units_per_pack;
  return commitUnits(Math.max(0, units - step), item);
}

/**
 * Clicking a tier's price (spec 2, §4): the tier's start in units, rounded up to whole packs; for a pallet
 * tier raised to the quantity whose weight reaches 750 kg for that item; capped at stock.
 */
export function unitsForTierClick(
  tier: Tier,
  item: QuantityItem & { pack_weight_kg: number },
  unitsPerPallet: number | null,
): CommittedQuantity {
  let units =
    tier.tier_type === 'pallet'
      ? tier.range_start * (unitsPerPallet ?? item.units_per_pack)
      : tier.range_start * item.units_per_pack;
  if (tier.tier_type === 'pallet' && item.pack_weight_kg > 0) {
    const packsFor750 = Math.ceil(PALLET_THRESHOLD_KG / item.pack_weight_kg);
    units = Math.max(units, packsFor750 * item.units_per_pack);
  }
  return commitUnits(Math.max(units, item.units_per_pack), item);
}

/** The spec's stock warning (spec 2, §5). */
export function stockCapMessage(stockUnits: number, title: string): string {
  return `Cannot exceed available stock of ${stockUnits} units for ${title}.`;
}
