// An approver demoted while their approval waits for the company's lock decides nothing: the approval reads
// their membership under that lock. PostgreSQL only: PGlite runs one transaction at a time, so nothing waits.
import { COMPANY_MESSAGES, type AwaitingApprovalView } from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helper';
import { duringDemotion } from '../../../test/support/demotion';
import { approvalsOf, tradeCompany, type TradeMember } from '../../../test/support/orders';
import { companies, companyMembers } from '../../db/schema';

const onPostgres = Boolean(inject('pgTemplate'));

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function heldOrder(buyer: TradeMember) {
  await buyer.addSku('TD-PRO-75', 2);
  const res = await buyer.onAccount();
  if (res.statusCode !== 202) throw new Error(`not held: ${res.statusCode} ${res.body}`);
  return res.json<AwaitingApprovalView>().approval;
}

/** `decide`'s answer, made while the approver is demoted to a buyer under the company's lock. */
async function decidedDuringDemotion(
  companyId: number,
  approverMemberId: number,
  decide: () => Promise<unknown>,
) {
  const answer = await duringDemotion(ctx, companyId, approverMemberId, decide);
  if ('error' in answer) throw answer.error;
  return answer.value;
}

describe.runIf(onPostgres)('an approver demoted while deciding', () => {
  it('cannot approve: the membership is read under the company’s lock', async () => {
    const company = await tradeCompany(ctx, { creditLimitPence: 5_000_000 });
    const approver = await company.member('approver');
    const buyer = await company.member('buyer', 100);
    const id = await heldOrder(buyer);
    const res = (await decidedDuringDemotion(company.id, approver.memberId, () =>
      approver.call('POST', `/api/account/company/approvals/${id}/approve/`),
    )) as Awaited<ReturnType<TradeMember['call']>>;
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({ detail: COMPANY_MESSAGES.approverOnly });
    expect(await approvalsOf(ctx, company.id)).toMatchObject([
      { id, status: 'awaiting_approval', orderId: null },
    ]);
    expect(await buyer.orders()).toHaveLength(0);
  });

  it('cannot decline: the membership is read under the company’s lock', async () => {
    const company = await tradeCompany(ctx, { creditLimitPence: 5_000_000 });
    const approver = await company.member('approver');
    const buyer = await company.member('buyer', 100);
    const id = await heldOrder(buyer);
    const res = (await decidedDuringDemotion(company.id, approver.memberId, () =>
      approver.call('POST', `/api/account/company/approvals/${id}/decline/`, { reason: 'No.' }),
    )) as Awaited<ReturnType<TradeMember['call']>>;
    expect(res.statusCode, res.body).toBe(403);
    expect(await approvalsOf(ctx, company.id)).toMatchObject([{ id, status: 'awaiting_approval' }]);
    const [member] = await ctx.database.db
      .select({ role: companyMembers.role })
      .from(companyMembers)
      .where(eq(companyMembers.id, approver.memberId));
    expect(member!.role).toBe('buyer');
    expect((await ctx.database.db.select().from(companies).where(eq(companies.id, company.id))).length).toBe(
      1,
    );
  });
});
