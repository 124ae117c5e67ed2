import { type AddressView, type AwaitingApprovalView, type CartView, penceFromDecimal } from '@shop/domain';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { createPaymentIntent } from '../api/create-payment-intent';
import { type CheckoutData, readCheckoutCart } from '../api/load-checkout';
import { placeOrder } from '../api/place-order';
import { placeOrderOnAccount } from '../api/place-order-on-account';
import {
  billingDetailsOf,
  CHECKOUT_MESSAGES,
  type CheckoutProblems,
  checkPlaceOrder,
  paymentStillUsable,
  problemsOf,
} from '../checkout-rules';
import type { PaymentMethodChoice } from '../components/payment-section';
import type { CardPaymentState } from './use-card-payment';
import type { CheckoutAddresses } from './use-checkout-addresses';
import { DELIVERY_STEP_MESSAGES, type DeliveryStep, type useDeliveryChoice } from './use-delivery-choice';
import type { usePaymentIntent } from './use-payment-intent';
import { setCartCount } from '~/lib/current-cart';

/** How long the success message shows before the order's confirmation page (spec 2, §9). */
export const ORDER_REDIRECT_MS = 2_000;

/**
 * The confirmation page of an order: both ways of paying land there, and so does the card provider's
 * redirect after a payment made off the page (with the payment's id instead of the order's).
 */
export const orderConfirmationPath = (orderId: number) => `/order-confirmed/${orderId}`;

/** What stops paying on the delivery's side: no service chosen yet, or none reaches the address. */
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

interface PlaceOrderInput {
  cart: CartView;
  setCart: (cart: CartView) => void;
  trade: CheckoutData['company'] | null;
  addresses: CheckoutAddresses;
  paymentMethod: PaymentMethodChoice | null;
  card: CardPaymentState;
  intent: ReturnType<typeof usePaymentIntent>;
  delivery: ReturnType<typeof useDeliveryChoice>;
}

/**
 * Place Order: the checks, then by card (the server's payment intent with the chosen addresses, confirmed by
 * the card processor, then the order) or on the company's account; the problems by area, the purchase-order
 * number, the success that leads to the order's confirmation page, or the order held for approval.
 */
export function usePlaceOrder({
  cart,
  setCart,
  trade,
  addresses,
  paymentMethod,
  card,
  intent,
  delivery,
}: PlaceOrderInput) {
  const navigate = useNavigate();
  const [problems, setProblems] = useState<CheckoutProblems>({});
  const [purchaseOrder, setPurchaseOrder] = useState('');
  // Set by "Use it anyway" after the server's warning that the company has used the number before.
  const [confirmReuse, setConfirmReuse] = useState(false);
  const [placing, setPlacing] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const [awaiting, setAwaiting] = useState<AwaitingApprovalView | null>(null);
  const [orderPath, setOrderPath] = useState<string | null>(null);
  // State changes only on the next render: a second click in the same instant must meet a closed door.
  const placingRef = useRef(false);
  // A payment the processor took for an order the server then refused for a reason the buyer can fix
  // (an address): the next Place Order makes the order with it instead of charging the card again.
  const paidRef = useRef<string | null>(null);
  // An accepted quote's own cart: its prices are fixed, and the buyer's own cart is left alone.
  const quote = cart.quote ?? null;
  const { billingId, effectiveShippingId, allAddresses } = addresses;

  useEffect(() => {
    if (!success || orderPath === null) return;
    const timer = setTimeout(() => void navigate(orderPath, { replace: true }), ORDER_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [success, navigate, orderPath]);

  /** The chosen service and extras for the intent and the order on account. */
  const deliveryFields = () =>
    delivery.step.status === 'ready'
      ? { delivery_service: delivery.step.pick.service, delivery_extras: delivery.step.pick.extras }
      : {};

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
      // The server emptied the cart either way: a held order keeps its lines itself. A quote's cart is not
      // the one the header counts.
      if (!quote) setCartCount(0);
      if (outcome.kind === 'awaiting_approval') {
        setAwaiting(outcome.approval);
      } else {
        setOrderPath(orderConfirmationPath(outcome.order.id));
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
      let order;
      try {
        order = await placeOrder({
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
      setOrderPath(orderConfirmationPath(order.id));
      setSuccess(CHECKOUT_MESSAGES.orderPlaced);
      placed = true;
    } finally {
      setPlacing(false);
      // After an order the door stays shut: the page is on its way to order tracking.
      if (!placed) placingRef.current = false;
    }
  };

  /** A new purchase-order number: the server's warning about the old one no longer holds. */
  const changePurchaseOrder = (value: string) => {
    setPurchaseOrder(value);
    setConfirmReuse(false);
    setProblems(({ purchaseOrder: _purchaseOrder, ...rest }) => rest);
  };

  /** "Use it anyway": the number the company used before, placed at once. */
  const placeAnyway = () => {
    setConfirmReuse(true);
    void submit(true);
  };

  return {
    problems,
    setProblems,
    purchaseOrder,
    changePurchaseOrder,
    placeAnyway,
    placing,
    success,
    done: success !== null,
    awaiting,
    submit,
    /** A card already charged for this cart, whose order is still to be made. */
    cardCharged: () => paidRef.current !== null,
  };
}
