import { z } from 'zod';
import { DELIVERY_SERVICES } from '../delivery/schemas';
import { MAX_PACK_QUANTITY } from '../pricing/constants';
import { formatGbp } from '../pricing/money';
import {
  AddressSnapshotSchema,
  MAX_ORDER_TOTAL_PENCE,
  ORDER_STATUSES,
  OrderLineViewSchema,
  OrderViewSchema,
  PAYMENT_STATUSES,
} from '../orders/schemas';

/** The back office's order contracts: staff move orders on, ship them with tracking and refund them. */

const id = z.number().int().positive().max(2_147_483_647);

const text = (max: number) =>
  z.string().trim().max(max, `Ensure this field has no more than ${max} characters.`);

export const ORDER_ADMIN_MESSAGES = {
  carrierRequired: 'Enter the carrier to ship the order.',
  trackingRequired: 'Enter the tracking number to ship the order.',
  reasonRequired: 'Enter the reason for the refund.',
  refundOneOf: 'Refund either an amount or lines of the order, not both.',
  refundNothingGiven: 'Enter an amount or the lines to refund.',
  notPaid: 'This order has no card payment to refund.',
  /** On account: no card money moves; the credit note lowers what the company owes. */
  creditedToAccount: (amountPence: number) =>
    `A credit note for ${formatGbp(amountPence)} was issued against the company's account.`,
  nothingLeft: 'Everything paid for this order has been refunded.',
  tooMuch: (refundablePence: number) => `At most ${formatGbp(refundablePence)} can be refunded.`,
  unknownLine: (lineId: number) => `Line ${lineId} is not part of this order.`,
  duplicateLine: 'Each line may be named once.',
  tooManyPacks: (lineId: number, packs: number) =>
    packs === 0
      ? `Every pack of line ${lineId} has been refunded.`
      : `At most ${packs} pack${packs === 1 ? '' : 's'} of line ${lineId} can be refunded.`,
} as const;

/**
 * POST administration/orders/{id}/status/: the next status; shipping needs the carrier and the tracking
 * number (the buyer sees both, and the note, on /track-order).
 */
export const OrderStatusChangeSchema = z
  .object({
    status: z.enum(ORDER_STATUSES),
    carrier: text(100).optional(),
    tracking_number: text(100).optional(),
    note: text(500).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.status !== 'shipped') return;
    if (!body.carrier) {
      ctx.addIssue({ code: 'custom', path: ['carrier'], message: ORDER_ADMIN_MESSAGES.carrierRequired });
    }
    if (!body.tracking_number) {
      ctx.addIssue({
        code: 'custom',
        path: ['tracking_number'],
        message: ORDER_ADMIN_MESSAGES.trackingRequired,
      });
    }
  });
export type OrderStatusChange = z.infer<typeof OrderStatusChangeSchema>;

export const RefundLineSchema = z
  .object({
    order_item_id: id,
    pack_quantity: z.number().int().min(1).max(MAX_PACK_QUANTITY),
  })
  .strict();

/**
 * POST administration/orders/{id}/refunds/: an amount in pence, or packs of the order's lines (each line's
 * share of its total with VAT); never more than was paid less what has been refunded.
 */
export const OrderRefundCreateSchema = z
  .object({
    amount_pence: z.number().int().min(1).max(MAX_ORDER_TOTAL_PENCE).optional(),
    lines: z.array(RefundLineSchema).min(1).max(100).optional(),
    reason: text(500).min(1, ORDER_ADMIN_MESSAGES.reasonRequired),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.amount_pence !== undefined && body.lines !== undefined) {
      ctx.addIssue({ code: 'custom', path: [], message: ORDER_ADMIN_MESSAGES.refundOneOf });
    } else if (body.amount_pence === undefined && body.lines === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['amount_pence'],
        message: ORDER_ADMIN_MESSAGES.refundNothingGiven,
      });
    }
    const named = body.lines?.map((line) => line.order_item_id) ?? [];
    if (new Set(named).size !== named.length) {
      ctx.addIssue({ code: 'custom', path: ['lines'], message: ORDER_ADMIN_MESSAGES.duplicateLine });
    }
  });
export type OrderRefundCreate = z.infer<typeof OrderRefundCreateSchema>;

/**
 * The order list's "Due out" filter, on UK days: `today`, orders to dispatch today; `overdue`, orders
 * whose dispatch-by day has passed. Either way only orders not yet shipped, delivered or cancelled.
 */
export const ORDER_DUE_FILTERS = ['today', 'overdue'] as const;
export type OrderDueFilter = (typeof ORDER_DUE_FILTERS)[number];
export const ORDER_DUE_LABELS: Record<OrderDueFilter, string> = {
  today: 'Today',
  overdue: 'Overdue',
};

/** One row of the back office's order list. Money is pounds as decimal strings, as everywhere in the API. */
export const AdminOrderRowSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  customer: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  total: z.string(),
  refunded: z.string(),
  line_count: z.number().int(),
  /** Paid through the test processor: no money moved (marked TEST, left out of revenue). */
  is_test: z.boolean(),
  /** Trade accounts: the buyer's purchase-order number, and the company's account (TA-000042). */
  purchase_order_number: z.string().nullable().optional(),
  company_account_number: z.string().nullable().optional(),
  /**
   * The delivery promise: the service and its label, the UK day the order must leave the warehouse
   * and the day promised to the buyer (YYYY-MM-DD). Null on orders from before it.
   */
  delivery_service: z.enum(DELIVERY_SERVICES).nullable().optional(),
  delivery_label: z.string().nullable().optional(),
  dispatch_by: z.string().nullable().optional(),
  delivery_date: z.string().nullable().optional(),
});
export type AdminOrderRow = z.infer<typeof AdminOrderRowSchema>;

export const AdminRefundViewSchema = z.object({
  id: z.number().int(),
  amount: z.string(),
  amount_pence: z.number().int(),
  reason: z.string(),
  /** The lines refunded, for a refund by line. */
  lines: z
    .array(z.object({ order_item_id: z.number().int(), pack_quantity: z.number().int(), amount: z.string() }))
    .nullable(),
  /** pending while the provider is asked, then succeeded or failed. */
  status: z.enum(['pending', 'succeeded', 'failed']),
  provider_refund_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  created_at: z.string(),
  /** Its credit note's number and the back office's path to it, once the provider made the refund. */
  credit_note_number: z.string().nullable().optional(),
  credit_note: z.string().nullable().optional(),
});
export type AdminRefundView = z.infer<typeof AdminRefundViewSchema>;

export const AdminPaymentViewSchema = z.object({
  id: z.number().int(),
  provider: z.string(),
  provider_payment_id: z.string(),
  amount: z.string(),
  refunded: z.string(),
  status: z.string(),
  created_at: z.string(),
});

export const AdminStatusEntrySchema = z.object({
  status: z.enum(ORDER_STATUSES),
  note: z.string(),
  created_at: z.string(),
  /** Who moved it (null for the order being placed, or a removed account). */
  actor_email: z.string().nullable(),
});

export const AdminAuditEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  actor_email: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type AdminAuditEntry = z.infer<typeof AdminAuditEntrySchema>;

/** GET administration/orders/{id}/: the order as the buyer sees it, and everything staff need besides. */
export const AdminOrderDetailSchema = OrderViewSchema.extend({
  /** Paid through the test processor: no money moved (marked TEST, left out of revenue). */
  is_test: z.boolean(),
  items: z.array(OrderLineViewSchema.extend({ refunded_packs: z.number().int() })),
  shipping_address: AddressSnapshotSchema,
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  refunded: z.string(),
  status_history: z.array(AdminStatusEntrySchema),
  customer: z.object({
    id: z.number().int(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
  }),
  /** What may still be refunded: paid less refunded (pending refunds included). */
  refundable: z.string(),
  refundable_pence: z.number().int(),
  /** The statuses the order may move to now (ORDER_TRANSITIONS). */
  next_statuses: z.array(z.enum(ORDER_STATUSES)),
  payments: z.array(AdminPaymentViewSchema),
  refunds: z.array(AdminRefundViewSchema),
  /** The audit log's entries for this order, newest first. */
  audit: z.array(AdminAuditEntrySchema),
  /** The trade account the order was placed under (TA-000042), or null. */
  company_account_number: z.string().nullable().optional(),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetailSchema>;
