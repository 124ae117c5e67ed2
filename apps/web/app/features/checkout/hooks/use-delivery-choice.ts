import { type CartView, normalisePostcode } from '@shop/domain';
import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { failureReason, isAbortError } from '~/lib/api-client';
import {
  type DeliveryOffer,
  type DeliveryPick,
  getDeliveryOptions,
  postcodeError,
  preselect,
  updateCartDelivery,
} from '~/lib/delivery';

export const DELIVERY_STEP_MESSAGES = {
  noAddress: 'Choose a shipping address to see the delivery services and dates.',
  loading: 'Loading the delivery services…',
  optionsFailed: 'The delivery services could not be loaded. Please try again.',
  chooseFailed: 'The delivery service could not be changed. Please try again.',
  notReady: 'Please wait for the delivery services, then choose one.',
} as const;

/** The cart's lines as far as delivery cares: another weight or value can change the services. */
const loadKey = (cart: CartView) => `${cart.id}|${cart.items.length}|${cart.total_weight}|${cart.subtotal}`;

type Offer =
  { key: string; status: 'ready'; offer: DeliveryOffer } | { key: string; status: 'failed'; message: string };

export type DeliveryStep =
  | { status: 'no-address' }
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'not-served'; reason: string }
  | {
      status: 'ready';
      offer: Extract<DeliveryOffer, { served: true }>;
      pick: DeliveryPick;
      /** The cart (and so the summary) is priced for this pick: paying may go ahead. */
      synced: boolean;
      /** The pick is being saved on the cart. */
      saving: boolean;
    };

/** Whether the cart is already priced for this postcode, service and extras (no PATCH needed). */
function cartHas(cart: CartView, postcode: string, pick: DeliveryPick | null): boolean {
  const delivery = cart.delivery;
  if (!delivery || delivery.postal_code !== postcode) return false;
  if (!pick) return delivery.service === null;
  return delivery.service === pick.service && delivery.extras.join() === pick.extras.join();
}

/**
 * The checkout's delivery: once the shipping address is known, the services to its postcode for
 * this cart; the cart's own choice preselected if offered there, else the cheapest. The choice is saved on
 * the cart (PATCH carts/{id}/) so the summary's totals, the payment intent and the order are all priced for
 * that address and service; `onCart` takes the server's answer.
 */
export function useDeliveryChoice(
  cart: CartView,
  postalCode: string | null,
  onCart: (cart: CartView) => void,
) {
  const postcode = postalCode ? normalisePostcode(postalCode) : null;
  const key = postcode ? `${postcode}|${loadKey(cart)}` : null;
  const cartId = cart.id;
  const [offer, setOffer] = useState<Offer | null>(null);
  const [round, setRound] = useState(0);
  const [pending, setPending] = useState<DeliveryPick | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = useCallback(
    async (target: string, pick: DeliveryPick | null, signal?: AbortSignal) => {
      setSaving(true);
      setPending(pick);
      setError(null);
      try {
        const answer = await updateCartDelivery(cart.id, {
          postal_code: target,
          delivery_service: pick?.service ?? null,
          delivery_extras: pick?.extras ?? [],
        });
        if (!signal?.aborted) onCart(answer);
      } catch (failure) {
        if (!signal?.aborted) setError(failureReason(failure) ?? DELIVERY_STEP_MESSAGES.chooseFailed);
      } finally {
        setSaving(false);
        setPending(null);
      }
    },
    [cart.id, onCart],
  );

  // The options' answer meets the cart as it is then: the cart's own choice is kept if offered, else the
  // cheapest is chosen, and the cart is priced for it unless it already is.
  const optionsCame = useEffectEvent((target: string, answer: DeliveryOffer, signal: AbortSignal) => {
    const pick = answer.served ? preselect(answer.options, cart.delivery) : null;
    if (!cartHas(cart, target, pick)) void save(target, pick, signal);
  });

  // Asked again for another address, other lines, or a retry; not for each cart the PATCH answers.
  useEffect(() => {
    if (key === null || postcode === null) return;
    const controller = new AbortController();
    getDeliveryOptions(cartId, postcode, controller.signal).then(
      (answer) => {
        setOffer({ key, status: 'ready', offer: answer });
        optionsCame(postcode, answer, controller.signal);
      },
      (failure: unknown) => {
        if (isAbortError(failure)) return;
        setOffer({
          key,
          status: 'failed',
          message: postcodeError(failure) ?? DELIVERY_STEP_MESSAGES.optionsFailed,
        });
      },
    );
    return () => controller.abort();
  }, [cartId, key, postcode, round]);

  const shown = offer && offer.key === key ? offer : null;
  let step: DeliveryStep;
  if (postcode === null) step = { status: 'no-address' };
  else if (shown === null) step = { status: 'loading' };
  else if (shown.status === 'failed') step = { status: 'failed', message: shown.message };
  else if (!shown.offer.served) step = { status: 'not-served', reason: shown.offer.reason };
  else {
    const charged =
      cart.delivery?.postal_code === postcode && cart.delivery.service
        ? { service: cart.delivery.service, extras: cart.delivery.extras }
        : null;
    const pick = pending ?? charged ?? preselect(shown.offer.options, cart.delivery);
    const synced =
      !saving &&
      charged !== null &&
      charged.service === pick?.service &&
      charged.extras.join() === pick.extras.join();
    step = pick ? { status: 'ready', offer: shown.offer, pick, synced, saving } : { status: 'loading' };
  }

  return {
    step,
    error,
    choose: (pick: DeliveryPick) => {
      if (postcode !== null) void save(postcode, pick);
    },
    retry: () => setRound((count) => count + 1),
  };
}
