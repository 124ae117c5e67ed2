import { DEFAULT_VAT_PERCENT } from './constants';
import { discounted, percentOf } from './money';

/**
 * Totals (DESIGN §4.5): line subtotal = packs x tier price per pack; line total = subtotal less the line's
 * exclusive discount (rounded once per line); net = sum of line totals + shipping; VAT = VAT% of net
 * (rounded once); total = net + VAT. All amounts in pence.
 */
export interface LineInput {
  packs: number;
  units_per_pack: number;
  /** Price of one pack in the line's tier, pence. */
  price_per_pack_pence: number;
  /** The caller's exclusive discount on this item, percent (0 when none). */
  discount_percentage: number;
  /** Weight of one pack in kg. */
  pack_weight_kg: number;
}

export interface LineTotals {
  packs: number;
  units: number;
  subtotal_pence: number;
  discount_pence: number;
  total_pence: number;
  weight_kg: number;
  /** Price of one unit, pence, unrounded (for display with 2+ decimals). */
  price_per_unit_pence: number;
  /**
   * Price of one unit in ten-thousandths of a pound (a unit can cost a fraction of a penny), rounded half-up
   * from the pack's whole pence: 23p for 40 units is 57.5, hence 58, where `price_per_unit_pence` x 100 is
   * 57.49999999999999.
   */
  price_per_unit_ten_thousandths: number;
}

export function lineTotals(line: LineInput): LineTotals {
  const subtotal = line.packs * line.price_per_pack_pence;
  const total = discounted(subtotal, line.discount_percentage);
  return {
    packs: line.packs,
    units: line.packs * line.units_per_pack,
    subtotal_pence: subtotal,
    discount_pence: subtotal - total,
    total_pence: total,
    weight_kg: line.packs * line.pack_weight_kg,
    price_per_unit_pence: line.price_per_pack_pence / line.units_per_pack,
    price_per_unit_ten_thousandths: Math.round((line.price_per_pack_pence * 100) / line.units_per_pack),
  };
}

export interface Totals {
  lines: number;
  packs: number;
  units: number;
  weight_kg: number;
  /** Before exclusive discounts. */
  subtotal_pence: number;
  discount_pence: number;
  /** Sum of line totals (after discounts), before shipping and VAT. */
  goods_pence: number;
  shipping_pence: number;
  net_pence: number;
  vat_percent: number;
  vat_pence: number;
  total_pence: number;
}

/** Totals of lines (a page selection or a cart), with shipping and VAT. */
export function sumTotals(
  lines: readonly LineTotals[],
  shippingPence = 0,
  vatPercent: number = DEFAULT_VAT_PERCENT,
): Totals {
  let packs = 0;
  let units = 0;
  let weight = 0;
  let subtotal = 0;
  let goods = 0;
  for (const line of lines) {
    packs += line.packs;
    units += line.units;
    weight += line.weight_kg;
    subtotal += line.subtotal_pence;
    goods += line.total_pence;
  }
  const net = goods + shippingPence;
  const vat = percentOf(net, vatPercent);
  return {
    lines: lines.length,
    packs,
    units,
    weight_kg: weight,
    subtotal_pence: subtotal,
    discount_pence: subtotal - goods,
    goods_pence: goods,
    shipping_pence: shippingPence,
    net_pence: net,
    vat_percent: vatPercent,
    vat_pence: vat,
    total_pence: net + vat,
  };
}

/** A price with VAT added, for the inc-VAT display. */
export function withVat(pence: number, vatPercent: number = DEFAULT_VAT_PERCENT): number {
  return pence + percentOf(pence, vatPercent);
}

/** The sticky bar's SKU: cut to `length` characters plus dots when longer. */
export function shortSku(sku: string, length = 18): string {
  return sku.length > length ? `${sku.slice(0, length)}...` : sku;
}
