import type { OrderDueFilter, OrderStatus, PaymentStatus } from '@shop/domain';
import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  type SQL,
  sql,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { rowsOf } from '../../../db/rows-of';
import {
  auditLog,
  orderItems,
  orderStatusHistory,
  orders,
  payments,
  refunds,
  users,
} from '../../../db/schema';
import { nextDocumentNumbers, sellerNow } from '../../documents/numbering';

// ---------------------------------------------------------------------------------------------
// The order list
// ---------------------------------------------------------------------------------------------

export interface OrderFilters {
  status?: OrderStatus | undefined;
  paymentStatus?: PaymentStatus | undefined;
  /** UK calendar days (Europe/London), both included. */
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  orderId?: number | undefined;
  customerId?: number | undefined;
  /** Parts of the customer's e-mail, name or company (each must match). */
  customerTexts?: string[] | undefined;
  /** An exact SKU one of the order's lines has. */
  sku?: string | undefined;
  /** The start of a purchase-order number, any case (a whole number matches itself). */
  purchaseOrderNumber?: string | undefined;
  /** Dispatch-by days, both included. */
  dispatchByFrom?: string | undefined;
  dispatchByTo?: string | undefined;
  /** Orders still to ship whose dispatch-by day is `today` (`today`) or before it (`overdue`); UK days. */
  due?: { kind: OrderDueFilter; today: string } | undefined;
}

export type OrderSort = 'created_at' | 'total' | 'id' | 'dispatch_by';

/** An order still to ship: not yet shipped, delivered or cancelled. */
const WAITING_TO_SHIP: OrderStatus[] = ['pending', 'processing'];

/** `%` and `_` in a search are the characters themselves, not patterns. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The list's filters as conditions on `orders` alone (subqueries for the customer and the SKU), so the page and
 * its count share them. Each is served by an index: orders_status_idx, orders_payment_status_idx,
 * orders_created_idx (dates), orders_user_created_idx (customer), users_search_trgm (customer text),
 * order_items_sku_idx (SKU), orders_purchase_order_prefix_idx (PO number), orders_dispatch_by_idx (dispatch-by
 * days and what is due).
 */
function conditions(db: Db, filters: OrderFilters): SQL | undefined {
  const where: SQL[] = [];
  if (filters.status) where.push(eq(orders.status, filters.status));
  if (filters.paymentStatus) where.push(eq(orders.paymentStatus, filters.paymentStatus));
  // A day in the UK starts at midnight London time (GMT or BST), whatever the server's zone.
  if (filters.dateFrom) {
    where.push(
      sql`${orders.createdAt} >= (${filters.dateFrom}::date)::timestamp at time zone 'Europe/London'`,
    );
  }
  if (filters.dateTo) {
    where.push(
      sql`${orders.createdAt} < (${filters.dateTo}::date + 1)::timestamp at time zone 'Europe/London'`,
    );
  }
  if (filters.orderId !== undefined) where.push(eq(orders.id, filters.orderId));
  if (filters.customerId !== undefined) where.push(eq(orders.userId, filters.customerId));
  for (const text of filters.customerTexts ?? []) {
    // The expression of users_search_trgm, so the trigram index finds the customers.
    const matching = db
      .select({ id: users.id })
      .from(users)
      .where(
        sql`(${users.email} || ' ' || ${users.firstName} || ' ' || ${users.lastName} || ' ' || coalesce(${users.companyName}, '')) ilike ${likePattern(text)}`,
      );
    where.push(inArray(orders.userId, matching));
  }
  if (filters.sku) {
    where.push(
      inArray(
        orders.id,
        db.select({ id: orderItems.orderId }).from(orderItems).where(eq(orderItems.sku, filters.sku)),
      ),
    );
  }
  if (filters.purchaseOrderNumber) {
    // A prefix LIKE on upper(purchase_order_number), which orders_purchase_order_prefix_idx (text_pattern_ops)
    // serves under any collation; the wildcards a filter may hold are escaped.
    const prefix = `${filters.purchaseOrderNumber.toUpperCase().replace(/[\\%_]/g, '\\$&')}%`;
    where.push(sql`upper(${orders.purchaseOrderNumber}) like ${prefix}`);
  }
  if (filters.dispatchByFrom) where.push(gte(orders.dispatchBy, filters.dispatchByFrom));
  if (filters.dispatchByTo) where.push(lte(orders.dispatchBy, filters.dispatchByTo));
  if (filters.due) {
    const { kind, today } = filters.due;
    where.push(kind === 'today' ? eq(orders.dispatchBy, today) : lt(orders.dispatchBy, today));
    where.push(inArray(orders.status, WAITING_TO_SHIP));
  }
  return where.length > 0 ? and(...where) : undefined;
}

function orderBy(sort: OrderSort, descending: boolean) {
  const direction = descending ? desc : asc;
  switch (sort) {
    case 'total':
      return [direction(orders.totalPence), direction(orders.id)];
    case 'id':
      return [direction(orders.id)];
    case 'dispatch_by':
      // Orders without a dispatch-by day (made before delivery promises) come last either way.
      return descending
        ? [sql`${orders.dispatchBy} desc nulls last`, desc(orders.id)]
        : [asc(orders.dispatchBy), asc(orders.id)];
    default:
      return [direction(orders.createdAt), direction(orders.id)];
  }
}

/**
 * The ids of a page, read from the orders' indexes alone. Latest dispatch-by first, with the undated orders
 * last, is no order orders_dispatch_by_idx (dispatch_by, id) holds (read backwards it puts nulls first): the
 * dated and the undated orders are then read apart, each in the index's order and no further than the page's
 * end, and only those rows are sorted.
 */
function pageIds(
  db: Db,
  filters: OrderFilters,
  ordering: { field: OrderSort; descending: boolean },
  window: { limit: number; offset: number },
): SQLWrapper {
  const where = conditions(db, filters);
  if (ordering.field !== 'dispatch_by' || !ordering.descending) {
    return db
      .select({ id: orders.id })
      .from(orders)
      .where(where)
      .orderBy(...orderBy(ordering.field, ordering.descending))
      .limit(window.limit)
      .offset(window.offset);
  }
  const end = window.offset + window.limit;
  const dated = db
    .select({ id: orders.id, dispatch_by: orders.dispatchBy })
    .from(orders)
    .where(and(where, isNotNull(orders.dispatchBy)))
    .orderBy(desc(orders.dispatchBy), desc(orders.id))
    .limit(end);
  const undated = db
    .select({ id: orders.id, dispatch_by: orders.dispatchBy })
    .from(orders)
    .where(and(where, isNull(orders.dispatchBy)))
    .orderBy(desc(orders.dispatchBy), desc(orders.id))
    .limit(end);
  return sql`(select page.id from (${dated} union all ${undated}) page
    order by page.dispatch_by desc nulls last, page.id desc limit ${window.limit} offset ${window.offset})`;
}

export function selectOrderPage(
  db: Db,
  filters: OrderFilters,
  ordering: { field: OrderSort; descending: boolean },
  window: { limit: number; offset: number },
) {
  return db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      totalPence: orders.totalPence,
      refundedPence: orders.refundedPence,
      isTest: orders.isTest,
      purchaseOrderNumber: orders.purchaseOrderNumber,
      companyId: orders.companyId,
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      deliveryService: orders.deliveryService,
      dispatchBy: orders.dispatchBy,
      deliveryDate: orders.deliveryDate,
      lineCount: sql<number>`(select count(*)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(
      // The page's ids first, from the orders' indexes alone: the join and the line counts then run for the
      // page's rows only, not for every row the offset skips.
      inArray(orders.id, pageIds(db, filters, ordering, window)),
    )
    .orderBy(...orderBy(ordering.field, ordering.descending));
}

/** How many orders match, counting no further than `cap` + 1 (so a count never reads 100k rows). */
export async function countOrders(db: Db, filters: OrderFilters, cap: number): Promise<number> {
  const capped = db
    .select({ one: sql`1`.as('one') })
    .from(orders)
    .where(conditions(db, filters))
    .limit(cap + 1)
    .as('capped');
  const [row] = await db.select({ value: sql<number>`count(*)::int` }).from(capped);
  return row?.value ?? 0;
}

// ---------------------------------------------------------------------------------------------
// One order, everything about it
// ---------------------------------------------------------------------------------------------

export type OrderRow = typeof orders.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

export async function selectOrderWithCustomer(db: Db, orderId: number) {
  const [row] = await db
    .select({
      order: orders,
      customer: {
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
      },
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  return row;
}

export function selectLines(db: Db, orderId: number) {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
}

export function selectPayments(db: Db, orderId: number) {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));
}

export function selectRefunds(db: Db, orderId: number) {
  return db
    .select({ refund: refunds, actorEmail: users.email })
    .from(refunds)
    .leftJoin(users, eq(users.id, refunds.actorId))
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.id));
}

export function selectHistory(db: Db, orderId: number) {
  return db
    .select({
      status: orderStatusHistory.status,
      note: orderStatusHistory.note,
      createdAt: orderStatusHistory.createdAt,
      actorEmail: users.email,
    })
    .from(orderStatusHistory)
    .leftJoin(users, eq(users.id, orderStatusHistory.actorId))
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id));
}

/** The audit log's entries for an order, newest first (audit_log_entity_idx), at most `limit`. */
export function selectAuditOfOrder(db: Db, orderId: number, limit: number) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'order'), eq(auditLog.entityId, String(orderId))))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

/**
 * Packs of each line refunded by line so far, refunds in progress included (a failed one gave nothing back).
 */
export async function selectRefundedPacks(db: Db, orderId: number): Promise<Map<number, number>> {
  const result = await db.execute(sql`
    select (line->>'order_item_id')::int as line_id, sum((line->>'pack_quantity')::int)::int as packs
    from ${refunds}, jsonb_array_elements(${refunds.lines}) as line
    where ${refunds.orderId} = ${orderId} and ${refunds.status} <> 'failed' and ${refunds.lines} is not null
    group by 1`);
  const rows = rowsOf<{ line_id: number; packs: number }>(result);
  return new Map(rows.map((row) => [Number(row.line_id), Number(row.packs)]));
}

// ---------------------------------------------------------------------------------------------
// Changes (inside a transaction)
// ---------------------------------------------------------------------------------------------

/**
 * Locks an order and its payment until the transaction ends, the payment first: the webhook's recordRefund
 * updates the payment and then its order, so taking them in the same order never deadlocks with it. Reads the
 * buyer's e-mail and first name for the message.
 */
export async function lockOrder(tx: Db, orderId: number) {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(desc(payments.id))
    .limit(1)
    .for('update');
  const [row] = await tx
    .select({ order: orders, email: users.email, firstName: users.firstName })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId))
    .for('update', { of: [orders] });
  return row ? { ...row, payment: payment ?? null } : undefined;
}

export async function updateOrderStatus(
  tx: Db,
  orderId: number,
  values: { status: OrderStatus; carrier?: string; trackingNumber?: string },
) {
  await tx
    .update(orders)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId));
}

export async function insertHistory(
  tx: Db,
  entry: { orderId: number; status: OrderStatus; note: string; actorId: number | null },
) {
  await tx.insert(orderStatusHistory).values(entry);
}

/**
 * Puts the units of the order's tracked items back in stock, with a stock movement each, in one statement. The
 * items' rows are locked in id order first, as the checkout locks them, so the two never wait on each other in
 * a circle.
 */
export async function restockOrder(
  tx: Db,
  orderId: number,
  reason: string,
  actorId: number | null,
): Promise<{ itemId: number; units: number; stockAfter: number }[]> {
  const result = await tx.execute<{ item_id: number; units: number; stock_after: number }>(sql`
    with sold as (
      select ${orderItems.itemId} as item_id, sum(${orderItems.packQuantity} * ${orderItems.unitsPerPack})::int as units
      from ${orderItems}
      where ${orderItems.orderId} = ${orderId} and ${orderItems.itemId} is not null
      group by ${orderItems.itemId}
    ),
    locked as (
      select items.id from items join sold on sold.item_id = items.id
      where items.track_inventory order by items.id for update of items
    ),
    restocked as (
      update items set stock = items.stock + sold.units
      from sold, locked
      where items.id = sold.item_id and locked.id = items.id
      returning items.id as item_id, sold.units, items.stock as stock_after
    ),
    moved as (
      insert into stock_movements (item_id, delta, stock_after, reason, actor_id, order_id)
      select item_id, units, stock_after, ${reason}, ${actorId}, ${orderId} from restocked
    )
    select item_id, units, stock_after from restocked order by item_id`);
  const rows = rowsOf<{ item_id: number; units: number; stock_after: number }>(result);
  return rows.map((row) => ({
    itemId: Number(row.item_id),
    units: Number(row.units),
    stockAfter: Number(row.stock_after),
  }));
}

export async function insertRefund(tx: Db, values: typeof refunds.$inferInsert): Promise<RefundRow> {
  const [row] = await tx.insert(refunds).values(values).returning();
  return row!;
}

/**
 * Sets what the order and its payment count as refunded (refunds in progress included). The CHECK constraints
 * (refunded ≤ total, refunded ≤ amount) stand behind the check the caller made under the rows' locks.
 */
export async function setRefunded(tx: Db, orderId: number, paymentId: number | null, refundedPence: number) {
  await tx
    .update(orders)
    .set({ refundedPence, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId));
  // On account there is no payment: the order's refunded amount is what lowers the company's balance.
  if (paymentId === null) return;
  await tx
    .update(payments)
    .set({ refundedPence, updatedAt: sql`now()` })
    .where(eq(payments.id, paymentId));
}

/**
 * The provider made the refund: recorded, and once the order is refunded in full its payment status is REFUND
 * and its payment's status `refunded` (as the webhook's recordRefund sets them). Answers whether it is.
 */
export async function markRefundSucceeded(
  tx: Db,
  refund: RefundRow,
  /** Null on account: no provider made it, the credit note is the refund. */
  providerRefundId: string | null,
): Promise<boolean> {
  // The credit note's number is taken with the success, in the same transaction (no gap if it rolls back);
  // only the request that reserved the refund gets here, once.
  await tx.execute(sql`
    with numbers as (
      ${nextDocumentNumbers(['credit_note'])}
    )
    update ${refunds} set status = 'succeeded', provider_refund_id = ${providerRefundId},
      credit_note_number = (select last_number from numbers), issued_at = now(), seller = ${sellerNow()}
    where ${refunds.id} = ${refund.id}`);
  const [order] = await tx
    .update(orders)
    .set({
      paymentStatus: sql`case when ${orders.refundedPence} >= ${orders.totalPence} then 'REFUND'::payment_status
        else ${orders.paymentStatus} end`,
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, refund.orderId))
    .returning({ paymentStatus: orders.paymentStatus });
  if (refund.paymentId !== null) {
    await tx
      .update(payments)
      .set({
        status: sql`case when ${payments.refundedPence} >= ${payments.amountPence} then 'refunded'
          else ${payments.status} end`,
        updatedAt: sql`now()`,
      })
      .where(eq(payments.id, refund.paymentId));
  }
  return order?.paymentStatus === 'REFUND';
}

/** The provider did not make the refund: recorded, and its amount no longer counted as refunded. */
export async function markRefundFailed(tx: Db, refund: RefundRow) {
  await tx.update(refunds).set({ status: 'failed' }).where(eq(refunds.id, refund.id));
  await tx
    .update(orders)
    .set({
      refundedPence: sql`greatest(0, ${orders.refundedPence} - ${refund.amountPence})`,
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, refund.orderId));
  if (refund.paymentId === null) return;
  await tx
    .update(payments)
    .set({
      refundedPence: sql`greatest(0, ${payments.refundedPence} - ${refund.amountPence})`,
      updatedAt: sql`now()`,
    })
    .where(eq(payments.id, refund.paymentId));
}

/** The order and payment rows for the refund's release, locked in the webhook's order (payment first). */
export async function lockRefundRows(tx: Db, refund: RefundRow) {
  if (refund.paymentId !== null) {
    await tx
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.id, refund.paymentId))
      .for('update');
  }
  const [row] = await tx
    .select({ order: orders, email: users.email, firstName: users.firstName })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, refund.orderId))
    .for('update', { of: [orders] });
  return row!;
}
