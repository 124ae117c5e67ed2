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
 * The pallet view's plus: up to the next whole pallet (240, 480, …), so a quantity the pallet
 * price put in (342) goes on to 480. Without a pallet size, one pack, as `stepUp`.
 */
export function stepUpPallet(
  units: number,
  item: QuantityItem,
  unitsPerPallet: number | null,
): CommittedQuantity {
  const pallet = palletUnits(unitsPerPallet, item.units_per_pack);
  if (pallet === null) return stepUp(units, item, unitsPerPallet);
  return commitUnits((Math.floor(units / pallet) + 1) * pallet, item);
}

/** The pallet view's minus: down to the whole pallet below (480 to 240, 342 to 240), never below 0. */
export function stepDownPallet(
  units: number,
  item: QuantityItem,
  unitsPerPallet: number | null,
): CommittedQuantity {
  const pallet = palletUnits(unitsPerPallet, item.units_per_pack);
  if (pallet === null) return stepDown(units, item, unitsPerPallet);
  return commitUnits(Math.max(0, (Math.ceil(units / pallet) - 1) * pallet), item);
}

/**
 * The packs of one item whose weight alone reaches the pallet basis (750 kg), the quantity a pallet tier's price
 * asks for; null for an item without weight, which never reaches it alone.
 */
export function packsForPalletWeight(packWeightKg: number): number | null {
  if (!(packWeightKg > 0)) return null;
  return Math.ceil(PALLET_THRESHOLD_KG / packWeightKg);
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
  const packsFor750 = tier.tier_type === 'pallet' ? packsForPalletWeight(item.pack_weight_kg) : null;
  if (packsFor750 !== null) units = Math.max(units, packsFor750 * item.units_per_pack);
  return commitUnits(Math.max(units, item.units_per_pack), item);
}

/**
 * What the page says when a typed quantity was rounded up to whole packs: 'Rounded up to 2 boxes
 * of 25 = 50 units'; null when nothing was rounded (stock capping has its own warning).
 */
export function roundedUpMessage(
  typed: number,
  committed: CommittedQuantity,
  unitsPerPack: number,
): string | null {
  if (committed.capped || typed <= 0 || committed.units <= typed) return null;
  const packs = committed.units / unitsPerPack;
  return `Rounded up to ${packs} ${packs === 1 ? 'box' : 'boxes'} of ${unitsPerPack} = ${committed.units} units`;
}

/** The spec's stock warning (spec 2, §5). */
export function stockCapMessage(stockUnits: number, title: string): string {
  return `Cannot exceed available stock of ${stockUnits} units for ${title}.`;
}
