import {
  type AddressView,
  type AwaitingApprovalView,
  type CartView,
  COMPANY_MESSAGES,
  penceFromDecimal,
} from '@shop/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { createPaymentIntent } from '../api/create-payment-intent';
import { type CheckoutData, readCheckoutCart } from '../api/load-checkout';
import { placeOrder } from '../api/place-order';
import { placeOrderOnAccount } from '../api/place-order-on-account';
import {
  billingDetailsOf,
  CHECKOUT_MESSAGES,
  type CheckoutProblems,
  checkPlaceOrder,
  isPurchaseOrderReuse,
  paymentStillUsable,
  problemsOf,
} from '../checkout-rules';
import { useCardPayment } from '../hooks/use-card-payment';
import { DELIVERY_STEP_MESSAGES, type DeliveryStep, useDeliveryChoice } from '../hooks/use-delivery-choice';
import { usePaymentIntent } from '../hooks/use-payment-intent';
import { AddressChoice, type SharedAddresses } from './address-choice';
import { AwaitingApproval } from './awaiting-approval';
import { DeliveryStepSection } from './delivery-step';
import { OrderSummary } from './order-summary';
import { type AccountOption, type PaymentMethodChoice, PaymentSection } from './payment-section';
import { PurchaseOrderField } from './purchase-order-field';
import { deleteAddress } from '~/features/addresses/api/delete-address';
import {
  type AddressFormLook,
  type AddressFormMessages,
  AddressForm,
} from '~/features/addresses/components/address-form';
import { ApiError } from '~/lib/api-client';
import { setCartCount } from '~/lib/current-cart';

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

/** Why Pay on account cannot be chosen after the card has been charged for an order the server refused. */
export const CARD_ALREADY_CHARGED =
  'Your card has already been charged for this order. Place it by card, or contact us.';

/** What stops paying on the delivery's side (issue 23): no service chosen yet, or none reaches the address. */
function deliveryProblem(step: DeliveryStep): string | null {
  switch (step.status) {
    case 'no-address':
      return null;
    case 'failed':
      return step.message;
    case 'not-served':
      return step.reason;
    case 'ready':
      return step.synced ? null : DELIVERY_STEP_MESSAGES.notReady;
    default:
      return DELIVERY_STEP_MESSAGES.notReady;
  }
}

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

/** Whether a trade buyer's company may pay on account (issue 21), and what stops it now (a hold). */
function accountOptionOf(trade: CheckoutData['company']): AccountOption | null {
  if (!trade?.company.pay_on_account) return null;
  const { on_hold, hold_reason, available_credit } = trade.company;
  return {
    holdMessage: on_hold ? COMPANY_MESSAGES.onHold(hold_reason ?? '') : null,
    availableCredit: available_credit,
  };
}

/**
 * The checkout (spec 2, §2 Checkout screen, §4 Checkout): billing and shipping addresses, the card, and
 * Place Order, which asks the server for the payment intent with the chosen addresses, has the card
 * processor confirm it, then makes the order; the cart summary sits beside it. A trade buyer (issue 21)
 * also sees the company's shared addresses, a purchase-order number, and, when the company has credit,
 * Pay on account, which places the order with no card (or sends it to the approvers above their limit).
 */
export function CheckoutView({ data }: { data: CheckoutData }) {
  const navigate = useNavigate();
  const sameId = useId();
  const formId = useId();
  const trade = data.company ?? null;
  const shared: SharedAddresses | null = trade
    ? { heading: trade.company.trading_name, addresses: trade.addresses }
    : null;
  const sharedList = trade?.addresses ?? [];
  const accountOption = accountOptionOf(trade);
  const [cart, setCart] = useState<CartView>(data.cart);
  const [addresses, setAddresses] = useState<AddressView[]>(data.addresses);
  // Saved addresses are chosen for the buyer: their defaults (My account), else the newest (spec 2, §2);
  // a trade buyer with none of their own gets the company's first.
  const [billingId, setBillingId] = useState<number | null>(
    () =>
      data.addresses.find((address) => address.is_default_billing)?.id ??
      firstId(data.addresses) ??
      firstId(sharedList),
  );
  const [shippingId, setShippingId] = useState<number | null>(
    () => data.addresses.find((address) => address.is_default_shipping)?.id ?? billingId,
  );
  const [sameAsBilling, setSameAsBilling] = useState(() => billingId === shippingId);
  // Open from the start for a buyer with no saved address; the focus moves there only when they open it.
  const [formOpen, setFormOpen] = useState(data.addresses.length === 0 && sharedList.length === 0);
  const [formOpenedByBuyer, setFormOpenedByBuyer] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [addedId, setAddedId] = useState<number | null>(null);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const [deleteFailure, setDeleteFailure] = useState<string | null>(null);
  // A company that may pay on account (and is not on hold) pays that way unless the buyer picks the card.
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethodChoice | null>(() =>
    accountOption && accountOption.holdMessage === null ? 'account' : 'card',
  );
  // The card processor's code is fetched once the card is wanted, and kept if the buyer switches back.
  const [cardWanted, setCardWanted] = useState(paymentMethod === 'card');
  const [purchaseOrder, setPurchaseOrder] = useState('');
  // Set by "Use it anyway" after the server's warning that the company has used the number before.
  const [confirmReuse, setConfirmReuse] = useState(false);
  const [awaiting, setAwaiting] = useState<AwaitingApprovalView | null>(null);
  const [orderPath, setOrderPath] = useState('/track-order');
  const [problems, setProblems] = useState<CheckoutProblems>({});
  const [placing, setPlacing] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  // State changes only on the next render: a second click in the same instant must meet a closed door.
  const placingRef = useRef(false);
  // A payment the processor took for an order the server then refused for a reason the buyer can fix
  // (an address): the next Place Order makes the order with it instead of charging the card again.
  const paidRef = useRef<string | null>(null);

  // An accepted quote's own cart (issue 24): its prices are fixed, and the buyer's own cart is left alone.
  const quote = cart.quote ?? null;
  const hasItems = cart.items.length > 0;
  const card = useCardPayment(data.payment, hasItems && cardWanted);
  const intent = usePaymentIntent(cart.id, hasItems && paymentMethod === 'card');
  const effectiveShippingId = sameAsBilling ? billingId : shippingId;
  const allAddresses = [...addresses, ...sharedList];
  const shippingAddress = allAddresses.find((entry) => entry.id === effectiveShippingId) ?? null;
  // The cart follows the delivery chosen for the shipping address, so the summary shows what will be paid;
  // an intent refused for the address before (a zone the cart's old postcode was in) is asked for again.
  const delivery = useDeliveryChoice(
    cart,
    hasItems ? (shippingAddress?.postal_code ?? null) : null,
    (next) => {
      setCart(next);
      if (intent.state.status === 'failed') intent.retry();
    },
  );
  /** The chosen service and extras for the intent and the order on account (issue 23). */
  const deliveryFields = () =>
    delivery.step.status === 'ready'
      ? { delivery_service: delivery.step.pick.service, delivery_extras: delivery.step.pick.extras }
      : {};

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => void navigate(orderPath, { replace: true }), ORDER_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [success, navigate, orderPath]);

  if (awaiting) return <AwaitingApproval total={awaiting.total} />;

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
    const next = firstId(rest) ?? firstId(sharedList);
    if (billingId === address.id) setBillingId(next);
    if (shippingId === address.id) setShippingId(next);
    if (rest.length === 0 && sharedList.length === 0) setFormOpen(true);
  };

  /** A trade buyer's purchase-order fields for the intent and the order; nothing for anyone else. */
  const purchaseOrderFields = (reuse: boolean) => {
    const number = purchaseOrder.trim();
    if (!trade || number === '') return {};
    return { purchase_order_number: number, ...(reuse ? { confirm_purchase_order_reuse: true } : {}) };
  };

  /** The payment, confirmed by the card processor: its id, or null after showing why not. */
  const pay = async (
    billing: AddressView,
    shippingAddressId: number,
    reuse: boolean,
  ): Promise<string | null> => {
    if (card.status !== 'ready' || intent.state.status !== 'ready') return null;
    let fresh;
    try {
      // Again, with the addresses: the server can then make the order even if this tab closes.
      fresh = await createPaymentIntent({
        cart_id: cart.id,
        billing_address: billing.id,
        shipping_address: shippingAddressId,
        ...purchaseOrderFields(reuse),
        ...deliveryFields(),
      });
    } catch (error) {
      setProblems(problemsOf(error, CHECKOUT_MESSAGES.intentFailed));
      return null;
    }
    if (fresh.client_secret !== intent.state.intent.client_secret) intent.replace(fresh);
    // The buyer pays the total the page shows, or nothing: a cart changed elsewhere is shown first.
    if (fresh.amount !== penceFromDecimal(cart.total)) {
      setProblems({ general: CHECKOUT_MESSAGES.cartChanged });
      setCart(await readCheckoutCart(quote ? cart.id : null).catch(() => cart));
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

  /** On account: the order placed with no card, or held for the company's approvers; true when done. */
  const placeOnAccount = async (billing: AddressView, shippingAddressId: number, reuse: boolean) => {
    try {
      const outcome = await placeOrderOnAccount({
        billing_address: billing.id,
        shipping_address: shippingAddressId,
        cart_id: cart.id,
        ...purchaseOrderFields(reuse),
        ...deliveryFields(),
      });
      // The server emptied the cart either way: a held order keeps its lines itself (issue 21). A quote's
      // cart is not the one the header counts.
      if (!quote) setCartCount(0);
      if (outcome.kind === 'awaiting_approval') {
        setAwaiting(outcome.approval);
      } else {
        setOrderPath(`/track-order/${outcome.order.id}`);
        setSuccess(CHECKOUT_MESSAGES.orderPlaced);
      }
      return true;
    } catch (error) {
      setProblems(problemsOf(error, CHECKOUT_MESSAGES.placeOrderFailed));
      return false;
    }
  };

  const submit = async (reuse = confirmReuse) => {
    if (placingRef.current || success) return;
    const problem = checkPlaceOrder({
      billingId,
      shippingId: effectiveShippingId,
      paymentMethod,
      lineCount: cart.items.length,
      intentReady: paidRef.current !== null || (card.status === 'ready' && intent.state.status === 'ready'),
      ...(trade ? { purchaseOrder: { value: purchaseOrder, required: trade.company.po_required } } : {}),
    });
    const billing = allAddresses.find((entry) => entry.id === billingId);
    if (problem || !billing || effectiveShippingId === null) {
      setProblems(problem ?? { billing: CHECKOUT_MESSAGES.billingRequired });
      return;
    }
    // A card already charged goes on to its order; otherwise nothing is paid before the delivery is settled.
    const blocked = paidRef.current === null ? deliveryProblem(delivery.step) : null;
    if (blocked) {
      // A cart read again since (changed in another tab) is priced for the pick once more.
      if (delivery.step.status === 'ready' && !delivery.step.saving) delivery.choose(delivery.step.pick);
      setProblems({
        delivery: blocked,
        general: delivery.step.status === 'not-served' ? CHECKOUT_MESSAGES.deliveryNotServed : blocked,
      });
      return;
    }
    placingRef.current = true;
    setPlacing(true);
    setProblems({});
    let placed = false;
    try {
      if (paymentMethod === 'account') {
        placed = await placeOnAccount(billing, effectiveShippingId, reuse);
        return;
      }
      const transactionId = paidRef.current ?? (await pay(billing, effectiveShippingId, reuse));
      if (!transactionId) return;
      paidRef.current = transactionId;
      try {
        await placeOrder({
          billing_address: billing.id,
          shipping_address: effectiveShippingId,
          payment_method: 'card',
          transaction_id: transactionId,
          ...purchaseOrderFields(reuse),
          ...(quote ? { cart_id: cart.id } : {}),
        });
      } catch (error) {
        if (!paymentStillUsable(error)) paidRef.current = null;
        setProblems(problemsOf(error, CHECKOUT_MESSAGES.placeOrderFailed));
        return;
      }
      paidRef.current = null;
      // The server emptied the cart with the order (spec 2, §4); a quote's cart is not the one counted.
      if (!quote) setCartCount(0);
      setSuccess(CHECKOUT_MESSAGES.orderPlaced);
      placed = true;
    } finally {
      setPlacing(false);
      // After an order the door stays shut: the page is on its way to order tracking.
      if (!placed) placingRef.current = false;
    }
  };

  const done = success !== null;
  const reuseWarned = isPurchaseOrderReuse(problems.purchaseOrder);

  const choosePayment = (method: PaymentMethodChoice) => {
    // A card already charged for this cart is used for its order: on account too would be a second order.
    if (method === 'account' && paidRef.current !== null) {
      setProblems((current) => ({ ...current, paymentMethod: CARD_ALREADY_CHARGED }));
      return;
    }
    setPaymentMethod(method);
    if (method === 'card') setCardWanted(true);
    setProblems(({ paymentMethod: _method, ...rest }) => rest);
  };

  return (
    <div className="checkout">
      {quote ? (
        <p className="checkout__quote" role="note">
          Quote {quote.number}: prices fixed as quoted.
        </p>
      ) : null}
      <div className="checkout__form">
        <section className="checkout__section" aria-labelledby="checkout-addresses-title">
          <h2 id="checkout-addresses-title" className="checkout__heading">
            Addresses
          </h2>
          <AddressChoice
            legend="Billing address"
            name="billing_address"
            addresses={addresses}
            shared={shared}
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
                if (!allAddresses.some((entry) => entry.id === shippingId)) setShippingId(billingId);
              }}
            />
            <label htmlFor={sameId}>Same as billing address</label>
          </div>
          {sameAsBilling ? null : (
            <AddressChoice
              legend="Shipping address"
              name="shipping_address"
              addresses={addresses}
              shared={shared}
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

        <DeliveryStepSection
          step={delivery.step}
          onChoose={(pick) => {
            setProblems(({ delivery: _delivery, ...rest }) => rest);
            delivery.choose(pick);
          }}
          onRetry={delivery.retry}
          error={problems.delivery ?? delivery.error}
          disabled={placing || done}
        />

        {trade ? (
          <PurchaseOrderField
            value={purchaseOrder}
            onValue={(value) => {
              setPurchaseOrder(value);
              setConfirmReuse(false);
              setProblems(({ purchaseOrder: _purchaseOrder, ...rest }) => rest);
            }}
            required={trade.company.po_required}
            error={problems.purchaseOrder}
            onUseAnyway={
              reuseWarned
                ? () => {
                    setConfirmReuse(true);
                    void submit(true);
                  }
                : undefined
            }
            disabled={placing || done}
          />
        ) : null}

        <PaymentSection
          method={paymentMethod}
          onMethod={choosePayment}
          methodError={problems.paymentMethod}
          account={accountOption}
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
            {placing
              ? 'Placing order…'
              : paymentMethod === 'account'
                ? 'Place order on account'
                : 'Place Order'}
          </button>
        </div>
      </div>
      <OrderSummary cart={cart} error={problems.cart} />
    </div>
  );
}
