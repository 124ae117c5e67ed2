// What checkout decides from a priced cart alone: whether it can be paid for, its delivery, its stock and its lines.
import {
  CHECKOUT_MESSAGES,
  DELIVERY_MESSAGES,
  type DeliveryRules,
  insufficientStockDetail,
  MAX_ORDER_TOTAL_PENCE,
  packsStockAllows,
  type PaymentIntentCreate,
  promisedDates,
  roundKg,
} from '@shop/domain';
import type { OrderDelivery } from '../delivery/views';
import type { CheckoutLine, PricedCart } from './checkout-pricing';
import type * as queries from './queries';

/**
 * A delivery dated for an order made `now`: the service and extras paid for, to the shipping
 * address's zone and region. Null when that address cannot have the service.
 */
export function datedDelivery(
  choice: { service: OrderDelivery['service']; extras: OrderDelivery['extras'] },
  shippingPostcode: string,
  rules: DeliveryRules,
  now: Date = new Date(),
): OrderDelivery | null {
  const dates = promisedDates(choice.service, shippingPostcode, now, rules);
  if (!dates) return null;
  return {
    service: choice.service,
    extras: choice.extras,
    zone: dates.zone,
    dispatchBy: dates.dispatch_date,
    deliveryDate: dates.delivery_date,
  };
}

/**
 * The delivery an order keeps: the priced cart's service and extras, dated by `datedDelivery`. Null when the
 * cart has none its shipping address can have.
 */
export function orderDeliveryOf(priced: PricedCart, shippingPostcode: string, rules: DeliveryRules) {
  const choice = priced.delivery.choice;
  return choice?.ok
    ? datedDelivery({ service: choice.option.service, extras: choice.extras }, shippingPostcode, rules)
    : null;
}

/**
 * Why a card payment's cart, priced for the postcode it was paid for (`paid`), makes no order to the shipping
 * address it names (`there`: the same cart priced for that address with the paid service and extras, strictly):
 * the address cannot have that delivery, or it costs something else there. Null when it costs what was paid.
 */
export function misdirection(paid: PricedCart, there: PricedCart): string | null {
  const paidChoice = paid.delivery.choice;
  if (!paidChoice?.ok) return CHECKOUT_MESSAGES.deliveryNotServed;
  const paidZone = paid.delivery.quote.zone;
  const choice = there.delivery.choice;
  if (!choice?.ok) {
    return CHECKOUT_MESSAGES.deliveryUnavailableThere(
      choice?.field === 'shipping_address' ? choice.message : DELIVERY_MESSAGES.serviceNotOffered,
      paidZone,
    );
  }
  if (
    there.totals.shipping_pence === paid.totals.shipping_pence &&
    there.totals.total_pence === paid.totals.total_pence
  ) {
    return null;
  }
  return CHECKOUT_MESSAGES.deliveryNotPaidFor(
    there.delivery.quote.postal_code ?? '',
    there.totals.shipping_pence,
    paid.totals.shipping_pence,
    paidZone,
  );
}

/**
 * The delivery choice a checkout call prices with: the one its body names, which the address and load must
 * allow (`strict`), else the cart's own as its rows carry it (the cheapest stands in if it is out of date).
 */
export function deliveryChoiceOf(
  lines: readonly Pick<CheckoutLine, 'deliveryService' | 'deliveryExtras'>[],
  body: Pick<PaymentIntentCreate, 'delivery_service' | 'delivery_extras'> = {},
) {
  if (body.delivery_service != null || body.delivery_extras !== undefined) {
    return { service: body.delivery_service ?? null, extras: body.delivery_extras ?? [], strict: true };
  }
  return {
    service: lines[0]?.deliveryService ?? null,
    extras: lines[0]?.deliveryExtras ?? [],
    strict: false,
  };
}

/** Why a cart cannot be paid for as it stands, or null when it can (checked before any money moves). */
export function cartProblem(priced: PricedCart): Record<string, string[]> | null {
  if (priced.lines.length === 0) return { cart: [CHECKOUT_MESSAGES.cartEmpty] };
  if (priced.quoteRefused) return { cart: [priced.quoteRefused] };
  const delivery = priced.delivery.choice;
  if (delivery && !delivery.ok) return { [delivery.field]: [delivery.message] };
  if (priced.unavailable.length > 0) {
    return {
      cart: priced.unavailable.map(
        (sku) => `${sku} is no longer available. Please remove it from your cart.`,
      ),
    };
  }
  const shortIds = shortItemIds(priced, (line) => (line.trackInventory ? line.stock : null));
  const short = priced.lines
    .filter(({ line }) => shortIds.has(line.itemId))
    .map(({ line }) => insufficientStockDetail(line.sku, line.stock));
  if (short.length > 0) return { cart: [...new Set(short)] };
  if (
    priced.totals.total_pence > MAX_ORDER_TOTAL_PENCE ||
    priced.totals.subtotal_pence > MAX_ORDER_TOTAL_PENCE
  ) {
    return { cart: [CHECKOUT_MESSAGES.orderTooLarge] };
  }
  return null;
}

/** Units of each tracked item the cart takes (an item may have a pack line and a pallet line). */
export function unitsByItem(priced: PricedCart): Map<number, number> {
  const units = new Map<number, number>();
  for (const { line } of priced.lines) {
    if (!line.trackInventory) continue;
    units.set(line.itemId, (units.get(line.itemId) ?? 0) + line.packQuantity * line.unitsPerPack);
  }
  return units;
}

/** The order's copy of its priced lines. */
export function orderLinesOf(priced: PricedCart): queries.NewOrder['lines'] {
  return priced.lines.map(({ line, totals }) => ({
    itemId: line.itemId,
    sku: line.sku,
    title: line.title,
    packQuantity: line.packQuantity,
    unitsPerPack: line.unitsPerPack,
    unitType: line.unitType,
    pricePerPackPence: line.pricePence!,
    subtotalPence: totals.subtotal_pence,
    discountPercentage: line.discountPercentage ?? 0,
    totalPence: totals.total_pence,
    weightKg: roundKg(totals.weight_kg),
  }));
}

/**
 * The items whose stock does not cover the cart's packs of them, over all their lines (an item may have a
 * pack line and a pallet line); `stockOf` gives a line's item's stock, null when it is not tracked.
 */
export function shortItemIds(
  priced: PricedCart,
  stockOf: (line: CheckoutLine) => number | null,
): Set<number> {
  const held = new Map<number, number>();
  const short = new Set<number>();
  for (const { line } of priced.lines) {
    const units = held.get(line.itemId) ?? 0;
    if (line.packQuantity > packsStockAllows(stockOf(line), units, line.unitsPerPack)) short.add(line.itemId);
    held.set(line.itemId, units + line.packQuantity * line.unitsPerPack);
  }
  return short;
}
