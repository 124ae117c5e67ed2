import {
  COMPANY_MEMBER_MESSAGES,
  COMPANY_MESSAGES,
  MAX_COMPANY_ADDRESSES,
  MAX_COMPANY_MEMBERS,
  type CompanyAddressView,
  type CompanyInvitationView,
  type CompanyMemberView,
  type CompanyView,
  type MyInvitationView,
} from '@shop/domain';
import { and, desc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addresses,
  companies,
  companyInvitations,
  companyMembers,
  orders,
  outboundEmails,
  rateLimits,
  refunds,
} from '../../db/schema';
import { createTestApp, type TestContext } from '../../../test/helper';
import { countingDb } from '../../../test/query-counter';
import { staffMember, type StaffMember } from '../../../test/support/administration';
import { placedOrder } from '../../../test/support/administration-orders';
import { newShopper } from '../../../test/support/carts';
import {
  APPLICATION,
  COMPANY_ADDRESS,
  applyForCompany,
  approveCompany,
  inviteAndJoin,
  signUpAs,
} from '../../../test/support/companies';
import { tradeCompany } from '../../../test/support/orders';
import { eraseAccount } from '../accounts/service';
import { selectOwnAddresses } from '../addresses/queries';
import { COMPANY_APPLY_LIMIT } from './routes';
import { createCompaniesService } from './service';

let ctx: TestContext;
let staff: StaffMember;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffMember(ctx);
});
afterAll(() => ctx.close());

type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

let emails = 0;
const newEmail = (name: string) => `${name}.${Date.now().toString(36)}.${++emails}@example.com`;

/** A call with a bare token (members made by inviteAndJoin have only that). */
const as = (token: string) => (method: Method, url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const mailTo = (to: string) =>
  ctx.database.db
    .select()
    .from(outboundEmails)
    .where(eq(outboundEmails.toAddress, to))
    .orderBy(desc(outboundEmails.id));

/** An approved company: its administrator (a shopper) and its view. */
async function approvedCompany(name = 'admin', approval?: object) {
  const admin = await newShopper(ctx, name);
  const company = await applyForCompany(ctx.app, admin.token, { trading_name: `${name} Boxes` });
  await approveCompany(ctx.app, staff.token, company.id, approval);
  return { admin, company };
}

/** An approved company with a buyer besides its administrator. */
async function companyWithBuyer(name = 'co', orderLimit?: string) {
  const { admin, company } = await approvedCompany(`${name}-admin`);
  const buyerEmail = newEmail(`${name}-buyer`);
  const buyer = as(await inviteAndJoin(ctx, admin.token, buyerEmail, 'buyer', orderLimit));
  return { admin, company, buyer, buyerEmail };
}

async function memberIdOf(companyId: number, email: string) {
  const members = await ctx.database.db.execute(
    sql`select m.id from company_members m join users u on u.id = m.user_id where m.company_id = ${companyId} and u.email = ${email}`,
  );
  return Number((members.rows[0] as { id: number }).id);
}

describe('applying for a trade account', () => {
  it('makes a pending company with the applicant as its administrator and e-mails the shop', async () => {
    const applicant = await newShopper(ctx, 'applicant');
    const res = await applicant.call('POST', '/api/account/company/', APPLICATION);
    expect(res.statusCode).toBe(201);
    const company = res.json<CompanyView>();
    expect(company).toMatchObject({
      status: 'pending',
      role: 'administrator',
      legal_name: 'Boxes Limited',
      company_number: '01234567',
      vat_number: 'GB123456782',
      requested_credit_limit: '5000.00',
      credit_limit: '0.00',
      balance: '0.00',
      available_credit: '0.00',
      payment_terms: null,
      pay_on_account: false,
      account_number: `TA-${String(company.id).padStart(6, '0')}`,
    });
    expect(company.registered_address).toMatchObject({ street: '1 Mill Lane', postal_code: 'LS1 1AA' });
    const [mail] = await mailTo('sales@packright.example');
    expect(mail?.subject).toContain(company.account_number);
    expect(mail?.textBody).toContain(`customer account ${applicant.userId}`);
    expect(mail?.textBody).not.toContain(applicant.email);
    expect(mail?.textBody).toContain('Tapes Ltd <ref@tapes.example>');
    expect(mail?.textBody).toContain('£5,000.00');
    const seen = await applicant.call('GET', '/api/account/company/');
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual(company);
  });

  it('refuses a second application while pending and once approved; a declined applicant may apply again', async () => {
    const applicant = await newShopper(ctx, 'again');
    const first = await applyForCompany(ctx.app, applicant.token);
    const pending = await applicant.call('POST', '/api/account/company/', APPLICATION);
    expect(pending.statusCode).toBe(400);
    expect(pending.json()).toEqual({ detail: COMPANY_MESSAGES.alreadyApplied });

    const declined = await staff.admin('POST', `companies/${first.id}/decline/`, {
      reason: 'No trading history.',
    });
    expect(declined.statusCode).toBe(200);
    expect((await applicant.call('GET', '/api/account/company/')).json()).toMatchObject({
      status: 'declined',
      decline_reason: 'No trading history.',
    });
    const second = await applyForCompany(ctx.app, applicant.token, { trading_name: 'Boxes Again' });
    expect(second.id).not.toBe(first.id);
    expect(second.status).toBe('pending');
    const memberships = await ctx.database.db
      .select()
      .from(companyMembers)
      .where(eq(companyMembers.userId, applicant.userId));
    expect(memberships.map((m) => m.companyId)).toEqual([second.id]);

    await approveCompany(ctx.app, staff.token, second.id);
    const approved = await applicant.call('POST', '/api/account/company/', APPLICATION);
    expect(approved.json()).toEqual({ detail: COMPANY_MESSAGES.alreadyMember });
  });

  it.each([
    ['VAT check digits', { vat_number: 'GB123456789' }, 'vat_number'],
    ['one reference', { trade_references: [APPLICATION.trade_references[0]] }, 'trade_references'],
    ['a huge limit', { requested_credit_limit: '1000000000' }, 'requested_credit_limit'],
    ['a limit as an object', { requested_credit_limit: { pounds: 5 } }, 'requested_credit_limit'],
    ['a bad company number', { company_number: 'ABC' }, 'company_number'],
    ['an unknown field', { credit_limit: '99999' }, 'non_field_errors'],
    ['a bad e-mail', { accounts_email: 'nobody' }, 'accounts_email'],
  ])('refuses %s with a 400 on the field', async (_name, change, field) => {
    const applicant = await newShopper(ctx, 'hostile');
    const res = await applicant.call('POST', '/api/account/company/', { ...APPLICATION, ...change });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toContain(field);
    expect((await applicant.call('GET', '/api/account/company/')).statusCode).toBe(404);
  });

  it('limits applications per user and needs a signed-in user', async () => {
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/account/company/', payload: APPLICATION }))
        .statusCode,
    ).toBe(401);
    const applicant = await newShopper(ctx, 'flood');
    for (let i = 0; i < COMPANY_APPLY_LIMIT.limit; i++) {
      const res = await applicant.call('POST', '/api/account/company/', {
        ...APPLICATION,
        vat_number: 'bad',
      });
      expect(res.statusCode).toBe(400);
    }
    const refused = await applicant.call('POST', '/api/account/company/', APPLICATION);
    expect(refused.statusCode).toBe(429);
  });
});

describe('the company view', () => {
  it('answers 404 to a customer with no company; account/trade-account/ answers 200 with null', async () => {
    const loner = await newShopper(ctx, 'loner');
    const res = await loner.call('GET', '/api/account/company/');
    expect(res.statusCode).toBe(404);
    const quiet = await loner.call('GET', '/api/account/trade-account/');
    expect(quiet.statusCode).toBe(200);
    expect(quiet.json()).toEqual({ company: null });
    const { admin } = await approvedCompany('quiet');
    const theirs = await admin.call('GET', '/api/account/trade-account/');
    expect(theirs.json<{ company: CompanyView }>().company).toEqual(
      (await admin.call('GET', '/api/account/company/')).json(),
    );
    expect((await ctx.app.inject({ method: 'GET', url: '/api/account/trade-account/' })).statusCode).toBe(
      401,
    );
  });

  it('shows administrators the limit, what is owed, what is left and the terms; buyers none of it', async () => {
    const { admin, company, buyer } = await companyWithBuyer('credit', '250.00');
    // An on-account order of £X, part credited: the balance is its total less the credit.
    const { order, totalPence } = await placedOrder(ctx, { name: 'credit-order' });
    await ctx.database.db
      .update(orders)
      .set({
        companyId: company.id,
        paymentMethod: 'account',
        paymentStatus: 'ON_ACCOUNT',
        refundedPence: 100,
      })
      .where(eq(orders.id, order.id));
    // The credit note the refund issued: the ledger reads credit notes from their rows.
    await ctx.database.db
      .insert(refunds)
      .values({ orderId: order.id, amountPence: 100, status: 'succeeded', issuedAt: new Date() });
    const owed = totalPence - 100;
    const seen = (await admin.call('GET', '/api/account/company/')).json<CompanyView>();
    expect(seen).toMatchObject({
      status: 'approved',
      role: 'administrator',
      credit_limit: '5000.00',
      balance: (owed / 100).toFixed(2),
      available_credit: ((500_000 - owed) / 100).toFixed(2),
      payment_terms: { kind: 'days', days: 30, label: '30 days from the invoice date' },
      pay_on_account: true,
      on_hold: false,
    });
    const buyerView = (await buyer('GET', '/api/account/company/')).json<CompanyView>();
    expect(buyerView).toMatchObject({
      role: 'buyer',
      order_limit: '250.00',
      pay_on_account: true,
      credit_limit: null,
      balance: null,
      // What is left to order on account is every member's to see (the header shows it); the rest is not.
      available_credit: ((500_000 - owed) / 100).toFixed(2),
      payment_terms: null,
    });
  });

  it('reads the caller’s company, role and balance in one statement', async () => {
    const { admin } = await approvedCompany('count');
    const counter = countingDb(ctx.database);
    const service = createCompaniesService(counter.db, { publicUrl: 'http://shop.test' });
    const view = await service.getCompany(admin.userId);
    expect(view.balance).toBe('0.00');
    expect(counter.count()).toBe(1);
  });

  it('lets administrators require a PO number; a buyer gets 403', async () => {
    const { admin, buyer } = await companyWithBuyer('po');
    const refused = await buyer('PATCH', '/api/account/company/', { po_required: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: COMPANY_MESSAGES.forbidden });
    const res = await admin.call('PATCH', '/api/account/company/', { po_required: true });
    expect(res.statusCode).toBe(200);
    expect(res.json<CompanyView>().po_required).toBe(true);
    expect((await buyer('GET', '/api/account/company/')).json<CompanyView>().po_required).toBe(true);
    for (const body of [{ po_required: 'yes' }, { po_required: true, credit_limit: 1 }, {}]) {
      expect((await admin.call('PATCH', '/api/account/company/', body)).statusCode).toBe(400);
    }
  });
});

describe('members', () => {
  it('lists members to administrators only, and changes roles and order limits', async () => {
    const { admin, company, buyer, buyerEmail } = await companyWithBuyer('members');
    expect((await buyer('GET', '/api/account/company/members/')).statusCode).toBe(403);
    const page = (await admin.call('GET', '/api/account/company/members/')).json<Page<CompanyMemberView>>();
    expect(page.count).toBe(2);
    expect(page.results.map((m) => [m.email, m.role])).toEqual([
      [admin.email, 'administrator'],
      [buyerEmail, 'buyer'],
    ]);
    const buyerId = await memberIdOf(company.id, buyerEmail);
    expect(
      (await buyer('PATCH', `/api/account/company/members/${buyerId}/`, { order_limit: '1.00' })).statusCode,
    ).toBe(403);
    const changed = await admin.call('PATCH', `/api/account/company/members/${buyerId}/`, {
      role: 'approver',
      order_limit: '750.50',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ role: 'approver', order_limit: '750.50', email: buyerEmail });
    const cleared = await admin.call('PATCH', `/api/account/company/members/${buyerId}/`, {
      order_limit: null,
    });
    expect(cleared.json()).toMatchObject({ role: 'approver', order_limit: null });
    expect((await buyer('GET', '/api/account/company/')).json()).toMatchObject({ role: 'approver' });
  });

  it('answers an empty change with the member as they are, changing nothing', async () => {
    const { admin, company, buyerEmail } = await companyWithBuyer('empty-change');
    const buyerId = await memberIdOf(company.id, buyerEmail);
    const res = await admin.call('PATCH', `/api/account/company/members/${buyerId}/`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ role: 'buyer', email: buyerEmail });
  });

  it('keeps the last administrator and never removes the caller', async () => {
    const { admin, company } = await companyWithBuyer('last');
    const adminId = await memberIdOf(company.id, admin.email);
    const demoted = await admin.call('PATCH', `/api/account/company/members/${adminId}/`, { role: 'buyer' });
    expect(demoted.statusCode).toBe(400);
    expect(demoted.json()).toEqual({ role: [COMPANY_MESSAGES.lastAdministrator] });
    const self = await admin.call('DELETE', `/api/account/company/members/${adminId}/`);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ detail: COMPANY_MESSAGES.removeSelf });
  });

  it('removes a member, whose next request no longer acts for the company', async () => {
    const { admin, company, buyer, buyerEmail } = await companyWithBuyer('removed');
    const address = await admin.call('POST', '/api/account/company/addresses/', COMPANY_ADDRESS);
    const addressId = address.json<CompanyAddressView>().id;
    expect((await buyer('GET', '/api/account/company/')).statusCode).toBe(200);
    const buyerId = await memberIdOf(company.id, buyerEmail);
    const removed = await admin.call('DELETE', `/api/account/company/members/${buyerId}/`);
    expect(removed.statusCode).toBe(204);
    expect((await buyer('GET', '/api/account/company/')).statusCode).toBe(404);
    expect((await buyer('GET', '/api/account/company/addresses/')).statusCode).toBe(404);
    const [buyerRow] = await ctx.database.db
      .execute(sql`select id from users where email = ${buyerEmail}`)
      .then((r) => r.rows as { id: number }[]);
    expect((await selectOwnAddresses(ctx.database.db, buyerRow!.id, [addressId])).size).toBe(0);
    expect((await admin.call('DELETE', `/api/account/company/members/${buyerId}/`)).statusCode).toBe(404);
  });

  it('answers 404 to another company’s member ids, and 400 to hostile bodies', async () => {
    const a = await companyWithBuyer('a');
    const b = await approvedCompany('b');
    const aBuyer = await memberIdOf(a.company.id, a.buyerEmail);
    expect(
      (await b.admin.call('PATCH', `/api/account/company/members/${aBuyer}/`, { role: 'approver' }))
        .statusCode,
    ).toBe(404);
    expect((await b.admin.call('DELETE', `/api/account/company/members/${aBuyer}/`)).statusCode).toBe(404);
    for (const body of [
      { order_limit: '100000000' },
      { order_limit: '0' },
      { order_limit: -5 },
      { role: 'owner' },
      { role: 'buyer', company: 2 },
    ]) {
      const res = await a.admin.call('PATCH', `/api/account/company/members/${aBuyer}/`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    for (const id of ['abc', '0', '99999999999', '2147483647']) {
      const res = await a.admin.call('PATCH', `/api/account/company/members/${id}/`, { role: 'buyer' });
      expect([400, 404]).toContain(res.statusCode);
    }
    expect((await a.buyer('GET', '/api/account/company/')).json()).toMatchObject({ role: 'buyer' });
  });
});

describe('invitations', () => {
  it('e-mails the invitee, who sees it, accepts it with the invited address and joins', async () => {
    const { admin, company } = await approvedCompany('inviter');
    const email = newEmail('invitee');
    const invited = await admin.call('POST', '/api/account/company/invitations/', {
      email: email.toUpperCase(),
      role: 'approver',
      order_limit: '300',
    });
    expect(invited.statusCode).toBe(201);
    const invitation = invited.json<CompanyInvitationView>();
    expect(invitation).toMatchObject({ email, role: 'approver', order_limit: '300.00' });
    const days = (Date.parse(invitation.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThan(14.1);
    const [mail] = await mailTo(email);
    expect(mail?.textBody).toMatch(/My account at https?:\/\/\S+\/account\/company\b/);
    expect(mail?.textBody).toContain('sign in with this e-mail address');
    expect(mail?.textBody).not.toMatch(/\b\d{6}\b/);

    const listed = (await admin.call('GET', '/api/account/company/invitations/')).json<
      Page<CompanyInvitationView>
    >();
    expect(listed.results.map((i) => i.id)).toEqual([invitation.id]);

    const token = await signUpAs(ctx, email);
    const mine = (await as(token)('GET', '/api/account/invitations/')).json<MyInvitationView[]>();
    expect(mine).toEqual([
      expect.objectContaining({
        id: invitation.id,
        company: company.trading_name,
        role: 'approver',
        order_limit: '300.00',
      }),
    ]);
    const accepted = await as(token)('POST', `/api/account/invitations/${invitation.id}/accept/`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ id: company.id, role: 'approver', order_limit: '300.00' });
    expect((await admin.call('GET', '/api/account/company/invitations/')).json<Page<unknown>>().count).toBe(
      0,
    );
    expect((await as(token)('POST', `/api/account/invitations/${invitation.id}/accept/`)).statusCode).toBe(
      404,
    );
  });

  it('refuses an invitation to someone else’s address (404), an expired one, and a member of another company', async () => {
    const { admin } = await approvedCompany('strict');
    const email = newEmail('target');
    const invitation = (
      await admin.call('POST', '/api/account/company/invitations/', { email, role: 'buyer' })
    ).json<CompanyInvitationView>();
    const stranger = await newShopper(ctx, 'stranger');
    expect(
      (await stranger.call('POST', `/api/account/invitations/${invitation.id}/accept/`)).statusCode,
    ).toBe(404);
    expect(
      (await stranger.call('POST', `/api/account/invitations/${invitation.id}/decline/`)).statusCode,
    ).toBe(404);
    expect((await stranger.call('GET', '/api/account/invitations/')).json()).toEqual([]);

    const token = await signUpAs(ctx, email);
    await ctx.database.db
      .update(companyInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(companyInvitations.id, invitation.id));
    const expired = await as(token)('POST', `/api/account/invitations/${invitation.id}/accept/`);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ detail: COMPANY_MESSAGES.invitationExpired });
    expect((await as(token)('GET', '/api/account/invitations/')).json()).toEqual([]);

    // Invited again (the expired invitation is replaced), but meanwhile a member elsewhere. Fourteen days on,
    // the bound of one invitation e-mail a day to the address has long passed.
    await ctx.database.db.delete(rateLimits).where(like(rateLimits.key, `company-invite-address:${email}|%`));
    const again = (
      await admin.call('POST', '/api/account/company/invitations/', { email, role: 'buyer' })
    ).json<CompanyInvitationView>();
    await applyForCompany(ctx.app, token, { trading_name: 'Own Boxes' });
    const busy = await as(token)('POST', `/api/account/invitations/${again.id}/accept/`);
    expect(busy.statusCode).toBe(400);
    expect(busy.json()).toEqual({ detail: COMPANY_MESSAGES.alreadyMember });
    expect((await as(token)('POST', `/api/account/invitations/${again.id}/decline/`)).statusCode).toBe(204);
    expect((await admin.call('GET', '/api/account/company/invitations/')).json<Page<unknown>>().count).toBe(
      0,
    );
  });

  it('refuses duplicates, members, pending companies, buyers, other companies and the cap', async () => {
    const { admin, company, buyer, buyerEmail } = await companyWithBuyer('inv');
    const email = newEmail('dup');
    expect(
      (await admin.call('POST', '/api/account/company/invitations/', { email, role: 'buyer' })).statusCode,
    ).toBe(201);
    const dup = await admin.call('POST', '/api/account/company/invitations/', { email, role: 'buyer' });
    expect(dup.json()).toEqual({ email: [COMPANY_MESSAGES.invitedAlreadyInvited] });
    const member = await admin.call('POST', '/api/account/company/invitations/', {
      email: buyerEmail,
      role: 'buyer',
    });
    expect(member.json()).toEqual({ email: [COMPANY_MESSAGES.invitedAlreadyMember] });
    const byBuyer = await buyer('POST', '/api/account/company/invitations/', {
      email: newEmail('x'),
      role: 'buyer',
    });
    expect(byBuyer.statusCode).toBe(403);
    expect((await buyer('GET', '/api/account/company/invitations/')).statusCode).toBe(403);

    const pendingAdmin = await newShopper(ctx, 'pending');
    await applyForCompany(ctx.app, pendingAdmin.token);
    const early = await pendingAdmin.call('POST', '/api/account/company/invitations/', {
      email: newEmail('y'),
      role: 'buyer',
    });
    expect(early.json()).toEqual({ detail: COMPANY_MESSAGES.notApproved });

    const other = await approvedCompany('other');
    const ours = (await admin.call('GET', '/api/account/company/invitations/')).json<
      Page<CompanyInvitationView>
    >();
    expect(
      (await other.admin.call('DELETE', `/api/account/company/invitations/${ours.results[0]!.id}/`))
        .statusCode,
    ).toBe(404);

    for (const body of [
      { email: 'not-an-address', role: 'buyer' },
      { email: newEmail('z'), role: 'owner' },
      { email: newEmail('z'), role: 'buyer', order_limit: '999999999' },
      { email: newEmail('z'), role: 'buyer', company: company.id },
    ]) {
      expect((await admin.call('POST', '/api/account/company/invitations/', body)).statusCode).toBe(400);
    }

    // Members and unexpired invitations together stop at the cap.
    const seats = MAX_COMPANY_MEMBERS - 3; // two members and one invitation so far
    await ctx.database.db.insert(companyInvitations).values(
      Array.from({ length: seats }, (_, i) => ({
        companyId: company.id,
        email: `seat${i}.${company.id}@example.com`,
        role: 'buyer' as const,
        expiresAt: new Date(Date.now() + 86_400_000),
      })),
    );
    const full = await admin.call('POST', '/api/account/company/invitations/', {
      email: newEmail('full'),
      role: 'buyer',
    });
    expect(full.statusCode).toBe(400);
    expect(full.json()).toEqual({ non_field_errors: [COMPANY_MESSAGES.tooManyMembers] });
    const withdrawn = await admin.call('DELETE', `/api/account/company/invitations/${ours.results[0]!.id}/`);
    expect(withdrawn.statusCode).toBe(204);
    expect(
      (
        await admin.call('POST', '/api/account/company/invitations/', {
          email: newEmail('room'),
          role: 'buyer',
        })
      ).statusCode,
    ).toBe(201);
  });
});

describe('shared addresses', () => {
  it('are listed to every member, written by administrators only, and usable at checkout', async () => {
    const { admin, company, buyer, buyerEmail } = await companyWithBuyer('addr');
    const created = await admin.call('POST', '/api/account/company/addresses/', COMPANY_ADDRESS);
    expect(created.statusCode).toBe(201);
    const address = created.json<CompanyAddressView>();
    expect(address).toMatchObject({ shared: true, street: '1 Mill Lane', telephone_number: '+441134960000' });
    const [row] = await ctx.database.db.select().from(addresses).where(eq(addresses.id, address.id));
    expect(row).toMatchObject({ companyId: company.id, userId: null });

    expect((await buyer('GET', '/api/account/company/addresses/')).json()).toEqual([address]);
    expect((await buyer('POST', '/api/account/company/addresses/', COMPANY_ADDRESS)).statusCode).toBe(403);
    expect(
      (await buyer('PATCH', `/api/account/company/addresses/${address.id}/`, { city: 'York' })).statusCode,
    ).toBe(403);
    expect((await buyer('DELETE', `/api/account/company/addresses/${address.id}/`)).statusCode).toBe(403);

    const changed = await admin.call('PATCH', `/api/account/company/addresses/${address.id}/`, {
      city: 'York',
    });
    expect(changed.json()).toMatchObject({ id: address.id, city: 'York', shared: true });

    // Checkout counts the company's address as the member's own; the personal address book never shows it.
    const buyerUser = await ctx.database.db.execute(sql`select id from users where email = ${buyerEmail}`);
    const buyerId = Number((buyerUser.rows[0] as { id: number }).id);
    const own = await selectOwnAddresses(ctx.database.db, buyerId, [address.id]);
    expect(own.get(address.id)).toMatchObject({ city: 'York' });
    const stranger = await newShopper(ctx, 'addr-stranger');
    expect((await selectOwnAddresses(ctx.database.db, stranger.userId, [address.id])).size).toBe(0);
    const book = (await buyer('GET', '/api/addresses/')).json<Page<unknown>>();
    expect(book.count).toBe(0);
    expect((await admin.call('GET', '/api/addresses/')).json<Page<unknown>>().count).toBe(0);
    expect((await admin.call('PATCH', `/api/addresses/${address.id}/`, { city: 'Hull' })).statusCode).toBe(
      404,
    );
    expect(
      (await admin.call('PATCH', `/api/addresses/${address.id}/`, { is_default_billing: true })).statusCode,
    ).toBe(404);
    expect((await admin.call('DELETE', `/api/addresses/${address.id}/`)).statusCode).toBe(404);

    const other = await approvedCompany('addr-other');
    expect(
      (await other.admin.call('PATCH', `/api/account/company/addresses/${address.id}/`, { city: 'Hull' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await other.admin.call('DELETE', `/api/account/company/addresses/${address.id}/`)).statusCode,
    ).toBe(404);
    expect((await other.admin.call('GET', '/api/account/company/addresses/')).json()).toEqual([]);
    for (const body of [{ city: 'York', is_default_billing: true }, { postal_code: 'nope' }, { city: 7 }]) {
      expect(
        (await admin.call('PATCH', `/api/account/company/addresses/${address.id}/`, body)).statusCode,
      ).toBe(400);
    }
    expect(
      (await admin.call('POST', '/api/account/company/addresses/', { ...COMPANY_ADDRESS, user: 1 }))
        .statusCode,
    ).toBe(400);

    expect((await admin.call('DELETE', `/api/account/company/addresses/${address.id}/`)).statusCode).toBe(
      204,
    );
    expect((await buyer('GET', '/api/account/company/addresses/')).json()).toEqual([]);
  });

  it('stops at MAX_COMPANY_ADDRESSES', async () => {
    const { admin, company } = await approvedCompany('addr-cap');
    await ctx.database.db.insert(addresses).values(
      Array.from({ length: MAX_COMPANY_ADDRESSES }, () => ({
        companyId: company.id,
        firstName: 'A',
        lastName: 'B',
        street: '1 Road',
        city: 'Leeds',
        postalCode: 'LS1 1AA',
        telephoneNumber: '+441134960000',
      })),
    );
    const res = await admin.call('POST', '/api/account/company/addresses/', COMPANY_ADDRESS);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: [COMPANY_MESSAGES.tooManyAddresses] });
  });
});

describe('deleting an account', () => {
  it('ends the membership and the invitations to the address; the only administrator of others waits', async () => {
    const { admin, company, buyerEmail } = await companyWithBuyer('erase');
    const buyerId = await memberIdOf(company.id, buyerEmail);
    const [buyerUser] = await ctx.database.db
      .select({ userId: companyMembers.userId })
      .from(companyMembers)
      .where(eq(companyMembers.id, buyerId));
    await ctx.database.db.insert(companyInvitations).values({
      companyId: company.id,
      email: buyerEmail,
      role: 'buyer',
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    await expect(eraseAccount(ctx.database.db, admin.userId)).rejects.toMatchObject({
      statusCode: 400,
      message: COMPANY_MEMBER_MESSAGES.lastAdministratorLeaving,
    });
    await eraseAccount(ctx.database.db, buyerUser!.userId);
    const left = await ctx.database.db
      .select()
      .from(companyMembers)
      .where(eq(companyMembers.companyId, company.id));
    expect(left.map((m) => m.userId)).toEqual([admin.userId]);
    const invitations = await ctx.database.db
      .select()
      .from(companyInvitations)
      .where(and(eq(companyInvitations.companyId, company.id), eq(companyInvitations.email, buyerEmail)));
    expect(invitations).toEqual([]);
    // Alone now, the administrator may go too; the company stays for its orders.
    await eraseAccount(ctx.database.db, admin.userId);
    const [kept] = await ctx.database.db.select().from(companies).where(eq(companies.id, company.id));
    expect(kept?.status).toBe('approved');
  });

  it('withdraws the invitations an erased administrator sent, as a removal does', async () => {
    const company = await tradeCompany(ctx);
    const first = (await company.member('administrator', null, 'erase-first'))!;
    const second = (await company.member('administrator', null, 'erase-second'))!;
    for (const [sender, email] of [
      [first, 'kept-erase@example.com'],
      [second, 'newcomer-erase@example.com'],
    ] as const) {
      const res = await sender.call('POST', '/api/account/company/invitations/', { email, role: 'buyer' });
      expect(res.statusCode, res.body).toBe(201);
    }
    await eraseAccount(ctx.database.db, second.userId);
    const pending = await ctx.database.db
      .select({ email: companyInvitations.email })
      .from(companyInvitations)
      .where(eq(companyInvitations.companyId, company.id));
    // The other administrator's invitation is theirs, and stays.
    expect(pending).toEqual([{ email: 'kept-erase@example.com' }]);
  });
});
