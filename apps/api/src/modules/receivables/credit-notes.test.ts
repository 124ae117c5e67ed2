// A credit note's credit beyond its own invoice (one already paid) set against later invoices, as a payment's is.
import {
  type CompanyView,
  LedgerCreditNoteViewSchema,
  type LedgerView,
  LedgerViewSchema,
  RECEIVABLES_MESSAGES,
  ukToday,
} from '@shop/domain';
import { addDays, format, parseISO } from 'date-fns';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingDb } from '../../../test/query-counter';
import { createTestApp, testConfig, type TestContext } from '../../../test/helper';
import { staffMember, type StaffMember } from '../../../test/support/administration';
import { pence, setStock, tradeCompany, type TradeMember } from '../../../test/support/orders';
import { expectCoverAsLedger } from '../../../test/support/on-account-orders';
import { auditLog, companies, orders, refunds } from '../../db/schema';
import { applyHoldsOnce } from './holds';
import { createReceivablesService } from './service';
import { selectReminderCandidates } from './queries';

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
const ZERO_AGED = { current: '0.00', '1_30': '0.00', '31_60': '0.00', '61_90': '0.00', over_90: '0.00' };

async function company() {
  const made = await tradeCompany(ctx, { creditLimitPence: 5_000_000 });
  return { ...made, admin: await made.member('administrator') };
}

/** An on-account order (an invoice) of `packs` packs, due on `dueOn`. */
async function invoice(member: TradeMember, packs: number, dueOn: string) {
  await member.addSku(TAPE, packs);
  const res = await member.onAccount();
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json<{ id: number; total: string }>();
  await ctx.database.db.update(orders).set({ invoiceDueDate: dueOn }).where(eq(orders.id, order.id));
  return { id: order.id, totalPence: pence(order.total) };
}

const ledgerOf = async (companyId: number) => {
  const res = await staff.admin('GET', `companies/${companyId}/ledger/`);
  expect(res.statusCode, res.body).toBe(200);
  return LedgerViewSchema.parse(res.json()) as LedgerView;
};
const statusOf = async (orderId: number) =>
  (await ctx.database.db.select({ s: orders.paymentStatus }).from(orders).where(eq(orders.id, orderId)))[0]!
    .s;
const holdOf = async (companyId: number) =>
  (
    await ctx.database.db
      .select({ onHold: companies.onHold, by: companies.holdSetBy })
      .from(companies)
      .where(eq(companies.id, companyId))
  )[0]!;
const allocate = (companyId: number, creditNoteId: number, body: object) =>
  staff.admin('POST', `companies/${companyId}/credit-notes/${creditNoteId}/allocate/`, body);

/** An invoice paid in full, then a credit note of `creditPence` on it: all of the note is credit. */
async function paidThenCredited(c: Awaited<ReturnType<typeof company>>, creditPence: number) {
  const paid = await invoice(c.admin, 3, day(-60));
  const payment = await staff.admin('POST', `companies/${c.id}/payments/`, {
    amount: money(paid.totalPence),
    received_on: day(-40),
    method: 'bank_transfer',
    reference: 'BACS-PAID',
    allocations: [{ invoice: paid.id, amount: money(paid.totalPence) }],
  });
  expect(payment.statusCode, payment.body).toBe(201);
  expect(await statusOf(paid.id)).toBe('COMPLETED');
  const refund = await staff.admin('POST', `orders/${paid.id}/refunds/`, {
    amount_pence: creditPence,
    reason: 'Damaged in transit',
  });
  expect(refund.statusCode, refund.body).toBe(201);
  return { paid, creditNoteId: refund.json<{ id: number }>().id };
}

describe('a credit note’s credit on a paid invoice', () => {
  it('is set against the later invoice, oldest due first: balance, aged debt, reminders and the hold follow', async () => {
    const c = await company();
    const later = await invoice(c.admin, 1, day(-20));
    const credit = later.totalPence + 100;
    const { paid, creditNoteId } = await paidThenCredited(c, credit);
    // 20 days overdue: the hold pass puts the company on hold while the credit sits unallocated.
    await applyHoldsOnce(ctx.database.db, new Date());
    expect(await holdOf(c.id)).toEqual({ onHold: true, by: 'automatic' });

    const before = await ledgerOf(c.id);
    expect(before.balance).toBe('-1.00');
    expect(before.unapplied_credit).toBe(money(credit));
    expect(before.credit_notes).toEqual([
      {
        id: creditNoteId,
        number: expect.any(Number),
        invoice: paid.id,
        issued_on: ukToday(),
        amount: money(credit),
        unallocated: money(credit),
        allocations: [],
      },
    ]);

    // Without allocations the suggested one is made, as for a payment: the later invoice, in full.
    const res = await allocate(c.id, creditNoteId, {});
    expect(res.statusCode, res.body).toBe(200);
    const view = LedgerCreditNoteViewSchema.parse(res.json());
    expect(view.unallocated).toBe('1.00');
    expect(view.allocations).toEqual([
      { invoice: later.id, number: expect.any(Number), amount: money(later.totalPence) },
    ]);

    const after = await ledgerOf(c.id);
    expect(after.balance).toBe('-1.00');
    expect(after.overdue).toBe('0.00');
    expect(after.aged).toEqual(ZERO_AGED);
    expect(after.unapplied_credit).toBe('1.00');
    expect(after.invoices.find((i) => i.id === later.id)).toMatchObject({
      open: '0.00',
      credited: money(later.totalPence),
    });
    expect(after.invoices.find((i) => i.id === paid.id)).toMatchObject({ open: '0.00', credited: '1.00' });
    // The invoice is closed, the hold the overdue invoice set is lifted in the same write, and no reminder
    // will go about it.
    expect(await statusOf(later.id)).toBe('COMPLETED');
    expect(await holdOf(c.id)).toEqual({ onHold: false, by: null });
    const candidates = await selectReminderCandidates(ctx.database.db, day(30), null, 1000);
    expect(candidates.filter((row) => row.company_id === c.id)).toEqual([]);
    // The company's own page agrees.
    const own = await c.admin.call('GET', '/api/account/company/');
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<CompanyView>()).toMatchObject({ balance: '-1.00', overdue: '0.00', aged: ZERO_AGED });
    // What covers each invoice, as the dashboard reads it, was kept in the same writes.
    await expectCoverAsLedger(ctx, c.id);
    const audits = await ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'credit_note'), eq(auditLog.entityId, String(creditNoteId))));
    expect(audits).toEqual([{ action: 'credit_note.allocate' }]);
  });

  it('takes a part against a chosen invoice: what is still open is what the reminders and aged debt read', async () => {
    const c = await company();
    const later = await invoice(c.admin, 2, day(-20));
    const { creditNoteId } = await paidThenCredited(c, 500);
    const res = await allocate(c.id, creditNoteId, { allocations: [{ invoice: later.id, amount: '3.00' }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ unallocated: '2.00' });
    const [candidate] = (await selectReminderCandidates(ctx.database.db, day(30), null, 1000)).filter(
      (row) => row.company_id === c.id,
    );
    expect(Number(candidate!.open_pence)).toBe(later.totalPence - 300);
    const ledger = await ledgerOf(c.id);
    expect(ledger.aged['1_30']).toBe(money(later.totalPence - 300));
    expect(await statusOf(later.id)).toBe('ON_ACCOUNT');
    // The hold rule reads the same ledger: still overdue, so the pass holds the company.
    await applyHoldsOnce(ctx.database.db, new Date());
    expect(await holdOf(c.id)).toEqual({ onHold: true, by: 'automatic' });
  });

  it('never allocates more than the note’s credit, nor credit a note on an open invoice still owes to it', async () => {
    const c = await company();
    const later = await invoice(c.admin, 2, day(5));
    const { creditNoteId } = await paidThenCredited(c, 500);
    const over = await allocate(c.id, creditNoteId, { allocations: [{ invoice: later.id, amount: '5.01' }] });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ allocations: [RECEIVABLES_MESSAGES.overCredit('5.00')] });
    const notOpen = await allocate(c.id, creditNoteId, {
      allocations: [{ invoice: 999_999, amount: '1.00' }],
    });
    expect(notOpen.statusCode).toBe(400);
    expect(notOpen.json()).toEqual({ 'allocations.0.invoice': [RECEIVABLES_MESSAGES.unknownInvoice] });

    // A note on an invoice still open covers that invoice first: none of it is credit to move.
    const open = await invoice(c.admin, 1, day(10));
    const onOpen = await staff.admin('POST', `orders/${open.id}/refunds/`, {
      amount_pence: 100,
      reason: 'Short',
    });
    expect(onOpen.statusCode, onOpen.body).toBe(201);
    const refused = await allocate(c.id, onOpen.json<{ id: number }>().id, {
      allocations: [{ invoice: later.id, amount: '0.01' }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ allocations: [RECEIVABLES_MESSAGES.overCredit('0.00')] });
  });

  it('answers 404 for another company’s credit note, a refund not succeeded or an unknown one, and staff only', async () => {
    const a = await company();
    const b = await company();
    const { creditNoteId } = await paidThenCredited(a, 200);
    expect((await allocate(b.id, creditNoteId, {})).statusCode).toBe(404);
    expect((await allocate(a.id, 999_999, {})).statusCode).toBe(404);
    expect((await allocate(999_999, creditNoteId, {})).statusCode).toBe(404);
    // A refund still pending, or failed, is no credit note yet.
    const { creditNoteId: notYet } = await paidThenCredited(a, 300);
    for (const status of ['pending', 'failed']) {
      await ctx.database.db.update(refunds).set({ status }).where(eq(refunds.id, notYet));
      expect((await allocate(a.id, notYet, {})).statusCode).toBe(404);
    }
    const own = await a.admin.call(
      'POST',
      `/api/administration/companies/${a.id}/credit-notes/${creditNoteId}/allocate/`,
      {},
    );
    expect(own.statusCode).toBe(403);
    expect((await ledgerOf(a.id)).credit_notes[0]!.unallocated).toBe('2.00');
  });

  it('allocates in a fixed number of statements', async () => {
    const c = await company();
    await invoice(c.admin, 1, day(10));
    await invoice(c.admin, 1, day(11));
    const { creditNoteId } = await paidThenCredited(c, 5_000);
    const counter = countingDb(ctx.database);
    const service = createReceivablesService(counter.db);
    await service.allocateCreditNote({ id: staff.userId, email: staff.email }, c.id, creditNoteId, undefined);
    // lock, ledger, allocations, statuses, audit, settings (hold rule: nothing to do).
    // node-postgres logs the transaction's begin and commit too; PGlite does not.
    const statements = counter.sql.filter((text) => !/^(begin|commit)\b/i.test(text.trim()));
    expect(statements).toHaveLength(6);
  });
});
