import { PALLET_THRESHOLD_KG } from './constants';

export type PackUnit = 'pack' | 'pallet';

/** A quantity band of a variant (spec 2, §3): pack tiers count packs, pallet tiers count pallets. */
export interface Tier {
  id: number;
  tier_type: PackUnit;
  range_start: number;
  range_end: number | null;
  no_end_range: boolean;
}

/** Whether `count` falls in the tier's range; open-ended ranges match at or above their start. */
export function tierContains(tier: Tier, count: number): boolean {
  if (count < tier.range_start) return false;
  if (tier.no_end_range || tier.range_end === null) return true;
  return count <= tier.range_end;
}

/** The tiers of one type, lowest start first. */
export function tiersOfType<T extends Tier>(tiers: readonly T[], type: PackUnit): T[] {
  return tiers.filter((tier) => tier.tier_type === type).sort((a, b) => a.range_start - b.range_start);
}

/**
 * The active tier of a type for a count (spec 2, §4): the one whose range contains the count; if none
 * does, the tier with the highest start. Null only when the variant has no tier of that type.
 */
export function activeTier<T extends Tier>(tiers: readonly T[], type: PackUnit, count: number): T | null {
  const ofType = tiersOfType(tiers, type);
  return ofType.find((tier) => tierContains(tier, count)) ?? ofType.at(-1) ?? null;
}

/** The tier after `tier` among its type (the next price break), if any. */
export function nextTier<T extends Tier>(tiers: readonly T[], tier: T): T | null {
  return tiersOfType(tiers, tier.tier_type).find((other) => other.range_start > tier.range_start) ?? null;
}

/** What the variant offers for the price basis (spec 2, §3 Product variant). */
export interface VariantBasis {
  units_per_pallet: number | null;
  show_units_per: PackUnit;
}

/**
 * Whether the Box/Pallet toggle is offered: only when the variant has units per pallet (a variant without
 * them can only be shown per pack). `show_units_per` is then the toggle's starting position. The toggle
 * decides how a quantity is entered and shown, never its price (see `priceBasis`).
 */
export function offersPallet(variant: VariantBasis): boolean {
  return variant.units_per_pallet !== null && variant.units_per_pallet > 0;
}

/**
 * Whether a weight reaches the 750 kg of the pallet basis, counted in tenths of a gram (the database's
 * scale): a sum that is 750 kg reaches it whatever order its floating-point parts were added in, so the
 * product page, the add, the cart and the checkout, which add the same weights in different orders, agree.
 */
export function reachesPalletWeight(kg: number): boolean {
  return Math.round(kg * 10_000) >= PALLET_THRESHOLD_KG * 10_000;
}

/**
 * The price basis of a variant (spec 2, §4 Price basis): pallet when the variant has units per pallet and
 * the cart's weight plus the selection's weight reaches 750 kg, or when the variant shows per pallet (its
 * own `show_units_per`). Nothing the buyer chooses to see, such as the Box/Pallet toggle, is an input.
 */
export function priceBasis(variant: VariantBasis, cartWeightKg: number, selectionWeightKg: number): PackUnit {
  if (!offersPallet(variant)) return 'pack';
  if (variant.show_units_per === 'pallet') return 'pallet';
  return reachesPalletWeight(cartWeightKg + selectionWeightKg) ? 'pallet' : 'pack';
}

/** Whole pallets in a number of units (a part pallet does not count). */
export function wholePallets(units: number, unitsPerPallet: number | null): number {
  if (!unitsPerPallet || unitsPerPallet <= 0) return 0;
  return Math.floor(units / unitsPerPallet);
}

/**
 * The tier a line is priced in and the unit type it is recorded with. On the pallet basis the pallet
 * tier containing the whole-pallet count applies; when none contains it, the pack tier is used
 * (spec 2, §4: "If no pallet tier matches the quantity, the pack tier is used").
 */
export function tierForQuantity<T extends Tier>(
  tiers: readonly T[],
  basis: PackUnit,
  packs: number,
  unitsPerPack: number,
  unitsPerPallet: number | null,
): { tier: T; unitType: PackUnit } | null {
  if (basis === 'pallet') {
    const pallets = wholePallets(packs * unitsPerPack, unitsPerPallet);
    const pallet = tiersOfType(tiers, 'pallet').find((tier) => tierContains(tier, pallets));
    if (pallet) return { tier: pallet, unitType: 'pallet' };
  }
  const pack = activeTier(tiers, 'pack', packs);
  if (pack) return { tier: pack, unitType: 'pack' };
  // A variant with pallet tiers only: the highest-start rule of the pallet type.
  const pallet = activeTier(tiers, 'pallet', wholePallets(packs * unitsPerPack, unitsPerPallet));
  return pallet ? { tier: pallet, unitType: 'pallet' } : null;
}

/**
 * The tier a line already in a cart is priced in (spec 2, §4): its variant's basis for the cart's whole
 * weight (the line's own packs are part of it, so no selection is added), then `tierForQuantity`. The cart's
 * reads, the payment intent and the order price every line with it, so a line whose basis moved because
 * another line came or went is priced by the rule wherever it is read. Null only for a variant without tiers.
 */
export function cartLineTier<T extends Tier>(
  tiers: readonly T[],
  variant: VariantBasis,
  cartWeightKg: number,
  packs: number,
  unitsPerPack: number,
): { tier: T; unitType: PackUnit } | null {
  const basis = priceBasis(variant, cartWeightKg, 0);
  return tierForQuantity(tiers, basis, packs, unitsPerPack, variant.units_per_pallet);
}

/**
 * Packs still to add to reach the next price break of the pack tiers, or null at the last tier.
 * Shown under the active tier: "Add N more packs to reach the next price".
 */
export function packsToNextTier(tiers: readonly Tier[], packs: number): number | null {
  const upcoming = tiersOfType(tiers, 'pack').find((tier) => tier.range_start > packs);
  return upcoming ? upcoming.range_start - packs : null;
}
