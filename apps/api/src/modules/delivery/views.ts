import {
  EXTRA_LABELS,
  extraNoun,
  formatGbp,
  freeDeliveryShortfall,
  penceToDecimal,
  SERVICE_LABELS,
  ZONE_LABELS,
  type CartDeliveryView,
  type DeliveredTotals,
  type DeliveryChoice,
  type DeliveryExtra,
  type DeliveryOption,
  type DeliveryOptionView,
  type DeliveryService,
  type DeliveryZone,
  type OrderDeliveryView,
} from '@shop/domain';

/** How an order ships, as the cart page, the order and its documents show it (spec 2, §3 shipping_details). */
export interface ShippingDetails {
  parcel_type: string;
  parcels_needed: number;
  explanation: string;
}

/** The service's explanation, then each extra chosen with its price: '… each. Plus a tail lift: £25.00.' */
function withExtras(choice: Extract<DeliveryChoice, { ok: true }>): string {
  const extras = choice.extras.map((code) => {
    const offer = choice.option.extras.find((extra) => extra.code === code)!;
    return `Plus ${extraNoun(code)}: ${formatGbp(offer.price_pence)}.`;
  });
  return [choice.option.explanation, ...extras].join(' ');
}

/** The shipping details of a delivery: the chosen service's parcels or pallets, or why there is none. */
export function shippingDetailsOf({ choice, quote }: DeliveredTotals): ShippingDetails {
  if (!choice) return { parcel_type: 'none', parcels_needed: 0, explanation: '' };
  if (!choice.ok)
    return { parcel_type: 'none', parcels_needed: 0, explanation: quote.reason ?? choice.message };
  return {
    parcel_type: choice.option.unit,
    parcels_needed: choice.option.units,
    explanation: withExtras(choice),
  };
}

/** One option of POST ecommerce/delivery-options/, money in decimal pounds. */
export function optionView(option: DeliveryOption): DeliveryOptionView {
  return {
    service: option.service,
    label: option.label,
    price: penceToDecimal(option.price_pence),
    delivery_date: option.delivery_date,
    order_by: option.order_by,
    dispatch_date: option.dispatch_date,
    explanation: option.explanation,
    extras: option.extras.map((extra) => ({
      code: extra.code,
      label: extra.label,
      price: penceToDecimal(extra.price_pence),
    })),
  };
}

/**
 * The cart's delivery: what its totals charge, and the reason when the buyer's own choice could not be had
 * (a zone not served; a service or extra not offered, so the cheapest is charged).
 */
export function cartDeliveryView(delivered: DeliveredTotals): CartDeliveryView | null {
  const { quote, choice, refused } = delivered;
  if (!choice) return null;
  const shortfall = freeDeliveryShortfall(delivered);
  const base = { postal_code: quote.postal_code, zone: quote.zone, zone_label: quote.zone_label };
  if (!choice.ok) {
    return {
      ...base,
      service: null,
      label: null,
      extras: [],
      price: null,
      dispatch_date: null,
      delivery_date: null,
      order_by: null,
      reason: choice.message,
      free_delivery_shortfall: null,
    };
  }
  return {
    ...base,
    service: choice.option.service,
    label: choice.option.label,
    extras: choice.extras,
    price: penceToDecimal(choice.price_pence),
    dispatch_date: choice.option.dispatch_date,
    delivery_date: choice.option.delivery_date,
    order_by: choice.option.order_by,
    reason: refused?.message ?? null,
    free_delivery_shortfall: shortfall === null ? null : penceToDecimal(shortfall),
  };
}

/** What an order keeps of its delivery promise. */
export interface OrderDelivery {
  service: DeliveryService;
  extras: DeliveryExtra[];
  zone: DeliveryZone;
  dispatchBy: string;
  deliveryDate: string;
}

/** The order's delivery promise as stored (null on orders from before the promise). */
export function orderDeliveryView(order: {
  deliveryService: DeliveryService | null;
  deliveryExtras: DeliveryExtra[];
  deliveryZone: DeliveryZone | null;
  dispatchBy: string | null;
  deliveryDate: string | null;
}): OrderDeliveryView | null {
  if (!order.deliveryService || !order.dispatchBy || !order.deliveryDate) return null;
  const zone = order.deliveryZone ?? 'mainland';
  return {
    service: order.deliveryService,
    label: SERVICE_LABELS[order.deliveryService],
    extras: order.deliveryExtras.map((code) => ({ code, label: EXTRA_LABELS[code] })),
    zone,
    zone_label: ZONE_LABELS[zone],
    dispatch_by: order.dispatchBy,
    delivery_date: order.deliveryDate,
  };
}
