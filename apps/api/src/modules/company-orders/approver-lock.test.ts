// An approver demoted while their approval waits for the company's lock decides nothing: the approval reads
// their membership under that lock. PostgreSQL only: PGlite runs one transaction at a time, so nothing waits.
import { COMPANY_MESSAGES, type AwaitingApprovalView } from '@shop/domain';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helper';
import { databaseUrlOf } from '../../../test/server-process';
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

/**
 * Runs `decide` while another connection holds the company's row (as a member's role change does) and has
 * made the approver a buyer; commits that change once `decide` is waiting for the row, and answers `decide`'s
 * answer.
 */
async function decidedDuringDemotion(
  companyId: number,
  approverMemberId: number,
  decide: () => Promise<unknown>,
) {
  const other = new pg.Client({ connectionString: databaseUrlOf(ctx.database) });
  await other.connect();
  try {
    await other.query('begin');
    await other.query('select id from companies where id = $1 for no key update', [companyId]);
    await other.query(`update company_members set role = 'buyer' where id = $1`, [approverMemberId]);
    const answer = decide();
    // Wait until the approval waits on a lock.
    for (let i = 0; i < 200; i++) {
      const waiting = await ctx.database.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (Number((waiting.rows[0] as { n: number }).n) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await other.query('commit');
    return await answer;
  } finally {
    await other.end();
  }
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
