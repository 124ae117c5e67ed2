import { monthBounds, type Ledger, type ReceivedMethod } from '@shop/domain';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import {
  creditAllocations,
  paymentAllocations,
  paymentsReceived,
  type AddressSnapshot,
  type PaymentTermsSnapshot,
  type SellerSnapshot,
} from '../../db/schema';
import { sellerNow } from '../documents/numbering';

/**
 * A company's ledger (DESIGN §7), read in one statement from the rows it is derived from: its
 * on-account orders (the invoices), their credit notes, the payments received with their reversals, and the
 * payments' allocations. Everything else (balance, aged debt, statements, reminders, holds) is a domain
 * function of this. Card orders stay out: they were paid at once.
 *
 * Days are UK calendar days: an invoice is dated the day its order was made, a credit note the day it was
 * issued, in Europe/London.
 */

/** The ledger statement's row (its json columns), as ledgerOfRow reads it. */
export interface LedgerRow {
  invoices:
    | {
        id: number;
        number: number | null;
        issued_on: string;
        due_on: string | null;
        total_pence: number;
        po: string | null;
      }[]
    | string;
  credit_notes:
    | { id: number; number: number | null; invoice_id: number; issued_on: string; amount_pence: number }[]
    | string;
  payments:
    | {
        id: number;
        received_on: string;
        amount_pence: number;
        method: ReceivedMethod;
        reference: string;
        reversal_id: number | null;
        reversal_on: string | null;
        reversal_reason: string | null;
      }[]
    | string;
  allocations: { payment_id: number; invoice_id: number; amount_pence: number }[] | string;
  credit_allocations: { credit_note_id: number; invoice_id: number; amount_pence: number }[] | string;
}

/** A json column comes parsed from node-postgres and PGlite alike, but a string is handled too. */
const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** SQL: a timestamp's UK calendar day, as text. */
export const ukDayOf = (column: SQL) =>
  sql`to_char((${column} at time zone 'Europe/London')::date, 'YYYY-MM-DD')`;

/** The ledger statement for the company `companyId` names (a bound value or an outer column). */
export function ledgerStatement(companyId: SQL): SQL {
  return sql`
    select
      (select coalesce(json_agg(json_build_object('id', o.id, 'number', o.invoice_number,
          'issued_on', ${ukDayOf(sql`o.created_at`)}, 'due_on', to_char(o.invoice_due_date, 'YYYY-MM-DD'),
          'total_pence', o.total_pence, 'po', o.purchase_order_number) order by o.created_at, o.id), '[]'::json)
        from orders o where o.company_id = ${companyId} and o.payment_method = 'account') as invoices,
      (select coalesce(json_agg(json_build_object('id', r.id, 'number', r.credit_note_number,
          'invoice_id', r.order_id, 'issued_on', ${ukDayOf(sql`coalesce(r.issued_at, r.created_at)`)},
          'amount_pence', r.amount_pence) order by r.id), '[]'::json)
        from orders o join refunds r on r.order_id = o.id
        where o.company_id = ${companyId} and o.payment_method = 'account' and r.status = 'succeeded') as credit_notes,
      (select coalesce(json_agg(json_build_object('id', p.id, 'received_on', to_char(p.received_on, 'YYYY-MM-DD'),
          'amount_pence', p.amount_pence, 'method', p.method, 'reference', p.reference,
          'reversal_id', v.id, 'reversal_on', to_char(v.received_on, 'YYYY-MM-DD'), 'reversal_reason', v.reason)
          order by p.received_on, p.id), '[]'::json)
        from payments_received p left join payments_received v on v.reverses_id = p.id
        where p.company_id = ${companyId} and p.reverses_id is null) as payments,
      (select coalesce(json_agg(json_build_object('payment_id', a.payment_id, 'invoice_id', a.order_id,
          'amount_pence', a.amount_pence) order by a.id), '[]'::json)
        from payments_received p join payment_allocations a on a.payment_id = p.id
        where p.company_id = ${companyId}) as allocations,
      (select coalesce(json_agg(json_build_object('credit_note_id', c.refund_id, 'invoice_id', c.order_id,
          'amount_pence', c.amount_pence) order by c.id), '[]'::json)
        from orders o join credit_allocations c on c.order_id = o.id
        where o.company_id = ${companyId} and o.payment_method = 'account') as credit_allocations`;
}

/** Turns the statement's row into the domain's Ledger. */
export function ledgerOfRow(row: LedgerRow): Ledger {
  return {
    invoices: parsed(row.invoices).map((invoice) => ({
      id: invoice.id,
      number: invoice.number,
      issuedOn: invoice.issued_on,
      // An on-account order always has its due day; an order without one is due the day it was made.
      dueOn: invoice.due_on ?? invoice.issued_on,
      totalPence: Number(invoice.total_pence),
      purchaseOrderNumber: invoice.po,
    })),
    creditNotes: parsed(row.credit_notes).map((note) => ({
      id: note.id,
      number: note.number,
      invoiceId: note.invoice_id,
      issuedOn: note.issued_on,
      amountPence: Number(note.amount_pence),
    })),
    payments: parsed(row.payments).map((payment) => ({
      id: payment.id,
      receivedOn: payment.received_on,
      amountPence: Number(payment.amount_pence),
      method: payment.method,
      reference: payment.reference,
      reversal:
        payment.reversal_id === null
          ? null
          : {
              id: payment.reversal_id,
              on: payment.reversal_on ?? payment.received_on,
              reason: payment.reversal_reason,
            },
    })),
    allocations: parsed(row.allocations).map((allocation) => ({
      paymentId: allocation.payment_id,
      invoiceId: allocation.invoice_id,
      amountPence: Number(allocation.amount_pence),
    })),
    creditAllocations: parsed(row.credit_allocations ?? []).map((allocation) => ({
      creditNoteId: allocation.credit_note_id,
      invoiceId: allocation.invoice_id,
      amountPence: Number(allocation.amount_pence),
    })),
  };
}

/** The ledger statement's row read as one json value (a subquery of a company view), as the domain's Ledger. */
export function ledgerOfJson(value: LedgerRow | string): Ledger {
  return ledgerOfRow(parsed(value));
}

/** One statement: the company's whole ledger. An unknown company has an empty one. */
export async function selectLedger(db: Db, companyId: number): Promise<Ledger> {
  const result = await db.execute(ledgerStatement(sql`${companyId}::int`));
  return ledgerOfRow(rowsOf<LedgerRow>(result)[0]!);
}

/**
 * SQL: what a company owes, in pence, as the ledger sums it (balancePence): its on-account orders' totals less
 * their credit notes, less the payments received that were not reversed. The credit check and the company
 * views use it; `companyId` is a bound value or the outer query's column.
 */
export const ledgerBalanceOf = (companyId: SQL) =>
  sql<number>`((select coalesce(sum(o.total_pence - o.refunded_pence), 0) from orders o
      where o.company_id = ${companyId} and o.payment_method = 'account')
    - (select coalesce(sum(p.amount_pence), 0) from payments_received p
      where p.company_id = ${companyId} and p.reverses_id is null
        and not exists (select 1 from payments_received v where v.reverses_id = p.id)))`;

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

/** A credit note's credit set against invoices, all in one statement (none: no statement). */
export async function insertCreditAllocations(
  tx: Db,
  creditNoteId: number,
  lines: readonly { invoiceId: number; amountPence: number }[],
  recordedBy: number | null,
): Promise<void> {
  if (lines.length === 0) return;
  await tx.insert(creditAllocations).values(
    lines.map((line) => ({
      refundId: creditNoteId,
      orderId: line.invoiceId,
      amountPence: line.amountPence,
      recordedBy,
    })),
  );
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

// ---------------------------------------------------------------------------------------------
// Payment reminders
// ---------------------------------------------------------------------------------------------

/** The kind of scheduled_effects rows the reminders write. */
export const REMINDER_EFFECT = 'reminder';

/**
 * SQL: what is still owed on invoice `order` (an outer alias): its total less what covers it, orders.covered_pence,
 * which the ledger's triggers keep (decision 016). Not clamped: below zero it is covered beyond its total, and the
 * reminders skip it as they skip a paid one.
 */
const openPenceOf = (order: SQL) => sql`(${order}.total_pence - ${order}.covered_pence)`;

export interface ReminderCandidateRow {
  id: number;
  company_id: number;
  invoice_number: number | null;
  issued_on: string;
  due_on: string;
  total_pence: number | string;
  open_pence: number | string;
  po: string | null;
  /** The reminder periods already sent for it. */
  sent: string[] | string | null;
}

/** Where the last page ended, by (due day, id): the order of orders_account_due_idx. */
export type Keyset = { dueOn: string; id: number } | null;

/**
 * One statement: up to `limit` unpaid invoices on account after `after`, due by `horizon` (today plus the days
 * before), with what is still owed and the periods already reminded. The partial index orders_account_due_idx
 * holds only unpaid invoices on account, in this order, with what covers each, so paid history and the ledger's
 * rows are never read and each page starts where the last ended.
 */
export function candidatesStatement(horizon: string, after: Keyset, limit: number): SQL {
  const keyset = after
    ? sql`and (o.invoice_due_date, o.id) > (${after.dueOn}::date, ${after.id}::int)`
    : sql``;
  return sql`
    select c.* from (
      select o.id, o.company_id, o.invoice_number, ${ukDayOf(sql`o.created_at`)} as issued_on,
        to_char(o.invoice_due_date, 'YYYY-MM-DD') as due_on, o.total_pence, o.purchase_order_number as po,
        ${openPenceOf(sql`o`)} as open_pence,
        (select array_agg(e.period) from scheduled_effects e
          where e.kind = ${REMINDER_EFFECT} and e.subject_id = o.id) as sent
      from orders o
      where o.payment_method = 'account' and o.payment_status not in ('COMPLETED', 'REFUND')
        and o.invoice_due_date <= ${horizon}::date and o.company_id is not null ${keyset}
      order by o.invoice_due_date, o.id
      limit ${limit}
    ) c`;
}

export async function selectReminderCandidates(
  db: Db,
  horizon: string,
  after: Keyset,
  limit: number,
): Promise<ReminderCandidateRow[]> {
  return rowsOf<ReminderCandidateRow>(await db.execute(candidatesStatement(horizon, after, limit)));
}

/**
 * What is still owed on an invoice on account, its row locked until the transaction ends; undefined when another
 * process holds it (SKIP LOCKED) or it is no invoice on account.
 */
export async function lockOpenPence(tx: Db, orderId: number): Promise<number | undefined> {
  const claimed = rowsOf<{ open_pence: number | string }>(
    await tx.execute(sql`
      select ${openPenceOf(sql`o`)} as open_pence from orders o
      where o.id = ${orderId} and o.payment_method = 'account'
      for update of o skip locked`),
  )[0];
  return claimed ? Number(claimed.open_pence) : undefined;
}

/** The calendar day `days` after `day` (both YYYY-MM-DD), as the database counts it. */
export async function selectDayAfter(db: Db, day: string, days: number): Promise<string> {
  return rowsOf<{ day: string }>(
    await db.execute(sql`select to_char(${day}::date + ${days}::int, 'YYYY-MM-DD') as day`),
  )[0]!.day;
}

// ---------------------------------------------------------------------------------------------
// Statements
// ---------------------------------------------------------------------------------------------

/** The scheduled_effects kind of a company's monthly statement (subject: the company, period: 'YYYY-MM'). */
export const STATEMENT_EFFECT = 'statement';
/** Kept once a month's run has found no company left (subject 0), so later calls end at once. */
export const STATEMENT_RUN_EFFECT = 'statement_run';

export interface StatementHeadingRow {
  id: number;
  legal_name: string;
  trading_name: string;
  invoice_address: AddressSnapshot;
  payment_terms: PaymentTermsSnapshot | null;
  seller: SellerSnapshot;
}

/** The company as its statement names it, with the shop's details as printed now; null when there is none. */
export async function selectStatementHeading(db: Db, companyId: number): Promise<StatementHeadingRow | null> {
  const result = await db.execute(sql`
    select c.id, c.legal_name, c.trading_name, c.invoice_address, c.payment_terms, ${sellerNow()} as seller
    from companies c where c.id = ${companyId}::int`);
  return rowsOf<StatementHeadingRow>(result)[0] ?? null;
}

export interface StatementCandidateRow {
  id: number;
  trading_name: string;
}

/** SQL: a timestamp's UK calendar day, as a date. */
const ukDateOf = (column: SQL) => sql`(${column} at time zone 'Europe/London')::date`;

/**
 * Approved companies whose statement for `month` has not been sent, that had an entry dated in the month or
 * owed (or were owed) something at its end: the ledger's sums, as statementFor makes them, in SQL. In id order.
 */
export async function selectStatementCandidates(
  db: Db,
  month: string,
  limit: number,
): Promise<StatementCandidateRow[]> {
  const { from, to } = monthBounds(month);
  const first = sql`${from}::date`;
  const last = sql`${to}::date`;
  const result = await db.execute(sql`
    select c.id, c.trading_name
    from companies c
    where c.status = 'approved'
      and not exists (select 1 from scheduled_effects e
        where e.kind = ${STATEMENT_EFFECT} and e.subject_id = c.id and e.period = ${month})
      and (
        exists (select 1 from orders o where o.company_id = c.id and o.payment_method = 'account'
          and ${ukDateOf(sql`o.created_at`)} between ${first} and ${last})
        or exists (select 1 from orders o join refunds r on r.order_id = o.id
          where o.company_id = c.id and o.payment_method = 'account' and r.status = 'succeeded'
            and ${ukDateOf(sql`coalesce(r.issued_at, r.created_at)`)} between ${first} and ${last})
        or exists (select 1 from payments_received p where p.company_id = c.id
          and p.received_on between ${first} and ${last})
        or (select coalesce(sum(o.total_pence), 0) from orders o
              where o.company_id = c.id and o.payment_method = 'account' and ${ukDateOf(sql`o.created_at`)} <= ${last})
          - (select coalesce(sum(r.amount_pence), 0) from orders o join refunds r on r.order_id = o.id
              where o.company_id = c.id and o.payment_method = 'account' and r.status = 'succeeded'
                and ${ukDateOf(sql`coalesce(r.issued_at, r.created_at)`)} <= ${last})
          - (select coalesce(sum(case when p.reverses_id is null then p.amount_pence else -v.amount_pence end), 0)
              from payments_received p left join payments_received v on v.id = p.reverses_id
              where p.company_id = c.id and p.received_on <= ${last}) <> 0
      )
    order by c.id
    limit ${limit}`);
  return rowsOf<StatementCandidateRow>(result);
}

/** Whether a month's statement run has already found no company left. */
export async function statementRunFinished(db: Db, month: string): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 from scheduled_effects
    where kind = ${STATEMENT_RUN_EFFECT} and subject_id = 0 and period = ${month}`);
  return rowsOf(result).length > 0;
}
