import { cartLineTier, type PackUnit, type PricingTier } from '@shop/domain';
import { tierPricesOf } from './queries';

/** A cart line as the cart's and the checkout's reads bring it (`basisCanMove`, `tierPricesRows`). */
export interface ReadCartLine {
  packQuantity: number;
  unitsPerPack: number;
  unitsPerPallet: number | null;
  showUnitsPer: PackUnit;
  /** The variant's tiers with the item's prices; null when its basis cannot move. */
  tierPrices: number[][] | null;
  /** The price of the item in the tier the line was stored with (null when it has none). */
  storedPricePence: number | null;
  /** An accepted quote's price per pack: the line's price, whatever its tiers say. */
  quotedPricePence?: number | null | undefined;
}

/**
 * A line's tier and price by spec 2, §4 for the weight of the whole cart it is in, as the cart's answers, the
 * payment intent and the order all charge it. `settled` is null when the line keeps the tier its last write
 * settled (a variant without units per pallet, whose basis cannot move, or left without tiers); the price is
 * then the stored tier's. `pricePence` is null when that tier has no price for the item (a catalogue edit).
 */
export function priceCartLine(
  line: ReadCartLine,
  cartKg: number,
): { settled: { tier: PricingTier; unitType: PackUnit } | null; pricePence: number | null } {
  if (line.quotedPricePence != null) return { settled: null, pricePence: line.quotedPricePence };
  if (line.tierPrices === null) return { settled: null, pricePence: line.storedPricePence };
  const { tiers, prices } = tierPricesOf(line.tierPrices);
  const variant = { units_per_pallet: line.unitsPerPallet, show_units_per: line.showUnitsPer };
  const settled = cartLineTier(tiers, variant, cartKg, line.packQuantity, line.unitsPerPack);
  if (!settled) return { settled: null, pricePence: line.storedPricePence };
  return { settled, pricePence: prices.get(settled.tier.id) ?? null };
}
