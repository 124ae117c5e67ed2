import {
  AGED_BUCKET_LABELS,
  AGED_BUCKETS,
  companyAccountNumber,
  DEFAULT_RECEIVABLES_SETTINGS,
  RECEIVABLES_MESSAGES,
  statementFor,
  type Statement,
} from '@shop/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helper';
import { pdfText, penceOf } from '../../../test/pdf-text';
import { staffMember, type StaffMember } from '../../../test/support/administration';
import { placedOrder } from '../../../test/support/administration-orders';
import { newShopper } from '../../../test/support/carts';
import { onAccountOrder } from '../../../test/support/on-account-orders';
import { openDatabase, type Db } from '../../db/client';
import {
  orders,
  outboundEmails,
  paymentAllocations,
  payments,
  paymentsReceived,
  refunds,
  scheduledEffects,
  shopSettings,
  type EmailAttachmentRef,
} from '../../db/schema';
import { statementBalance } from '../documents/statement';
import { selectLedger } from './ledger';
import { sendMonthlyStatements } from './statement-emails';

// The monthly statement PDF (My account and /admin) and the statement e-mail on the first working day.

let ctx: TestContext;
let db: Db;
let staff: StaffMember;
let ledger: Awaited<ReturnType<typeof buildLedger>>;

beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.database.db;
  staff = await staffMember(ctx, 'staff', 'statements');
  ledger = await buildLedger();
});
afterAll(() => ctx.close());

/** Turns an order into an invoice on account of the company, dated `on` (noon, UK) and due `due`. */
async function onAccount(orderId: number, companyId: number, on: string, due: string) {
  await db.update(payments).set({ orderId: null }).where(eq(payments.orderId, orderId));
  await db
    .update(orders)
    .set({
      paymentMethod: 'account',
      paymentStatus: 'ON_ACCOUNT',
      receiptNumber: null,
      transactionId: null,
      companyId,
      invoiceDueDate: due,
      paymentTerms: { kind: 'days', days: 30 },
      createdAt: new Date(`${on}T11:00:00Z`),
    })
    .where(eq(orders.id, orderId));
}

async function payment(
  companyId: number,
  amountPence: number,
  receivedOn: string,
  reference: string,
  allocations: [orderId: number, pence: number][] = [],
) {
  const [row] = await db
    .insert(paymentsReceived)
    .values({ companyId, amountPence, receivedOn, method: 'bank_transfer', reference })
    .returning({ id: paymentsReceived.id });
  for (const [orderId, pence] of allocations) {
    await db.insert(paymentAllocations).values({ paymentId: row!.id, orderId, amountPence: pence });
  }
  return row!.id;
}

/**
 * A company with five invoices, one in each aged bucket at the end of October 2025, part payments, an
 * over-payment, a reversed payment and a credit note (through the staff refund route), and entries after
 * October that its statement leaves out.
 */
async function buildLedger() {
  const first = await onAccountOrder(ctx, { name: 'ledger', purchaseOrderNumber: 'PO-77' });
  const companyId = first.company.id;
  const invoices = [first.order.id];
  for (const [index, packs] of [1, 2, 1, 1].entries()) {
    const placed = await placedOrder(ctx, { name: `ledger-${index}`, packs });
    invoices.push(placed.order.id);
  }
  const [over90, d61, d31, d1, current] = invoices as [number, number, number, number, number];
  await onAccount(over90, companyId, '2025-05-01', '2025-05-31');
  await onAccount(d61, companyId, '2025-07-16', '2025-08-15');
  await onAccount(d31, companyId, '2025-08-05', '2025-09-04');
  await onAccount(d1, companyId, '2025-09-12', '2025-10-12');
  await onAccount(current, companyId, '2025-10-03', '2025-11-02');
  const total = async (id: number) =>
    (await db.select({ total: orders.totalPence }).from(orders).where(eq(orders.id, id)))[0]!.total;

  // September: part of the 31-60 invoice paid.
  await payment(companyId, 1000, '2025-09-20', 'BACS-SEPT', [[d31, 1000]]);
  // October: a payment recorded by mistake and reversed; the credit note; an over-payment of the 61-90 one.
  const mistaken = await payment(companyId, 2500, '2025-10-05', 'BACS-WRONG', [[d1, 2500]]);
  await db.insert(paymentsReceived).values({
    companyId,
    amountPence: 2500,
    receivedOn: '2025-10-25',
    method: 'bank_transfer',
    reference: 'BACS-WRONG',
    reversesId: mistaken,
    reason: 'Another customer’s transfer',
  });
  const refund = await staff.admin('POST', `orders/${d1}/refunds/`, { amount_pence: 700, reason: 'Dented' });
  expect(refund.statusCode, refund.body).toBe(201);
  await db
    .update(refunds)
    .set({ issuedAt: new Date('2025-10-20T10:00:00Z'), createdAt: new Date('2025-10-20T10:00:00Z') })
    .where(eq(refunds.orderId, d1));
  const d61Total = await total(d61);
  await payment(companyId, d61Total - 300 + 1234, '2025-10-15', 'CHQ 000123', [[d61, d61Total - 300]]);
  // November: left out of October's statement.
  await payment(companyId, 500, '2025-11-04', 'BACS-NOV', [[d31, 500]]);

  return { ...first, companyId, invoices: { over90, d61, d31, d1, current } };
}

const pdfOf = async (res: { statusCode: number; body: string; rawPayload: Buffer }) => {
  expect(res.statusCode, res.body).toBe(200);
  return pdfText(res.rawPayload);
};

/** The printed line of the statement's table that holds `text`. */
function lineWith(text: string, needle: string): string {
  const line = text.split('\n').find((candidate) => candidate.includes(needle));
  if (!line) throw new Error(`no line with ${JSON.stringify(needle)} in:\n${text}`);
  return line;
}

/** A day as the statement's table prints it: '3 Oct 2025'. */
const printedDay = (day: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));

/** A balance as printed: '£1.00' or '£1.00 in credit' (negative). */
function balanceOf(printed: string): number {
  const pence = penceOf(printed);
  return /in credit\s*$/.test(printed.trim()) ? -pence : pence;
}

/** Every amount on a printed line, in order. */
const amountsOn = (line: string) => [...line.matchAll(/£[\d,]+\.\d\d( in credit)?/g)].map((m) => m[0]);

function expectMatchesStatement(text: string, statement: Statement) {
  expect(text).toContain('Statement of account');
  expect(balanceOf(amountsOn(lineWith(text, 'Opening balance'))[0]!)).toBe(statement.openingBalancePence);
  expect(balanceOf(amountsOn(lineWith(text, 'Closing balance'))[0]!)).toBe(statement.closingBalancePence);
  // The table's rows, each from its date to the next: a long description may wrap, and a reader may put the
  // wrapped words before or after the amounts, so the row's words and its amounts are compared apart.
  const flat = text.replace(/\s*\n\s*/g, ' ');
  const body = flat
    .slice(flat.indexOf('Date Description Debit Credit Balance'), flat.indexOf('Opening balance'))
    .replace('No entries this month.', '');
  const rows = body
    // A row starts at its date; a due day in a description ('due 10 July 2025') does not start one.
    .split(/(?<!due )(?=\b\d{1,2} [A-Z][a-z]{2,3} \d{4} )/)
    .slice(1)
    .map((row) => {
      const amounts = amountsOn(row);
      let words = row;
      for (const amount of amounts) words = words.replace(amount, ' ');
      return { words: words.replace(/\s+/g, ' ').trim(), amounts };
    });
  expect(rows, body).toHaveLength(statement.lines.length + 1);
  expect(rows[0]!.words).toMatch(/Balance brought forward$/);
  expect(rows[0]!.amounts.map(balanceOf)).toEqual([statement.openingBalancePence]);
  statement.lines.forEach((line, index) => {
    const row = rows[index + 1]!;
    expect(row.words, body).toBe(`${printedDay(line.on)} ${line.description}`);
    // Debit or credit (the other is blank), then the running balance.
    expect(row.amounts, line.description).toHaveLength(2);
    expect(penceOf(row.amounts[0]!), line.description).toBe(line.debitPence || line.creditPence);
    expect(balanceOf(row.amounts[1]!), line.description).toBe(line.balancePence);
  });
  // The aged-debt table: its header row of the five buckets and a total, and below it the amounts.
  const printed = text.split('\n');
  const header = printed.findIndex((row) => row.includes(AGED_BUCKET_LABELS.over_90));
  expect(header).toBeGreaterThan(-1);
  for (const bucket of AGED_BUCKETS) expect(printed[header]).toContain(AGED_BUCKET_LABELS[bucket]);
  const aged = amountsOn(printed[header + 1]!).map(penceOf);
  expect(aged).toEqual([
    ...AGED_BUCKETS.map((bucket) => statement.aged[bucket]),
    AGED_BUCKETS.reduce((sum, bucket) => sum + statement.aged[bucket], 0),
  ]);
  if (statement.unappliedCreditPence > 0) {
    expect(penceOf(lineWith(text, 'Unapplied credit'))).toBe(statement.unappliedCreditPence);
  } else {
    expect(text).not.toContain('Unapplied credit');
  }
}

describe('the statement PDF', () => {
  it('prints every line, the balances and the aged buckets as statementFor makes them, to the penny', async () => {
    const { buyer, companyId, invoices } = ledger;
    const res = await buyer.call('GET', '/api/account/company/statement.pdf?month=2025-10');
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="statement-${companyAccountNumber(companyId)}-2025-10.pdf"`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const text = await pdfOf(res);
    const statement = statementFor(await selectLedger(db, companyId), '2025-10');

    // The ledger this test built: something in every bucket, credit unapplied, every kind of line.
    for (const bucket of AGED_BUCKETS) expect(statement.aged[bucket], bucket).toBeGreaterThan(0);
    expect(statement.unappliedCreditPence).toBe(1234);
    expect(statement.lines.map((line) => line.kind)).toEqual([
      'invoice',
      'payment',
      'payment',
      'credit_note',
      'payment_reversal',
    ]);
    expect(statement.lines[0]!.id).toBe(invoices.current);
    expectMatchesStatement(text, statement);

    expect(text).toContain('ledger Ltd');
    expect(text).toContain('Trading as ledger');
    expect(text).toContain('2 Mill Lane');
    expect(text).toContain(`Account number: ${companyAccountNumber(companyId)}`);
    expect(text).toContain('Statement for: October 2025');
    expect(text).toContain('Period: 1 October 2025 to 31 October 2025');
    expect(text).toContain('Produced on: ');
    expect(text).toContain('Payment terms: 30 days from the invoice date');
    expect(text).toContain('PackRight Supplies Ltd');
    expect(text).toContain('Aged debt on 31 October 2025');
    // Owed: where to pay (no bank details set yet: ask).
    expect(statement.closingBalancePence).toBeGreaterThan(0);
    expect(penceOf(lineWith(text, 'Amount due'))).toBe(statement.closingBalancePence);
    expect(text).toContain('Bank details: ask our accounts team.');
    // November's payment is not on October's statement.
    expect(text).not.toContain('BACS-NOV');
  });

  it('prints the bank details when they are set, and the same figures for staff', async () => {
    const bank = { account_name: 'PackRight Supplies Ltd', sort_code: '123456', account_number: '12345678' };
    await db.insert(shopSettings).values({ key: 'bank', value: bank });
    try {
      const res = await staff.admin('GET', `companies/${ledger.companyId}/statement.pdf?month=2025-09`);
      expect(res.headers['content-disposition']).toContain(
        `statement-${companyAccountNumber(ledger.companyId)}-2025-09.pdf`,
      );
      const text = await pdfOf(res);
      expectMatchesStatement(text, statementFor(await selectLedger(db, ledger.companyId), '2025-09'));
      expect(text).toContain('Sort code: 12-34-56');
      expect(text).toContain(
        `Quote your account number ${companyAccountNumber(ledger.companyId)} as the payment reference.`,
      );
    } finally {
      await db.delete(shopSettings).where(eq(shopSettings.key, 'bank'));
    }
  });

  it('prints a credit balance as "in credit", and a month before the company existed as empty', async () => {
    const { order, company, buyer } = await onAccountOrder(ctx, { name: 'in-credit' });
    await onAccount(order.id, company.id, '2025-06-10', '2025-07-10');
    const total = (await db.select().from(orders).where(eq(orders.id, order.id)))[0]!.totalPence;
    await payment(company.id, total + 1200, '2025-06-20', 'OVERPAID', [[order.id, total]]);
    const june = await pdfOf(await buyer.call('GET', '/api/account/company/statement.pdf?month=2025-06'));
    const statement = statementFor(await selectLedger(db, company.id), '2025-06');
    expect(statement.closingBalancePence).toBe(-1200);
    expectMatchesStatement(june, statement);
    expect(lineWith(june, 'Closing balance')).toContain(statementBalance(-1200));
    expect(june).toContain('Your account is £12.00 in credit: nothing is owed.');
    expect(june).not.toContain('Amount due');

    const before = await pdfOf(await buyer.call('GET', '/api/account/company/statement.pdf?month=2001-01'));
    expectMatchesStatement(before, statementFor(await selectLedger(db, company.id), '2001-01'));
    expect(before).toContain('No entries this month.');
    expect(before).toContain('Nothing is owed on this account.');
  });
});

describe('who may download it', () => {
  const path = '/api/account/company/statement.pdf?month=2025-10';

  it('is the company’s administrators’: its buyers, approvers and people of no company get 404', async () => {
    for (const role of ['buyer', 'approver'] as const) {
      const member = await ledger.colleague(role);
      const res = await member.call('GET', path);
      expect(res.statusCode, role).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    const outsider = await newShopper(ctx, 'no-company');
    expect((await outsider.call('GET', path)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
  });

  it('gives another company’s administrator only their own company, and not the staff route', async () => {
    const other = await onAccountOrder(ctx, { name: 'other-co' });
    const own = await pdfOf(await other.buyer.call('GET', path));
    expect(own).toContain(companyAccountNumber(other.company.id));
    expect(own).not.toContain(companyAccountNumber(ledger.companyId));
    expect(own).not.toContain('CHQ 000123');
    const staffRoute = await other.buyer.call(
      'GET',
      `/api/administration/companies/${ledger.companyId}/statement.pdf?month=2025-10`,
    );
    expect(staffRoute.statusCode).toBe(403);
  });

  it('answers 404 to staff for an unknown company', async () => {
    const res = await staff.admin('GET', 'companies/99999999/statement.pdf?month=2025-10');
    expect(res.statusCode).toBe(404);
  });

  it('checks the month: well formed, from 2000 to the current UK month (none: this month to date)', async () => {
    const ask = (query: string) =>
      Promise.all([
        ledger.buyer.call('GET', `/api/account/company/statement.pdf${query}`),
        staff.admin('GET', `companies/${ledger.companyId}/statement.pdf${query}`),
      ]);
    for (const query of ['?month=', '?month=2025-13', '?month=2025-1', '?month=October']) {
      for (const res of await ask(query)) {
        expect(res.statusCode, query).toBe(400);
        expect(res.json(), query).toEqual({ month: [RECEIVABLES_MESSAGES.month] });
      }
    }
    const now = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    const [year, month] = now.split('-').map(Number) as [number, number];
    const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
    for (const query of [`?month=${next}`, '?month=1999-12']) {
      for (const res of await ask(query)) {
        expect(res.statusCode, query).toBe(400);
        expect(res.json(), query).toEqual({ month: [RECEIVABLES_MESSAGES.monthRange] });
      }
    }
    for (const res of await ask(`?month=${now.slice(0, 7)}`)) expect(res.statusCode).toBe(200);
    for (const res of await ask('')) expect(res.statusCode).toBe(200);
    const extra = await staff.admin('GET', `companies/${ledger.companyId}/statement.pdf?month=2025-10&x=1`);
    expect(extra.statusCode).toBe(400);
  });
});

describe('the monthly statement e-mail', () => {
  const statementMails = (companyId: number, month: string) =>
    db
      .select()
      .from(outboundEmails)
      .where(
        sql`${outboundEmails.attachments} @> ${JSON.stringify([{ kind: 'statement', company_id: companyId, month }])}::jsonb`,
      );
  const effects = (companyId: number, month: string) =>
    db
      .select()
      .from(scheduledEffects)
      .where(
        and(
          eq(scheduledEffects.kind, 'statement'),
          eq(scheduledEffects.subjectId, companyId),
          eq(scheduledEffects.period, month),
        ),
      );

  it('waits for the first working day, then sends last month’s statement once, with the PDF', async () => {
    // 1 November 2025 is a Saturday: the first working day is Monday the 3rd.
    for (const now of ['2025-11-01T12:00:00Z', '2025-11-02T23:30:00Z']) {
      expect(await sendMonthlyStatements(db, new Date(now))).toMatchObject({ month: null, emails: 0 });
    }
    expect(await statementMails(ledger.companyId, '2025-10')).toEqual([]);

    const monday = new Date('2025-11-03T00:30:00Z');
    const report = await sendMonthlyStatements(db, monday);
    expect(report).toMatchObject({ month: '2025-10', more: false });
    expect(await sendMonthlyStatements(db, monday)).toMatchObject({ companies: 0, emails: 0 });
    expect(await sendMonthlyStatements(db, new Date('2025-11-20T10:00:00Z'))).toMatchObject({ emails: 0 });

    const mails = await statementMails(ledger.companyId, '2025-10');
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual(
      [ledger.buyer.email, 'accounts-ledger@example.com'].sort(),
    );
    expect(await effects(ledger.companyId, '2025-10')).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe(
      `Your PackRight Supplies statement for October 2025 (${companyAccountNumber(ledger.companyId)})`,
    );
    const statement = statementFor(await selectLedger(db, ledger.companyId), '2025-10');
    expect(mail!.textBody).toContain(`Closing balance: ${statementBalance(statement.closingBalancePence)}`);
    // The outbox makes the attachment when it sends: drawn from the ledger, the same figures.
    const [ref] = mail!.attachments as EmailAttachmentRef[];
    const document = await ctx.app.services.documents.attachment(ref!);
    expect(document.filename).toBe(`statement-${companyAccountNumber(ledger.companyId)}-2025-10.pdf`);
    expectMatchesStatement(await pdfText(document.content), statement);
  });

  it('leaves out companies with nothing in the month and nothing owed, and stops when the setting is off', async () => {
    // A company whose invoice was paid in full in May 2025: nothing in June, a zero balance.
    const quiet = await onAccountOrder(ctx, { name: 'quiet' });
    await onAccount(quiet.order.id, quiet.company.id, '2025-05-02', '2025-06-01');
    const total = (await db.select().from(orders).where(eq(orders.id, quiet.order.id)))[0]!.totalPence;
    await payment(quiet.company.id, total, '2025-05-20', 'PAID', [[quiet.order.id, total]]);
    const receivables = (email_statements: boolean) =>
      db
        .update(shopSettings)
        .set({ value: { ...DEFAULT_RECEIVABLES_SETTINGS, email_statements } })
        .where(eq(shopSettings.key, 'receivables'));
    await receivables(false);
    expect(await sendMonthlyStatements(db, new Date('2025-06-02T09:00:00Z'))).toMatchObject({ month: null });
    expect(await statementMails(ledger.companyId, '2025-05')).toEqual([]);
    await receivables(true);

    // 2 June 2025 is a Monday.
    expect(await sendMonthlyStatements(db, new Date('2025-06-02T09:00:00Z'))).toMatchObject({
      month: '2025-05',
    });
    expect(await statementMails(ledger.companyId, '2025-05')).toHaveLength(2);
    expect(await statementMails(quiet.company.id, '2025-05')).toHaveLength(2);
    await sendMonthlyStatements(db, new Date('2025-07-01T09:00:00Z'));
    expect(await statementMails(ledger.companyId, '2025-06')).toHaveLength(2);
    expect(await statementMails(quiet.company.id, '2025-06')).toEqual([]);
    expect(await effects(quiet.company.id, '2025-06')).toEqual([]);
  });

  it('is sent exactly once when two connections run it at once, in small batches', async () => {
    const url = (db as unknown as { $client: { options?: { connectionString?: string } } }).$client.options
      ?.connectionString;
    const second = url ? await openDatabase({ databaseUrl: url, poolSize: 2 }) : null;
    // On PostgreSQL a second pool of its own; PGlite has one connection, so there the two runs interleave on it.
    expect(second === null).toBe(ctx.database.kind === 'pglite');
    try {
      const other = second?.db ?? db;
      const now = new Date('2025-12-01T08:00:00Z');
      // Both run to the end, two companies at a time.
      const runAll = async (on: Db) => {
        for (let i = 0; i < 100; i++) {
          const report = await sendMonthlyStatements(on, now, { batchSize: 2 });
          if (!report.more) return;
        }
        throw new Error('the run never ended');
      };
      await Promise.all([runAll(db), runAll(other)]);
      expect(await statementMails(ledger.companyId, '2025-11')).toHaveLength(2);
      expect(await effects(ledger.companyId, '2025-11')).toHaveLength(1);
      const all = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(outboundEmails)
        .where(sql`${outboundEmails.attachments} @> '[{"kind": "statement", "month": "2025-11"}]'::jsonb`);
      const keys = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(scheduledEffects)
        .where(and(eq(scheduledEffects.kind, 'statement'), eq(scheduledEffects.period, '2025-11')));
      // Every company that had one was sent it by one of them: two messages per key, none twice.
      expect(all[0]!.n).toBe(2 * keys[0]!.n);
    } finally {
      await second?.close();
    }
  });
});
