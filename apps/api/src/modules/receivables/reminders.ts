import { type ReceivablesSettings, reminderDue, ukToday } from '@shop/domain';
import type { Db } from '../../db/client';
import { enqueueEmail } from '../mail/service';
import { selectAccountsRecipients } from '../companies/administrators';
import { selectSetting } from '../settings/service';
import * as queries from './queries';
import { reminderEmail, type ReminderInvoice, type ReminderKind } from './reminder-emails';

/**
 * Payment reminders (DESIGN §7): an e-mail to a company's administrators and its accounts address
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

/** A json or text array from either driver. */
const periodsOf = (value: queries.ReminderCandidateRow['sent']): string[] => {
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
    const openPence = await queries.lockOpenPence(tx, invoice.orderId);
    if (openPence === undefined) return 'skipped';
    // Paid or credited since it was read.
    if (openPence <= 0) return 'done';
    if (!(await queries.claimEffect(tx, queries.REMINDER_EFFECT, invoice.orderId, reminder.period))) {
      return 'done';
    }
    for (const address of await selectAccountsRecipients(tx, invoice.companyId)) {
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
  const horizon = await queries.selectDayAfter(db, today, receivables.reminder_days_before);
  const report: ReminderReport = { checked: 0, sent: [], skipped: 0 };

  let after: queries.Keyset = null;
  for (;;) {
    const candidates = await queries.selectReminderCandidates(db, horizon, after, batchSize);
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
