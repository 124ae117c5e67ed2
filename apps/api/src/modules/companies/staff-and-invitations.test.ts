// Trade membership is for customer accounts; an invitation is only as good as its inviter's place; the
// invitation e-mail is bounded per address and carries no link someone chose; the application takes every
// kind of business.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  APPLICATION_DECISION_WORKING_DAYS,
  COMPANY_MESSAGES,
  type AdminCompanyDetail,
  type CompanyInvitationView,
  type CompanyView,
} from '@shop/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/client';
import {
  auditLog,
  companies,
  companyInvitations,
  companyMembers,
  outboundEmails,
  users,
} from '../../db/schema';
import { createTestApp, type TestContext } from '../../../test/helper';
import { staffMember, type StaffMember } from '../../../test/support/administration';
import { newShopper } from '../../../test/support/carts';
import {
  APPLICATION,
  applyForCompany,
  approveCompany,
  inviteAndJoin,
  signUpAs,
} from '../../../test/support/companies';
import { tradeCompany } from '../../../test/support/orders';

let ctx: TestContext;
let staff: StaffMember;
let owner: StaffMember;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffMember(ctx, 'staff', 'desk');
  owner = await staffMember(ctx, 'owner', 'boss');
});
afterAll(() => ctx.close());

type Page<T> = { count: number; results: T[] };
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

let emails = 0;
const newEmail = (name: string) => `${name}.${Date.now().toString(36)}.${++emails}@example.com`;

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

const membershipsOf = (userId: number) =>
  ctx.database.db.select().from(companyMembers).where(eq(companyMembers.userId, userId));

async function approvedCompany(name: string) {
  const admin = await newShopper(ctx, name);
  const company = await applyForCompany(ctx.app, admin.token, { trading_name: `${name} Boxes` });
  await approveCompany(ctx.app, staff.token, company.id);
  return { admin, company };
}

async function memberIdOf(companyId: number, email: string) {
  const result = await ctx.database.db.execute(
    sql`select m.id from company_members m join users u on u.id = m.user_id where m.company_id = ${companyId} and u.email = ${email}`,
  );
  return Number((result.rows[0] as { id: number }).id);
}

/** A company with two administrators: the first (a shopper) and a second who joined by invitation. */
async function twoAdministrators(name: string) {
  const { admin, company } = await approvedCompany(name);
  const secondEmail = newEmail(`${name}-second`);
  const second = as(await inviteAndJoin(ctx, admin.token, secondEmail, 'administrator'));
  return { admin, company, second, secondEmail, secondId: await memberIdOf(company.id, secondEmail) };
}

const invitationsOf = async (call: ReturnType<typeof as>) =>
  (await call('GET', '/api/account/company/invitations/')).json<Page<CompanyInvitationView>>().results;

describe('staff and owner accounts hold no trade membership', () => {
  it('refuses a trade application from a staff or an owner account with 403', async () => {
    for (const account of [staff, owner]) {
      const res = await account.call('POST', '/api/account/company/', APPLICATION);
      expect(res.statusCode, account.role).toBe(403);
      expect(res.json()).toEqual({ detail: COMPANY_MESSAGES.staffNoTrade });
      expect(await membershipsOf(account.userId)).toEqual([]);
    }
  });

  it('refuses an invitation accepted by a staff account with 403, and keeps the invitation', async () => {
    const { admin } = await approvedCompany('staff-invite');
    const clerk = await staffMember(ctx, 'staff', 'invited-clerk');
    const invited = await admin.call('POST', '/api/account/company/invitations/', {
      email: clerk.email,
      role: 'administrator',
    });
    expect(invited.statusCode).toBe(201);
    const id = invited.json<CompanyInvitationView>().id;
    const res = await clerk.call('POST', `/api/account/invitations/${id}/accept/`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: COMPANY_MESSAGES.staffNoTrade });
    expect(await membershipsOf(clerk.userId)).toEqual([]);
  });

  it('refuses staff’s approval of an application whose applicant is now a staff account', async () => {
    const applicant = await newShopper(ctx, 'became-staff');
    const company = await applyForCompany(ctx.app, applicant.token);
    // As the rows stood before the rule: the applicant's role changed in the database.
    await ctx.database.db.update(users).set({ role: 'staff' }).where(eq(users.id, applicant.userId));
    const res = await staff.admin('POST', `companies/${company.id}/approve/`, {
      credit_limit: '999999.99',
      payment_terms_days: 30,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: COMPANY_MESSAGES.staffApplicant });
    const [row] = await ctx.database.db.select().from(companies).where(eq(companies.id, company.id));
    expect(row).toMatchObject({ status: 'pending', creditLimitPence: 0 });
  });

  it('refuses an order on account by a staff account that still holds a membership', async () => {
    const company = await tradeCompany(ctx, { creditLimitPence: 99_999_999 });
    const member = await company.member('administrator', null, 'legacy-staff');
    await ctx.database.db.update(users).set({ role: 'staff' }).where(eq(users.id, member.userId));
    await member.addSku('TD-PRO-75', 1);
    const res = await member.onAccount();
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ payment_method: [COMPANY_MESSAGES.noCompany] });
    expect((await member.call('GET', '/api/account/company/')).statusCode).toBe(404);
  });

  it('ends a member’s membership, audited, when an owner makes them staff', async () => {
    const { admin, company, secondEmail, secondId } = await twoAdministrators('promoted');
    const [second] = await ctx.database.db.select().from(users).where(eq(users.email, secondEmail));
    const res = await owner.admin('PATCH', `users/${second!.id}/role/`, { role: 'staff' });
    expect(res.statusCode).toBe(200);
    expect(await membershipsOf(second!.id)).toEqual([]);
    const entries = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'company_member'), eq(auditLog.entityId, String(secondId))));
    expect(entries).toMatchObject([
      {
        action: 'company_member.remove',
        actorId: owner.userId,
        before: { company_id: company.id, user_id: second!.id, role: 'administrator' },
        after: null,
      },
    ]);
    expect((await admin.call('GET', '/api/account/company/members/')).json<Page<unknown>>().count).toBe(1);
  });

  it('refuses to make staff of the only administrator of a company others belong to', async () => {
    const { admin } = await approvedCompany('sole-admin');
    await inviteAndJoin(ctx, admin.token, newEmail('sole-buyer'), 'buyer');
    const res = await owner.admin('PATCH', `users/${admin.userId}/role/`, { role: 'staff' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: COMPANY_MESSAGES.lastAdministratorPromoted });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, admin.userId));
    expect(row!.role).toBe('customer');
  });
});

describe('the data migration', () => {
  /** The hand-written block of the migration that carries it, run as the migrator would. */
  function manualBlock(): string {
    const folder = migrationsFolder();
    for (const file of readdirSync(folder).filter((name) => name.endsWith('.sql'))) {
      const text = readFileSync(path.join(folder, file), 'utf8');
      const match = /-- manual: begin staff-membership\n([^]*?)-- manual: end/.exec(text);
      if (match) return match[1]!;
    }
    throw new Error('no migration holds the block "staff-membership"');
  }

  it('removes the memberships staff and owners hold, one audit row each, and leaves customers’', async () => {
    const company = await tradeCompany(ctx, { creditLimitPence: 99_999_999 });
    const clerk = await company.member('administrator', null, 'old-clerk');
    const boss = await company.member('buyer', null, 'old-boss');
    const buyer = await company.member('buyer', null, 'old-buyer');
    await ctx.database.db.update(users).set({ role: 'staff' }).where(eq(users.id, clerk.userId));
    await ctx.database.db.update(users).set({ role: 'owner' }).where(eq(users.id, boss.userId));

    for (const statement of manualBlock().split('--> statement-breakpoint')) {
      await ctx.database.db.execute(sql.raw(statement));
    }

    expect(await membershipsOf(clerk.userId)).toEqual([]);
    expect(await membershipsOf(boss.userId)).toEqual([]);
    expect(await membershipsOf(buyer.userId)).toMatchObject([{ companyId: company.id }]);
    for (const [member, role] of [
      [clerk, 'administrator'],
      [boss, 'buyer'],
    ] as const) {
      const entries = await ctx.database.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.entityType, 'company_member'), eq(auditLog.entityId, String(member.memberId))),
        );
      expect(entries).toMatchObject([
        {
          action: 'company_member.remove',
          actorId: null,
          actorEmail: 'migration (staff have no trade membership)',
          before: { company_id: company.id, user_id: member.userId, role },
          after: null,
        },
      ]);
    }
  });
});

describe('an invitation lasts only while its inviter administers the company', () => {
  it('is withdrawn when its inviter is removed, and the list shows who invited', async () => {
    const { admin, second, secondId } = await twoAdministrators('removed-inviter');
    const email = newEmail('their-friend');
    const invited = await second('POST', '/api/account/company/invitations/', {
      email,
      role: 'administrator',
    });
    expect(invited.statusCode).toBe(201);
    const listed = await invitationsOf(as(admin.token));
    const [secondUser] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.id, (await membershipUser(secondId))!));
    expect(listed).toEqual([
      expect.objectContaining({
        email,
        invited_by: { user: secondUser!.id, name: 'Ben Member', email: secondUser!.email },
      }),
    ]);

    expect((await admin.call('DELETE', `/api/account/company/members/${secondId}/`)).statusCode).toBe(204);
    expect(await invitationsOf(as(admin.token))).toEqual([]);
    const friend = await signUpAs(ctx, email);
    const res = await as(friend)(
      'POST',
      `/api/account/invitations/${invited.json<CompanyInvitationView>().id}/accept/`,
    );
    expect(res.statusCode).toBe(404);
    expect((await as(friend)('GET', '/api/account/company/')).statusCode).toBe(404);
  });

  it('is withdrawn when its inviter is made a buyer; the other administrator’s stay', async () => {
    const { admin, second, secondId } = await twoAdministrators('demoted-inviter');
    await second('POST', '/api/account/company/invitations/', { email: newEmail('theirs'), role: 'buyer' });
    const ours = newEmail('ours');
    await admin.call('POST', '/api/account/company/invitations/', { email: ours, role: 'buyer' });
    const res = await admin.call('PATCH', `/api/account/company/members/${secondId}/`, { role: 'buyer' });
    expect(res.statusCode).toBe(200);
    expect((await invitationsOf(as(admin.token))).map((i) => i.email)).toEqual([ours]);
  });

  it('refuses acceptance when the inviter no longer administers the company', async () => {
    const { admin, company, secondId } = await twoAdministrators('stale-inviter');
    const inviterId = (await membershipUser(secondId))!;
    const email = newEmail('stale');
    // An invitation made before the rule, whose inviter was demoted then: the row survived.
    const [row] = await ctx.database.db
      .insert(companyInvitations)
      .values({
        companyId: company.id,
        email,
        role: 'administrator',
        invitedBy: inviterId,
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning({ id: companyInvitations.id });
    await ctx.database.db
      .update(companyMembers)
      .set({ role: 'buyer' })
      .where(eq(companyMembers.id, secondId));
    const token = await signUpAs(ctx, email);
    const res = await as(token)('POST', `/api/account/invitations/${row!.id}/accept/`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: COMPANY_MESSAGES.inviterGone });
    expect((await as(token)('GET', '/api/account/company/')).statusCode).toBe(404);
    expect((await admin.call('GET', '/api/account/company/members/')).json<Page<unknown>>().count).toBe(2);
  });
});

async function membershipUser(memberId: number) {
  const [row] = await ctx.database.db
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(eq(companyMembers.id, memberId));
  return row?.userId;
}

describe('invitation e-mails', () => {
  it('sends one invitation e-mail per company and address a day, however often it is withdrawn', async () => {
    const { admin } = await approvedCompany('looper');
    const target = newEmail('target');
    const first = await admin.call('POST', '/api/account/company/invitations/', {
      email: target,
      role: 'buyer',
    });
    expect(first.statusCode).toBe(201);
    const withdrawn = await admin.call(
      'DELETE',
      `/api/account/company/invitations/${first.json<CompanyInvitationView>().id}/`,
    );
    expect(withdrawn.statusCode).toBe(204);
    for (let i = 0; i < 3; i++) {
      const again = await admin.call('POST', '/api/account/company/invitations/', {
        email: target,
        role: 'buyer',
      });
      expect(again.statusCode).toBe(429);
      expect(again.json()).toEqual({ detail: COMPANY_MESSAGES.invitationSentToday });
      expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await mailTo(target)).toHaveLength(1);
    expect(await invitationsOf(as(admin.token))).toEqual([]);
    // Another address of this company, and this address by another company, are not held back.
    const other = await admin.call('POST', '/api/account/company/invitations/', {
      email: newEmail('other'),
      role: 'buyer',
    });
    expect(other.statusCode).toBe(201);
    const elsewhere = await approvedCompany('elsewhere');
    const theirs = await elsewhere.admin.call('POST', '/api/account/company/invitations/', {
      email: target,
      role: 'buyer',
    });
    expect(theirs.statusCode).toBe(201);
    expect(await mailTo(target)).toHaveLength(2);
  });

  it('leaves a name with a link in it out of the invitation e-mail', async () => {
    const { admin, company } = await approvedCompany('linker');
    await ctx.database.db
      .update(users)
      .set({ firstName: 'Claim your prize at https://evil.example/win', lastName: 'now' })
      .where(eq(users.id, admin.userId));
    await ctx.database.db
      .update(companies)
      .set({ tradingName: 'www.evil.example' })
      .where(eq(companies.id, company.id));
    const target = newEmail('victim');
    const res = await admin.call('POST', '/api/account/company/invitations/', {
      email: target,
      role: 'buyer',
    });
    expect(res.statusCode).toBe(201);
    const [mail] = await mailTo(target);
    const whole = `${mail!.subject}\n${mail!.textBody}\n${mail!.htmlBody ?? ''}`;
    expect(whole).not.toContain('evil');
    expect(whole).not.toContain('prize');
    expect(mail!.htmlBody).toBeNull();
    expect(mail!.subject).toContain('An administrator invited you');
    expect(whole).toContain(company.account_number);
  });
});

describe('the trade application', () => {
  it('takes a sole trader without Companies House or VAT numbers, and £10,000 asked for', async () => {
    const applicant = await newShopper(ctx, 'sole');
    const { company_number: _n, vat_number: _v, ...rest } = APPLICATION;
    const res = await applicant.call('POST', '/api/account/company/', {
      ...rest,
      business_type: 'sole_trader',
      vat_registered: false,
      requested_credit_limit: '£10,000',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<CompanyView>()).toMatchObject({
      business_type: 'sole_trader',
      company_number: null,
      vat_number: null,
      requested_credit_limit: '10000.00',
    });
    const id = res.json<CompanyView>().id;
    const detail = (await staff.admin('GET', `companies/${id}/`)).json<AdminCompanyDetail>();
    expect(detail).toMatchObject({ business_type: 'sole_trader', company_number: null, vat_number: null });
    const listed = (
      await staff.admin('GET', `companies/?status=pending&search=${encodeURIComponent('Boxes Limited')}`)
    ).json<Page<{ id: number; business_type: string }>>();
    expect(listed.results.find((row) => row.id === id)?.business_type).toBe('sole_trader');
    const [shopMail] = await mailTo('sales@packright.example');
    expect(shopMail!.textBody).toContain('Business type: Sole trader');
    expect(shopMail!.textBody).toContain('Companies House number: none');
    expect(shopMail!.textBody).toContain('VAT number: not VAT registered');
  });

  it('still needs a Companies House number from a limited company, and a VAT number when registered', async () => {
    const applicant = await newShopper(ctx, 'ltd');
    const res = await applicant.call('POST', '/api/account/company/', {
      ...APPLICATION,
      business_type: 'limited_company',
      company_number: '',
      vat_registered: true,
      vat_number: '',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['company_number', 'vat_number']);
  });

  it('e-mails the applicant a receipt that says when to expect a decision', async () => {
    const applicant = await newShopper(ctx, 'receipt');
    const company = await applyForCompany(ctx.app, applicant.token);
    const [mail] = await mailTo(applicant.email);
    expect(mail!.subject).toContain('application');
    expect(mail!.textBody).toContain(company.account_number);
    expect(mail!.textBody).toContain(`within ${APPLICATION_DECISION_WORKING_DAYS} working days`);
  });
});
