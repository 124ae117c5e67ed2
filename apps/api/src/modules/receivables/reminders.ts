import { type ReceivablesSettings, reminderDue, ukToday } from '@shop/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { scheduledEffects } from '../../db/schema';
import { enqueueEmail } from '../mail/service';
import { selectSetting } from '../settings/service';
import { ukDayOf } from './ledger';
import { reminderEmail, type ReminderInvoice, type ReminderKind } from './reminder-emails';

/**
 * Payment reminders (issue 22, DESIGN §7): an e-mail to a company's administrators and its accounts address
 * before an invoice on account falls due, on the day, and every `overdue_reminder_every_days` after, as the
 * domain's reminderDue names the periods. Run by the receivables schedule in every server process (schedule.ts).
 *
 * Exactly once however many processes run: each reminder is the key ('reminder', order id, period) of
 * scheduled_effects, inserted ON CONFLICT DO NOTHING in the transaction that queues its e-mails; a process
 * whose insert returns no row sends nothing. Before that, the invoice's row is claimed FOR UPDATE SKIP LOCKED,
 * so two processes on one invoice do not even wait for each other: the second skips it.
 */

export const REMINDER_DEFAULTS = {
  /** Invoices read at a time. */
  batchSize: 200,
  /** Reminders sent in one pass at most; the rest go at the next pass. */
  maxSends: 500,
};

export interface ReminderReport {
  /** Open invoices looked at. */
  checked: number;
  /** Reminders this pass sent, as 'orderId:period'. */
  sent: string[];
  /** Invoices another process held at that moment (it sends, or the next pass does). */
  skipped: number;
}

/** The kind of scheduled_effects rows the reminders write. */
export const REMINDER_EFFECT = 'reminder';

/** SQL: what is still owed on invoice `orderId` (an outer column): its total less credit notes and live allocations. */
const openPenceOf = (order: SQL) => sql`(${order}.total_pence
  - coalesce((select sum(r.amount_pence) from refunds r where r.order_id = ${order}.id and r.status = 'succeeded'), 0)
  - coalesce((select sum(a.amount_pence) from payment_allocations a join payments_received p on p.id = a.payment_id
      where a.order_id = ${order}.id
        and not exists (select 1 from payments_received v where v.reverses_id = p.id)), 0))`;

interface CandidateRow {
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
 * holds only unpaid invoices on account, in this order, so paid history is never read and each page starts
 * where the last ended.
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

async function selectCandidates(db: Db, horizon: string, after: Keyset, limit: number) {
  return rowsOf<CandidateRow>(await db.execute(candidatesStatement(horizon, after, limit)));
}

/** A json or text array from either driver. */
const periodsOf = (value: CandidateRow['sent']): string[] => {
  if (value === null) return [];
  if (Array.isArray(value)) return value;
  // node-postgres parses text[]; PGlite may answer the literal '{a,b}'.
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean);
};

/**
 * In one transaction: claims the invoice (skipped when another process holds it), checks it is still open,
 * records the reminder's key and queues its e-mails. Answers whether this process sent it.
 */
async function sendReminder(
  db: Db,
  invoice: ReminderInvoice,
  reminder: { period: string; kind: ReminderKind; daysPastDue: number },
  bank: Awaited<ReturnType<typeof selectSetting<'bank'>>>,
): Promise<'sent' | 'skipped' | 'done'> {
  return db.transaction(async (tx) => {
    const claimed = rowsOf<{ open_pence: number | string }>(
      await tx.execute(sql`
        select ${openPenceOf(sql`o`)} as open_pence from orders o
        where o.id = ${invoice.orderId} and o.payment_method = 'account'
        for update of o skip locked`),
    )[0];
    if (!claimed) return 'skipped';
    const openPence = Number(claimed.open_pence);
    // Paid or credited since it was read.
    if (openPence <= 0) return 'done';
    const [key] = await tx
      .insert(scheduledEffects)
      .values({ kind: REMINDER_EFFECT, subjectId: invoice.orderId, period: reminder.period })
      .onConflictDoNothing()
      .returning({ id: scheduledEffects.id });
    if (!key) return 'done';
    const recipients = rowsOf<{ email: string }>(
      await tx.execute(sql`
        select u.email from company_members m join users u on u.id = m.user_id
        where m.company_id = ${invoice.companyId} and m.role = 'administrator'
        union
        select c.accounts_email from companies c where c.id = ${invoice.companyId}`),
    );
    const seen = new Set<string>();
    for (const { email } of recipients) {
      const address = email.trim();
      if (!address || seen.has(address.toLowerCase())) continue;
      seen.add(address.toLowerCase());
      await enqueueEmail(
        tx,
        reminderEmail(address, reminder.kind, reminder.daysPastDue, { ...invoice, openPence }, bank),
      );
    }
    return 'sent';
  });
}

/**
 * One pass of the reminders on the UK day of `now`: every open invoice on account whose reminder for today's
 * period has not gone gets it, bounded by REMINDER_DEFAULTS.maxSends (the rest go at the next pass).
 * `settings` defaults to the shop setting 'receivables'.
 */
export async function sendRemindersOnce(
  db: Db,
  now: Date = new Date(),
  settings?: ReceivablesSettings,
  options: Partial<typeof REMINDER_DEFAULTS> & { shouldStop?: () => boolean } = {},
): Promise<ReminderReport> {
  const { batchSize, maxSends } = { ...REMINDER_DEFAULTS, ...options };
  const shouldStop = options.shouldStop ?? (() => false);
  const receivables = settings ?? (await selectSetting(db, 'receivables'));
  const bank = await selectSetting(db, 'bank');
  const today = ukToday(now);
  const horizon = rowsOf<{ day: string }>(
    await db.execute(
      sql`select to_char(${today}::date + ${receivables.reminder_days_before}::int, 'YYYY-MM-DD') as day`,
    ),
  )[0]!.day;
  const report: ReminderReport = { checked: 0, sent: [], skipped: 0 };

  let after: Keyset = null;
  for (;;) {
    const candidates = await selectCandidates(db, horizon, after, batchSize);
    for (const row of candidates) {
      after = { dueOn: row.due_on, id: row.id };
      if (shouldStop() || report.sent.length >= maxSends) return report;
      const openPence = Number(row.open_pence);
      if (openPence <= 0) continue;
      report.checked++;
      const reminder = reminderDue(row.due_on, today, receivables);
      if (!reminder || periodsOf(row.sent).includes(reminder.period)) continue;
      const invoice: ReminderInvoice = {
        orderId: row.id,
        companyId: row.company_id,
        invoiceNumber: row.invoice_number,
        issuedOn: row.issued_on,
        dueOn: row.due_on,
        totalPence: Number(row.total_pence),
        openPence,
        purchaseOrderNumber: row.po,
      };
      const outcome = await sendReminder(db, invoice, reminder, bank);
      if (outcome === 'sent') report.sent.push(`${row.id}:${reminder.period}`);
      if (outcome === 'skipped') report.skipped++;
    }
    if (candidates.length < batchSize) return report;
  }
}
