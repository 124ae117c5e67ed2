import { type AddressView, type CartView, penceFromDecimal } from '@shop/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { createPaymentIntent } from '../api/create-payment-intent';
import type { CheckoutData } from '../api/load-checkout';
import { placeOrder } from '../api/place-order';
import {
  billingDetailsOf,
  CHECKOUT_MESSAGES,
  type CheckoutProblems,
  checkPlaceOrder,
  paymentStillUsable,
  problemsOf,
} from '../checkout-rules';
import { useCardPayment } from '../hooks/use-card-payment';
import { usePaymentIntent } from '../hooks/use-payment-intent';
import { AddressChoice } from './address-choice';
import { OrderSummary } from './order-summary';
import { PaymentSection } from './payment-section';
import { deleteAddress } from '~/features/addresses/api/delete-address';
import {
  type AddressFormLook,
  type AddressFormMessages,
  AddressForm,
} from '~/features/addresses/components/address-form';
import { ApiError } from '~/lib/api-client';
import { fetchCurrentCart, setCartCount } from '~/lib/current-cart';

/** How long the success message shows before the order tracking page (spec 2, §9). */
export const ORDER_REDIRECT_MS = 2_000;

const FORM_MESSAGES: AddressFormMessages = {
  invalid: CHECKOUT_MESSAGES.addressFormErrors,
  failed: CHECKOUT_MESSAGES.createAddressFailed,
};

/** The checkout's address form (checkout.css): the country as a read-only field. */
const FORM_LOOK: AddressFormLook = {
  block: 'address-form',
  pair: 'address-form__pair',
  actions: 'address-form__actions',
  country: 'field',
};

const firstId = (addresses: readonly AddressView[]) => addresses[0]?.id ?? null;
const joined = (...messages: (string | undefined)[]) => messages.filter(Boolean).join(' ') || undefined;

/** What the page shows when its data could not be read (spec 2, §8). */
export function CheckoutLoadFailed() {
  const revalidator = useRevalidator();
  return (
    <div className="checkout-empty">
      <p className="form__failure" role="alert">
        {CHECKOUT_MESSAGES.loadFailed}
      </p>
      <button
        type="button"
        className="button button--primary"
        disabled={revalidator.state === 'loading'}
        onClick={() => void revalidator.revalidate()}
      >
        Try again
      </button>
    </div>
  );
}

/**
 * The checkout (spec 2, §2 Checkout screen, §4 Checkout): billing and shipping addresses, the card, and
 * Place Order, which asks the server for the payment intent with the chosen addresses, has the card
 * processor confirm it, then makes the order; the cart summary sits beside it.
 */
export function CheckoutView({ data }: { data: CheckoutData }) {
  const navigate = useNavigate();
  const sameId = useId();
  const formId = useId();
  const [cart, setCart] = useState<CartView>(data.cart);
  const [addresses, setAddresses] = useState<AddressView[]>(data.addresses);
  // Saved addresses are chosen for the buyer: their defaults (My account), else the newest (spec 2, §2).
  const [billingId, setBillingId] = useState<number | null>(
    () => data.addresses.find((address) => address.is_default_billing)?.id ?? firstId(data.addresses),
  );
  const [shippingId, setShippingId] = useState<number | null>(
    () => data.addresses.find((address) => address.is_default_shipping)?.id ?? billingId,
  );
  const [sameAsBilling, setSameAsBilling] = useState(() => billingId === shippingId);
  // Open from the start for a buyer with no saved address; the focus moves there only when they open it.
  const [formOpen, setFormOpen] = useState(data.addresses.length === 0);
  const [formOpenedByBuyer, setFormOpenedByBuyer] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [addedId, setAddedId] = useState<number | null>(null);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const [deleteFailure, setDeleteFailure] = useState<string | null>(null);
  const [paymentMethod, setPaymentMethod] = useState<'card' | null>('card');
  const [problems, setProblems] = useState<CheckoutProblems>({});
  const [placing, setPlacing] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  // State changes only on the next render: a second click in the same instant must meet a closed door.
  const placingRef = useRef(false);
  // A payment the processor took for an order the server then refused for a reason the buyer can fix
  // (an address): the next Place Order makes the order with it instead of charging the card again.
  const paidRef = useRef<string | null>(null);

  const hasItems = cart.items.length > 0;
  const card = useCardPayment(data.payment, hasItems);
  const intent = usePaymentIntent(cart.id, hasItems && paymentMethod === 'card');
  const effectiveShippingId = sameAsBilling ? billingId : shippingId;

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => void navigate('/track-order', { replace: true }), ORDER_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [success, navigate]);

  if (!hasItems) {
    return (
      <div className="checkout-empty">
        <p className="form__failure" role="alert">
          {CHECKOUT_MESSAGES.cartEmpty}
        </p>
        <Link className="button button--primary" to="/">
          Continue Shopping
        </Link>
      </div>
    );
  }

  const addressCreated = (address: AddressView) => {
    setAddresses((list) => [address, ...list.filter((entry) => entry.id !== address.id)]);
    setBillingId(address.id);
    setShippingId(address.id);
    setFormOpen(false);
    setAddedId(address.id);
    setProblems(({ billing: _billing, shipping: _shipping, ...rest }) => rest);
  };

  const removeAddress = async (address: AddressView) => {
    setDeleteFailure(null);
    setDeletingId(address.id);
    try {
      await deleteAddress(address.id);
    } catch (error) {
      // Already gone (deleted in another tab): the list simply catches up.
      if (!(error instanceof ApiError && error.status === 404)) {
        setDeletingId(null);
        setDeleteFailure(CHECKOUT_MESSAGES.deleteAddressFailed);
        return;
      }
    }
    const rest = addresses.filter((entry) => entry.id !== address.id);
    setAddresses(rest);
    setDeletingId(null);
    if (billingId === address.id) setBillingId(firstId(rest));
    if (shippingId === address.id) setShippingId(firstId(rest));
    if (rest.length === 0) setFormOpen(true);
  };

  /** The payment, confirmed by the card processor: its id, or null after showing why not. */
  const pay = async (billing: AddressView, shippingAddressId: number): Promise<string | null> => {
    if (card.status !== 'ready' || intent.state.status !== 'ready') return null;
    let fresh;
    try {
      // Again, with the addresses: the server can then make the order even if this tab closes.
      fresh = await createPaymentIntent({
        cart_id: cart.id,
        billing_address: billing.id,
        shipping_address: shippingAddressId,
      });
    } catch (error) {
      setProblems(problemsOf(error, CHECKOUT_MESSAGES.intentFailed));
      return null;
    }
    if (fresh.client_secret !== intent.state.intent.client_secret) intent.replace(fresh);
    // The buyer pays the total the page shows, or nothing: a cart changed elsewhere is shown first.
    if (fresh.amount !== penceFromDecimal(cart.total)) {
      setProblems({ general: CHECKOUT_MESSAGES.cartChanged });
      setCart(await fetchCurrentCart().catch(() => cart));
      return null;
    }
    const result = await card.payment
      .confirm(fresh.client_secret, billingDetailsOf(billing))
      .catch(() => ({ error: null }));
    if ('error' in result) {
      setProblems({ general: result.error || CHECKOUT_MESSAGES.paymentFailed });
      return null;
    }
    return result.transactionId;
  };

  const submit = async () => {
    if (placingRef.current || success) return;
    const problem = checkPlaceOrder({
      billingId,
      shippingId: effectiveShippingId,
      paymentMethod,
      lineCount: cart.items.length,
      intentReady: paidRef.current !== null || (card.status === 'ready' && intent.state.status === 'ready'),
    });
    const billing = addresses.find((entry) => entry.id === billingId);
    if (problem || !billing || effectiveShippingId === null) {
      setProblems(problem ?? { billing: CHECKOUT_MESSAGES.billingRequired });
      return;
    }
    placingRef.current = true;
    setPlacing(true);
    setProblems({});
    let placed = false;
    try {
      const transactionId = paidRef.current ?? (await pay(billing, effectiveShippingId));
      if (!transactionId) return;
      paidRef.current = transactionId;
      try {
        await placeOrder({
          billing_address: billing.id,
          shipping_address: effectiveShippingId,
          payment_method: 'card',
          transaction_id: transactionId,
        });
      } catch (error) {
        if (!paymentStillUsable(error)) paidRef.current = null;
        setProblems(problemsOf(error, CHECKOUT_MESSAGES.placeOrderFailed));
        return;
      }
      paidRef.current = null;
      // The server emptied the cart with the order (spec 2, §4).
      setCartCount(0);
      setSuccess(CHECKOUT_MESSAGES.orderPlaced);
      placed = true;
    } finally {
      setPlacing(false);
      // After an order the door stays shut: the page is on its way to order tracking.
      if (!placed) placingRef.current = false;
    }
  };

  const done = success !== null;

  return (
    <div className="checkout">
      <div className="checkout__form">
        <section className="checkout__section" aria-labelledby="checkout-addresses-title">
          <h2 id="checkout-addresses-title" className="checkout__heading">
            Addresses
          </h2>
          <AddressChoice
            legend="Billing address"
            name="billing_address"
            addresses={addresses}
            selectedId={billingId}
            onSelect={setBillingId}
            onDelete={(address) => void removeAddress(address)}
            deletingId={deletingId}
            error={joined(problems.billing, sameAsBilling ? problems.shipping : undefined)}
            focusId={addedId}
          />
          <div className="form__check checkout__same">
            <input
              id={sameId}
              type="checkbox"
              checked={sameAsBilling}
              onChange={(event) => {
                setSameAsBilling(event.target.checked);
                if (!addresses.some((entry) => entry.id === shippingId)) setShippingId(billingId);
              }}
            />
            <label htmlFor={sameId}>Same as billing address</label>
          </div>
          {sameAsBilling ? null : (
            <AddressChoice
              legend="Shipping address"
              name="shipping_address"
              addresses={addresses}
              selectedId={shippingId}
              onSelect={setShippingId}
              onDelete={(address) => void removeAddress(address)}
              deletingId={deletingId}
              error={problems.shipping}
            />
          )}
          <p className="form__failure" role="alert">
            {deleteFailure}
          </p>
          <button
            ref={toggleRef}
            type="button"
            className="button button--outline"
            aria-expanded={formOpen}
            aria-controls={formId}
            onClick={() => {
              setFormOpen((open) => !open);
              setFormOpenedByBuyer(true);
            }}
          >
            Add a new address
          </button>
          {formOpen ? (
            <AddressForm
              id={formId}
              focusFirst={formOpenedByBuyer}
              messages={FORM_MESSAGES}
              look={FORM_LOOK}
              onSaved={addressCreated}
              onCancel={() => {
                setFormOpen(false);
                toggleRef.current?.focus();
              }}
            />
          ) : null}
        </section>

        <PaymentSection
          method={paymentMethod}
          onMethod={setPaymentMethod}
          methodError={problems.paymentMethod}
          card={card}
          intent={intent.state}
          onRetryIntent={intent.retry}
        />

        <div className="checkout__place">
          <p className="form__failure" role="alert">
            {problems.general}
          </p>
          <p className="form__success" role="status">
            {success}
          </p>
          <button
            type="button"
            className="button button--primary checkout__place-button"
            disabled={placing || done}
            aria-busy={placing || undefined}
            onClick={() => void submit()}
          >
            {placing ? 'Placing order…' : 'Place Order'}
          </button>
        </div>
      </div>
      <OrderSummary cart={cart} error={problems.cart} />
    </div>
  );
}
