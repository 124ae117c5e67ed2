import {
  accountAddressIds,
  availableCreditPence,
  type AwaitingApprovalView,
  CHECKOUT_MESSAGES,
  COMPANY_MESSAGES,
  creditAllows,
  type DeliveryRules,
  documentNumber,
  documentPaths,
  insufficientStockDetail,
  invoiceDueDate,
  MAX_ORDER_TOTAL_PENCE,
  needsApproval,
  type OrderCreate,
  type OrderView,
  packsStockAllows,
  type PageRequest,
  type PaymentConfig,
  type PaymentIntentCreate,
  type PaymentIntentView,
  paymentTermsLabel,
  penceToDecimal,
  promisedDates,
  purchaseOrderKey,
  roundKg,
  ukToday,
} from '@shop/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { AddressSnapshot } from '../../db/schema';
import { BadRequest, Conflict, Invalid, NotFound } from '../../http/errors';
import { pageWindow } from '../../http/pagination';
import { groupBy } from '../../lib/group-by';
import { selectOwnAddresses } from '../addresses/service';
import { orderDeliveryView, type OrderDelivery } from '../delivery/views';
import { updateCartDelivery } from '../carts/service';
import { membershipOf, paysOnAccount } from '../companies/membership';
import { enqueueEmail } from '../mail/service';
import type { IntentStatus, PaymentProvider, ProviderIntent } from '../payments/provider';
import type { RateLimiter } from '../rate-limits/service';
import { selectPricingSettings } from '../settings/service';
import { priceCheckout, type CheckoutLine, type PricedCart } from './checkout-pricing';
import { approvalRequestEmail, detailsNeverArrivedEmail, orderConfirmationEmail } from './emails';
import * as queries from './queries';

// The orders module's calls for other modules.
export {
  creditNotesJoin,
  historyJoin,
  insertOrder,
  selectCheckoutLines,
  selectLinesOfOrders,
  selectOwedAndPoUses,
  takeStock,
  withHistory,
  type NewOrder,
  type OrderWithHistory,
} from './queries';

/** An order's progress as the buyer sees it: placed (pending) when it was made, then each status staff set. */
export function statusHistoryOf(order: queries.OrderRow, history: queries.StatusEntryRow[]) {
  return [{ status: 'pending' as const, note: 'Order placed', createdAt: order.createdAt }, ...history].map(
    (entry) => ({ status: entry.status, note: entry.note, created_at: entry.createdAt.toISOString() }),
  );
}

/** The order's refunds with their credit notes, as the buyer sees them; n counts from 1 in the order. */
function refundViews(orderId: number, notes: queries.CreditNoteRow[]) {
  return notes.map((note, index) => ({
    n: index + 1,
    amount: penceToDecimal(note.amountPence),
    created_at: note.issuedAt.toISOString(),
    credit_note_number: documentNumber('credit_note', note.creditNoteNumber),
    credit_note: documentPaths.creditNote(orderId, index + 1),
  }));
}

export function toOrderView(
  order: queries.OrderRow,
  lines: queries.OrderLineRow[],
  history: queries.StatusEntryRow[] = [],
  creditNotes: queries.CreditNoteRow[] = [],
): OrderView {
  const refundsMade = refundViews(order.id, creditNotes);
  return {
    id: order.id,
    created_at: order.createdAt.toISOString(),
    status: order.status,
    payment_status: order.paymentStatus,
    payment_verified: order.paymentVerified,
    subtotal: penceToDecimal(order.subtotalPence),
    discount: penceToDecimal(order.discountPence),
    shipping_cost: penceToDecimal(order.shippingPence),
    vat: order.vatRate,
    vat_amount: penceToDecimal(order.vatPence),
    total: penceToDecimal(order.totalPence),
    total_packs: lines.reduce((sum, line) => sum + line.packQuantity, 0),
    total_weight: roundKg(order.totalWeightKg),
    items: lines.map((line) => ({
      id: line.id,
      item: line.itemId,
      sku: line.sku,
      title: line.title,
      pack_quantity: line.packQuantity,
      units_per_pack: line.unitsPerPack,
      units: line.packQuantity * line.unitsPerPack,
      unit_type: line.unitType,
      price_per_pack: penceToDecimal(line.pricePerPackPence),
      subtotal: penceToDecimal(line.subtotalPence),
      discount_percentage: line.discountPercentage,
      total: penceToDecimal(line.totalPence),
      weight: roundKg(line.weightKg),
    })),
    shipping_address: order.shippingAddress,
    billing_address: order.billingAddress,
    shipping_details: order.shippingDetails ?? null,
    payment_method: order.paymentMethod,
    transaction_id: order.transactionId,
    invoice: order.invoiceNumber === null ? null : documentPaths.invoice(order.id),
    paid_receipt: order.receiptNumber === null ? null : documentPaths.receipt(order.id),
    refund_receipt: refundsMade.at(-1)?.credit_note ?? null,
    invoice_number: order.invoiceNumber === null ? null : documentNumber('invoice', order.invoiceNumber),
    receipt_number: order.receiptNumber === null ? null : documentNumber('receipt', order.receiptNumber),
    refunds: refundsMade,
    carrier: order.carrier,
    tracking_number: order.trackingNumber,
    refunded: penceToDecimal(order.refundedPence),
    status_history: statusHistoryOf(order, history),
    is_test: order.isTest,
    purchase_order_number: order.purchaseOrderNumber,
    invoice_due_date: order.invoiceDueDate,
    payment_terms: order.paymentTerms ? paymentTermsLabel(order.paymentTerms) : null,
    company: order.companyId,
    delivery: orderDeliveryView(order),
  };
}

/**
 * A delivery dated for an order made `now` (issue 23): the service and extras paid for, to the shipping
 * address's zone and region. Null when that address cannot have the service.
 */
export function datedDelivery(
  choice: { service: OrderDelivery['service']; extras: OrderDelivery['extras'] },
  shippingPostcode: string,
  rules: DeliveryRules,
  now: Date = new Date(),
): OrderDelivery | null {
  const dates = promisedDates(choice.service, shippingPostcode, now, rules);
  if (!dates) return null;
  return {
    service: choice.service,
    extras: choice.extras,
    zone: dates.zone,
    dispatchBy: dates.dispatch_date,
    deliveryDate: dates.delivery_date,
  };
}

/**
 * The delivery an order keeps: the priced cart's service and extras, dated by `datedDelivery`. Null when the
 * cart has none its shipping address can have (a card buyer who paid for one postcode and named an address
 * elsewhere: their payment is refunded).
 */
function orderDeliveryOf(priced: PricedCart, shippingPostcode: string, rules: DeliveryRules) {
  const choice = priced.delivery.choice;
  return choice?.ok
    ? datedDelivery({ service: choice.option.service, extras: choice.extras }, shippingPostcode, rules)
    : null;
}

/**
 * The delivery choice a checkout call prices with: the one its body names, which the address and load must
 * allow (`strict`), else the cart's own as its rows carry it (the cheapest stands in if it is out of date).
 */
function deliveryChoiceOf(
  lines: readonly Pick<CheckoutLine, 'deliveryService' | 'deliveryExtras'>[],
  body: Pick<PaymentIntentCreate, 'delivery_service' | 'delivery_extras'> = {},
) {
  if (body.delivery_service != null || body.delivery_extras !== undefined) {
    return { service: body.delivery_service ?? null, extras: body.delivery_extras ?? [], strict: true };
  }
  return {
    service: lines[0]?.deliveryService ?? null,
    extras: lines[0]?.deliveryExtras ?? [],
    strict: false,
  };
}

/** Why a cart cannot be paid for as it stands, or null when it can (checked before any money moves). */
function cartProblem(priced: PricedCart): Record<string, string[]> | null {
  if (priced.lines.length === 0) return { cart: [CHECKOUT_MESSAGES.cartEmpty] };
  if (priced.quoteRefused) return { cart: [priced.quoteRefused] };
  const delivery = priced.delivery.choice;
  if (delivery && !delivery.ok) return { [delivery.field]: [delivery.message] };
  if (priced.unavailable.length > 0) {
    return {
      cart: priced.unavailable.map(
        (sku) => `${sku} is no longer available. Please remove it from your cart.`,
      ),
    };
  }
  const shortIds = shortItemIds(priced, (line) => (line.trackInventory ? line.stock : null));
  const short = priced.lines
    .filter(({ line }) => shortIds.has(line.itemId))
    .map(({ line }) => insufficientStockDetail(line.sku, line.stock));
  if (short.length > 0) return { cart: [...new Set(short)] };
  if (
    priced.totals.total_pence > MAX_ORDER_TOTAL_PENCE ||
    priced.totals.subtotal_pence > MAX_ORDER_TOTAL_PENCE
  ) {
    return { cart: [CHECKOUT_MESSAGES.orderTooLarge] };
  }
  return null;
}

/** Units of each tracked item the cart takes (an item may have a pack line and a pallet line). */
function unitsByItem(priced: PricedCart): Map<number, number> {
  const units = new Map<number, number>();
  for (const { line } of priced.lines) {
    if (!line.trackInventory) continue;
    units.set(line.itemId, (units.get(line.itemId) ?? 0) + line.packQuantity * line.unitsPerPack);
  }
  return units;
}

/** The order's copy of its priced lines. */
export function orderLinesOf(priced: PricedCart): queries.NewOrder['lines'] {
  return priced.lines.map(({ line, totals }) => ({
    itemId: line.itemId,
    sku: line.sku,
    title: line.title,
    packQuantity: line.packQuantity,
    unitsPerPack: line.unitsPerPack,
    unitType: line.unitType,
    pricePerPackPence: line.pricePence!,
    subtotalPence: totals.subtotal_pence,
    discountPercentage: line.discountPercentage ?? 0,
    totalPence: totals.total_pence,
    weightKg: roundKg(totals.weight_kg),
  }));
}

/**
 * The items whose stock does not cover the cart's packs of them, over all their lines (an item may have a
 * pack line and a pallet line); `stockOf` gives a line's item's stock, null when it is not tracked.
 */
function shortItemIds(priced: PricedCart, stockOf: (line: CheckoutLine) => number | null): Set<number> {
  const held = new Map<number, number>();
  const short = new Set<number>();
  for (const { line } of priced.lines) {
    const units = held.get(line.itemId) ?? 0;
    if (line.packQuantity > packsStockAllows(stockOf(line), units, line.unitsPerPack)) short.add(line.itemId);
    held.set(line.itemId, units + line.packQuantity * line.unitsPerPack);
  }
  return short;
}

/** The answer for an order just written, from what was written (no read back). */
export function newOrderView(order: queries.NewOrder, written: queries.WrittenOrder) {
  return toOrderView(
    {
      id: written.id,
      userId: order.userId,
      status: 'pending',
      paymentStatus: order.onAccount ? 'ON_ACCOUNT' : 'COMPLETED',
      paymentVerified: !order.onAccount,
      subtotalPence: order.subtotalPence,
      discountPence: order.discountPence,
      shippingPence: order.shippingPence,
      vatPence: order.vatPence,
      totalPence: order.totalPence,
      vatRate: order.vatRate,
      paymentMethod: order.paymentMethod,
      transactionId: order.transactionId,
      shippingAddress: order.shippingAddress,
      billingAddress: order.billingAddress,
      shippingDetails: order.shippingDetails,
      totalWeightKg: order.totalWeightKg,
      carrier: null,
      trackingNumber: null,
      refundedPence: 0,
      invoiceNumber: written.invoiceNumber,
      receiptNumber: written.receiptNumber,
      seller: written.seller,
      isTest: order.isTest,
      companyId: order.companyId,
      purchaseOrderNumber: order.purchaseOrderNumber,
      invoiceDueDate: order.onAccount?.invoiceDueDate ?? null,
      paymentTerms: order.onAccount?.paymentTerms ?? null,
      deliveryService: order.delivery?.service ?? null,
      deliveryExtras: order.delivery?.extras ?? [],
      deliveryZone: order.delivery?.zone ?? null,
      dispatchBy: order.delivery?.dispatchBy ?? null,
      deliveryDate: order.delivery?.deliveryDate ?? null,
      createdAt: written.createdAt,
      updatedAt: written.createdAt,
    },
    order.lines.map((line, index) => ({ ...line, id: written.lineIds[index]!, orderId: written.id })),
  );
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
 * Per user: new or changed payment intents (each a call to the provider) and order attempts together, far
 * above any real checkout's needs.
 */
export const CHECKOUT_LIMIT = { name: 'checkout', limit: 120, windowMs: 15 * 60_000 };

type Completion =
  | { kind: 'created'; orderId: number; view: OrderView }
  | { kind: 'existing'; orderId: number }
  | { kind: 'failed'; reason: string }
  | { kind: 'refund'; reason: string };

/**
 * Where a payment stands after settling it: an order made now or before, refused earlier, refunded now,
 * paid and waiting for its order's delivery details (decision 009), or not paid (yet) with the intent's status.
 */
export type Settlement =
  Completion | { kind: 'waiting'; since: Date } | { kind: 'unpaid'; status: IntentStatus };

export function createOrdersService(
  db: Db,
  {
    provider,
    log,
    rateLimiter,
  }: { provider: PaymentProvider; log: FastifyBaseLogger; rateLimiter: RateLimiter },
) {
  const reads = queries.prepareCheckoutReads(db);

  /** The user's addresses by id, as the order will keep them; a missing one is a field error. */
  async function addressSnapshots(
    userId: number,
    ids: { billing_address?: number | null | undefined; shipping_address?: number | null | undefined },
  ): Promise<{ billing?: AddressSnapshot; shipping?: AddressSnapshot }> {
    const wanted = [ids.billing_address, ids.shipping_address].filter((id): id is number => id != null);
    if (wanted.length === 0) return {};
    const own = await selectOwnAddresses(db, userId, [...new Set(wanted)]);
    const errors: Record<string, string[]> = {};
    for (const field of ['billing_address', 'shipping_address'] as const) {
      const id = ids[field];
      if (id != null && !own.has(id)) errors[field] = [`Invalid pk "${id}" - object does not exist.`];
    }
    if (Object.keys(errors).length > 0) throw new Invalid(errors);
    return {
      ...(ids.billing_address != null ? { billing: own.get(ids.billing_address)! } : {}),
      ...(ids.shipping_address != null ? { shipping: own.get(ids.shipping_address)! } : {}),
    };
  }

  /**
   * A card checkout's PO number (issue 21): a member's company may require one, and a number the company has
   * used before needs `confirm_purchase_order_reuse`. Answers it for a member, null for anyone else.
   */
  async function cardPurchaseOrder(
    userId: number,
    body: {
      purchase_order_number?: string | null | undefined;
      confirm_purchase_order_reuse?: boolean | undefined;
    },
    required: boolean,
  ): Promise<string | null> {
    const membership = await membershipOf(db, userId);
    if (!membership) return null;
    const number = body.purchase_order_number || null;
    if (required && membership.poRequired && !number) {
      throw new Invalid({ purchase_order_number: [COMPANY_MESSAGES.poRequired] });
    }
    if (number && !body.confirm_purchase_order_reuse) {
      const { poUses } = await queries.selectOwedAndPoUses(
        db,
        membership.companyId,
        purchaseOrderKey(number),
      );
      if (poUses > 0) throw new Invalid({ purchase_order_number: [COMPANY_MESSAGES.poUsed(number)] });
    }
    return number;
  }

  async function orderView(orderId: number): Promise<OrderView> {
    const [order, lines] = await Promise.all([
      queries.selectOrderById(db, orderId),
      queries.selectLinesOfOrders(db, [orderId]),
    ]);
    return toOrderView(order!.order, lines, order!.history, order!.creditNotes);
  }

  /**
   * A paid payment that made no order: recorded with the reason (only while no order exists, so a
   * concurrent success is never undone) and refunded through the provider, once (idempotency key).
   * Answers the order id instead when an order was made meanwhile.
   */
  async function refundUnfulfilled(payment: queries.PaymentRow, reason: string): Promise<number | null> {
    const marked = await queries.markUnfulfilled(db, payment.id, reason);
    const meanwhile = marked ? null : await settledMeanwhile(payment);
    if (meanwhile?.kind === 'existing') return meanwhile.orderId;
    await refundInFull(payment);
    return null;
  }

  async function refundInFull(payment: queries.PaymentRow): Promise<void> {
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
   * paid, with the stock taken under the items' row locks, all in one transaction.
   */
  async function completePayment(
    payment: queries.PaymentRow,
    intent: ProviderIntent,
    addresses: { billing: AddressSnapshot; shipping: AddressSnapshot },
    purchaseOrderNumber?: string | null,
    /** POST orders/: a company's required PO number must be there (given now or with the intent). */
    requirePurchaseOrder = false,
  ): Promise<Completion> {
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
      const delivery = orderDeliveryOf(priced, addresses.shipping.postal_code, rules);
      if (!delivery) {
        return {
          kind: 'refund',
          reason: priced.delivery.quote.reason ?? CHECKOUT_MESSAGES.deliveryNotServed,
        };
      }
      const need = unitsByItem(priced);
      const stock = await queries.lockStock(tx, [...need.keys()]);
      const lockedStock = new Map(stock.map((row) => [row.id, row.stock]));
      const shortIds = shortItemIds(priced, (line) => lockedStock.get(line.itemId) ?? null);
      const short = stock.filter((row) => shortIds.has(row.id)).map((row) => row.sku);
      if (short.length > 0) return { kind: 'refund', reason: CHECKOUT_MESSAGES.outOfStockRefunded(short) };
      await queries.takeStock(tx, need);
      const { totals } = priced;
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
        shippingDetails: priced.shippingDetails,
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
        { ...priced, delivery },
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
    const orderId = await refundUnfulfilled(payment, outcome.reason);
    return orderId === null ? outcome : { kind: 'existing', orderId };
  }

  /**
   * A paid payment without addresses, as the webhook finds it: marked as waiting for the buyer's POST
   * orders/, which names them (spec 2's checkout sends them only there). Answers what it came to when an
   * order was made (or it was refused) meanwhile.
   */
  async function awaitDetails(payment: queries.PaymentRow): Promise<Settlement> {
    const since = await queries.markAwaitingDetails(db, payment.id);
    if (since) return { kind: 'waiting', since };
    const meanwhile = await settledMeanwhile(payment);
    if (meanwhile) return meanwhile;
    throw new Error(`payment ${payment.id} could not be marked as waiting for its details`);
  }

  /** What another request made of a payment a conditional update found settled: its order, or its refusal. */
  async function settledMeanwhile(payment: queries.PaymentRow): Promise<Completion | null> {
    const current = await reads.paymentByProviderId(payment.providerPaymentId);
    if (current?.orderId) return { kind: 'existing', orderId: current.orderId };
    if (current?.failureReason) return { kind: 'failed', reason: current.failureReason };
    return null;
  }

  /**
   * A paid payment without addresses, as reconciliation finds it once the buyer's checkout has had its grace
   * period (decision 009): the order, to what the buyer named with the intent and otherwise the account's
   * addresses (accountAddressIds); with none, it waits, and after `detailsWaitMs` it is refunded in full and
   * the buyer told, in the transaction that records why, and never once its order exists.
   */
  async function settleWithoutDetails(
    payment: queries.PaymentRow,
    intent: ProviderIntent,
    detailsWaitMs: number,
  ): Promise<Settlement> {
    const buyer = await queries.selectBuyerDetails(db, payment.userId);
    const ids = buyer && !buyer.deleted ? accountAddressIds(buyer) : null;
    const account = ids
      ? await addressSnapshots(payment.userId, {
          billing_address: ids.billing,
          shipping_address: ids.shipping,
        })
      : {};
    const billing = payment.billingAddress ?? account.billing ?? payment.shippingAddress;
    const shipping = payment.shippingAddress ?? account.shipping ?? payment.billingAddress;
    if (billing && shipping) return completePayment(payment, intent, { billing, shipping });
    if (!payment.awaitingDetailsSince) return awaitDetails(payment);

    const reason = CHECKOUT_MESSAGES.detailsNeverArrived;
    const marked = await db.transaction(async (tx) => {
      if (!(await queries.markDetailsNeverArrived(tx, payment.id, reason, detailsWaitMs / 1000)))
        return false;
      // An erased account's placeholder address can receive nothing.
      if (buyer && !buyer.deleted) {
        await enqueueEmail(tx, detailsNeverArrivedEmail(buyer.email, buyer.firstName, payment.amountPence));
      }
      return true;
    });
    if (marked) {
      await refundInFull(payment);
      return { kind: 'refund', reason };
    }
    return (await settledMeanwhile(payment)) ?? { kind: 'waiting', since: payment.awaitingDetailsSince };
  }

  /**
   * Brings a payment to its end from what the provider says of its intent now: the webhook and the
   * reconciliation both come here, so duplicates, late deliveries and a missed webhook all end the same way.
   * Records a refund the provider reports; an unpaid intent's status; and for a paid one the order (exactly
   * once), or the refund when no order can be made. A paid payment without addresses waits for the buyer's
   * POST orders/; reconciliation, which passes `detailsWaitMs`, settles it (settleWithoutDetails). Throws (to
   * be tried again) when that end was not reached.
   */
  async function settlePayment(
    payment: queries.PaymentRow,
    intent: ProviderIntent,
    { refundEvent = false, detailsWaitMs }: { refundEvent?: boolean; detailsWaitMs?: number } = {},
  ): Promise<Settlement> {
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
      await refundInFull(payment);
      return { kind: 'refund', reason: payment.failureReason };
    }
    if (!payment.billingAddress || !payment.shippingAddress) {
      // Spec 2's client names the addresses only in POST orders/, which usually follows within
      // milliseconds: an order made now from the account's defaults would ship wherever won the race.
      return detailsWaitMs === undefined
        ? awaitDetails(payment)
        : settleWithoutDetails(payment, intent, detailsWaitMs);
    }
    return completePayment(payment, intent, {
      billing: payment.billingAddress,
      shipping: payment.shippingAddress,
    });
  }

  /**
   * POST orders/ with `payment_method: "account"` (issue 21, DESIGN §7, decision 010): no payment provider. In
   * one transaction the company row and the cart are locked before any stock; what the company owes is summed
   * after the lock; an order above the available credit is refused taking nothing; one above the buyer's
   * order limit is held for an approver (no stock, no credit); otherwise the stock is taken as the card path
   * takes it and the order written with its invoice, due date and terms.
   */
  async function placeOnAccount(
    userId: number,
    body: OrderCreate,
  ): Promise<{ order: OrderView; created: boolean } | { held: AwaitingApprovalView }> {
    const { billing, shipping } = await addressSnapshots(userId, body);
    if (!billing || !shipping) {
      throw new Invalid({
        ...(shipping ? {} : { shipping_address: [CHECKOUT_MESSAGES.shippingRequired] }),
        ...(billing ? {} : { billing_address: [CHECKOUT_MESSAGES.billingRequired] }),
      });
    }
    const purchaseOrderNumber = body.purchase_order_number || null;
    const issuedOn = ukToday();
    return db.transaction(async (tx) => {
      const account = await queries.lockAccountAndCart(tx, userId, body.cart_id ?? 0);
      if (!account) {
        if (!(await membershipOf(tx, userId))) {
          throw new Invalid({ payment_method: [COMPANY_MESSAGES.noCompany] });
        }
        throw new NotFound();
      }
      if (!paysOnAccount(account) || account.paymentTerms === null) {
        throw new Invalid({ payment_method: [COMPANY_MESSAGES.notOnAccount] });
      }
      if (account.onHold) {
        throw new Invalid({ payment_method: [COMPANY_MESSAGES.onHold(account.holdReason ?? '')] });
      }
      if (account.poRequired && !purchaseOrderNumber) {
        throw new Invalid({ purchase_order_number: [COMPANY_MESSAGES.poRequired] });
      }
      const checkReuse = purchaseOrderNumber !== null && !body.confirm_purchase_order_reuse;
      const { owedPence, poUses } = await queries.selectOwedAndPoUses(
        tx,
        account.companyId,
        checkReuse ? purchaseOrderKey(purchaseOrderNumber) : '',
      );
      if (poUses > 0) {
        throw new Invalid({ purchase_order_number: [COMPANY_MESSAGES.poUsed(purchaseOrderNumber!)] });
      }
      const lines = await queries.selectCheckoutLines(tx, account.cartId, userId);
      const { vatRate, rules } = await selectPricingSettings(tx);
      const priced = priceCheckout(lines, vatRate, rules, {
        postal_code: shipping.postal_code,
        ...deliveryChoiceOf(lines, body),
      });
      const problem = cartProblem(priced);
      if (problem) throw new Invalid(problem);
      const delivery = orderDeliveryOf(priced, shipping.postal_code, rules);
      if (!delivery) {
        throw new Invalid({
          shipping_address: [priced.delivery.quote.reason ?? CHECKOUT_MESSAGES.deliveryNotServed],
        });
      }
      const { totals } = priced;
      const available = availableCreditPence(account.creditLimitPence, owedPence);
      if (!creditAllows(available, totals.total_pence)) {
        throw new Invalid({ payment_method: [COMPANY_MESSAGES.overCredit(available)] });
      }
      const orderLines = orderLinesOf(priced);
      const shippingDetails = {
        ...priced.shippingDetails,
        service: delivery.service,
        extras: delivery.extras,
      };
      const figures = {
        subtotalPence: totals.subtotal_pence,
        discountPence: totals.discount_pence,
        shippingPence: totals.shipping_pence,
        vatPence: totals.vat_pence,
        totalPence: totals.total_pence,
        vatRate,
        totalWeightKg: roundKg(totals.weight_kg),
        shippingDetails,
        shippingAddress: shipping,
        billingAddress: billing,
        purchaseOrderNumber,
      };
      if (needsApproval(account.role, account.orderLimitPence, totals.total_pence)) {
        const approval = await queries.insertApproval(tx, {
          ...figures,
          companyId: account.companyId,
          userId,
          cartId: account.cartId,
          lines: orderLines,
          email: approvalRequestEmail(account.email, totals.total_pence, purchaseOrderNumber),
        });
        return {
          held: {
            status: 'awaiting_approval' as const,
            approval,
            detail: COMPANY_MESSAGES.awaitingApproval,
            total: penceToDecimal(totals.total_pence),
          },
        };
      }
      const need = unitsByItem(priced);
      const stock = await queries.lockStock(tx, [...need.keys()]);
      const lockedStock = new Map(stock.map((row) => [row.id, row.stock]));
      const shortIds = shortItemIds(priced, (line) => lockedStock.get(line.itemId) ?? null);
      if (shortIds.size > 0) {
        throw new Invalid({
          cart: stock
            .filter((row) => shortIds.has(row.id))
            .map((row) => insufficientStockDetail(row.sku, row.stock)),
        });
      }
      await queries.takeStock(tx, need);
      const terms = account.paymentTerms;
      const dueDate = invoiceDueDate(issuedOn, terms);
      const order: queries.NewOrder = {
        ...figures,
        userId,
        cartId: account.cartId,
        paymentId: null,
        paymentStatusText: 'on_account',
        paymentMethod: 'account',
        transactionId: null,
        companyId: account.companyId,
        onAccount: { invoiceDueDate: dueDate, paymentTerms: terms, approvalId: null },
        isTest: false,
        lines: orderLines,
        stockTaken: [...need].map(([itemId, units]) => ({ itemId, units })),
        delivery,
        email: orderConfirmationEmail(account.email, account.firstName, { ...priced, delivery }, shipping, {
          purchaseOrderNumber,
          onAccount: { invoiceDueDate: dueDate, paymentTerms: paymentTermsLabel(terms) },
        }),
      };
      const written = await queries.insertOrder(tx, order);
      return { order: newOrderView(order, written), created: true };
    });
  }

  return {
    paymentConfig(): PaymentConfig {
      return { provider: provider.name, publishable_key: provider.publishableKey };
    },

    /**
     * POST ecommerce/payment-intents/: an intent for the cart's current total, the same one for the same
     * cart contents, updated (or replaced, once it cannot be changed) when the cart changes.
     */
    async createPaymentIntent(userId: number, body: PaymentIntentCreate): Promise<PaymentIntentView> {
      const lines = await reads.checkoutLines(body.cart_id, userId);
      if (lines.length === 0 && !(await queries.selectOwnCart(db, body.cart_id, userId)))
        throw new NotFound();
      const [{ vatRate, rules }, addresses] = await Promise.all([
        selectPricingSettings(db),
        addressSnapshots(userId, body),
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
        (choice.service !== lines[0]!.deliveryService ||
          choice.extras.join() !== lines[0]!.deliveryExtras.join())
      ) {
        await updateCartDelivery(db, body.cart_id, {
          deliveryService: choice.service,
          deliveryExtras: choice.extras,
        });
      }
      // A required PO number is asked for with the intent that names the addresses (the order the webhook may
      // make); an intent of `{cart_id}` alone (the page's first, spec 2's client) leaves it to POST orders/.
      const purchaseOrderNumber = await cardPurchaseOrder(
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
    },

    /**
     * POST orders/: the order of a payment the provider confirms; the same payment always answers the same
     * order. Money, status and VAT in the body are ignored (the schema drops them).
     */
    async placeOrder(userId: number, body: OrderCreate): Promise<{ order: OrderView; created: boolean }> {
      if (body.transaction_id === undefined) {
        throw new Invalid({ transaction_id: [CHECKOUT_MESSAGES.paymentNotCompleted] });
      }
      const payment = await reads.paymentByProviderId(body.transaction_id);
      if (!payment || payment.userId !== userId) {
        throw new Invalid({ transaction_id: [CHECKOUT_MESSAGES.paymentNotCompleted] });
      }
      if (payment.orderId !== null) return { order: await orderView(payment.orderId), created: false };
      if (payment.failureReason !== null) throw new Conflict(payment.failureReason);
      const { billing, shipping } = await addressSnapshots(userId, body);
      // The schema's refinements do not run on absent keys (Zod skips absent optional keys).
      if (!billing || !shipping) {
        throw new Invalid({
          ...(shipping ? {} : { shipping_address: [CHECKOUT_MESSAGES.shippingRequired] }),
          ...(billing ? {} : { billing_address: [CHECKOUT_MESSAGES.billingRequired] }),
        });
      }
      const intent = await provider.retrieveIntent(payment.providerPaymentId);
      if (!intent || intent.status !== 'succeeded')
        throw new BadRequest(CHECKOUT_MESSAGES.paymentNotCompleted);
      const outcome = await completePayment(
        payment,
        intent,
        { billing, shipping },
        body.purchase_order_number,
        true,
      );
      switch (outcome.kind) {
        case 'created':
          return { order: outcome.view, created: true };
        case 'existing':
          return { order: await orderView(outcome.orderId), created: false };
        default:
          throw new Conflict(outcome.reason);
      }
    },

    /**
     * A webhook event, after its signature checked out. The event only says which payment to look at:
     * its state is asked of the provider, so duplicates, late and out-of-order deliveries all come to the
     * same end. Throws (the endpoint answers 5xx, the provider retries) when that end could not be reached.
     */
    async handleWebhook(rawBody: string, signature: string | undefined): Promise<void> {
      const event = provider.parseWebhook(rawBody, signature);
      if (!event.intentId) return;
      const payment = await reads.paymentByProviderId(event.intentId);
      if (!payment) {
        log.info(
          { eventId: event.id, type: event.type },
          'webhook event for a payment this shop did not make',
        );
        return;
      }
      const intent = await provider.retrieveIntent(payment.providerPaymentId);
      if (!intent) return;
      const outcome = await settlePayment(payment, intent, { refundEvent: event.type === 'charge.refunded' });
      if (outcome.kind === 'waiting') {
        log.info(
          { eventId: event.id, paymentId: payment.id },
          'webhook: paid without delivery details; waiting for the buyer’s order',
        );
      } else if (outcome.kind !== 'unpaid') {
        log.info(
          { eventId: event.id, paymentId: payment.id, outcome: outcome.kind },
          'webhook: payment settled',
        );
      }
    },

    settlePayment,

    placeOnAccount,

    /** GET orders/: newest first; the count is only read when the page is full. */
    async listOrders(userId: number, page: PageRequest): Promise<{ count: number; results: OrderView[] }> {
      const window = pageWindow(page);
      const rows = await queries.selectOrdersOfUser(db, userId, window);
      const count =
        rows.length < window.limit && (rows.length > 0 || window.offset === 0)
          ? window.offset + rows.length
          : await queries.countOrdersOfUser(db, userId);
      const lines = groupBy(
        await queries.selectLinesOfOrders(
          db,
          rows.map((row) => row.order.id),
        ),
        (line) => line.orderId,
      );
      return {
        count,
        results: rows.map(({ order, history, creditNotes }) =>
          toOrderView(order, lines.get(order.id) ?? [], history, creditNotes),
        ),
      };
    },

    async getOrder(userId: number, orderId: number): Promise<OrderView> {
      const found = await queries.selectOwnOrder(db, orderId, userId);
      if (!found) throw new NotFound();
      return toOrderView(
        found.order,
        await queries.selectLinesOfOrders(db, [orderId]),
        found.history,
        found.creditNotes,
      );
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
