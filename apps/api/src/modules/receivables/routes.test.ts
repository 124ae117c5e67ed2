import {
  automaticHoldReason,
  documentNumber,
  formatUkDay,
  COMPANY_MESSAGES,
  type CompanyView,
  LedgerPaymentViewSchema,
  type LedgerView,
  LedgerViewSchema,
  RECEIVABLES_MESSAGES,
  ukToday,
} from '@shop/domain';
import { addDays, format, parseISO } from 'date-fns';
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingDb } from '../../../test/query-counter';
import { createTestApp, testConfig, type TestContext } from '../../../test/helper';
import { expectStaffOnly, staffMember, type StaffMember } from '../../../test/support/administration';
import { pence, setStock, tradeCompany, type TradeMember } from '../../../test/support/orders';
import { expectCoverAsLedger } from '../../../test/support/on-account-orders';
import { auditLog, companies, outboundEmails, orders, paymentsReceived } from '../../db/schema';
import { applyHoldsOnce } from './holds';
import { createReceivablesService } from './service';

let ctx: TestContext;
let staff: StaffMember;
beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ LOG_LEVEL: 'error' }) });
  staff = await staffMember(ctx, 'staff', 'accounts');
  await setStock(ctx, TAPE, 100_000);
});
afterAll(() => ctx.close());

const TAPE = 'TD-PRO-75';
const day = (offset: number) => format(addDays(parseISO(ukToday()), offset), 'yyyy-MM-dd');
const money = (p: number) => (p / 100).toFixed(2);

/** An approved company with an administrator (who orders) and a buyer. */
async function company() {
  const made = await tradeCompany(ctx, { creditLimitPence: 5_000_000 });
  const admin = await made.member('administrator');
  const buyer = await made.member('buyer');
  return { ...made, admin, buyer };
}

/** An on-account order (an invoice) of `packs` packs by `member`, due on `dueOn` when given. */
async function invoice(member: TradeMember, packs: number, dueOn?: string) {
  await member.addSku(TAPE, packs);
  const res = await member.onAccount();
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json<{ id: number; total: string }>();
  if (dueOn)
    await ctx.database.db.update(orders).set({ invoiceDueDate: dueOn }).where(eq(orders.id, order.id));
  const [row] = await ctx.database.db
    .select({ number: orders.invoiceNumber })
    .from(orders)
    .where(eq(orders.id, order.id));
  return { id: order.id, totalPence: pence(order.total), number: row!.number };
}

const record = (companyId: number, body: object) =>
  staff.admin('POST', `companies/${companyId}/payments/`, body);
const ledgerOf = async (companyId: number) => {
  const res = await staff.admin('GET', `companies/${companyId}/ledger/`);
  expect(res.statusCode, res.body).toBe(200);
  return LedgerViewSchema.parse(res.json()) as LedgerView;
};
const statusOf = async (orderId: number) =>
  (await ctx.database.db.select({ s: orders.paymentStatus }).from(orders).where(eq(orders.id, orderId)))[0]!
    .s;
const paymentCount = async (companyId: number) =>
  (
    await ctx.database.db
      .select({ n: count() })
      .from(paymentsReceived)
      .where(eq(paymentsReceived.companyId, companyId))
  )[0]!.n;
const emailsTo = (to: string) =>
  ctx.database.db
    .select()
    .from(outboundEmails)
    .where(eq(outboundEmails.toAddress, to))
    .orderBy(asc(outboundEmails.id));

const PAYMENT = { received_on: ukToday(), method: 'bank_transfer', reference: 'BACS-1' };

describe('role checks', () => {
  it('answers staff only: a visitor 401, a customer and the company’s own administrator 403', async () => {
    const c = await company();
    const body = { ...PAYMENT, amount: '1.00' };
    await expectStaffOnly(ctx, 'POST', `companies/${c.id}/payments/`, body);
    await expectStaffOnly(ctx, 'GET', `companies/${c.id}/ledger/`);
    await expectStaffOnly(ctx, 'POST', `companies/${c.id}/payments/1/reverse/`, { reason: 'x' });
    await expectStaffOnly(ctx, 'POST', `companies/${c.id}/payments/1/allocate/`, { allocations: [] });
    for (const [method, path, payload] of [
      ['POST', `companies/${c.id}/payments/`, body],
      ['GET', `companies/${c.id}/ledger/`, undefined],
    ] as const) {
      const res = await c.admin.call(method, `/api/administration/${path}`, payload);
      expect(res.statusCode, path).toBe(403);
    }
    expect(await paymentCount(c.id)).toBe(0);
  });

  it('answers 404 for an unknown company and another company’s payment, 409 for a company not approved', async () => {
    const a = await company();
    const b = await company();
    expect((await record(999_999, { ...PAYMENT, amount: '1.00' })).statusCode).toBe(404);
    expect((await staff.admin('GET', 'companies/999999/ledger/')).statusCode).toBe(404);
    const paid = await record(a.id, { ...PAYMENT, amount: '5.00' });
    expect(paid.statusCode, paid.body).toBe(201);
    const paymentId = paid.json<{ id: number }>().id;
    const wrong = await staff.admin('POST', `companies/${b.id}/payments/${paymentId}/reverse/`, {
      reason: 'Wrong company',
    });
    expect(wrong.statusCode).toBe(404);
    const wrongAllocate = await staff.admin('POST', `companies/${b.id}/payments/${paymentId}/allocate/`, {
      allocations: [],
    });
    expect(wrongAllocate.statusCode).toBe(404);
    const pending = await tradeCompany(ctx, { status: 'pending' });
    const refused = await record(pending.id, { ...PAYMENT, amount: '1.00' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: COMPANY_MESSAGES.notApproved });
  });
});

describe('POST payments/', () => {
  it('allocates oldest due first by default, closes what it covers, e-mails a receipt and audits it', async () => {
    const c = await company();
    const older = await invoice(c.admin, 2, day(5));
    const newer = await invoice(c.admin, 3, day(20));
    const amount = older.totalPence + 100;
    const res = await record(c.id, { ...PAYMENT, amount: money(amount) });
    expect(res.statusCode, res.body).toBe(201);
    const payment = LedgerPaymentViewSchema.parse(res.json());
    expect(payment).toMatchObject({
      amount: money(amount),
      allocated: money(amount),
      method: 'bank_transfer',
      reference: 'BACS-1',
      reversed: null,
      allocations: [
        { invoice: older.id, number: older.number, amount: money(older.totalPence) },
        { invoice: newer.id, number: newer.number, amount: '1.00' },
      ],
    });
    expect(await statusOf(older.id)).toBe('COMPLETED');
    expect(await statusOf(newer.id)).toBe('ON_ACCOUNT');

    const [receipt] = (await emailsTo(c.admin.email)).filter((e) => e.subject.startsWith('Payment received'));
    expect(receipt).toBeDefined();
    expect(receipt!.textBody).toContain('Bank transfer');
    expect(receipt!.textBody).toContain('BACS-1');
    expect(receipt!.textBody).toContain(formatUkDay(PAYMENT.received_on));
    expect(receipt!.textBody).toContain(`Invoice ${documentNumber('invoice', older.number!)}`);
    expect(receipt!.textBody).toContain(`balance is now £${money(newer.totalPence - 100)} owed`);
    expect((await emailsTo(c.buyer.email)).filter((e) => e.subject.startsWith('Payment received'))).toEqual(
      [],
    );

    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'payment_received'), eq(auditLog.entityId, String(payment.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: 'payment.record', actorEmail: staff.email });

    const ledger = await ledgerOf(c.id);
    expect(ledger.balance).toBe(money(newer.totalPence - 100));
    expect(ledger.invoices.map((i) => [i.id, i.open])).toEqual([
      [older.id, '0.00'],
      [newer.id, money(newer.totalPence - 100)],
    ]);
    expect(ledger.entries.at(-1)!.balance).toBe(ledger.balance);
  });

  it('takes an edited allocation as given and keeps the rest as credit', async () => {
    const c = await company();
    const older = await invoice(c.admin, 1, day(5));
    const newer = await invoice(c.admin, 1, day(20));
    const res = await record(c.id, {
      ...PAYMENT,
      amount: money(newer.totalPence + 500),
      allocations: [{ invoice: newer.id, amount: money(newer.totalPence) }],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ allocated: string }>().allocated).toBe(money(newer.totalPence));
    expect(await statusOf(newer.id)).toBe('COMPLETED');
    expect(await statusOf(older.id)).toBe('ON_ACCOUNT');
    const ledger = await ledgerOf(c.id);
    expect(ledger.unapplied_credit).toBe('5.00');
    expect(ledger.balance).toBe(money(older.totalPence - 500));

    // The credit set against the older invoice later.
    const paymentId = res.json<{ id: number }>().id;
    const allocated = await staff.admin('POST', `companies/${c.id}/payments/${paymentId}/allocate/`, {
      allocations: [{ invoice: older.id, amount: '5.00' }],
    });
    expect(allocated.statusCode, allocated.body).toBe(200);
    expect(allocated.json<{ allocated: string }>().allocated).toBe(money(newer.totalPence + 500));
    const more = await staff.admin('POST', `companies/${c.id}/payments/${paymentId}/allocate/`, {
      allocations: [{ invoice: older.id, amount: '0.01' }],
    });
    expect(more.statusCode).toBe(400);
    expect(more.json()).toEqual({ allocations: [RECEIVABLES_MESSAGES.overPayment] });
    expect((await ledgerOf(c.id)).unapplied_credit).toBe('0.00');
  });

  it('closes an invoice with a part payment and then the rest, and opens it again on reversal', async () => {
    const c = await company();
    const inv = await invoice(c.admin, 2, day(10));
    const part = await record(c.id, { ...PAYMENT, amount: '1.00' });
    expect(part.statusCode).toBe(201);
    expect(await statusOf(inv.id)).toBe('ON_ACCOUNT');
    const rest = await record(c.id, { ...PAYMENT, reference: 'BACS-2', amount: money(inv.totalPence - 100) });
    expect(rest.statusCode).toBe(201);
    expect(await statusOf(inv.id)).toBe('COMPLETED');
    expect((await ledgerOf(c.id)).balance).toBe('0.00');

    const restId = rest.json<{ id: number }>().id;
    const reversed = await staff.admin('POST', `companies/${c.id}/payments/${restId}/reverse/`, {
      reason: 'Bounced',
    });
    expect(reversed.statusCode, reversed.body).toBe(201);
    expect(reversed.json()).toMatchObject({ id: restId, reversed: { on: ukToday(), reason: 'Bounced' } });
    expect(await statusOf(inv.id)).toBe('ON_ACCOUNT');
    const again = await staff.admin('POST', `companies/${c.id}/payments/${restId}/reverse/`, {
      reason: 'Twice',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: RECEIVABLES_MESSAGES.alreadyReversed });
    // Never deleted: the payment and its reversal entry both stay.
    expect(await paymentCount(c.id)).toBe(3);
    const ledger = await ledgerOf(c.id);
    expect(ledger.balance).toBe(money(inv.totalPence - 100));
    expect(ledger.entries.map((e) => e.kind)).toEqual(['invoice', 'payment', 'payment', 'payment_reversal']);
    await expectCoverAsLedger(ctx, c.id);
    const audits = await ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'payment_received'), eq(auditLog.entityId, String(restId))));
    expect(audits.map((a) => a.action)).toEqual(['payment.record', 'payment.reverse']);
  });

  it('keeps an over-payment as credit: the balance below zero and the available credit up', async () => {
    const c = await company();
    const inv = await invoice(c.admin, 1, day(10));
    const res = await record(c.id, { ...PAYMENT, amount: money(inv.totalPence + 2500) });
    expect(res.statusCode).toBe(201);
    const view = (await c.admin.call('GET', '/api/account/company/')).json<CompanyView>();
    expect(view.balance).toBe('-25.00');
    expect(view.available_credit).toBe('50025.00');
    expect((await ledgerOf(c.id)).unapplied_credit).toBe('25.00');
  });

  it('refuses an over-allocation, an unknown invoice and a future day with nothing written', async () => {
    const c = await company();
    const inv = await invoice(c.admin, 1, day(10));
    const other = await company();
    const theirs = await invoice(other.admin, 1, day(10));
    const cases: [object, object][] = [
      [
        { amount: '1.00', allocations: [{ invoice: inv.id, amount: '2.00' }] },
        { allocations: [RECEIVABLES_MESSAGES.overPayment] },
      ],
      [
        {
          amount: money(inv.totalPence + 100),
          allocations: [{ invoice: inv.id, amount: money(inv.totalPence + 1) }],
        },
        { 'allocations.0.amount': [RECEIVABLES_MESSAGES.overInvoice(money(inv.totalPence))] },
      ],
      [
        { amount: '1.00', allocations: [{ invoice: theirs.id, amount: '1.00' }] },
        { 'allocations.0.invoice': [RECEIVABLES_MESSAGES.unknownInvoice] },
      ],
      [
        {
          amount: '2.00',
          allocations: [
            { invoice: inv.id, amount: '1.00' },
            { invoice: inv.id, amount: '1.00' },
          ],
        },
        { 'allocations.1.invoice': [RECEIVABLES_MESSAGES.duplicateInvoice] },
      ],
      [{ amount: '1.00', received_on: day(1) }, { received_on: [RECEIVABLES_MESSAGES.future] }],
    ];
    for (const [body, errors] of cases) {
      const res = await record(c.id, { ...PAYMENT, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    for (const body of [
      { amount: '0' },
      { amount: '1.00', method: 'cash' },
      { amount: '1.00', received_on: '2026-02-30' },
    ]) {
      expect((await record(c.id, { ...PAYMENT, ...body })).statusCode).toBe(400);
    }
    expect(await paymentCount(c.id)).toBe(0);
    expect(await statusOf(inv.id)).toBe('ON_ACCOUNT');
  });

  it('records in a fixed number of statements, and reads the ledger in one', async () => {
    const c = await company();
    await invoice(c.admin, 1, day(10));
    await invoice(c.admin, 1, day(11));
    const counter = countingDb(ctx.database);
    const service = createReceivablesService(counter.db);
    const body = { ...PAYMENT, reference: 'count', amount: 50_000 } as never;
    await service.record({ id: staff.userId, email: staff.email }, c.id, body);
    // lock, ledger, payment, allocations, statuses, audit, administrators, e-mails, settings (hold rule: nothing
    // to do). node-postgres logs the transaction's begin and commit too; PGlite does not.
    const statements = counter.sql.filter((text) => !/^(begin|commit)\b/i.test(text.trim()));
    expect(statements).toHaveLength(9);
    counter.reset();
    await service.ledger(c.id);
    expect(counter.count()).toBe(1);
  });
});

describe('GET account/company/', () => {
  it('carries the overdue amount and aged buckets for administrators, null for a buyer', async () => {
    const c = await company();
    const late = await invoice(c.admin, 1, day(-40));
    const current = await invoice(c.admin, 2, day(10));
    const view = (await c.admin.call('GET', '/api/account/company/')).json<CompanyView>();
    expect(view.overdue).toBe(money(late.totalPence));
    expect(view.aged).toEqual({
      current: money(current.totalPence),
      '1_30': '0.00',
      '31_60': money(late.totalPence),
      '61_90': '0.00',
      over_90: '0.00',
    });
    expect(view.balance).toBe(money(late.totalPence + current.totalPence));
    const buyerView = (await c.buyer.call('GET', '/api/account/company/')).json<CompanyView>();
    expect(buyerView).toMatchObject({ balance: null, overdue: null, aged: null });
    const detail = (await staff.admin('GET', `companies/${c.id}/`)).json<{ overdue: string; aged: object }>();
    expect(detail.overdue).toBe(money(late.totalPence));
    expect(detail.aged).toEqual(view.aged);
  });
});

describe('automatic holds', () => {
  const holdOf = async (companyId: number) =>
    (
      await ctx.database.db
        .select({ onHold: companies.onHold, by: companies.holdSetBy, reason: companies.holdReason })
        .from(companies)
        .where(eq(companies.id, companyId))
    )[0]!;
  const holdMails = async (to: string) =>
    (await emailsTo(to)).filter((e) => e.subject.includes('on hold')).map((e) => e.subject);

  it('sets a hold past the setting’s days overdue, refuses the checkout with the reason, and lifts it once paid', async () => {
    const c = await company();
    const late = await invoice(c.admin, 1, day(-15));
    await invoice(c.admin, 1, day(-14)); // exactly 14 days: not yet
    const before = await applyHoldsOnce(ctx.database.db, new Date());
    expect(before.set).toBeGreaterThanOrEqual(1);
    expect(await holdOf(c.id)).toEqual({ onHold: true, by: 'automatic', reason: automaticHoldReason(14) });
    expect(await holdMails(c.admin.email)).toEqual([expect.stringContaining('is on hold')]);
    // A second pass, or a second process, changes nothing and mails nothing.
    await applyHoldsOnce(ctx.database.db, new Date());
    expect(await holdMails(c.admin.email)).toHaveLength(1);

    await c.buyer.addSku(TAPE, 1);
    const refused = await c.buyer.onAccount();
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ payment_method: [COMPANY_MESSAGES.onHold(automaticHoldReason(14))] });

    const audits = await ctx.database.db
      .select({ action: auditLog.action, actor: auditLog.actorEmail })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'company'), eq(auditLog.entityId, String(c.id))));
    expect(audits).toEqual([{ action: 'company.hold', actor: 'automatic' }]);

    // Paying the late invoice lifts it at once (the rule runs with the payment).
    const paid = await record(c.id, {
      ...PAYMENT,
      amount: money(late.totalPence),
      allocations: [{ invoice: late.id, amount: money(late.totalPence) }],
    });
    expect(paid.statusCode).toBe(201);
    expect(await holdOf(c.id)).toEqual({ onHold: false, by: null, reason: null });
    expect(await holdMails(c.admin.email)).toEqual([
      expect.stringContaining('is on hold'),
      expect.stringContaining('no longer on hold'),
    ]);
    // A day later the other invoice is 15 days overdue: the scheduled pass sets the hold again.
    const tomorrow = new Date(Date.now() + 24 * 3600 * 1000);
    await applyHoldsOnce(ctx.database.db, tomorrow);
    expect((await holdOf(c.id)).onHold).toBe(true);
  });

  it('never lifts a hold staff set, and a pass lifts an automatic hold once nothing is overdue', async () => {
    const c = await company();
    const late = await invoice(c.admin, 1, day(-30));
    const held = await staff.admin('POST', `companies/${c.id}/hold/`, { on_hold: true, reason: 'Called us' });
    expect(held.statusCode, held.body).toBe(200);
    await record(c.id, { ...PAYMENT, amount: money(late.totalPence) });
    await applyHoldsOnce(ctx.database.db, new Date());
    expect(await holdOf(c.id)).toEqual({ onHold: true, by: 'staff', reason: 'Called us' });

    // An automatic hold whose invoice was settled outside the rule (a credit note) is lifted by the pass.
    const d = await company();
    const inv = await invoice(d.admin, 1, day(-20));
    await applyHoldsOnce(ctx.database.db, new Date());
    expect((await holdOf(d.id)).by).toBe('automatic');
    await ctx.database.db
      .update(orders)
      .set({ invoiceDueDate: day(5) })
      .where(eq(orders.id, inv.id));
    const pass = await applyHoldsOnce(ctx.database.db, new Date());
    expect(pass.lifted).toBeGreaterThanOrEqual(1);
    expect(await holdOf(d.id)).toEqual({ onHold: false, by: null, reason: null });
  });
});

describe('GET ledger/ entries', () => {
  it('runs a balance entry by entry that ends at the balance the company view reports', async () => {
    const c = await company();
    const first = await invoice(c.admin, 2, day(5));
    const second = await invoice(c.buyer, 1, day(20));
    // A part payment, one for all but 50p of both invoices (the part paid leaves 50p of credit), and the part
    // payment reversed: 50p owed.
    const part = await record(c.id, { ...PAYMENT, amount: '1.00' });
    expect(part.statusCode, part.body).toBe(201);
    const over = await record(c.id, {
      ...PAYMENT,
      reference: 'BACS-2',
      amount: money(first.totalPence + second.totalPence - 50),
    });
    expect(over.statusCode, over.body).toBe(201);
    const reversed = await staff.admin(
      'POST',
      `companies/${c.id}/payments/${part.json<{ id: number }>().id}/reverse/`,
      { reason: 'Bounced' },
    );
    expect(reversed.statusCode, reversed.body).toBe(201);

    const ledger = await ledgerOf(c.id);
    let running = 0;
    for (const entry of ledger.entries) {
      running += pence(entry.debit) - pence(entry.credit);
      expect(pence(entry.balance), entry.description).toBe(running);
    }
    // The invoices are named by number; the last balance is the ledger's, and the company view (which sums
    // the ledger in SQL, not from these entries) reports the same.
    expect(ledger.entries.filter((e) => e.kind === 'invoice').map((e) => e.description)).toEqual([
      expect.stringContaining(`Invoice ${documentNumber('invoice', first.number!)}`),
      expect.stringContaining(`Invoice ${documentNumber('invoice', second.number!)}`),
    ]);
    expect(ledger.entries.at(-1)!.balance).toBe(ledger.balance);
    const view = await staff.admin('GET', `companies/${c.id}/`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json<{ balance: string }>().balance).toBe(ledger.balance);
    expect(ledger.balance).toBe('0.50');
  });
});
