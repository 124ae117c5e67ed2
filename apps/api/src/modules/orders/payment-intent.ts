// The card checkout's first step: the payment intent for the cart as it stands, one per cart contents.
import { type PaymentConfig, type PaymentIntentCreate, type PaymentIntentView } from '@shop/domain';
import type { AddressSnapshot } from '../../db/schema';
import { Invalid, NotFound } from '../../http/errors';
import { updateCartDelivery } from '../carts/service';
import type { PaymentProvider } from '../payments/provider';
import type { RateLimiter } from '../rate-limits/service';
import { selectPricingSettings } from '../settings/service';
import type { CheckoutDeps } from './checkout-deps';
import { addressSnapshots, cardPurchaseOrder } from './checkout-details';
import { priceCheckout } from './checkout-pricing';
import { cartProblem, deliveryChoiceOf } from './checkout-rules';
import * as queries from './queries';

/**
 * Per user: new or changed payment intents (each a call to the provider) and order attempts together, far
 * above any real checkout's needs.
 */
export const CHECKOUT_LIMIT = { name: 'checkout', limit: 120, windowMs: 15 * 60_000 };

/** Which provider the browser pays through, and its publishable key. */
export function paymentConfig(provider: PaymentProvider): PaymentConfig {
  return { provider: provider.name, publishable_key: provider.publishableKey };
}

/** Whether a newly given address (if any) is the one already stored (jsonb does not keep key order). */
function sameAddress(given: AddressSnapshot | undefined, stored: AddressSnapshot | null): boolean {
  if (!given) return true;
  if (!stored) return false;
  return (Object.keys(given) as (keyof AddressSnapshot)[]).every((key) => given[key] === stored[key]);
}

/** A payment whose intent may still be paid, and so is handed back for the same cart contents. */
function isOpen(payment: queries.PaymentRow): boolean {
  return (
    payment.orderId === null &&
    payment.failureReason === null &&
    !(queries.SETTLED_PAYMENT_STATUSES as readonly string[]).includes(payment.status)
  );
}

/**
 * POST ecommerce/payment-intents/: an intent for the cart's current total, the same one for the same
 * cart contents, updated (or replaced, once it cannot be changed) when the cart changes.
 */
export async function createPaymentIntent(
  { db, reads, provider, log }: CheckoutDeps,
  rateLimiter: RateLimiter,
  userId: number,
  body: PaymentIntentCreate,
): Promise<PaymentIntentView> {
  const lines = await reads.checkoutLines(body.cart_id, userId);
  if (lines.length === 0 && !(await queries.selectOwnCart(db, body.cart_id, userId))) throw new NotFound();
  const [{ vatRate, rules }, addresses] = await Promise.all([
    selectPricingSettings(db),
    addressSnapshots(db, userId, body),
  ]);
  // Delivery is priced for the address the order will go to: the one named (shipping, else billing, as
  // the order takes it), else the cart's postcode, else the buyer's default address; none: the mainland.
  const choice = deliveryChoiceOf(lines, body);
  // The cart's postcode falls back to the buyer's default address in the lines' read (`cartPostcode`).
  const postalCode =
    (addresses.shipping ?? addresses.billing)?.postal_code ?? lines[0]?.deliveryPostalCode ?? null;
  const priced = priceCheckout(lines, vatRate, rules, { postal_code: postalCode, ...choice });
  const problem = cartProblem(priced);
  if (problem) throw new Invalid(problem);
  // The choice named here is the cart's from now on, so the order (and the webhook's) price it the same.
  if (
    choice.strict &&
    (choice.service !== lines[0]!.deliveryService || choice.extras.join() !== lines[0]!.deliveryExtras.join())
  ) {
    await updateCartDelivery(db, body.cart_id, {
      deliveryService: choice.service,
      deliveryExtras: choice.extras,
    });
  }
  // A required PO number is asked for with the intent that names the addresses (the order the webhook may
  // make); an intent of `{cart_id}` alone (the page's first, spec 2's client) leaves it to POST orders/.
  const purchaseOrderNumber = await cardPurchaseOrder(
    db,
    userId,
    body,
    body.billing_address != null || body.shipping_address != null,
  );
  const addressValues = {
    ...(addresses.billing ? { billingAddress: addresses.billing } : {}),
    ...((addresses.shipping ?? addresses.billing)
      ? { shippingAddress: addresses.shipping ?? addresses.billing }
      : {}),
    ...(purchaseOrderNumber ? { purchaseOrderNumber } : {}),
    deliveryPostalCode: postalCode,
  };
  const amount = priced.totals.total_pence;
  const metadata = {
    cart_id: String(body.cart_id),
    user_id: String(userId),
    cart_version: priced.version,
  };
  const view = (payment: queries.PaymentRow): PaymentIntentView => ({
    client_secret: payment.clientSecret,
    payment_intent_id: payment.providerPaymentId,
    amount: payment.amountPence,
    currency: payment.currency.toLowerCase(),
    provider: provider.name,
  });

  const newest = await reads.newestPayment(body.cart_id);
  const open = newest && isOpen(newest) ? newest : undefined;
  if (open && open.cartVersion === priced.version) {
    const unchanged =
      sameAddress(addressValues.billingAddress, open.billingAddress) &&
      sameAddress(addressValues.shippingAddress, open.shippingAddress) &&
      (purchaseOrderNumber === null || purchaseOrderNumber === open.purchaseOrderNumber) &&
      open.deliveryPostalCode === postalCode;
    if (unchanged) return view(open);
    return view(await queries.updatePayment(db, open.id, addressValues));
  }
  await rateLimiter.consume(CHECKOUT_LIMIT, String(userId));
  if (open && open.status === 'requires_payment_method') {
    try {
      const intent = await provider.updateIntent(open.providerPaymentId, { amount, metadata });
      return view(
        await queries.updatePayment(db, open.id, {
          amountPence: intent.amount,
          cartVersion: priced.version,
          status: intent.status,
          ...addressValues,
        }),
      );
    } catch (err) {
      // Paid, or waiting for authentication, meanwhile: that payment is settled on its own (an order
      // or a refund); this cart content gets a new intent.
      log.info({ err, paymentId: open.id }, 'payment intent could not be updated; making a new one');
    }
  }
  const intent = await provider.createIntent({
    amount,
    currency: 'gbp',
    metadata,
    // The same cart contents after the same last payment: the same intent, even from a double request.
    idempotencyKey: `cart:${body.cart_id}:${priced.version}:after:${newest?.id ?? 0}`,
  });
  return view(
    await queries.insertPayment(db, {
      userId,
      cartId: body.cart_id,
      provider: provider.name,
      providerPaymentId: intent.id,
      clientSecret: intent.clientSecret,
      amountPence: intent.amount,
      currency: intent.currency.toUpperCase(),
      status: intent.status,
      cartVersion: priced.version,
      ...addressValues,
    }),
  );
}
