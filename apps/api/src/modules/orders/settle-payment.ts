// A paid card payment brought to its end, whichever of the buyer's POST orders/, the webhook and reconciliation
// comes first: its order, exactly once, or its refund when no order can be made.
import {
  accountAddressIds,
  CHECKOUT_MESSAGES,
  COMPANY_MESSAGES,
  type OrderView,
  QUOTE_MESSAGES,
  quoteRefusalWhenPaid,
  roundKg,
} from '@shop/domain';
import type { Db } from '../../db/client';
import type { AddressSnapshot } from '../../db/schema';
import { Invalid, NotFound } from '../../http/errors';
import { enqueueEmail, type OutgoingEmail } from '../mail/service';
import type { IntentStatus, ProviderIntent } from '../payments/provider';
import { selectPricingSettings } from '../settings/service';
import type { CheckoutDeps } from './checkout-deps';
import { addressSnapshots } from './checkout-details';
import { priceCheckout } from './checkout-pricing';
import {
  deliveryChoiceOf,
  misdirection,
  orderDeliveryOf,
  orderLinesOf,
  shortItemIds,
  unitsByItem,
} from './checkout-rules';
import { detailsNeverArrivedEmail, orderConfirmationEmail, paymentRefundedEmail } from './emails';
import { newOrderView } from './order-views';
import * as queries from './queries';

/**
 * What making the order of a paid payment came to. `misdirected`: the shipping address named cannot have the
 * delivery paid for at the price paid (decision 015); nothing made, the payment waits for another address.
 */
export type Completion =
  | { kind: 'created'; orderId: number; view: OrderView }
  | { kind: 'existing'; orderId: number }
  | { kind: 'failed'; reason: string }
  | { kind: 'refund'; reason: string; email?: OutgoingEmail }
  | { kind: 'misdirected'; reason: string; since: Date };

/**
 * Where a payment stands after settling it: an order made now or before, refused earlier, refunded now,
 * paid and waiting for its order's delivery details (decision 009) or for an address its delivery covers
 * (decision 015), or not paid (yet) with the intent's status.
 */
export type Settlement =
  | Exclude<Completion, { kind: 'misdirected' }>
  | { kind: 'waiting'; since: Date }
  | { kind: 'unpaid'; status: IntentStatus };

/** A `charge.refunded` event asks for the refund to be recorded; reconciliation's `detailsWaitMs` settles a wait. */
export interface SettleOptions {
  refundEvent?: boolean;
  detailsWaitMs?: number;
}

/**
 * A paid payment that made no order: recorded with the reason (only while no order exists, so a
 * concurrent success is never undone) and refunded through the provider, once (idempotency key).
 * Answers the order id instead when an order was made meanwhile.
 */
async function refundUnfulfilled(
  deps: CheckoutDeps,
  payment: queries.PaymentRow,
  reason: string,
  email?: OutgoingEmail,
): Promise<number | null> {
  const { db } = deps;
  const marked = email
    ? await db.transaction(async (tx) => {
        // The buyer is told once, with the first refusal.
        const first = await queries.markFirstUnfulfilled(tx, payment.id, reason);
        if (first) await enqueueEmail(tx, email);
        return first || queries.markUnfulfilled(tx, payment.id, reason);
      })
    : await queries.markUnfulfilled(db, payment.id, reason);
  const meanwhile = marked ? null : await settledMeanwhile(deps, payment);
  if (meanwhile?.kind === 'existing') return meanwhile.orderId;
  await refundInFull(deps, payment);
  return null;
}

async function refundInFull(deps: CheckoutDeps, payment: queries.PaymentRow): Promise<void> {
  const { db, provider, log } = deps;
  const refund = await provider.refund(payment.providerPaymentId, {
    reason: 'requested_by_customer',
    idempotencyKey: `unfulfilled:${payment.providerPaymentId}`,
    metadata: { payment_id: String(payment.id) },
  });
  await queries.updatePayment(db, payment.id, { refundedPence: payment.amountPence, status: 'refunded' });
  log.warn(
    { paymentId: payment.id, intentId: payment.providerPaymentId, refundId: refund.id },
    'paid but no order could be made: refunded',
  );
}

/**
 * Makes the order of a payment the provider says has succeeded, exactly once (DESIGN §4.3): under the
 * payment's and cart's row locks, from the server's own cart, priced again and compared with what was
 * paid, with the stock taken under the items' row locks, all in one transaction. Its delivery is priced again
 * for the shipping address (decision 015): where that is not what was paid, no order is made and the payment,
 * with the addresses named, waits for an address it covers (`misdirected`).
 */
export async function completePayment(
  deps: CheckoutDeps,
  payment: queries.PaymentRow,
  intent: ProviderIntent,
  addresses: { billing: AddressSnapshot; shipping: AddressSnapshot },
  purchaseOrderNumber?: string | null,
  /** POST orders/: a company's required PO number must be there (given now or with the intent). */
  requirePurchaseOrder = false,
): Promise<Completion> {
  const { db } = deps;
  const matches =
    intent.currency === 'gbp' &&
    intent.metadata.cart_id === String(payment.cartId) &&
    intent.metadata.user_id === String(payment.userId) &&
    payment.cartId !== null;
  const outcome = await db.transaction(async (tx): Promise<Completion> => {
    const lockedRow = await queries.lockPaymentAndCart(tx, payment.id);
    if (!lockedRow) throw new NotFound();
    const locked = lockedRow.payment;
    if (locked.orderId !== null) return { kind: 'existing', orderId: locked.orderId };
    if (locked.failureReason !== null) return { kind: 'failed', reason: locked.failureReason };
    if (!matches || locked.cartId === null) {
      return { kind: 'refund', reason: CHECKOUT_MESSAGES.paymentMismatch };
    }
    if (
      requirePurchaseOrder &&
      lockedRow.poRequired &&
      !(purchaseOrderNumber || locked.purchaseOrderNumber)
    ) {
      // Nothing written: the paid payment waits for the same request with the number (decision 009).
      throw new Invalid({ purchase_order_number: [COMPANY_MESSAGES.poRequired] });
    }
    const lines = await queries.selectCheckoutLines(tx, locked.cartId!, locked.userId);
    const { vatRate, rules } = await selectPricingSettings(tx);
    // Priced for the postcode the intent was (so the amount paid is the order's), with the cart's choice.
    const priced = priceCheckout(lines, vatRate, rules, {
      postal_code: locked.deliveryPostalCode,
      ...deliveryChoiceOf(lines),
    });
    if (
      lines.length === 0 ||
      priced.unavailable.length > 0 ||
      priced.totals.total_pence !== intent.amount ||
      priced.version !== locked.cartVersion
    ) {
      return { kind: 'refund', reason: CHECKOUT_MESSAGES.paymentMismatch };
    }
    const lapsed = priced.quoteRefused
      ? await quoteLapsedWhenPaid(tx, locked.cartId!, lines[0]!, intent)
      : null;
    if (lapsed) {
      const reason = QUOTE_MESSAGES.paidAfterLapse(lapsed);
      const email = paymentRefundedEmail(lockedRow.email, lockedRow.firstName, intent.amount, reason);
      return { kind: 'refund', reason, email };
    }
    const paidChoice = priced.delivery.choice;
    if (!paidChoice?.ok) {
      return { kind: 'refund', reason: priced.delivery.quote.reason ?? CHECKOUT_MESSAGES.deliveryNotServed };
    }
    // The order goes to the shipping address: its delivery is that zone's price for the service paid for.
    const there = priceCheckout(lines, vatRate, rules, {
      postal_code: addresses.shipping.postal_code,
      service: paidChoice.option.service,
      extras: paidChoice.extras,
      strict: true,
    });
    const refused = misdirection(priced, there);
    const delivery = refused ? null : orderDeliveryOf(there, addresses.shipping.postal_code, rules);
    if (!delivery) {
      const since = await queries.markWaitingForAddress(tx, locked.id, addresses);
      if (!since) throw new Error(`payment ${locked.id} could not be marked as waiting for an address`);
      return { kind: 'misdirected', reason: refused ?? CHECKOUT_MESSAGES.deliveryNotServed, since };
    }
    const need = unitsByItem(priced);
    const stock = await queries.lockStock(tx, [...need.keys()]);
    const lockedStock = new Map(stock.map((row) => [row.id, row.stock]));
    const shortIds = shortItemIds(priced, (line) => lockedStock.get(line.itemId) ?? null);
    const short = stock.filter((row) => shortIds.has(row.id)).map((row) => row.sku);
    if (short.length > 0) return { kind: 'refund', reason: CHECKOUT_MESSAGES.outOfStockRefunded(short) };
    await queries.takeStock(tx, need);
    // What was paid (compared above), with the zone and words of where it goes.
    const { totals } = there;
    const order: queries.NewOrder = {
      userId: locked.userId,
      cartId: locked.cartId!,
      paymentId: locked.id,
      paymentStatusText: 'succeeded',
      subtotalPence: totals.subtotal_pence,
      discountPence: totals.discount_pence,
      shippingPence: totals.shipping_pence,
      vatPence: totals.vat_pence,
      totalPence: totals.total_pence,
      vatRate,
      paymentMethod: 'card',
      transactionId: intent.id,
      // A member's card order is the company's too (its history), with the PO number named at checkout.
      companyId: lockedRow.companyId,
      purchaseOrderNumber:
        lockedRow.companyId === null ? null : purchaseOrderNumber || locked.purchaseOrderNumber || null,
      shippingAddress: addresses.shipping,
      billingAddress: addresses.billing,
      shippingDetails: there.shippingDetails,
      totalWeightKg: roundKg(totals.weight_kg),
      delivery,
      isTest: locked.provider === 'test',
      lines: orderLinesOf(priced),
      stockTaken: [...need].map(([itemId, units]) => ({ itemId, units })),
      email: { to: '', subject: '', text: '' },
    };
    order.email = orderConfirmationEmail(
      lockedRow.email,
      lockedRow.firstName,
      { ...there, delivery },
      addresses.shipping,
      {
        purchaseOrderNumber: order.purchaseOrderNumber,
        onAccount: null,
      },
    );
    const written = await queries.insertOrder(tx, order);
    return { kind: 'created', orderId: written.id, view: newOrderView(order, written) };
  });
  if (outcome.kind !== 'refund') return outcome;
  const orderId = await refundUnfulfilled(deps, payment, outcome.reason, outcome.email);
  return orderId === null ? { kind: 'refund', reason: outcome.reason } : { kind: 'existing', orderId };
}

/**
 * Why a quote cart's payment cannot become its order: the quote had been withdrawn or had expired when the
 * payment was taken (decision 013), or null when it was valid then (taken before the withdrawal or expiry).
 * A provider that does not say when it was paid is taken to have been paid now.
 */
async function quoteLapsedWhenPaid(
  tx: Db,
  cartId: number,
  line: queries.CheckoutRow,
  intent: ProviderIntent,
): Promise<string | null> {
  if (line.quoteStatus === null) return null;
  return quoteRefusalWhenPaid(
    {
      status: line.quoteStatus,
      expiresOn: line.quoteExpiresOn,
      withdrawnAt: line.quoteStatus === 'withdrawn' ? await queries.selectQuoteWithdrawnAt(tx, cartId) : null,
    },
    intent.paidAt ?? new Date(),
  );
}

/**
 * A paid payment without addresses, as the webhook finds it: marked as waiting for the buyer's POST
 * orders/, which names them (spec 2's checkout sends them only there). Answers what it came to when an
 * order was made (or it was refused) meanwhile.
 */
async function awaitDetails(deps: CheckoutDeps, payment: queries.PaymentRow): Promise<Settlement> {
  const { db } = deps;
  const since = await queries.markAwaitingDetails(db, payment.id);
  if (since) return { kind: 'waiting', since };
  const meanwhile = await settledMeanwhile(deps, payment);
  if (meanwhile) return meanwhile;
  throw new Error(`payment ${payment.id} could not be marked as waiting for its details`);
}

/** What another request made of a payment a conditional update found settled: its order, or its refusal. */
async function settledMeanwhile(
  deps: CheckoutDeps,
  payment: queries.PaymentRow,
): Promise<Extract<Completion, { kind: 'existing' | 'failed' }> | null> {
  const { reads } = deps;
  const current = await reads.paymentByProviderId(payment.providerPaymentId);
  if (current?.orderId) return { kind: 'existing', orderId: current.orderId };
  if (current?.failureReason) return { kind: 'failed', reason: current.failureReason };
  return null;
}

/**
 * A paid payment that waits (decision 009), as reconciliation finds it: once `detailsWaitMs` has passed since
 * it began to wait (by the database's clock), refunded in full with `reason` and the buyer told, in the
 * transaction that records why, and never once its order exists; else it waits on.
 */
async function refundOnceWaited(
  deps: CheckoutDeps,
  payment: queries.PaymentRow,
  since: Date,
  detailsWaitMs: number,
  waitedFor: 'details' | 'an address its delivery covers',
): Promise<Settlement> {
  const { db } = deps;
  const misdirected = waitedFor !== 'details';
  const reason = misdirected ? CHECKOUT_MESSAGES.deliveryNeverPaidFor : CHECKOUT_MESSAGES.detailsNeverArrived;
  const marked = await db.transaction(async (tx) => {
    if (!(await queries.markDetailsNeverArrived(tx, payment.id, reason, detailsWaitMs / 1000))) return false;
    // Read in the transaction that marks it: an account erased while the payment waited is told nothing.
    const buyer = await queries.selectBuyerDetails(tx, payment.userId);
    // An erased account's placeholder address can receive nothing.
    if (buyer && !buyer.deleted) {
      await enqueueEmail(
        tx,
        detailsNeverArrivedEmail(buyer.email, buyer.firstName, payment.amountPence, misdirected),
      );
    }
    return true;
  });
  if (marked) {
    await refundInFull(deps, payment);
    return { kind: 'refund', reason };
  }
  return (await settledMeanwhile(deps, payment)) ?? { kind: 'waiting', since };
}

/**
 * A paid payment without addresses, as reconciliation finds it once the buyer's checkout has had its grace
 * period (decision 009): the order, to what the buyer named with the intent and otherwise the account's
 * addresses (accountAddressIds); with none (or none its delivery covers, decision 015), it waits, and after
 * `detailsWaitMs` it is refunded in full (refundOnceWaited).
 */
async function settleWithoutDetails(
  deps: CheckoutDeps,
  payment: queries.PaymentRow,
  intent: ProviderIntent,
  detailsWaitMs: number,
): Promise<Settlement> {
  const { db } = deps;
  const buyer = await queries.selectBuyerDetails(db, payment.userId);
  const ids = buyer && !buyer.deleted ? accountAddressIds(buyer) : null;
  const account = ids
    ? await addressSnapshots(db, payment.userId, {
        billing_address: ids.billing,
        shipping_address: ids.shipping,
      })
    : {};
  const billing = payment.billingAddress ?? account.billing ?? payment.shippingAddress;
  const shipping = payment.shippingAddress ?? account.shipping ?? payment.billingAddress;
  if (billing && shipping) {
    const completion = await completePayment(deps, payment, intent, { billing, shipping });
    if (completion.kind !== 'misdirected') return completion;
    return refundOnceWaited(deps, payment, completion.since, detailsWaitMs, 'an address its delivery covers');
  }
  if (!payment.awaitingDetailsSince) return awaitDetails(deps, payment);
  return refundOnceWaited(deps, payment, payment.awaitingDetailsSince, detailsWaitMs, 'details');
}

/**
 * Brings a payment to its end from what the provider says of its intent now: the webhook and the
 * reconciliation both come here, so duplicates, late deliveries and a missed webhook all end the same way.
 * Records a refund the provider reports; an unpaid intent's status; and for a paid one the order (exactly
 * once), or the refund when no order can be made. A paid payment without addresses, or whose addresses its
 * delivery does not cover (decision 015), waits for the buyer's POST orders/; reconciliation, which passes
 * `detailsWaitMs`, settles it (settleWithoutDetails, refundOnceWaited). Throws (to be tried again) when that
 * end was not reached.
 */
export async function settlePayment(
  deps: CheckoutDeps,
  payment: queries.PaymentRow,
  intent: ProviderIntent,
  { refundEvent = false, detailsWaitMs }: SettleOptions = {},
): Promise<Settlement> {
  const { db } = deps;
  if (intent.amountRefunded > 0 || refundEvent) {
    await queries.recordRefund(db, payment.id, intent.amountRefunded);
  }
  if (intent.status !== 'succeeded') {
    if (payment.status !== intent.status && payment.orderId === null) {
      await queries.updatePayment(db, payment.id, { status: intent.status });
    }
    return { kind: 'unpaid', status: intent.status };
  }
  if (payment.orderId !== null) return { kind: 'existing', orderId: payment.orderId };
  if (payment.failureReason !== null) {
    // Refused earlier; the refund may not have gone through then.
    if (intent.amountRefunded >= intent.amount) return { kind: 'failed', reason: payment.failureReason };
    await refundInFull(deps, payment);
    return { kind: 'refund', reason: payment.failureReason };
  }
  if (!payment.billingAddress || !payment.shippingAddress) {
    // Spec 2's client names the addresses only in POST orders/, which usually follows within
    // milliseconds: an order made now from the account's defaults would ship wherever won the race.
    return detailsWaitMs === undefined
      ? awaitDetails(deps, payment)
      : settleWithoutDetails(deps, payment, intent, detailsWaitMs);
  }
  const completion = await completePayment(deps, payment, intent, {
    billing: payment.billingAddress,
    shipping: payment.shippingAddress,
  });
  if (completion.kind !== 'misdirected') return completion;
  return detailsWaitMs === undefined
    ? { kind: 'waiting', since: completion.since }
    : refundOnceWaited(deps, payment, completion.since, detailsWaitMs, 'an address its delivery covers');
}

/**
 * A webhook event, after its signature checked out. The event only says which payment to look at:
 * its state is asked of the provider, so duplicates, late and out-of-order deliveries all come to the
 * same end. Throws (the endpoint answers 5xx, the provider retries) when that end could not be reached.
 */
export async function handleWebhook(
  deps: CheckoutDeps,
  rawBody: string,
  signature: string | undefined,
): Promise<void> {
  const { reads, provider, log } = deps;
  const event = provider.parseWebhook(rawBody, signature);
  if (!event.intentId) return;
  const payment = await reads.paymentByProviderId(event.intentId);
  if (!payment) {
    log.info({ eventId: event.id, type: event.type }, 'webhook event for a payment this shop did not make');
    return;
  }
  const intent = await provider.retrieveIntent(payment.providerPaymentId);
  if (!intent) return;
  const outcome = await settlePayment(deps, payment, intent, {
    refundEvent: event.type === 'charge.refunded',
  });
  if (outcome.kind === 'waiting') {
    log.info(
      { eventId: event.id, paymentId: payment.id },
      'webhook: paid without delivery details; waiting for the buyer’s order',
    );
  } else if (outcome.kind !== 'unpaid') {
    log.info({ eventId: event.id, paymentId: payment.id, outcome: outcome.kind }, 'webhook: payment settled');
  }
}
