// Card payments: the rows of their intents, the marks that settle them, and the lock an order is made under.
import type { AddressBookDefaults } from '@shop/domain';
import { and, asc, eq, inArray, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { reusableStatement } from '../../../db/reusable-statement';
import {
  addresses,
  carts,
  companies,
  companyMembers,
  orders,
  payments,
  users,
  type AddressSnapshot,
} from '../../../db/schema';

export type PaymentRow = typeof payments.$inferSelect;

/**
 * Statuses of a payment without an order that has nothing left to happen: refunded, its intent canceled, or
 * the provider does not know its intent.
 */
export const SETTLED_PAYMENT_STATUSES = ['refunded', 'canceled', 'missing'] as const;

/** Records why a paid payment made no order, unless an order has been made from it: answers whether it did. */
export async function markUnfulfilled(db: Db, paymentId: number, reason: string): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ failureReason: reason, updatedAt: sql`now()` })
    .where(and(eq(payments.id, paymentId), isNull(payments.orderId)))
    .returning({ id: payments.id });
  return rows.length > 0;
}

/**
 * The same mark, only the first time (no order and no reason yet): true once, so what goes with the first
 * refusal (the buyer's e-mail) goes once however many requests refuse the payment.
 */
export async function markFirstUnfulfilled(db: Db, paymentId: number, reason: string): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ failureReason: reason, updatedAt: sql`now()` })
    .where(and(eq(payments.id, paymentId), isNull(payments.orderId), isNull(payments.failureReason)))
    .returning({ id: payments.id });
  return rows.length > 0;
}

/**
 * Marks a paid payment that names no addresses as waiting for them (decision 009): its status succeeded and,
 * the first time, since when it waits (touching `updated_at` then, so reconciliation leaves the buyer's
 * checkout its grace period). Only while it has no order and was not refused: answers since when it waits,
 * or null when an order was made (or it was refused) meanwhile. A repeat changes nothing.
 */
export async function markAwaitingDetails(db: Db, paymentId: number): Promise<Date | null> {
  const [row] = await db
    .update(payments)
    .set({
      status: 'succeeded',
      awaitingDetailsSince: sql`coalesce(${payments.awaitingDetailsSince}, now())`,
      updatedAt: sql`case when ${payments.awaitingDetailsSince} is null then now() else ${payments.updatedAt} end`,
    })
    .where(and(eq(payments.id, paymentId), isNull(payments.orderId), isNull(payments.failureReason)))
    .returning({ since: payments.awaitingDetailsSince });
  return row?.since ?? null;
}

/**
 * Records the addresses a paid payment's order was refused for, because its delivery was paid for another zone
 * (decision 015), and that it waits for an address it covers (decision 009): the webhook and reconciliation then
 * try these again rather than the account's defaults. Status succeeded, since when it waits (the first time),
 * and `updated_at` (the buyer is at their checkout). Only while it has no order and was not refused: answers
 * since when it waits, or null.
 */
export async function markWaitingForAddress(
  db: Db,
  paymentId: number,
  addresses: { billing: AddressSnapshot; shipping: AddressSnapshot },
): Promise<Date | null> {
  const [row] = await db
    .update(payments)
    .set({
      status: 'succeeded',
      billingAddress: addresses.billing,
      shippingAddress: addresses.shipping,
      awaitingDetailsSince: sql`coalesce(${payments.awaitingDetailsSince}, now())`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(payments.id, paymentId), isNull(payments.orderId), isNull(payments.failureReason)))
    .returning({ since: payments.awaitingDetailsSince });
  return row?.since ?? null;
}

/**
 * Records that a waiting payment's details never came, once it has waited `waitSeconds` (by the database's
 * clock), and only while it has no order and no other reason: answers whether it did. The caller refunds it.
 */
export async function markDetailsNeverArrived(
  db: Db,
  paymentId: number,
  reason: string,
  waitSeconds: number,
): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ failureReason: reason, updatedAt: sql`now()` })
    .where(
      and(
        eq(payments.id, paymentId),
        isNull(payments.orderId),
        isNull(payments.failureReason),
        sql`${payments.awaitingDetailsSince} <= now() - make_interval(secs => ${waitSeconds})`,
      ),
    )
    .returning({ id: payments.id });
  return rows.length > 0;
}

/** The buyer as a paid payment without addresses needs them: where to write, and their address book's defaults. */
export interface BuyerDetails extends AddressBookDefaults {
  email: string;
  firstName: string;
  /** The account was erased: nobody to write to. */
  deleted: boolean;
}

export async function selectBuyerDetails(db: Db, userId: number): Promise<BuyerDetails | undefined> {
  const [row] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      deleted: sql<boolean>`${users.deletedAt} is not null`,
      defaultBillingAddressId: users.defaultBillingAddressId,
      defaultShippingAddressId: users.defaultShippingAddressId,
      // Written out: Drizzle leaves a one-table query's columns unqualified, which the subquery would misread.
      onlyAddressId: sql<number | null>`(select case when count(*) = 1 then min(own.id) end
        from ${addresses} own where own.user_id = ${users}.id)`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/**
 * What the provider says has been refunded, on the payment and on its order: the order's refunded amount
 * and, once all of it is refunded, its payment status (spec 2, §4: REFUND). One statement.
 *
 * Never lowers what is recorded (`greatest`): a refund staff make (administration/orders) is reserved on both
 * rows before the provider is asked, so its `charge.refunded` webhook finds it already counted, and a refund
 * made in the provider's own dashboard is counted here once.
 */
export async function recordRefund(db: Db, paymentId: number, refundedPence: number): Promise<void> {
  await db.execute(sql`
    with refunded as (
      update ${payments} set refunded_pence = greatest(refunded_pence, least(${refundedPence}, amount_pence)),
        status = case when ${refundedPence} >= amount_pence then 'refunded' else status end,
        updated_at = now()
      where id = ${paymentId}
      returning order_id, refunded_pence, amount_pence
    )
    update ${orders} set
      refunded_pence = greatest(${orders.refundedPence}, least(refunded.refunded_pence, ${orders.totalPence})),
      payment_status = case when refunded.refunded_pence >= refunded.amount_pence then 'REFUND'
        else ${orders.paymentStatus} end,
      updated_at = now()
    from refunded
    where ${orders.id} = refunded.order_id
      and (${orders.refundedPence} < least(refunded.refunded_pence, ${orders.totalPence})
        or (refunded.refunded_pence >= refunded.amount_pence and ${orders.paymentStatus} <> 'REFUND'))`);
}

/**
 * Claims payments that have not reached their end (no order, not refunded, not canceled) and have been left
 * alone long enough: at least `graceSeconds` since anything touched them, and then as long again as they
 * had lived when last touched, up to `maxWaitSeconds` (checks at 2, 4, 8, 16 minutes, then every 10). The
 * claim stamps `updated_at`, so another process skips them until they are due again; rows locked by a
 * checkout in progress are skipped. One statement; the oldest-touched first.
 */
export function claimUnsettledPayments(
  db: Db,
  options: { provider: string; limit: number; graceSeconds: number; maxWaitSeconds: number },
): Promise<PaymentRow[]> {
  const due = db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        isNull(payments.orderId),
        eq(payments.provider, options.provider),
        notInArray(payments.status, [...SETTLED_PAYMENT_STATUSES]),
        lt(payments.refundedPence, payments.amountPence),
        sql`${payments.updatedAt} <= now() - least(make_interval(secs => ${options.maxWaitSeconds}),
          greatest(make_interval(secs => ${options.graceSeconds}), ${payments.updatedAt} - ${payments.createdAt}))`,
      ),
    )
    .orderBy(asc(payments.updatedAt))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  return db
    .update(payments)
    .set({ updatedAt: sql`now()` })
    .where(inArray(payments.id, due))
    .returning();
}

export async function insertPayment(db: Db, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await db
    .insert(payments)
    .values(values)
    .onConflictDoUpdate({
      target: payments.providerPaymentId,
      set: {
        amountPence: values.amountPence,
        cartVersion: values.cartVersion,
        status: values.status,
        billingAddress: values.billingAddress ?? null,
        shippingAddress: values.shippingAddress ?? null,
        purchaseOrderNumber: values.purchaseOrderNumber ?? null,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row!;
}

export async function updatePayment(
  db: Db,
  id: number,
  values: Partial<
    Pick<
      PaymentRow,
      | 'amountPence'
      | 'cartVersion'
      | 'status'
      | 'billingAddress'
      | 'shippingAddress'
      | 'failureReason'
      | 'refundedPence'
      | 'purchaseOrderNumber'
    >
  >,
): Promise<PaymentRow> {
  const [row] = await db
    .update(payments)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(payments.id, id))
    .returning();
  return row!;
}

/**
 * Locks the payment and its cart, in that order, until the transaction ends: the browser's order request
 * and the webhook for the same payment run one after the other, and so do checkouts of one cart. Reads the
 * buyer's e-mail for the confirmation in the same statement. A payment whose cart is gone is locked alone.
 */
const lockPaymentStatement = reusableStatement((tx) =>
  tx
    .select({
      payment: payments,
      email: users.email,
      firstName: users.firstName,
      companyId: companyMembers.companyId,
      poRequired: sql<boolean>`coalesce(${companies.poRequired}, false)`,
    })
    .from(payments)
    .innerJoin(carts, eq(carts.id, payments.cartId))
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(companyMembers, eq(companyMembers.userId, payments.userId))
    .leftJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(payments.id, sql.placeholder('paymentId')))
    .for('update', { of: [payments, carts] })
    .prepare('checkout_lock_payment'),
);

export async function lockPaymentAndCart(
  tx: Db,
  paymentId: number,
): Promise<
  | { payment: PaymentRow; email: string; firstName: string; companyId: number | null; poRequired: boolean }
  | undefined
> {
  const [row] = await lockPaymentStatement(tx).execute({ paymentId });
  if (row) return row;
  const [alone] = await tx
    .select({
      payment: payments,
      email: users.email,
      firstName: users.firstName,
      companyId: companyMembers.companyId,
      poRequired: sql<boolean>`coalesce(${companies.poRequired}, false)`,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(companyMembers, eq(companyMembers.userId, payments.userId))
    .leftJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(payments.id, paymentId))
    .for('update', { of: [payments] });
  return alone;
}
