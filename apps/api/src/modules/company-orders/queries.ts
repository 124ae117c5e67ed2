import type { ApprovalStatus, OrderStatus } from '@shop/domain';
import { and, asc, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reusableStatement } from '../../db/reusable-statement';
import { rowsOf } from '../../db/rows-of';
import {
  companies,
  companyMembers,
  items,
  orderApprovals,
  orders,
  users,
  type AddressSnapshot,
  type PaymentTermsSnapshot,
  type ShippingDetailsSnapshot,
} from '../../db/schema';
import {
  creditNotesJoin,
  historyJoin,
  withHistory,
  type NewOrder,
  type OrderWithHistory,
} from '../orders/service';

/** Who placed an order or a held order, as the company's lists show them. */
export interface BuyerRow {
  buyerId: number;
  buyerEmail: string;
  buyerName: string;
}

const buyerColumns = {
  buyerId: users.id,
  buyerEmail: users.email,
  buyerName: sql<string>`btrim(${users.firstName} || ' ' || ${users.lastName})`,
};

// ---------------------------------------------------------------------------------------------
// The company's orders and invoices
// ---------------------------------------------------------------------------------------------

export interface CompanyOrderFilters {
  buyer?: number | undefined;
  purchase_order_number?: string | undefined;
  status?: OrderStatus | undefined;
}

function companyOrderConditions(companyId: number, filters: CompanyOrderFilters): SQL {
  const conditions = [eq(orders.companyId, companyId)];
  if (filters.buyer !== undefined) conditions.push(eq(orders.userId, filters.buyer));
  if (filters.purchase_order_number) {
    // The re-use check's key (purchaseOrderKey): upper case, a prefix LIKE that orders_purchase_order_prefix_idx serves.
    conditions.push(
      sql`upper(${orders.purchaseOrderNumber}) like ${`${filters.purchase_order_number.toUpperCase().replace(/[\\%_]/g, '\\$&')}%`}`,
    );
  }
  if (filters.status !== undefined) conditions.push(eq(orders.status, filters.status));
  return and(...conditions)!;
}

/** A page of the company's orders with their histories and buyers, newest first: one statement. */
export async function selectCompanyOrders(
  db: Db,
  companyId: number,
  filters: CompanyOrderFilters,
  window: { limit: number; offset: number },
): Promise<(OrderWithHistory & BuyerRow)[]> {
  const history = historyJoin(db);
  const notes = creditNotesJoin(db);
  const rows = await db
    .select({ order: orders, entries: history.entries, notes: notes.notes, ...buyerColumns })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoinLateral(history, sql`true`)
    .leftJoinLateral(notes, sql`true`)
    .where(companyOrderConditions(companyId, filters))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(window.limit)
    .offset(window.offset);
  return rows.map((row) => ({
    ...withHistory(row),
    buyerId: row.buyerId,
    buyerEmail: row.buyerEmail,
    buyerName: row.buyerName,
  }));
}

export async function countCompanyOrders(
  db: Db,
  companyId: number,
  filters: CompanyOrderFilters,
): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(orders)
    .where(companyOrderConditions(companyId, filters));
  return row?.value ?? 0;
}

export interface InvoiceRow extends BuyerRow {
  orderId: number;
  invoiceNumber: number;
  totalPence: number;
  invoiceDueDate: string | null;
  purchaseOrderNumber: string | null;
  paymentStatus: 'PENDING' | 'COMPLETED' | 'REFUND' | 'ON_ACCOUNT';
  createdAt: Date;
}

const invoiceConditions = (companyId: number) =>
  and(eq(orders.companyId, companyId), isNotNull(orders.invoiceNumber));

/** A page of the company's invoiced orders, newest first. */
export async function selectCompanyInvoices(
  db: Db,
  companyId: number,
  window: { limit: number; offset: number },
): Promise<InvoiceRow[]> {
  const rows = await db
    .select({
      orderId: orders.id,
      invoiceNumber: orders.invoiceNumber,
      totalPence: orders.totalPence,
      invoiceDueDate: orders.invoiceDueDate,
      purchaseOrderNumber: orders.purchaseOrderNumber,
      paymentStatus: orders.paymentStatus,
      createdAt: orders.createdAt,
      ...buyerColumns,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(invoiceConditions(companyId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(window.limit)
    .offset(window.offset);
  return rows as InvoiceRow[];
}

export async function countCompanyInvoices(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(orders)
    .where(invoiceConditions(companyId));
  return row?.value ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Held orders (order_approvals)
// ---------------------------------------------------------------------------------------------

export interface ApprovalRow extends BuyerRow {
  id: number;
  companyId: number;
  userId: number;
  status: ApprovalStatus;
  lines: NewOrder['lines'];
  subtotalPence: number;
  discountPence: number;
  shippingPence: number;
  vatPence: number;
  totalPence: number;
  vatRate: number;
  totalWeightKg: number;
  shippingDetails: ShippingDetailsSnapshot;
  shippingAddress: AddressSnapshot;
  billingAddress: AddressSnapshot;
  purchaseOrderNumber: string | null;
  /** The accepted quote whose cart it was made from. */
  quoteId: number | null;
  orderId: number | null;
  reason: string | null;
  createdAt: Date;
  decidedAt: Date | null;
}

/**
 * A held order's copy of an address, or, once its buyer's account was erased (the copy blanked, `{}`), its
 * order's copy, which is kept for VAT: a placed held order still reads whole. The order is read only then.
 */
const keptAddress = (column: 'shipping_address' | 'billing_address') =>
  sql<AddressSnapshot>`(case when ${orderApprovals}.${sql.identifier(column)} = '{}'::jsonb
    then (select o.${sql.identifier(column)} from ${orders} o where o.id = ${orderApprovals.orderId})
    else ${orderApprovals}.${sql.identifier(column)} end)`;

const approvalColumns = {
  id: orderApprovals.id,
  companyId: orderApprovals.companyId,
  userId: orderApprovals.userId,
  status: orderApprovals.status,
  lines: orderApprovals.lines,
  subtotalPence: orderApprovals.subtotalPence,
  discountPence: orderApprovals.discountPence,
  shippingPence: orderApprovals.shippingPence,
  vatPence: orderApprovals.vatPence,
  totalPence: orderApprovals.totalPence,
  vatRate: orderApprovals.vatRate,
  totalWeightKg: orderApprovals.totalWeightKg,
  shippingDetails: orderApprovals.shippingDetails,
  shippingAddress: keptAddress('shipping_address'),
  billingAddress: keptAddress('billing_address'),
  purchaseOrderNumber: orderApprovals.purchaseOrderNumber,
  quoteId: orderApprovals.quoteId,
  orderId: orderApprovals.orderId,
  reason: orderApprovals.reason,
  createdAt: orderApprovals.createdAt,
  decidedAt: orderApprovals.decidedAt,
  ...buyerColumns,
};

/** The company's held orders (or one buyer's, when `userId` is given), newest first, of a status if given. */
export async function selectApprovals(
  db: Db,
  scope: { companyId: number; userId?: number | undefined; status?: ApprovalStatus | undefined },
  window: { limit: number; offset: number },
): Promise<ApprovalRow[]> {
  const rows = await db
    .select(approvalColumns)
    .from(orderApprovals)
    .innerJoin(users, eq(users.id, orderApprovals.userId))
    .where(approvalConditions(scope))
    .orderBy(desc(orderApprovals.createdAt), desc(orderApprovals.id))
    .limit(window.limit)
    .offset(window.offset);
  return rows as ApprovalRow[];
}

function approvalConditions(scope: {
  companyId: number;
  userId?: number | undefined;
  status?: ApprovalStatus | undefined;
}) {
  return and(
    eq(orderApprovals.companyId, scope.companyId),
    scope.userId === undefined ? undefined : eq(orderApprovals.userId, scope.userId),
    scope.status === undefined ? undefined : eq(orderApprovals.status, scope.status),
  );
}

export async function countApprovals(
  db: Db,
  scope: { companyId: number; userId?: number | undefined; status?: ApprovalStatus | undefined },
): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(orderApprovals)
    .where(approvalConditions(scope));
  return row?.value ?? 0;
}

/** One held order of the company (of one buyer, when `userId` is given). */
export async function selectApproval(
  db: Db,
  id: number,
  scope: { companyId: number; userId?: number | undefined },
): Promise<ApprovalRow | undefined> {
  const [row] = await db
    .select(approvalColumns)
    .from(orderApprovals)
    .innerJoin(users, eq(users.id, orderApprovals.userId))
    .where(and(eq(orderApprovals.id, id), approvalConditions(scope)));
  return row as ApprovalRow | undefined;
}

/** The caller's own approval request's status and lines (whichever company it was made in). */
export async function selectOwnApprovalLines(
  db: Db,
  id: number,
  userId: number,
): Promise<Pick<ApprovalRow, 'status' | 'lines'> | undefined> {
  const [row] = await db
    .select({ status: orderApprovals.status, lines: orderApprovals.lines })
    .from(orderApprovals)
    .where(and(eq(orderApprovals.id, id), eq(orderApprovals.userId, userId)));
  return row as Pick<ApprovalRow, 'status' | 'lines'> | undefined;
}

/** A held order locked for its decision, with its company's terms and whether its buyer is still a member. */
export interface LockedApproval extends ApprovalRow {
  buyerFirstName: string;
  buyerStillMember: boolean;
  companyStatus: 'pending' | 'approved' | 'declined';
  creditLimitPence: number;
  paymentTerms: PaymentTermsSnapshot | null;
  onHold: boolean;
  holdReason: string | null;
}

const lockApprovalStatement = reusableStatement((tx) =>
  tx
    .select({
      ...approvalColumns,
      buyerFirstName: users.firstName,
      buyerStillMember: sql<boolean>`${companyMembers.id} is not null`,
      companyStatus: companies.status,
      creditLimitPence: companies.creditLimitPence,
      paymentTerms: companies.paymentTerms,
      onHold: companies.onHold,
      holdReason: companies.holdReason,
    })
    .from(orderApprovals)
    .innerJoin(companies, eq(companies.id, orderApprovals.companyId))
    .innerJoin(users, eq(users.id, orderApprovals.userId))
    .leftJoin(
      companyMembers,
      and(
        eq(companyMembers.userId, orderApprovals.userId),
        eq(companyMembers.companyId, orderApprovals.companyId),
      ),
    )
    .where(
      and(
        eq(orderApprovals.id, sql.placeholder('id')),
        eq(orderApprovals.companyId, sql.placeholder('companyId')),
      ),
    )
    .for('update', { of: [companies, orderApprovals] })
    .prepare('approval_lock'),
);

/**
 * Locks the company row and the held order, in one statement (the company first, as every on-account order
 * does): two approvers deciding at once run one after the other, and the second finds it decided.
 */
export async function lockApproval(
  tx: Db,
  id: number,
  companyId: number,
): Promise<LockedApproval | undefined> {
  const [row] = await lockApprovalStatement(tx).execute({ id, companyId });
  return row as LockedApproval | undefined;
}

/** Records a decision that places no order: declined (by an approver) or refused (stock or credit gone). */
export async function markApprovalDecided(
  tx: Db,
  id: number,
  decision: { status: 'declined' | 'refused'; reason: string; decidedBy: number },
): Promise<Date> {
  const result = await tx.execute(sql`
    update ${orderApprovals} set status = ${decision.status}, reason = ${decision.reason},
      decided_by = ${decision.decidedBy}, decided_at = now()
    where id = ${id}
    returning decided_at`);
  return new Date(rowsOf<{ decided_at: string | Date }>(result)[0]!.decided_at);
}

/**
 * Locks the rows of a held order's items in id order (as checkout locks stock) and reads what placing it
 * needs: whether each is still sold, and its stock. A deleted item reads as missing.
 */
export async function lockHeldItems(tx: Db, itemIds: number[]) {
  if (itemIds.length === 0) return [];
  return tx
    .select({
      id: items.id,
      sku: items.sku,
      status: items.status,
      trackInventory: items.trackInventory,
      stock: items.stock,
    })
    .from(items)
    .where(inArray(items.id, itemIds))
    .orderBy(asc(items.id))
    .for('update');
}

/**
 * An erased buyer's held orders (their account's erasure): those that never became an order (awaiting, declined,
 * refused) are deleted, as a cart is (no stock or credit was taken for them, and none is a VAT record); one that
 * became an order keeps its decision, by ids, without its own copies of the addresses (the order keeps its own
 * for VAT). One statement.
 */
export async function forgetHeldOrdersOf(tx: Db, userId: number): Promise<void> {
  await tx.execute(sql`
    with unplaced as (
      delete from ${orderApprovals} where ${orderApprovals.userId} = ${userId} and ${orderApprovals.orderId} is null
    )
    update ${orderApprovals} set shipping_address = '{}'::jsonb, billing_address = '{}'::jsonb
    where ${orderApprovals.userId} = ${userId} and ${orderApprovals.orderId} is not null`);
}
