import type { Ledger, ReceivedMethod } from '@shop/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { paymentAllocations, paymentsReceived } from '../../db/schema';
import { ledgerOfRow, ledgerStatement, type LedgerRow } from './ledger';

/** A payment received as it was stored. */
export interface PaymentRow {
  id: number;
  companyId: number;
  amountPence: number;
  receivedOn: string;
  method: ReceivedMethod;
  reference: string;
}

export async function insertPayment(
  tx: Db,
  payment: Omit<PaymentRow, 'id'> & { recordedBy: number | null },
): Promise<PaymentRow> {
  const [row] = await tx.insert(paymentsReceived).values(payment).returning({
    id: paymentsReceived.id,
    companyId: paymentsReceived.companyId,
    amountPence: paymentsReceived.amountPence,
    receivedOn: paymentsReceived.receivedOn,
    method: paymentsReceived.method,
    reference: paymentsReceived.reference,
  });
  return row!;
}

/** A payment's allocations, all in one statement (none: no statement). */
export async function insertAllocations(
  tx: Db,
  paymentId: number,
  lines: readonly { invoiceId: number; amountPence: number }[],
): Promise<void> {
  if (lines.length === 0) return;
  await tx
    .insert(paymentAllocations)
    .values(lines.map((line) => ({ paymentId, orderId: line.invoiceId, amountPence: line.amountPence })));
}

/** The reversal entry of a payment: the same amount, dated `on`, with the reason. */
export async function insertReversal(
  tx: Db,
  payment: PaymentRow,
  on: string,
  reason: string,
  recordedBy: number | null,
): Promise<number> {
  const [row] = await tx
    .insert(paymentsReceived)
    .values({
      companyId: payment.companyId,
      amountPence: payment.amountPence,
      receivedOn: on,
      method: payment.method,
      reference: payment.reference,
      reversesId: payment.id,
      reason,
      recordedBy,
    })
    .returning({ id: paymentsReceived.id });
  return row!.id;
}

/**
 * Sets the payment status of a company's on-account orders as the ledger now leaves them (DESIGN §7):
 * COMPLETED once the invoice is covered, ON_ACCOUNT while something is open. A refunded order (REFUND) is left
 * alone. One statement; none when there is nothing to change.
 */
export async function setInvoiceStatuses(
  tx: Db,
  companyId: number,
  change: { closed: readonly number[]; reopened: readonly number[] },
): Promise<void> {
  if (change.closed.length === 0 && change.reopened.length === 0) return;
  const closed = `{${change.closed.join(',')}}`;
  const reopened = `{${change.reopened.join(',')}}`;
  await tx.execute(sql`
    update orders set
      payment_status = case when id = any(${closed}::int[]) then 'COMPLETED'::payment_status
        else 'ON_ACCOUNT'::payment_status end,
      updated_at = now()
    where company_id = ${companyId} and payment_method = 'account'
      and ((id = any(${closed}::int[]) and payment_status = 'ON_ACCOUNT')
        or (id = any(${reopened}::int[]) and payment_status = 'COMPLETED'))`);
}

/**
 * A payment of the company (not a reversal entry), locked until the transaction ends, with whether it has been
 * reversed. Undefined for another company's payment or an unknown id.
 */
export async function lockPayment(
  tx: Db,
  companyId: number,
  paymentId: number,
): Promise<(PaymentRow & { reversed: boolean }) | undefined> {
  const [row] = await tx
    .select({
      id: paymentsReceived.id,
      companyId: paymentsReceived.companyId,
      amountPence: paymentsReceived.amountPence,
      receivedOn: paymentsReceived.receivedOn,
      method: paymentsReceived.method,
      reference: paymentsReceived.reference,
      // Qualified by hand: Drizzle leaves a lone table's columns unqualified, which the subquery would take as v's.
      reversed: sql<boolean>`exists (select 1 from payments_received v where v.reverses_id = ${sql.identifier('payments_received')}.${sql.identifier('id')})`,
    })
    .from(paymentsReceived)
    .where(
      and(
        eq(paymentsReceived.id, paymentId),
        eq(paymentsReceived.companyId, companyId),
        isNull(paymentsReceived.reversesId),
      ),
    )
    .for('update');
  return row;
}

/**
 * Claims one scheduled effect (kind, subject, period) in the caller's transaction: true when this transaction
 * took the key, false when someone already had (then the effect was done and is not done again).
 */
export async function claimEffect(tx: Db, kind: string, subjectId: number, period: string): Promise<boolean> {
  const result = await tx.execute(sql`
    insert into scheduled_effects (kind, subject_id, period) values (${kind}, ${subjectId}, ${period})
    on conflict (kind, subject_id, period) do nothing returning id`);
  return rowsOf(result).length > 0;
}

/**
 * Companies the hold rule may change on `today`, at most `limit`: approved companies not on hold with an
 * on-account invoice due more than `holdAfterDays` days ago (a candidate; the rule reads its ledger to see
 * whether it is still open), and companies on an automatic hold (the rule lifts it once nothing is overdue).
 * `afterId` pages through them in id order.
 */
export async function selectHoldCandidates(
  db: Db,
  today: string,
  holdAfterDays: number,
  afterId: number,
  limit: number,
): Promise<number[]> {
  const result = await db.execute(sql`
    select c.id from companies c
    where c.id > ${afterId} and c.status = 'approved' and (
      (c.on_hold and c.hold_set_by = 'automatic')
      or (not c.on_hold and exists (
        select 1 from orders o where o.company_id = c.id and o.payment_method = 'account'
          and o.payment_status = 'ON_ACCOUNT'
          and o.invoice_due_date < ${today}::date - ${holdAfterDays}::int)))
    order by c.id limit ${limit}`);
  return rowsOf<{ id: number }>(result).map((row) => Number(row.id));
}

/** Locks a company for the hold rule, skipping it when another transaction holds it (it is being changed). */
export async function lockCompanySkipLocked(
  tx: Db,
  companyId: number,
): Promise<
  | {
      id: number;
      status: string;
      tradingName: string;
      onHold: boolean;
      holdSetBy: string | null;
      holdReason: string | null;
    }
  | undefined
> {
  const result = await tx.execute(sql`
    select id, status, trading_name, on_hold, hold_set_by, hold_reason from companies
    where id = ${companyId} for update skip locked`);
  const row = rowsOf<{
    id: number;
    status: string;
    trading_name: string;
    on_hold: boolean;
    hold_set_by: string | null;
    hold_reason: string | null;
  }>(result)[0];
  return row
    ? {
        id: Number(row.id),
        status: row.status,
        tradingName: row.trading_name,
        onHold: row.on_hold,
        holdSetBy: row.hold_set_by,
        holdReason: row.hold_reason,
      }
    : undefined;
}

/** Sets or lifts the automatic hold. */
export async function setAutomaticHold(
  tx: Db,
  companyId: number,
  hold: { onHold: true; reason: string } | { onHold: false },
): Promise<void> {
  await tx.execute(
    hold.onHold
      ? sql`update companies set on_hold = true, hold_set_by = 'automatic', hold_reason = ${hold.reason},
          updated_at = now() where id = ${companyId}`
      : sql`update companies set on_hold = false, hold_set_by = null, hold_reason = null, updated_at = now()
          where id = ${companyId}`,
  );
}

/** A company's ledger, or undefined when there is no such company: one statement. */
export async function selectCompanyLedger(db: Db, companyId: number): Promise<Ledger | undefined> {
  const result = await db.execute(sql`
    select l.* from companies c cross join lateral (${ledgerStatement(sql`c.id`)}) l where c.id = ${companyId}`);
  const row = rowsOf<LedgerRow>(result)[0];
  return row ? ledgerOfRow(row) : undefined;
}
