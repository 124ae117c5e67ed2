// Orders as their buyer reads them, each with its status history and credit notes in the same statement.
import { COMPANY_PERMISSIONS } from '@shop/domain';
import { and, asc, desc, eq, inArray, isNotNull, type Placeholder, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orderItems, orderStatusHistory, orders, refunds, users } from '../../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderItems.$inferSelect;

/** A status the order reached, as order_status_history keeps it (the buyer's view of its progress). */
export interface StatusEntryRow {
  status: OrderRow['status'];
  note: string;
  createdAt: Date;
}

/** A refund the provider made, as the buyer's order view lists it with its credit note. */
export interface CreditNoteRow {
  amountPence: number;
  issuedAt: Date;
  creditNoteNumber: number;
}

/** An order with its status history and its credit notes, oldest first. */
export interface OrderWithHistory {
  order: OrderRow;
  history: StatusEntryRow[];
  creditNotes: CreditNoteRow[];
}

/**
 * The order's status history as one json column of a lateral join, so the order and its history come in the
 * order's own statement (the order reads keep their statement counts; statement-counts.test.ts).
 */
export function historyJoin(db: Db) {
  return db
    .select({
      entries: sql<{ status: OrderRow['status']; note: string; created_at: string }[]>`coalesce(json_agg(
        json_build_object('status', ${orderStatusHistory.status}, 'note', ${orderStatusHistory.note},
          'created_at', ${orderStatusHistory.createdAt})
        order by ${orderStatusHistory.createdAt}, ${orderStatusHistory.id}), '[]'::json)`.as('entries'),
    })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orders.id))
    .as('history');
}

/** The order's refunds that have a credit note (the provider made them), oldest first, the same way. */
export function creditNotesJoin(db: Db) {
  return db
    .select({
      notes: sql<{ amount_pence: number; issued_at: string; number: number }[]>`coalesce(json_agg(
        json_build_object('amount_pence', ${refunds.amountPence}, 'issued_at', ${refunds.issuedAt},
          'number', ${refunds.creditNoteNumber})
        order by ${refunds.id}), '[]'::json)`.as('notes'),
    })
    .from(refunds)
    .where(and(eq(refunds.orderId, orders.id), isNotNull(refunds.creditNoteNumber)))
    .as('credit_notes');
}

export function withHistory(row: {
  order: OrderRow;
  entries: { status: OrderRow['status']; note: string; created_at: string }[] | null;
  notes: { amount_pence: number; issued_at: string; number: number }[] | null;
}): OrderWithHistory {
  return {
    order: row.order,
    history: (row.entries ?? []).map((entry) => ({
      status: entry.status,
      note: entry.note,
      createdAt: new Date(entry.created_at),
    })),
    creditNotes: (row.notes ?? []).map((note) => ({
      amountPence: note.amount_pence,
      issuedAt: new Date(note.issued_at),
      creditNoteNumber: note.number,
    })),
  };
}

function ordersWithHistory(db: Db) {
  const history = historyJoin(db);
  const notes = creditNotesJoin(db);
  return db
    .select({ order: orders, entries: history.entries, notes: notes.notes })
    .from(orders)
    .leftJoinLateral(history, sql`true`)
    .leftJoinLateral(notes, sql`true`);
}

/** A user's orders, or the one a payment made when `transactionId` is given. */
const ordersOfUser = (userId: number, transactionId: string | undefined) =>
  transactionId === undefined
    ? eq(orders.userId, userId)
    : and(eq(orders.userId, userId), eq(orders.transactionId, transactionId));

/** A page of a user's orders with their histories, newest first. */
export async function selectOrdersOfUser(
  db: Db,
  userId: number,
  window: { limit: number; offset: number },
  transactionId?: string,
): Promise<OrderWithHistory[]> {
  const rows = await ordersWithHistory(db)
    .where(ordersOfUser(userId, transactionId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(window.limit)
    .offset(window.offset);
  return rows.map(withHistory);
}

export async function countOrdersOfUser(db: Db, userId: number, transactionId?: string): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(orders)
    .where(ordersOfUser(userId, transactionId));
  return row?.value ?? 0;
}

/**
 * Whether `viewer` may open the order: its buyer, or a member of the company it was placed under whose role
 * sees every order of the company (an administrator, DESIGN §7), while they are one and a customer account.
 * Read in the order's own statement, so a member removed or demoted a moment ago is refused on their next
 * request. `viewer` is a number or a prepared statement's placeholder.
 */
export function orderViewableBy(viewer: Placeholder | number): SQL {
  const roles = sql.join(
    COMPANY_PERMISSIONS.seeAllOrders.map((role) => sql`${role}::company_role`),
    sql`, `,
  );
  return sql`(${orders.userId} = ${viewer} or (${orders.companyId} is not null and exists (
    select 1 from company_members m join users u on u.id = m.user_id
    where m.user_id = ${viewer} and m.company_id = ${orders.companyId} and m.role in (${roles})
      and u.role = 'customer')))`;
}

/** Who placed an order: their id, e-mail and name. */
export interface OrderBuyerRow {
  buyerId: number;
  buyerEmail: string;
  buyerName: string;
}

/**
 * One order that `viewer` may open (`orderViewableBy`), with its history, credit notes and buyer: one
 * statement. Undefined for an order they may not open, as for none.
 */
export async function selectViewableOrder(
  db: Db,
  orderId: number,
  viewer: number,
): Promise<(OrderWithHistory & OrderBuyerRow) | undefined> {
  const history = historyJoin(db);
  const notes = creditNotesJoin(db);
  const [row] = await db
    .select({
      order: orders,
      entries: history.entries,
      notes: notes.notes,
      buyerId: users.id,
      buyerEmail: users.email,
      buyerName: sql<string>`btrim(${users.firstName} || ' ' || ${users.lastName})`,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoinLateral(history, sql`true`)
    .leftJoinLateral(notes, sql`true`)
    .where(and(eq(orders.id, orderId), orderViewableBy(viewer)));
  return (
    row && { ...withHistory(row), buyerId: row.buyerId, buyerEmail: row.buyerEmail, buyerName: row.buyerName }
  );
}

export async function selectOrderById(db: Db, orderId: number): Promise<OrderWithHistory | undefined> {
  const [row] = await ordersWithHistory(db).where(eq(orders.id, orderId));
  return row && withHistory(row);
}

export function selectLinesOfOrders(db: Db, orderIds: number[]): Promise<OrderLineRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id));
}

export async function setOrderPaymentStatus(db: Db, orderId: number, paymentStatus: 'COMPLETED' | 'REFUND') {
  await db
    .update(orders)
    .set({ paymentStatus, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId));
}
