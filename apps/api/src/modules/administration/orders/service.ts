import {
  companyAccountNumber,
  distinctAddresses,
  documentNumber,
  lineRefundPence,
  nextStatuses,
  ORDER_ADMIN_MESSAGES,
  orderMoveProblem,
  paymentTermsLabel,
  penceToDecimal,
  refundablePence,
  SERVICE_LABELS,
  staffDocumentPaths,
  ukClock,
  type AdminOrderDetail,
  type AdminOrderRow,
  type AdminRefundView,
  type OrderDueFilter,
  type OrderRefundCreate,
  type OrderStatusChange,
} from '@shop/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { Conflict, DomainError, Invalid, NotFound } from '../../../http/errors';
import { pageWindow, type PageQuery } from '../../../http/pagination';
import { selectAccountsEmail } from '../../companies/administrators';
import { enqueueEmail, type OutgoingEmail } from '../../mail/service';
import { notifyRestocked } from '../../stock-alerts/restock';
import { statusHistoryOf, toOrderView } from '../../orders/order-views';
import { type PaymentProvider, ProviderUnavailable } from '../../payments/provider';
import { audit, type Actor } from '../audit';
import { cappedPageCount } from '../listing';
import { refundEmail, statusChangeEmail } from './emails';
import * as queries from './queries';

/** How many of an order's audit entries its detail shows (newest first). */
const AUDIT_SHOWN = 100;

/** Each move's audit action: 'order.ship' and friends. */
const MOVE_ACTIONS = {
  processing: 'order.process',
  shipped: 'order.ship',
  delivered: 'order.deliver',
  cancelled: 'order.cancel',
} as const;

export interface OrderListRequest extends PageQuery {
  /** The list's filters; `due` is read on the UK day of the request. */
  filters: Omit<queries.OrderFilters, 'due'> & { due?: OrderDueFilter | undefined };
  ordering: { field: queries.OrderSort; descending: boolean };
}

/** An order placed on a trade account: invoiced, no card payment; a refund is a credit note. */
const onAccount = (order: queries.OrderRow) => order.paymentMethod === 'account';

/**
 * A refund's e-mail with its credit note, to the buyer and, for a company's order, to the company's accounts
 * address too (once when it is the buyer's).
 */
async function enqueueCreditNote(
  tx: Db,
  order: queries.OrderRow,
  refund: queries.RefundRow,
  email: OutgoingEmail,
): Promise<void> {
  const accounts = order.companyId === null ? null : await selectAccountsEmail(tx, order.companyId);
  const attachments: OutgoingEmail['attachments'] = [
    { kind: 'credit_note', order_id: order.id, refund_id: refund.id },
  ];
  for (const to of distinctAddresses([email.to, accounts])) {
    await enqueueEmail(tx, { ...email, to, attachments });
  }
}

/**
 * What an order's payment can still give back: paid less refunded (refunds in progress included). On account
 * the invoice's total stands for what was paid: a credit note can lower what the company owes by as much.
 */
function refundableOf(order: queries.OrderRow, payment: queries.PaymentRow | null) {
  if (!payment && onAccount(order)) {
    const refunded = order.refundedPence;
    return { paid: order.totalPence, refunded, refundable: refundablePence(order.totalPence, refunded) };
  }
  if (!payment) return { paid: 0, refunded: order.refundedPence, refundable: 0 };
  const paid = Math.min(order.totalPence, payment.amountPence);
  // The two rows agree, unless a refund made in the provider's dashboard is counted on one only.
  const refunded = Math.max(order.refundedPence, payment.refundedPence);
  return { paid, refunded, refundable: refundablePence(paid, refunded) };
}

function refundView(refund: queries.RefundRow, actorEmail: string | null): AdminRefundView {
  return {
    id: refund.id,
    amount: penceToDecimal(refund.amountPence),
    amount_pence: refund.amountPence,
    reason: refund.reason,
    lines:
      refund.lines?.map((line) => ({
        order_item_id: line.order_item_id,
        pack_quantity: line.pack_quantity,
        amount: penceToDecimal(line.amount_pence),
      })) ?? null,
    status: refund.status as AdminRefundView['status'],
    provider_refund_id: refund.providerRefundId,
    actor_email: actorEmail,
    created_at: refund.createdAt.toISOString(),
  };
}

export function createOrderAdminService(
  db: Db,
  {
    provider,
    log,
    publicUrl,
  }: {
    provider: PaymentProvider;
    log: FastifyBaseLogger;
    /** The shop's origin, for the product links of the back-in-stock e-mails a cancellation can send. */
    publicUrl: string;
  },
) {
  /**
   * Reserves a refund under the order's and payment's locks: the refund row (pending) and the amount counted
   * on both rows, with its audit entry, in the caller's transaction. The provider is asked after the commit.
   */
  async function reserveRefund(
    tx: Db,
    actor: Actor,
    locked: { order: queries.OrderRow; payment: queries.PaymentRow | null },
    amountPence: number,
    reason: string,
    lines: { order_item_id: number; pack_quantity: number; amount_pence: number }[] | null,
  ): Promise<queries.RefundRow> {
    const { order, payment } = locked;
    const { refunded } = refundableOf(order, payment);
    const refund = await queries.insertRefund(tx, {
      orderId: order.id,
      paymentId: payment?.id ?? null,
      amountPence,
      reason,
      lines,
      status: 'pending',
      actorId: actor.id,
    });
    await queries.setRefunded(tx, order.id, payment?.id ?? null, refunded + amountPence);
    await audit(tx, actor, {
      action: 'order.refund',
      entityType: 'order',
      entityId: order.id,
      before: { refunded: penceToDecimal(refunded) },
      after: {
        refunded: penceToDecimal(refunded + amountPence),
        refund_id: refund.id,
        amount: penceToDecimal(amountPence),
        reason,
        ...(lines ? { lines } : {}),
      },
    });
    return refund;
  }

  /**
   * On account a reserved refund moves no card money: its credit note is issued at once, in the
   * reservation's transaction, and the order's refunded amount lowers what the company owes. The buyer is
   * e-mailed the credit note.
   */
  async function creditOnAccount(
    tx: Db,
    actor: Actor,
    refund: queries.RefundRow,
    locked: { order: queries.OrderRow; email: string; firstName: string },
  ): Promise<queries.RefundRow> {
    const inFull = await queries.markRefundSucceeded(tx, refund, null);
    await audit(tx, actor, {
      action: 'order.refund_succeeded',
      entityType: 'order',
      entityId: refund.orderId,
      after: {
        refund_id: refund.id,
        on_account: true,
        payment_status: inFull ? 'REFUND' : locked.order.paymentStatus,
      },
    });
    await enqueueCreditNote(tx, locked.order, refund, {
      ...refundEmail(
        { email: locked.email, firstName: locked.firstName },
        locked.order.id,
        refund.amountPence,
        refund.reason,
        inFull,
        { purchaseOrderNumber: locked.order.purchaseOrderNumber, onAccount: true },
      ),
    });
    return { ...refund, status: 'succeeded' };
  }

  /**
   * Asks the provider for a reserved refund, once (idempotency key `refund-<id>`), then records the outcome in
   * a second transaction: succeeded, with the buyer's e-mail; or failed, with the reservation released, and
   * the provider's error thrown (503 when it could not be reached).
   */
  async function makeRefund(
    actor: Actor,
    refund: queries.RefundRow,
    intentId: string,
  ): Promise<queries.RefundRow> {
    let providerRefund: Awaited<ReturnType<PaymentProvider['refund']>> | undefined;
    let failure: unknown;
    try {
      providerRefund = await provider.refund(intentId, {
        amount: refund.amountPence,
        reason: 'requested_by_customer',
        idempotencyKey: `refund-${refund.id}`,
        metadata: { order_id: String(refund.orderId), refund_id: String(refund.id) },
      });
      if (providerRefund.status === 'failed' || providerRefund.status === 'canceled') {
        failure = new Conflict(`The payment provider did not make the refund (${providerRefund.status}).`);
      }
    } catch (error) {
      failure = error;
    }
    if (failure === undefined && providerRefund) {
      const made = providerRefund;
      return db.transaction(async (tx) => {
        const { order, email, firstName } = await queries.lockRefundRows(tx, refund);
        const inFull = await queries.markRefundSucceeded(tx, refund, made.id);
        await audit(tx, actor, {
          action: 'order.refund_succeeded',
          entityType: 'order',
          entityId: refund.orderId,
          after: {
            refund_id: refund.id,
            provider_refund_id: made.id,
            payment_status: inFull ? 'REFUND' : order.paymentStatus,
          },
        });
        await enqueueCreditNote(tx, order, refund, {
          ...refundEmail({ email, firstName }, order.id, refund.amountPence, refund.reason, inFull, {
            purchaseOrderNumber: order.purchaseOrderNumber,
            onAccount: false,
          }),
        });
        return { ...refund, status: 'succeeded', providerRefundId: made.id };
      });
    }
    await db.transaction(async (tx) => {
      await queries.lockRefundRows(tx, refund);
      await queries.markRefundFailed(tx, refund);
      await audit(tx, actor, {
        action: 'order.refund_failed',
        entityType: 'order',
        entityId: refund.orderId,
        after: { refund_id: refund.id, amount: penceToDecimal(refund.amountPence) },
      });
    });
    log.warn({ err: failure, refundId: refund.id, orderId: refund.orderId }, 'refund failed at the provider');
    if (failure instanceof ProviderUnavailable || failure instanceof Conflict) throw failure;
    if (failure instanceof DomainError) {
      // The provider refused it (e.g. it counts more refunded than we do): nothing was refunded.
      throw new Conflict('The payment provider refused the refund; nothing was refunded.');
    }
    throw new ProviderUnavailable('refund failed', { cause: failure });
  }

  async function getOrder(orderId: number): Promise<AdminOrderDetail> {
    const found = await queries.selectOrderWithCustomer(db, orderId);
    if (!found) throw new NotFound();
    const [lines, paymentRows, refundRows, history, auditRows, refundedPacks] = await Promise.all([
      queries.selectLines(db, orderId),
      queries.selectPayments(db, orderId),
      queries.selectRefunds(db, orderId),
      queries.selectHistory(db, orderId),
      queries.selectAuditOfOrder(db, orderId, AUDIT_SHOWN),
      queries.selectRefundedPacks(db, orderId),
    ]);
    const { order, customer } = found;
    const view = toOrderView(order, lines, history);
    // Each refund with its credit note, n counting those the provider made (as the buyer's paths do).
    let credited = 0;
    const refundViews = refundRows.map(({ refund, actorEmail }) => {
      const shown = refundView(refund, actorEmail);
      if (refund.creditNoteNumber === null) return { ...shown, credit_note_number: null, credit_note: null };
      credited += 1;
      return {
        ...shown,
        credit_note_number: documentNumber('credit_note', refund.creditNoteNumber),
        credit_note: staffDocumentPaths.creditNote(order.id, credited),
      };
    });
    const buyerHistory = statusHistoryOf(order, history);
    const { refundable } = refundableOf(order, paymentRows.at(-1) ?? null);
    return {
      ...view,
      is_test: order.isTest,
      // Staff open the documents through the back office, not the buyer's own paths.
      invoice: view.invoice && staffDocumentPaths.invoice(order.id),
      paid_receipt: view.paid_receipt && staffDocumentPaths.receipt(order.id),
      refund_receipt: refundViews.findLast((refund) => refund.credit_note)?.credit_note ?? null,
      items: view.items.map((line) => ({ ...line, refunded_packs: refundedPacks.get(line.id) ?? 0 })),
      carrier: order.carrier,
      tracking_number: order.trackingNumber,
      refunded: penceToDecimal(order.refundedPence),
      status_history: buyerHistory.map((entry, index) => ({
        ...entry,
        // The first entry is the order being placed, by the buyer.
        actor_email: index === 0 ? null : (history[index - 1]?.actorEmail ?? null),
      })),
      customer: {
        id: customer.id,
        email: customer.email,
        first_name: customer.firstName,
        last_name: customer.lastName,
      },
      refundable: penceToDecimal(refundable),
      refundable_pence: refundable,
      next_statuses: [...nextStatuses(order.status)],
      payments: paymentRows.map((payment) => ({
        id: payment.id,
        provider: payment.provider,
        provider_payment_id: payment.providerPaymentId,
        amount: penceToDecimal(payment.amountPence),
        refunded: penceToDecimal(payment.refundedPence),
        status: payment.status,
        created_at: payment.createdAt.toISOString(),
      })),
      refunds: refundViews,
      purchase_order_number: order.purchaseOrderNumber,
      invoice_due_date: order.invoiceDueDate,
      payment_terms: order.paymentTerms ? paymentTermsLabel(order.paymentTerms) : null,
      company: order.companyId,
      company_account_number: order.companyId === null ? null : companyAccountNumber(order.companyId),
      audit: auditRows.map((entry) => ({
        id: entry.id,
        action: entry.action,
        actor_email: entry.actorEmail,
        before: entry.before,
        after: entry.after,
        created_at: entry.createdAt.toISOString(),
      })),
    };
  }

  return {
    getOrder,

    /**
     * GET administration/orders/: a page, its count capped at COUNT_CAP (never a count of every order). What is
     * due is due on the UK day of `now`.
     */
    async listOrders(
      request: OrderListRequest,
      now: Date = new Date(),
    ): Promise<{ count: number; capped: boolean; results: AdminOrderRow[] }> {
      const window = pageWindow(request);
      const { due, ...rest } = request.filters;
      const filters: queries.OrderFilters = {
        ...rest,
        due: due ? { kind: due, today: ukClock(now).day } : undefined,
      };
      const rows = await queries.selectOrderPage(db, filters, request.ordering, window);
      const { count, capped } = await cappedPageCount(rows.length, window, (cap) =>
        queries.countOrders(db, filters, cap),
      );
      return {
        count,
        capped,
        results: rows.map((row) => ({
          id: row.id,
          created_at: row.createdAt.toISOString(),
          customer: { id: row.userId, name: `${row.firstName} ${row.lastName}`.trim(), email: row.email },
          status: row.status,
          payment_status: row.paymentStatus,
          total: penceToDecimal(row.totalPence),
          refunded: penceToDecimal(row.refundedPence),
          line_count: row.lineCount,
          is_test: row.isTest,
          purchase_order_number: row.purchaseOrderNumber,
          company_account_number: row.companyId === null ? null : companyAccountNumber(row.companyId),
          delivery_service: row.deliveryService,
          delivery_label: row.deliveryService ? SERVICE_LABELS[row.deliveryService] : null,
          dispatch_by: row.dispatchBy,
          delivery_date: row.deliveryDate,
        })),
      };
    },

    /**
     * POST administration/orders/{id}/status/: a legal move only (ORDER_TRANSITIONS), checked under the
     * order's lock; with its history entry, audit entry and the buyer's e-mail in one transaction. Cancelling
     * puts the tracked items back in stock and refunds what remains paid (asked of the provider after the
     * commit, as any refund).
     */
    async changeStatus(actor: Actor, orderId: number, body: OrderStatusChange): Promise<AdminOrderDetail> {
      const to = body.status;
      const moved = await db.transaction(async (tx) => {
        const locked = await queries.lockOrder(tx, orderId);
        if (!locked) throw new NotFound();
        const { order, payment } = locked;
        const problem = orderMoveProblem(order.status, to);
        if (problem || to === 'pending')
          throw new Conflict(problem ?? 'An order cannot move back to pending.');
        const shipping =
          to === 'shipped'
            ? { carrier: body.carrier ?? '', trackingNumber: body.tracking_number ?? '' }
            : null;
        if (shipping && (!shipping.carrier || !shipping.trackingNumber)) {
          throw new Invalid({
            ...(shipping.carrier ? {} : { carrier: [ORDER_ADMIN_MESSAGES.carrierRequired] }),
            ...(shipping.trackingNumber ? {} : { tracking_number: [ORDER_ADMIN_MESSAGES.trackingRequired] }),
          });
        }
        await queries.updateOrderStatus(tx, orderId, { status: to, ...shipping });
        const note =
          body.note ??
          (shipping ? `Sent with ${shipping.carrier}, tracking number ${shipping.trackingNumber}` : '');
        await queries.insertHistory(tx, { orderId, status: to, note, actorId: actor.id });

        let refund: queries.RefundRow | null = null;
        let restocked: Awaited<ReturnType<typeof queries.restockOrder>> = [];
        if (to === 'cancelled') {
          restocked = await queries.restockOrder(tx, orderId, `Order #${orderId} cancelled`, actor.id);
          // Stock put back is a restock: the items' waiting alerts are spent once it covers a pack.
          await notifyRestocked(
            tx,
            restocked.map(({ itemId }) => itemId),
            publicUrl,
          );
          const { refundable } = refundableOf(order, payment);
          if ((payment || onAccount(order)) && refundable > 0) {
            refund = await reserveRefund(tx, actor, { order, payment }, refundable, 'Order cancelled', null);
            if (!payment) refund = await creditOnAccount(tx, actor, refund, locked);
          }
        }
        await audit(tx, actor, {
          action: MOVE_ACTIONS[to],
          entityType: 'order',
          entityId: orderId,
          before: {
            status: order.status,
            ...(shipping ? { carrier: order.carrier, tracking_number: order.trackingNumber } : {}),
          },
          after: {
            status: to,
            ...(shipping ? { carrier: shipping.carrier, tracking_number: shipping.trackingNumber } : {}),
            ...(note ? { note } : {}),
            ...(restocked.length > 0
              ? { restocked: restocked.map(({ itemId, units }) => ({ item_id: itemId, units })) }
              : {}),
          },
        });
        await enqueueEmail(
          tx,
          statusChangeEmail({ email: locked.email, firstName: locked.firstName }, orderId, to, {
            carrier: shipping?.carrier ?? null,
            trackingNumber: shipping?.trackingNumber ?? null,
            ...(body.note ? { note: body.note } : {}),
            ...(refund ? { refundPence: refund.amountPence } : {}),
            purchaseOrderNumber: order.purchaseOrderNumber,
            onAccount: onAccount(order),
          }),
        );
        return { refund, intentId: payment?.providerPaymentId ?? null };
      });
      if (moved.refund && moved.intentId && moved.refund.status === 'pending') {
        try {
          await makeRefund(actor, moved.refund, moved.intentId);
        } catch (error) {
          // The order stays cancelled and restocked; the amount is refundable again from the refund form.
          if (error instanceof DomainError) {
            throw new DomainError(
              `Order #${orderId} was cancelled, but its refund failed: ${error.message} Refund it from the order page.`,
              error.statusCode,
            );
          }
          throw error;
        }
      }
      return getOrder(orderId);
    },

    /**
     * POST administration/orders/{id}/refunds/: an amount, or packs of lines (each its share with VAT). Checked
     * and reserved under the order's lock, so two refunds at once never give back more than was paid; then
     * asked of the provider (makeRefund).
     */
    async refund(actor: Actor, orderId: number, body: OrderRefundCreate): Promise<AdminRefundView> {
      const reserved = await db.transaction(async (tx) => {
        const locked = await queries.lockOrder(tx, orderId);
        if (!locked) throw new NotFound();
        const { order, payment } = locked;
        if (!payment && !onAccount(order)) throw new Conflict(ORDER_ADMIN_MESSAGES.notPaid);
        const { refundable } = refundableOf(order, payment);
        if (refundable === 0) throw new Conflict(ORDER_ADMIN_MESSAGES.nothingLeft);

        let amount: number;
        let lines: { order_item_id: number; pack_quantity: number; amount_pence: number }[] | null = null;
        if (body.lines) {
          const orderLines = new Map((await queries.selectLines(tx, orderId)).map((line) => [line.id, line]));
          const refundedPacks = await queries.selectRefundedPacks(tx, orderId);
          const errors: string[] = [];
          lines = [];
          for (const wanted of body.lines) {
            const line = orderLines.get(wanted.order_item_id);
            if (!line) {
              errors.push(ORDER_ADMIN_MESSAGES.unknownLine(wanted.order_item_id));
              continue;
            }
            const left = line.packQuantity - (refundedPacks.get(line.id) ?? 0);
            if (wanted.pack_quantity > left) {
              errors.push(ORDER_ADMIN_MESSAGES.tooManyPacks(line.id, Math.max(0, left)));
              continue;
            }
            lines.push({
              order_item_id: line.id,
              pack_quantity: wanted.pack_quantity,
              amount_pence: lineRefundPence(
                { total_pence: line.totalPence, pack_quantity: line.packQuantity },
                wanted.pack_quantity,
                order.vatRate,
              ),
            });
          }
          if (errors.length > 0) throw new Invalid({ lines: errors });
          amount = lines.reduce((sum, line) => sum + line.amount_pence, 0);
          if (amount === 0) throw new Invalid({ lines: [ORDER_ADMIN_MESSAGES.refundNothingGiven] });
          if (amount > refundable) throw new Invalid({ lines: [ORDER_ADMIN_MESSAGES.tooMuch(refundable)] });
        } else {
          amount = body.amount_pence!;
          if (amount > refundable)
            throw new Invalid({ amount_pence: [ORDER_ADMIN_MESSAGES.tooMuch(refundable)] });
        }
        const refund = await reserveRefund(tx, actor, { order, payment }, amount, body.reason, lines);
        if (!payment) return { refund: await creditOnAccount(tx, actor, refund, locked), intentId: null };
        return { refund, intentId: payment.providerPaymentId };
      });
      const made =
        reserved.intentId === null
          ? reserved.refund
          : await makeRefund(actor, reserved.refund, reserved.intentId);
      return refundView(made, actor.email);
    },
  };
}

export type OrderAdminService = ReturnType<typeof createOrderAdminService>;
