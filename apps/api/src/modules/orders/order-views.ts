// Orders as their buyer sees them: the view of one, from its rows or from what was just written, and the reads.
import {
  documentNumber,
  documentPaths,
  type OrderView,
  type PageRequest,
  paymentTermsLabel,
  penceToDecimal,
  roundKg,
} from '@shop/domain';
import type { Db } from '../../db/client';
import { NotFound } from '../../http/errors';
import { countFromPage, pageWindow } from '../../http/pagination';
import { groupBy } from '../../lib/group-by';
import { orderDeliveryView } from '../delivery/views';
import * as queries from './queries';

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
      // Not in the view: the documents read it.
      billTo: null,
      shippingDetails: order.shippingDetails,
      totalWeightKg: order.totalWeightKg,
      carrier: null,
      trackingNumber: null,
      refundedPence: 0,
      coveredPence: 0,
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

/** An order as its buyer sees it, read by id (the order a payment already made). */
export async function orderView(db: Db, orderId: number): Promise<OrderView> {
  const [order, lines] = await Promise.all([
    queries.selectOrderById(db, orderId),
    queries.selectLinesOfOrders(db, [orderId]),
  ]);
  return toOrderView(order!.order, lines, order!.history, order!.creditNotes);
}

/**
 * GET orders/: newest first; the count is only read when the page is full. With a payment's id, only the
 * order it made (the confirmation page finds it so after the provider's redirect).
 */
export async function listOrders(
  db: Db,
  userId: number,
  page: PageRequest,
  transactionId?: string,
): Promise<{ count: number; results: OrderView[] }> {
  const window = pageWindow(page);
  const rows = await queries.selectOrdersOfUser(db, userId, window, transactionId);
  const count =
    countFromPage(rows.length, window) ?? (await queries.countOrdersOfUser(db, userId, transactionId));
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
}

/**
 * GET orders/{id}/: one of the caller's own orders, or, for an administrator of a trade account, any order of
 * the company (a colleague's too), with who placed it; any other order is not found.
 */
export async function getOrder(db: Db, userId: number, orderId: number): Promise<OrderView> {
  const found = await queries.selectViewableOrder(db, orderId, userId);
  if (!found) throw new NotFound();
  return {
    ...toOrderView(
      found.order,
      await queries.selectLinesOfOrders(db, [orderId]),
      found.history,
      found.creditNotes,
    ),
    buyer: { id: found.buyerId, email: found.buyerEmail, name: found.buyerName },
    placed_by_you: found.buyerId === userId,
  };
}
