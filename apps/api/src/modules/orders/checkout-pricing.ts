import { createHash } from 'node:crypto';
import {
  cartLineTier,
  deliveredTotals,
  lineTotals,
  weightToKg,
  type LineTotals,
  type ShippingQuote,
  type Totals,
} from '@shop/domain';
import type { ShippingSettings } from '../../db/seed/shop-settings';
import { tierPricesOf } from '../pricing/queries';
import type { CheckoutRow } from './queries';

/**
 * A cart line as checkout charges it: its tier, unit type and price per pack are the rule's (spec 2, §4)
 * for the cart's weight now, whatever the line was stored with (`pricePence` is null when that tier has no
 * price for the item, or the variant no tiers).
 */
export type CheckoutLine = Omit<
  CheckoutRow,
  'tierPrices' | 'storedPricePence' | 'unitsPerPallet' | 'showUnitsPer'
> & {
  pricePence: number | null;
};

/** The lines of a whole cart, each priced by the rule for the cart's weight (as the cart's reads price them). */
function byTheRule(rows: readonly CheckoutRow[]): CheckoutLine[] {
  const cartKg = rows.reduce(
    (sum, row) => sum + row.packQuantity * weightToKg(row.weight, row.weightUnit),
    0,
  );
  return rows.map(({ tierPrices, storedPricePence, unitsPerPallet, showUnitsPer, ...line }) => {
    // A variant without units per pallet has no pallet basis: its line keeps the tier its last write settled.
    if (tierPrices === null) return { ...line, pricePence: storedPricePence };
    const { tiers, prices } = tierPricesOf(tierPrices);
    const variant = { units_per_pallet: unitsPerPallet, show_units_per: showUnitsPer };
    const settled = cartLineTier(tiers, variant, cartKg, line.packQuantity, line.unitsPerPack);
    if (!settled) return { ...line, pricePence: null };
    const pricePence = prices.get(settled.tier.id) ?? null;
    return { ...line, unitType: settled.unitType, tierId: settled.tier.id, pricePence };
  });
}

export interface PricedLine {
  line: CheckoutLine;
  totals: LineTotals;
}

export interface PricedCart {
  lines: PricedLine[];
  totals: Totals;
  quote: ShippingQuote;
  /**
   * A digest of everything the amount depends on: each line's item, packs, unit type, tier, price and
   * discount, the shipping and the VAT rate. The same cart contents give the same version (and so the same
   * payment intent); any change gives another.
   */
  version: string;
  /** Lines that cannot be sold as they stand (item withdrawn, or its tier has lost its price). */
  unavailable: string[];
}

/**
 * Prices a cart for payment and for the order, with the same rules as the cart page (DESIGN §4.5, §4.8): each
 * line's tier by the rule for the cart's weight, then the totals.
 */
export function priceCheckout(
  rows: readonly CheckoutRow[],
  vatRate: number,
  shipping: ShippingSettings,
): PricedCart {
  const lines = byTheRule(rows);
  const priced = lines.map((line) => ({
    line,
    totals: lineTotals({
      packs: line.packQuantity,
      units_per_pack: line.unitsPerPack,
      price_per_pack_pence: line.pricePence ?? 0,
      discount_percentage: line.discountPercentage ?? 0,
      pack_weight_kg: weightToKg(line.weight, line.weightUnit),
    }),
  }));
  const { totals, quote } = deliveredTotals(
    priced.map((line) => line.totals),
    vatRate,
    shipping,
  );
  const digest = createHash('sha256');
  for (const { line } of priced) {
    digest.update(
      `${line.lineId}:${line.itemId}:${line.packQuantity}:${line.unitType}:${line.tierId}:${line.pricePence}:${line.discountPercentage ?? 0};`,
    );
  }
  digest.update(`${totals.shipping_pence}:${vatRate}:${totals.total_pence}`);
  return {
    lines: priced,
    totals,
    quote,
    version: digest.digest('base64url').slice(0, 22),
    unavailable: lines
      .filter((line) => line.status !== 'active' || line.pricePence === null)
      .map((line) => line.sku),
  };
}
