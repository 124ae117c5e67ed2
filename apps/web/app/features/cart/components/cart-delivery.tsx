import { ADDRESS_MESSAGES, type CartView as Cart, isUkPostcode, normalisePostcode } from '@shop/domain';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { DeliveryServiceChoice } from '~/features/commerce/components/delivery-service-choice';
import { Field } from '~/components/ui/field';
import { failureReason } from '~/lib/api-client';
import {
  type DeliveryOffer,
  type DeliveryPick,
  getDeliveryOptions,
  postcodeError,
  preselect,
  updateCartDelivery,
} from '~/lib/delivery';

export const CART_DELIVERY_MESSAGES = {
  estimate:
    'Delivery is estimated for mainland Great Britain. Enter your postcode to see the services and dates to your address.',
  optionsFailed: 'The delivery services could not be loaded. Please try again.',
  chooseFailed: 'The delivery service could not be changed. Please try again.',
} as const;

/** The cart's lines as far as delivery cares: another weight or value can change the services and prices. */
const loadKey = (cart: Cart) => `${cart.id}|${cart.items.length}|${cart.total_weight}|${cart.subtotal}`;

type Offer =
  | { postcode: string; load: string; status: 'ready'; offer: DeliveryOffer }
  | { postcode: string; load: string; status: 'failed'; message: string };

interface CartDeliveryProps {
  cart: Cart;
  /** The cart as the server answered a change of its delivery, totals and all. */
  onCart: (cart: Cart) => void;
}

/**
 * The cart page's delivery: a postcode (the cart's own, else empty: the totals are then the
 * mainland estimate), the services to it with their prices and dates, and for pallets the extras. Each
 * choice is saved on the cart (PATCH carts/{id}/), whose answer brings the new totals.
 */
export function CartDelivery({ cart, onCart }: CartDeliveryProps) {
  const id = useId();
  const saved = cart.delivery?.postal_code ?? null;
  const [postcode, setPostcode] = useState(saved ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [offer, setOffer] = useState<Offer | null>(null);
  const [checking, setChecking] = useState(false);
  const [pending, setPending] = useState<DeliveryPick | null>(null);
  const [chooseError, setChooseError] = useState<string | null>(null);
  const load = loadKey(cart);
  const wanted = offer?.postcode ?? saved;

  // The cart's own postcode is shown with its services at once; a change of lines asks again.
  useEffect(() => {
    if (wanted === null || (offer && offer.postcode === wanted && offer.load === load)) return;
    const controller = new AbortController();
    getDeliveryOptions(cart.id, wanted, controller.signal).then(
      (answer) => setOffer({ postcode: wanted, load, status: 'ready', offer: answer }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setOffer({
          postcode: wanted,
          load,
          status: 'failed',
          message: postcodeError(error) ?? CART_DELIVERY_MESSAGES.optionsFailed,
        });
      },
    );
    return () => controller.abort();
  }, [cart.id, wanted, load, offer]);

  const save = async (body: Parameters<typeof updateCartDelivery>[1], pick: DeliveryPick | null) => {
    setPending(pick);
    setChooseError(null);
    try {
      onCart(await updateCartDelivery(cart.id, body));
    } catch (error) {
      setChooseError(failureReason(error) ?? CART_DELIVERY_MESSAGES.chooseFailed);
    } finally {
      setPending(null);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const normal = normalisePostcode(postcode.trim());
    if (normal === '') return setFieldError(ADDRESS_MESSAGES.postalCodeRequired);
    if (!isUkPostcode(normal)) return setFieldError(ADDRESS_MESSAGES.postalCodeInvalid);
    setFieldError(null);
    setChecking(true);
    let answer: DeliveryOffer;
    try {
      answer = await getDeliveryOptions(cart.id, normal);
    } catch (error) {
      const refused = postcodeError(error);
      if (refused) setFieldError(refused);
      else
        setOffer({ postcode: normal, load, status: 'failed', message: CART_DELIVERY_MESSAGES.optionsFailed });
      return;
    } finally {
      setChecking(false);
    }
    setOffer({ postcode: normal, load, status: 'ready', offer: answer });
    // The cart now goes there: its own service if still offered there, else the cheapest.
    const pick = preselect(answer.options, cart.delivery);
    await save(
      { postal_code: normal, delivery_service: pick?.service ?? null, delivery_extras: pick?.extras ?? [] },
      pick,
    );
  };

  const shown = offer && offer.load === load ? offer : null;
  const options = shown?.status === 'ready' ? shown.offer.options : [];
  const charged =
    cart.delivery?.service && cart.delivery.postal_code === shown?.postcode
      ? { service: cart.delivery.service, extras: cart.delivery.extras }
      : null;
  const value = pending ?? charged ?? preselect(options, cart.delivery);

  return (
    <section className="cart-delivery" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Delivery</h2>
      <form
        className="cart-delivery__form"
        aria-label="Delivery postcode"
        noValidate
        onSubmit={(event) => void submit(event)}
      >
        <Field
          id={`${id}-postcode`}
          name="postal_code"
          label="Postcode"
          value={postcode}
          error={fieldError ?? undefined}
          onValue={setPostcode}
          autoComplete="postal-code"
          maxLength={10}
          after={
            <button type="submit" className="button button--outline" disabled={checking}>
              {checking ? 'Checking…' : 'Show services'}
            </button>
          }
        />
      </form>
      {shown === null ? (
        wanted === null ? (
          <p className="cart-delivery__note">{CART_DELIVERY_MESSAGES.estimate}</p>
        ) : null
      ) : shown.status === 'failed' ? (
        <p className="form__failure" role="alert">
          {shown.message}
        </p>
      ) : !shown.offer.served ? (
        <p className="cart-delivery__reason" role="alert">
          {shown.offer.reason}
        </p>
      ) : (
        <DeliveryServiceChoice
          options={options}
          value={value}
          disabled={pending !== null || checking}
          error={chooseError}
          onChange={(pick) =>
            void save(
              { postal_code: shown.postcode, delivery_service: pick.service, delivery_extras: pick.extras },
              pick,
            )
          }
        />
      )}
    </section>
  );
}
