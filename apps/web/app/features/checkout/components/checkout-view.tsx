import { COMPANY_MESSAGES, type CartView } from '@shop/domain';
import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { CheckoutData } from '../api/load-checkout';
import { approvalLimitOf, CHECKOUT_MESSAGES, isPurchaseOrderReuse } from '../checkout-rules';
import { useCardPayment } from '../hooks/use-card-payment';
import { useCheckoutAddresses } from '../hooks/use-checkout-addresses';
import { useDeliveryChoice } from '../hooks/use-delivery-choice';
import { usePaymentIntent } from '../hooks/use-payment-intent';
import { usePlaceOrder } from '../hooks/use-place-order';
import type { SharedAddresses } from './address-choice';
import { AwaitingApproval } from './awaiting-approval';
import { CheckoutAddressesSection } from './checkout-addresses';
import { DeliveryStepSection } from './delivery-step';
import { OrderSummary } from './order-summary';
import { type AccountOption, type PaymentMethodChoice, PaymentSection } from './payment-section';
import { PurchaseOrderField } from './purchase-order-field';

export { ORDER_REDIRECT_MS } from '../hooks/use-place-order';

/** Why Pay on account cannot be chosen after the card has been charged for an order the server refused. */
export const CARD_ALREADY_CHARGED =
  'Your card has already been charged for this order. Place it by card, or contact us.';

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

/** An empty cart: nothing to pay for. */
function CartEmpty() {
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

/** Whether a trade buyer's company may pay on account, and what stops it now (a hold). */
function accountOptionOf(trade: CheckoutData['company']): AccountOption | null {
  if (!trade?.company.pay_on_account) return null;
  const { on_hold, hold_reason, available_credit } = trade.company;
  return {
    holdMessage: on_hold ? COMPANY_MESSAGES.onHold(hold_reason ?? '') : null,
    availableCredit: available_credit,
  };
}

/**
 * Card or account: a company that may pay on account (and is not on hold) pays that way unless the buyer
 * picks the card. The card processor's code is fetched once the card is wanted, and kept if the buyer
 * switches back.
 */
function usePaymentMethod(account: AccountOption | null) {
  const [method, setMethod] = useState<PaymentMethodChoice | null>(() =>
    account && account.holdMessage === null ? 'account' : 'card',
  );
  const [cardWanted, setCardWanted] = useState(method === 'card');
  const choose = (next: PaymentMethodChoice) => {
    setMethod(next);
    if (next === 'card') setCardWanted(true);
  };
  return { method, cardWanted, choose };
}

const APPROVAL_NOTE_ID = 'checkout-approval-note';

/**
 * The Place Order button, the general problem above it and the success message; above the buyer's order limit
 * on account, the word that it goes to the approvers and a button that says so.
 */
function PlaceOrder({
  problem,
  success,
  placing,
  onAccount,
  approvalLimit,
  onPlace,
}: {
  problem: string | undefined;
  success: string | null;
  placing: boolean;
  onAccount: boolean;
  /** The buyer's order limit (pence) when this order on account goes to the approvers; null otherwise. */
  approvalLimit: number | null;
  onPlace: () => void;
}) {
  const forApproval = onAccount && approvalLimit !== null;
  return (
    <div className="checkout__place">
      {forApproval ? (
        <p id={APPROVAL_NOTE_ID} className="checkout__approval-note">
          {COMPANY_MESSAGES.overOrderLimit(approvalLimit)}
        </p>
      ) : null}
      <p className="form__failure" role="alert">
        {problem}
      </p>
      <p className="form__success" role="status">
        {success}
      </p>
      <button
        type="button"
        className="button button--primary checkout__place-button"
        disabled={placing || success !== null}
        aria-busy={placing || undefined}
        aria-describedby={forApproval ? APPROVAL_NOTE_ID : undefined}
        onClick={onPlace}
      >
        {placing
          ? forApproval
            ? 'Sending for approval…'
            : 'Placing order…'
          : forApproval
            ? 'Send for approval'
            : onAccount
              ? 'Place order on account'
              : 'Place Order'}
      </button>
    </div>
  );
}

/**
 * The checkout (spec 2, §2 Checkout screen, §4 Checkout): billing and shipping addresses, the delivery, the
 * card, and Place Order, which asks the server for the payment intent with the chosen addresses, has the
 * card processor confirm it, then makes the order; the cart summary sits beside it. A trade buyer also sees
 * the company's shared addresses, a purchase-order number, and, when the company has credit, Pay on account,
 * which places the order with no card (or sends it to the approvers above their limit).
 */
export function CheckoutView({ data }: { data: CheckoutData }) {
  const trade = data.company ?? null;
  const sharedList = trade?.addresses ?? [];
  const shared: SharedAddresses | null = trade
    ? { heading: trade.company.trading_name, addresses: trade.addresses }
    : null;
  const accountOption = accountOptionOf(trade);

  const [cart, setCart] = useState<CartView>(data.cart);
  const addresses = useCheckoutAddresses(data.addresses, sharedList, trade !== null);
  const payment = usePaymentMethod(accountOption);
  const hasItems = cart.items.length > 0;
  const card = useCardPayment(data.payment, hasItems && payment.cardWanted);
  const intent = usePaymentIntent(cart.id, hasItems && payment.method === 'card');
  // The cart follows the delivery chosen for the shipping address, so the summary shows what will be paid;
  // an intent refused for the address before (a zone the cart's old postcode was in) is asked for again.
  const delivery = useDeliveryChoice(
    cart,
    hasItems ? (addresses.shippingAddress?.postal_code ?? null) : null,
    (next) => {
      setCart(next);
      if (intent.state.status === 'failed') intent.retry();
    },
  );
  const order = usePlaceOrder({
    cart,
    setCart,
    trade,
    addresses,
    paymentMethod: payment.method,
    card,
    intent,
    delivery,
  });
  const { problems, setProblems } = order;

  if (order.awaiting) {
    return <AwaitingApproval total={order.awaiting.total} reference={order.awaiting.reference} />;
  }
  if (!hasItems) return <CartEmpty />;

  const choosePayment = (method: PaymentMethodChoice) => {
    // A card already charged for this cart is used for its order: on account too would be a second order.
    if (method === 'account' && order.cardCharged()) {
      setProblems((current) => ({ ...current, paymentMethod: CARD_ALREADY_CHARGED }));
      return;
    }
    payment.choose(method);
    setProblems(({ paymentMethod: _method, ...rest }) => rest);
  };

  return (
    <div className="checkout">
      {cart.quote ? (
        <p className="checkout__quote" role="note">
          Quote {cart.quote.number}: prices fixed as quoted.
        </p>
      ) : null}
      <div className="checkout__form">
        <CheckoutAddressesSection
          choice={addresses}
          shared={shared}
          invoiceTo={trade?.company ?? null}
          problems={problems}
          onCreated={() => setProblems(({ billing: _billing, shipping: _shipping, ...rest }) => rest)}
        />

        <DeliveryStepSection
          step={delivery.step}
          onChoose={(pick) => {
            setProblems(({ delivery: _delivery, ...rest }) => rest);
            delivery.choose(pick);
          }}
          onRetry={delivery.retry}
          error={problems.delivery ?? delivery.error}
          disabled={order.placing || order.done}
        />

        {trade ? (
          <PurchaseOrderField
            value={order.purchaseOrder}
            onValue={order.changePurchaseOrder}
            required={trade.company.po_required}
            error={problems.purchaseOrder}
            onUseAnyway={isPurchaseOrderReuse(problems.purchaseOrder) ? order.placeAnyway : undefined}
            disabled={order.placing || order.done}
          />
        ) : null}

        <PaymentSection
          method={payment.method}
          onMethod={choosePayment}
          methodError={problems.paymentMethod}
          account={accountOption}
          card={card}
          intent={intent.state}
          onRetryIntent={intent.retry}
        />

        <PlaceOrder
          problem={problems.general}
          success={order.success}
          placing={order.placing}
          onAccount={payment.method === 'account'}
          approvalLimit={approvalLimitOf(trade?.company ?? null, cart.total)}
          onPlace={() => void order.submit()}
        />
      </div>
      <OrderSummary cart={cart} error={problems.cart} />
    </div>
  );
}
