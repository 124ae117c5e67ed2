// Payment reminders on a simulated clock: the pass is given `now`, and the invoices their due days.
import { DEFAULT_RECEIVABLES_SETTINGS, documentNumber } from '@shop/domain';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helper';
import { databaseUrlOf } from '../../../test/server-process';
import {
  companyWithAdministrator,
  creditNote,
  openInvoice,
  paymentAgainst,
} from '../../../test/support/invoices';
import { openDatabase, type Database } from '../../db/client';
import { outboundEmails, scheduledEffects, shopSettings } from '../../db/schema';
import { candidatesStatement } from './queries';
import { sendRemindersOnce } from './reminders';

let ctx: TestContext;
let company: Awaited<ReturnType<typeof companyWithAdministrator>>;
beforeAll(async () => {
  ctx = await createTestApp();
  company = await companyWithAdministrator(ctx, 'remind');
  await ctx.database.db.insert(shopSettings).values({
    key: 'bank',
    value: { account_name: 'PackRight Supplies Ltd', sort_code: '123456', account_number: '12345678' },
  });
});
afterAll(() => ctx.close());

const DUE = '2027-03-15';
/** Noon (UK) on the day `offset` days from DUE. */
const dayAt = (offset: number) => new Date(Date.parse(`${DUE}T12:00:00Z`) + offset * 86_400_000);

const invoiceOf = (totalPence: number, purchaseOrderNumber: string | null = null, dueOn = DUE) =>
  openInvoice(ctx.database.db, {
    companyId: company.company.id,
    userId: company.administrator.userId,
    totalPence,
    dueOn,
    purchaseOrderNumber,
  });

/** The e-mails queued about an invoice, oldest first. */
const mailAbout = (invoiceNumber: number) =>
  ctx.database.db
    .select({ to: outboundEmails.toAddress, subject: outboundEmails.subject, text: outboundEmails.textBody })
    .from(outboundEmails)
    .where(like(outboundEmails.subject, `%${documentNumber('invoice', invoiceNumber)}%`))
    .orderBy(asc(outboundEmails.id));

const periodsOf = async (orderId: number) =>
  (
    await ctx.database.db
      .select({ period: scheduledEffects.period })
      .from(scheduledEffects)
      .where(and(eq(scheduledEffects.kind, 'reminder'), eq(scheduledEffects.subjectId, orderId)))
      .orderBy(asc(scheduledEffects.id))
  ).map((row) => row.period);

describe('sendRemindersOnce', () => {
  it('reminds before, on and every 7 days after the due day, once each, and never a paid or credited invoice', async () => {
    const open = await invoiceOf(12_000, 'PO-77');
    const partPaid = await invoiceOf(10_000);
    await paymentAgainst(ctx.database.db, company.company.id, [{ orderId: partPaid.id, amountPence: 3_000 }]);
    const paid = await invoiceOf(5_000);
    await paymentAgainst(ctx.database.db, company.company.id, [{ orderId: paid.id, amountPence: 5_000 }]);
    const credited = await invoiceOf(4_000);
    await creditNote(ctx.database.db, credited.id, 1_000);
    await creditNote(ctx.database.db, credited.id, 3_000);
    // A payment reversed counts for nothing: the invoice stays open in full.
    const reversed = await invoiceOf(2_000);
    await paymentAgainst(
      ctx.database.db,
      company.company.id,
      [{ orderId: reversed.id, amountPence: 2_000 }],
      {
        reversed: true,
      },
    );
    const recipients = [company.administrator.email, company.company.accountsEmail].sort();

    const table: [offset: number, period: string | null][] = [
      [-4, null],
      [-3, 'before'],
      [-3, null],
      [-1, null],
      [0, 'due'],
      [3, null],
      [7, 'overdue-1'],
      [13, null],
      [14, 'overdue-2'],
      [14, null],
    ];
    for (const [offset, period] of table) {
      const report = await sendRemindersOnce(ctx.database.db, dayAt(offset));
      const sent = report.sent.filter((entry) => entry.startsWith(`${open.id}:`));
      expect(sent, `day ${offset}`).toEqual(period ? [`${open.id}:${period}`] : []);
      for (const other of [paid, credited]) {
        expect(
          report.sent.filter((entry) => entry.startsWith(`${other.id}:`)),
          `day ${offset}`,
        ).toEqual([]);
      }
    }
    expect(await periodsOf(open.id)).toEqual(['before', 'due', 'overdue-1', 'overdue-2']);
    expect(await periodsOf(partPaid.id)).toEqual(['before', 'due', 'overdue-1', 'overdue-2']);
    expect(await periodsOf(reversed.id)).toEqual(['before', 'due', 'overdue-1', 'overdue-2']);
    expect(await periodsOf(paid.id)).toEqual([]);
    expect(await periodsOf(credited.id)).toEqual([]);
    expect(await mailAbout(paid.invoiceNumber!)).toEqual([]);
    expect(await mailAbout(credited.invoiceNumber!)).toEqual([]);

    // Each reminder went to the administrator and the accounts address, once.
    const mail = await mailAbout(open.invoiceNumber!);
    const label = documentNumber('invoice', open.invoiceNumber!);
    expect(mail).toHaveLength(8);
    const subjects = [
      `Invoice ${label} for £120.00 is due on 15 March 2027`,
      `Invoice ${label} for £120.00 is due today`,
      `Invoice ${label} is 7 days overdue: £120.00 to pay`,
      `Invoice ${label} is 14 days overdue: £120.00 to pay`,
    ];
    for (const [i, subject] of subjects.entries()) {
      expect(mail.slice(i * 2, i * 2 + 2).map((email) => email.subject)).toEqual([subject, subject]);
      expect(
        mail
          .slice(i * 2, i * 2 + 2)
          .map((email) => email.to)
          .sort(),
      ).toEqual(recipients);
    }
    const overdue = mail[4]!.text;
    expect(overdue).toContain('was due on 15 March 2027 and is now 7 days overdue');
    expect(overdue).toContain('The amount to pay is £120.00.');
    expect(overdue).toContain('Your PO number: PO-77');
    expect(overdue).toContain('Sort code: 12-34-56');
    expect(overdue).toContain('Account number: 12345678');
    expect(overdue).toContain(`Quote ${label} and your account number TA-`);

    // The part-paid invoice's reminders say what is still open.
    const partMail = await mailAbout(partPaid.invoiceNumber!);
    expect(partMail.map((email) => email.subject)).toContain(
      `Invoice ${documentNumber('invoice', partPaid.invoiceNumber!)} is 7 days overdue: £70.00 to pay`,
    );
    expect(partMail[0]!.text).toContain('£70.00 of it is still to pay');
    expect(partMail[0]!.text).not.toContain('PO number');
  });

  it('sends a missed period late rather than never, the latest one only', async () => {
    const late = await invoiceOf(3_000, null, '2027-06-01');
    const report = await sendRemindersOnce(ctx.database.db, new Date('2027-06-09T12:00:00Z'));
    expect(report.sent.filter((entry) => entry.startsWith(`${late.id}:`))).toEqual([`${late.id}:overdue-1`]);
    expect(await periodsOf(late.id)).toEqual(['overdue-1']);
  });

  it('follows the settings it is given: days before and days between overdue reminders', async () => {
    const dueOn = '2027-09-10';
    const invoice = await invoiceOf(1_000, null, dueOn);
    const settings = {
      ...DEFAULT_RECEIVABLES_SETTINGS,
      reminder_days_before: 10,
      overdue_reminder_every_days: 2,
    };
    const on = (day: string) => sendRemindersOnce(ctx.database.db, new Date(`${day}T12:00:00Z`), settings);
    const mine = (report: { sent: string[] }) =>
      report.sent.filter((entry) => entry.startsWith(`${invoice.id}:`));
    expect(mine(await on('2027-08-30'))).toEqual([]);
    expect(mine(await on('2027-08-31'))).toEqual([`${invoice.id}:before`]);
    expect(mine(await on('2027-09-12'))).toEqual([`${invoice.id}:overdue-1`]);
    expect(mine(await on('2027-09-14'))).toEqual([`${invoice.id}:overdue-2`]);
  });

  it('reads the setting when none is given, and stops at the bound of one pass', async () => {
    const dueOn = '2027-12-01';
    const invoices = [await invoiceOf(100, null, dueOn), await invoiceOf(200, null, dueOn)];
    const at = new Date('2027-11-28T12:00:00Z');
    const first = await sendRemindersOnce(ctx.database.db, at, undefined, { maxSends: 1, batchSize: 1 });
    expect(first.sent).toHaveLength(1);
    const second = await sendRemindersOnce(ctx.database.db, at, undefined, { batchSize: 1 });
    const ours = invoices.map((invoice) => `${invoice.id}:before`);
    // Older invoices' overdue reminders come first (by due day); ours follow in the second pass at the latest.
    expect([...first.sent, ...second.sent].filter((entry) => ours.includes(entry)).sort()).toEqual(
      ours.sort(),
    );
    expect(first.sent.filter((entry) => second.sent.includes(entry))).toEqual([]);
  });

  it('sends each reminder once when two passes run at once (two connection pools on PostgreSQL)', async () => {
    const invoices = await Promise.all(
      Array.from({ length: 12 }, (_, i) => invoiceOf(1_000 + i, null, '2028-02-01')),
    );
    let second: Database | undefined;
    const onPostgres = Boolean(inject('pgTemplate'));
    if (onPostgres) {
      second = await openDatabase({ databaseUrl: databaseUrlOf(ctx.database), poolSize: 2 });
    }
    try {
      const at = new Date('2028-02-08T12:00:00Z');
      const reports = await Promise.all([
        sendRemindersOnce(ctx.database.db, at),
        sendRemindersOnce((second ?? ctx.database).db, at),
        sendRemindersOnce(ctx.database.db, at),
      ]);
      const sent = reports.flatMap((report) => report.sent).filter((entry) => entry.endsWith(':overdue-1'));
      const ours = invoices.map((invoice) => `${invoice.id}:overdue-1`);
      expect(sent.filter((entry) => ours.includes(entry)).sort()).toEqual([...ours].sort());
      for (const invoice of invoices) {
        expect(await mailAbout(invoice.invoiceNumber!)).toHaveLength(2);
      }
    } finally {
      await second?.close();
    }
  });

  it('reads its candidates on the partial index of unpaid invoices on account (the plan)', async () => {
    // With sequential scans priced out, the plan can only use the index if the query implies its predicate.
    const plan = await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const explained = await tx.execute(
        sql`explain ${candidatesStatement('2027-03-18', { dueOn: '2027-01-01', id: 5 }, 200)}`,
      );
      return explained.rows.map((row) => String(Object.values(row)[0])).join('\n');
    });
    expect(plan).toContain('orders_account_due_idx');
  });
});
