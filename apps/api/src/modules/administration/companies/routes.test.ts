import {
  COMPANY_MESSAGES,
  type AdminCompanyDetail,
  type AdminCompanyRow,
  type CompanyView,
} from '@shop/domain';
import { desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, outboundEmails } from '../../../db/schema';
import { createTestApp, type TestContext } from '../../../../test/helper';
import { countingDb } from '../../../../test/query-counter';
import { expectStaffOnly, staffMember, type StaffMember } from '../../../../test/support/administration';
import { latestAudit } from '../../../../test/support/administration-catalogue';
import { newShopper } from '../../../../test/support/carts';
import { applyForCompany, approveCompany, inviteAndJoin } from '../../../../test/support/companies';
import { createCompaniesAdminService } from './service';

let ctx: TestContext;
let staff: StaffMember;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffMember(ctx);
});
afterAll(() => ctx.close());

type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };

let names = 0;
/** A pending application from a new customer, with a trading name of its own for searches. */
async function application(name = 'Crates') {
  const applicant = await newShopper(ctx, 'applicant');
  const tradingName = `${name} ${++names} ${Date.now().toString(36)}`;
  const company = await applyForCompany(ctx.app, applicant.token, { trading_name: tradingName });
  return { applicant, company, tradingName };
}

const mailTo = (to: string) =>
  ctx.database.db
    .select()
    .from(outboundEmails)
    .where(eq(outboundEmails.toAddress, to))
    .orderBy(desc(outboundEmails.id));

describe('the back office’s companies', () => {
  it('is for staff only, on every endpoint', async () => {
    const { company } = await application();
    const id = company.id;
    await expectStaffOnly(ctx, 'GET', 'companies/');
    await expectStaffOnly(ctx, 'GET', `companies/${id}/`);
    await expectStaffOnly(ctx, 'POST', `companies/${id}/approve/`, {
      credit_limit: '100',
      payment_terms_days: 30,
    });
    await expectStaffOnly(ctx, 'POST', `companies/${id}/decline/`, { reason: 'No.' });
    await expectStaffOnly(ctx, 'PATCH', `companies/${id}/`, { credit_limit: '100', payment_terms_days: 30 });
    await expectStaffOnly(ctx, 'POST', `companies/${id}/hold/`, { on_hold: true, reason: 'Overdue' });
    const [row] = await ctx.database.db.select().from(companies).where(eq(companies.id, id));
    expect(row).toMatchObject({ status: 'pending', onHold: false, creditLimitPence: 0 });
  });

  it('lists newest first, filters by status, searches names and numbers, and orders by legal name', async () => {
    const first = await application('Zeta Packaging');
    const second = await application('Alpha Packaging');
    await approveCompany(ctx.app, staff.token, second.company.id);
    const page = (await staff.admin('GET', 'companies/?page_size=2')).json<Page<AdminCompanyRow>>();
    expect(page.results.map((c) => c.id)).toEqual([second.company.id, first.company.id]);
    expect(page.results[0]).toMatchObject({
      status: 'approved',
      account_number: second.company.account_number,
      applicant_email: second.applicant.email,
      members: 1,
      credit_limit: '5000.00',
      requested_credit_limit: '5000.00',
      on_hold: false,
    });
    const found = (
      await staff.admin('GET', `companies/?search=${encodeURIComponent(first.tradingName.toUpperCase())}`)
    ).json<Page<AdminCompanyRow>>();
    expect(found.results.map((c) => c.id)).toEqual([first.company.id]);
    expect(found.count).toBe(1);
    const byNumber = (await staff.admin('GET', 'companies/?search=01234567&page_size=100')).json<
      Page<AdminCompanyRow>
    >();
    expect(byNumber.results.map((c) => c.id)).toContain(first.company.id);
    const pending = (await staff.admin('GET', 'companies/?status=pending&page_size=100')).json<
      Page<AdminCompanyRow>
    >();
    expect(pending.results.every((c) => c.status === 'pending')).toBe(true);
    expect(pending.results.map((c) => c.id)).toContain(first.company.id);
    expect(pending.results.map((c) => c.id)).not.toContain(second.company.id);
    const byName = (await staff.admin('GET', 'companies/?ordering=legal_name&page_size=100')).json<
      Page<AdminCompanyRow>
    >();
    const legal = byName.results.map((c) => c.legal_name);
    expect(legal).toEqual([...legal].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect((await staff.admin('GET', 'companies/?search=%25')).json<Page<unknown>>().count).toBe(0);
    for (const query of [
      'ordering=id',
      'status=open',
      'q=x',
      `search=${'x'.repeat(101)}`,
      'page=0',
      'page_size=101',
    ]) {
      expect((await staff.admin('GET', `companies/?${query}`)).statusCode, query).toBe(400);
    }
  });

  it('reads a page in one statement, and counts only when the page is full', async () => {
    await application();
    await application();
    const counter = countingDb(ctx.database);
    const service = createCompaniesAdminService(counter.db, { publicUrl: 'http://shop.test' });
    const short = await service.listCompanies({ page: 1, page_size: 100, ordering: '-created_at' });
    expect(short.count).toBe(short.results.length);
    expect(counter.count()).toBe(1);
    counter.reset();
    const full = await service.listCompanies({ page: 1, page_size: 1, ordering: '-created_at' });
    expect(full.results).toHaveLength(1);
    expect(full.count).toBe(short.count);
    expect(counter.count()).toBe(2);
  });

  it('shows one company with its members; an unknown id is 404', async () => {
    const { applicant, company } = await application();
    await approveCompany(ctx.app, staff.token, company.id, {
      credit_limit: '1000',
      payment_terms: 'end_of_following_month',
    });
    const buyerEmail = `buyer.${Date.now().toString(36)}@example.com`;
    await inviteAndJoin(ctx, applicant.token, buyerEmail, 'buyer', '50');
    const res = await staff.admin('GET', `companies/${company.id}/`);
    expect(res.statusCode).toBe(200);
    const detail = res.json<AdminCompanyDetail>();
    expect(detail).toMatchObject({
      id: company.id,
      status: 'approved',
      vat_number: 'GB123456782',
      members: 2,
      credit_limit: '1000.00',
      balance: '0.00',
      available_credit: '1000.00',
      pay_on_account: true,
      payment_terms: { kind: 'end_of_following_month', days: null },
      trade_references: [
        { name: 'Tapes Ltd', email: 'ref@tapes.example' },
        { name: 'Wraps Ltd', email: 'ref@wraps.example' },
      ],
    });
    expect(detail.member_list.map((m) => [m.email, m.role, m.order_limit])).toEqual([
      [applicant.email, 'administrator', null],
      [buyerEmail, 'buyer', '50.00'],
    ]);
    expect((await staff.admin('GET', 'companies/2147483647/')).statusCode).toBe(404);
    expect((await staff.admin('GET', 'companies/abc/')).statusCode).toBe(400);
  });
});

describe('deciding applications', () => {
  it('approves with credit and terms: audited, the applicant e-mailed, and only once', async () => {
    const { applicant, company } = await application();
    const res = await staff.admin('POST', `companies/${company.id}/approve/`, {
      credit_limit: '2500.00',
      payment_terms_days: 30,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<AdminCompanyDetail>()).toMatchObject({
      status: 'approved',
      credit_limit: '2500.00',
      pay_on_account: true,
      payment_terms: { kind: 'days', days: 30, label: '30 days from the invoice date' },
    });
    expect(res.json<AdminCompanyDetail>().decided_at).not.toBeNull();
    const audit = await latestAudit(ctx, 'company', company.id);
    expect(audit).toMatchObject({
      action: 'company.approve',
      actorId: staff.userId,
      after: { status: 'approved', credit_limit_pence: 250_000, payment_terms: { kind: 'days', days: 30 } },
    });
    const [mail] = await mailTo(applicant.email);
    expect(mail?.subject).toContain('approved');
    expect(mail?.textBody).toContain('£2,500.00');
    expect(mail?.textBody).toContain(company.account_number);
    expect((await applicant.call('GET', '/api/account/company/')).json<CompanyView>()).toMatchObject({
      status: 'approved',
      pay_on_account: true,
      available_credit: '2500.00',
    });

    const again = await staff.admin('POST', `companies/${company.id}/approve/`, { credit_limit: 0 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: COMPANY_MESSAGES.alreadyDecided });
    const decline = await staff.admin('POST', `companies/${company.id}/decline/`, {
      reason: 'Changed our mind',
    });
    expect(decline.statusCode).toBe(409);
  });

  it('approves for card payment only with a limit of 0', async () => {
    const { applicant, company } = await application();
    const res = await staff.admin('POST', `companies/${company.id}/approve/`, { credit_limit: 0 });
    expect(res.json<AdminCompanyDetail>()).toMatchObject({
      status: 'approved',
      credit_limit: '0.00',
      payment_terms: null,
      pay_on_account: false,
    });
    expect((await mailTo(applicant.email))[0]?.textBody).toContain('no credit');
  });

  it('declines with a reason the applicant reads', async () => {
    const { applicant, company } = await application();
    const res = await staff.admin('POST', `companies/${company.id}/decline/`, {
      reason: 'No trade references answered.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<AdminCompanyDetail>()).toMatchObject({
      status: 'declined',
      decline_reason: 'No trade references answered.',
    });
    expect((await latestAudit(ctx, 'company', company.id))?.action).toBe('company.decline');
    expect((await mailTo(applicant.email))[0]?.textBody).toContain('No trade references answered.');
    expect(
      (await staff.admin('POST', `companies/${company.id}/approve/`, { credit_limit: 0 })).statusCode,
    ).toBe(409);
  });

  it.each([
    ['a huge limit', { credit_limit: '100000000', payment_terms_days: 30 }],
    ['credit without terms', { credit_limit: '100' }],
    [
      'both kinds of terms',
      { credit_limit: '100', payment_terms_days: 30, payment_terms: 'end_of_following_month' },
    ],
    ['days out of range', { credit_limit: '100', payment_terms_days: 0 }],
    ['days beyond the most', { credit_limit: '100', payment_terms_days: 121 }],
    ['a negative limit', { credit_limit: '-1', payment_terms_days: 30 }],
    ['fractions of a penny', { credit_limit: '10.001', payment_terms_days: 30 }],
    ['an unknown field', { credit_limit: 0, status: 'approved' }],
    ['terms as text', { credit_limit: '100', payment_terms: 'net 30' }],
  ])('refuses %s with a 400 and leaves the application pending', async (_name, body) => {
    const { company } = await application();
    const res = await staff.admin('POST', `companies/${company.id}/approve/`, body);
    expect(res.statusCode).toBe(400);
    const [row] = await ctx.database.db.select().from(companies).where(eq(companies.id, company.id));
    expect(row?.status).toBe('pending');
  });

  it('refuses a decline without a reason, and unknown companies', async () => {
    const { company } = await application();
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      expect((await staff.admin('POST', `companies/${company.id}/decline/`, body)).statusCode).toBe(400);
    }
    expect((await staff.admin('POST', 'companies/2147483647/decline/', { reason: 'No.' })).statusCode).toBe(
      404,
    );
    expect((await staff.admin('POST', 'companies/2147483647/approve/', { credit_limit: 0 })).statusCode).toBe(
      404,
    );
  });
});

describe('credit and holds', () => {
  it('changes an approved company’s limit and terms, audited; a pending one is 409', async () => {
    const { company } = await application();
    const early = await staff.admin('PATCH', `companies/${company.id}/`, {
      credit_limit: '100',
      payment_terms_days: 14,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ detail: COMPANY_MESSAGES.notApproved });
    await approveCompany(ctx.app, staff.token, company.id);
    const res = await staff.admin('PATCH', `companies/${company.id}/`, {
      credit_limit: '750.25',
      payment_terms: 'end_of_following_month',
    });
    expect(res.json<AdminCompanyDetail>()).toMatchObject({
      credit_limit: '750.25',
      available_credit: '750.25',
      payment_terms: { kind: 'end_of_following_month' },
    });
    expect(await latestAudit(ctx, 'company', company.id)).toMatchObject({
      action: 'company.credit',
      before: { credit_limit_pence: 500_000, payment_terms: { kind: 'days', days: 30 } },
      after: { credit_limit_pence: 75_025, payment_terms: { kind: 'end_of_following_month' } },
    });
    const cardOnly = await staff.admin('PATCH', `companies/${company.id}/`, { credit_limit: 0 });
    expect(cardOnly.json<AdminCompanyDetail>()).toMatchObject({ pay_on_account: false, payment_terms: null });
  });

  it('puts a company on hold with a reason its administrators are e-mailed, and lifts it', async () => {
    const { applicant, company } = await application();
    await approveCompany(ctx.app, staff.token, company.id);
    const secondAdmin = `second.${Date.now().toString(36)}@example.com`;
    await inviteAndJoin(ctx, applicant.token, secondAdmin, 'administrator');
    const buyerEmail = `held.buyer.${Date.now().toString(36)}@example.com`;
    const buyer = await inviteAndJoin(ctx, applicant.token, buyerEmail, 'buyer');

    const held = await staff.admin('POST', `companies/${company.id}/hold/`, {
      on_hold: true,
      reason: 'Invoice overdue',
    });
    expect(held.statusCode).toBe(200);
    expect(held.json<AdminCompanyDetail>()).toMatchObject({
      on_hold: true,
      hold_reason: 'Invoice overdue',
      hold_set_by: 'staff',
    });
    expect(await latestAudit(ctx, 'company', company.id)).toMatchObject({
      action: 'company.hold',
      after: { on_hold: true, hold_reason: 'Invoice overdue', hold_set_by: 'staff' },
    });
    const notices = await ctx.database.db
      .select({ to: outboundEmails.toAddress, text: outboundEmails.textBody })
      .from(outboundEmails)
      .where(inArray(outboundEmails.toAddress, [applicant.email, secondAdmin, buyerEmail]))
      .orderBy(desc(outboundEmails.id));
    const holdNotices = notices.filter((mail) => mail.text.includes('Invoice overdue'));
    expect(holdNotices.map((mail) => mail.to).sort()).toEqual([applicant.email, secondAdmin].sort());
    const seen = await ctx.app.inject({
      method: 'GET',
      url: '/api/account/company/',
      headers: { authorization: `Bearer ${buyer}` },
    });
    expect(seen.json<CompanyView>()).toMatchObject({ on_hold: true, hold_reason: 'Invoice overdue' });

    const lifted = await staff.admin('POST', `companies/${company.id}/hold/`, { on_hold: false });
    expect(lifted.json<AdminCompanyDetail>()).toMatchObject({
      on_hold: false,
      hold_reason: null,
      hold_set_by: null,
    });
    expect((await latestAudit(ctx, 'company', company.id))?.action).toBe('company.release');
    for (const body of [
      { on_hold: 'yes' },
      { reason: 'x' },
      { on_hold: true, reason: 'x'.repeat(501) },
      { on_hold: true, by: 'automatic' },
    ]) {
      expect((await staff.admin('POST', `companies/${company.id}/hold/`, body)).statusCode).toBe(400);
    }
    expect((await staff.admin('POST', 'companies/2147483647/hold/', { on_hold: true })).statusCode).toBe(404);
  });
});
