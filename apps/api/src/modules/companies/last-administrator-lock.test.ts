// A company keeps an administrator while its other administrator is demoted or removed at the same moment as
// this one is made staff or erases their account: the last-administrator rule counts under the company's lock,
// which every member change takes. PostgreSQL only: PGlite runs one transaction at a time, so nothing waits.
import { COMPANY_MEMBER_MESSAGES, COMPANY_MESSAGES } from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helper';
import { staffMember, type StaffMember } from '../../../test/support/administration';
import { duringDemotion } from '../../../test/support/demotion';
import { tradeCompany } from '../../../test/support/orders';
import { companyMembers } from '../../db/schema';
import { eraseAccount } from '../accounts/service';

const onPostgres = Boolean(inject('pgTemplate'));

let ctx: TestContext;
let owner: StaffMember;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await staffMember(ctx, 'owner', 'lock-owner');
});
afterAll(() => ctx.close());

async function twoAdministratorsAndABuyer() {
  const company = await tradeCompany(ctx);
  const first = (await company.member('administrator', null, 'lock-first'))!;
  const second = (await company.member('administrator', null, 'lock-second'))!;
  await company.member('buyer', null, 'lock-buyer');
  return { company, first, second };
}

const administratorsOf = async (companyId: number) =>
  (
    await ctx.database.db
      .select({ role: companyMembers.role })
      .from(companyMembers)
      .where(eq(companyMembers.companyId, companyId))
  ).filter((member) => member.role === 'administrator').length;

describe.runIf(onPostgres)('the last administrator, while the other is demoted', () => {
  it('is not made staff: the promotion counts the administrators under the company’s lock', async () => {
    const { company, first, second } = await twoAdministratorsAndABuyer();
    const answer = await duringDemotion(ctx, company.id, first.memberId, () =>
      owner.admin('PATCH', `users/${second.userId}/role/`, { role: 'staff' }),
    );
    if (!('value' in answer)) throw answer.error;
    expect(answer.value.statusCode, answer.value.body).toBe(409);
    expect(answer.value.json()).toEqual({ detail: COMPANY_MESSAGES.lastAdministratorPromoted });
    expect(await administratorsOf(company.id)).toBe(1);
  });

  it('does not erase their account: the erasure counts under the company’s lock', async () => {
    const { company, first, second } = await twoAdministratorsAndABuyer();
    const answer = await duringDemotion(ctx, company.id, first.memberId, () =>
      eraseAccount(ctx.database.db, second.userId),
    );
    expect(answer).toMatchObject({
      error: { statusCode: 400, message: COMPANY_MEMBER_MESSAGES.lastAdministratorLeaving },
    });
    expect(await administratorsOf(company.id)).toBe(1);
  });
});
