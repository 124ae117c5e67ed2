import { createHash } from 'node:crypto';
import {
  cartWeightKg,
  deliveredTotals,
  lineTotals,
  quoteRefusal,
  weightToKg,
  type DeliveredTotals,
  type DeliveryRules,
  type DeliveryWhere,
  type LineTotals,
  type Totals,
} from '@shop/domain';
import { shippingDetailsOf, type ShippingDetails } from '../delivery/views';
import { priceCartLine } from '../pricing/cart-line-price';
import type { CheckoutRow } from './queries';

/**
 * A cart line as checkout charges it: its tier, unit type and price per pack are the rule's (spec 2, §4)
 * for the cart's weight now, whatever the line was stored with (`priceCartLine`; `pricePence` is null when
 * that tier has no price for the item).
 */
export type CheckoutLine = CheckoutRow & { pricePence: number | null };

/** The lines of a whole cart, each priced by the rule for the cart's weight (as the cart's reads price them). */
function byTheRule(rows: readonly CheckoutRow[]): CheckoutLine[] {
  const cartKg = cartWeightKg(rows);
  return rows.map((row) => {
    const { settled, pricePence } = priceCartLine(row, cartKg);
    return settled
      ? { ...row, unitType: settled.unitType, tierId: settled.tier.id, pricePence }
      : { ...row, pricePence };
  });
}

export interface PricedLine {
  line: CheckoutLine;
  totals: LineTotals;
}

export interface PricedCart {
  lines: PricedLine[];
  totals: Totals;
  /** The delivery quote for the cart's postcode and the choice made from it (or why none could be). */
  delivery: DeliveredTotals;
  shippingDetails: ShippingDetails;
  /**
   * A digest of everything the amount depends on: each line's item, packs, unit type, tier, price and
   * discount, the delivery service, extras, zone and price, and the VAT rate. The same cart contents give the same version (and so the same
   * payment intent); any change gives another.
   */
  version: string;
  /** Lines that cannot be sold as they stand (item withdrawn, or its tier has lost its price). */
  unavailable: string[];
  /** Why an accepted quote's cart cannot be paid for now (expired, withdrawn), in the buyer's words; else null. */
  quoteRefused: string | null;
}

/**
 * Prices a cart for payment and for the order, with the same rules as the cart page (DESIGN §4.5, §4.8): each
 * line's tier by the rule for the cart's weight, then the totals.
 */
export function priceCheckout(
  rows: readonly CheckoutRow[],
  vatRate: number,
  rules: DeliveryRules,
  where: DeliveryWhere,
  now: Date = new Date(),
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
  // An accepted quote's cart is delivered at the quoted price (the same on every line).
  const quoted = rows[0]?.quotedDeliveryPence ?? null;
  const delivery = deliveredTotals(
    priced.map((line) => line.totals),
    vatRate,
    rules,
    { ...where, quoted_pence: quoted },
    now,
  );
  const { totals, choice } = delivery;
  const digest = createHash('sha256');
  for (const { line } of priced) {
    digest.update(
      `${line.lineId}:${line.itemId}:${line.packQuantity}:${line.unitType}:${line.tierId}:${line.pricePence}:${line.discountPercentage ?? 0};`,
    );
  }
  const chosen = choice?.ok ? `${choice.option.service}:${choice.extras.join('+')}` : '-';
  digest.update(`${delivery.quote.zone}:${chosen}:${totals.shipping_pence}:${vatRate}:${totals.total_pence}`);
  return {
    lines: priced,
    totals,
    delivery,
    shippingDetails: shippingDetailsOf(delivery),
    version: digest.digest('base64url').slice(0, 22),
    unavailable: lines
      .filter((line) => line.status !== 'active' || line.pricePence === null)
      .map((line) => line.sku),
    quoteRefused: rows[0]?.quoteStatus
      ? quoteRefusal({ status: rows[0].quoteStatus, version: 1, expiresOn: rows[0].quoteExpiresOn }, now)
      : null,
  };
}
