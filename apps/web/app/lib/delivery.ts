import '~/lib/jitless-validation';
import {
  ADDRESS_MESSAGES,
  type CartDeliveryUpdate,
  type CartView,
  type DeliveryExtra,
  type DeliveryOptionView,
  type DeliveryOptionsView,
  type DeliveryService,
} from '@shop/domain';
import { ApiError, request } from './api-client';

/*
 * The delivery choice the cart page and the checkout share: the services for the cart to a
 * postcode, and the cart's postcode, service and extras, whose answer is the cart with its totals.
 */

/** The options for a postcode: the services offered, or none and the reason (a zone not served online). */
export type DeliveryOffer =
  { served: true; options: DeliveryOptionView[] } | { served: false; options: []; reason: string };

export function offerOf(view: DeliveryOptionsView): DeliveryOffer {
  return Array.isArray(view)
    ? { served: true, options: view }
    : { served: false, options: [], reason: view.reason };
}

/** POST ecommerce/delivery-options/: every service for this cart to `postalCode`, cheapest first. */
export async function getDeliveryOptions(
  cartId: number,
  postalCode: string,
  signal?: AbortSignal,
): Promise<DeliveryOffer> {
  const view = await request<DeliveryOptionsView>('ecommerce/delivery-options/', {
    method: 'POST',
    body: { cart_id: cartId, postal_code: postalCode },
    signal,
  });
  return offerOf(view);
}

/** PATCH ecommerce/carts/{id}/: where the cart goes and how; answers the cart with its totals. */
export function updateCartDelivery(cartId: number, body: CartDeliveryUpdate): Promise<CartView> {
  return request<CartView>(`ecommerce/carts/${cartId}/`, { method: 'PATCH', body });
}

/** The server's word on a postcode (400 `{postal_code: [...]}`), else null. */
export function postcodeError(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  return error.fields.postal_code?.join(' ') ?? ADDRESS_MESSAGES.postalCodeInvalid;
}

/** A service and its extras as the buyer picked them. */
export interface DeliveryPick {
  service: DeliveryService;
  extras: DeliveryExtra[];
}

/**
 * What to preselect among `options`: the cart's own service (and its extras) when still offered, else the
 * cheapest (the first), with no extras. Null when nothing is offered.
 */
export function preselect(
  options: readonly DeliveryOptionView[],
  current: { service: DeliveryService | null; extras: readonly DeliveryExtra[] } | null,
): DeliveryPick | null {
  const kept = current?.service ? options.find((option) => option.service === current.service) : undefined;
  if (kept) {
    const offered = new Set(kept.extras.map((extra) => extra.code));
    return { service: kept.service, extras: current!.extras.filter((code) => offered.has(code)) };
  }
  const cheapest = options[0];
  return cheapest ? { service: cheapest.service, extras: [] } : null;
}

/** The AM slot and the timed slot are one or the other. */
const SLOTS: readonly DeliveryExtra[] = ['am_slot', 'timed_slot'];

/** The extras after the buyer ticks or unticks one: ticking a slot unticks the other slot. */
export function toggleExtra(
  extras: readonly DeliveryExtra[],
  code: DeliveryExtra,
  on: boolean,
): DeliveryExtra[] {
  const rest = extras.filter(
    (extra) => extra !== code && !(on && SLOTS.includes(code) && SLOTS.includes(extra)),
  );
  return on ? [...rest, code] : rest;
}
