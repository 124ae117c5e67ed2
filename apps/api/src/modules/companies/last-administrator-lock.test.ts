// A company keeps an administrator while its other administrator is demoted or removed at the same moment as
// this one is made staff or erases their account: the last-administrator rule counts under the company's lock,
// which every member change takes. PostgreSQL only: PGlite runs one transaction at a time, so nothing waits.
import { COMPANY_MEMBER_MESSAGES, COMPANY_MESSAGES } from '@shop/domain';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helper';
import { databaseUrlOf } from '../../../test/server-process';
import { staffMember, type StaffMember } from '../../../test/support/administration';
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

/**
 * Runs `act` while another connection holds the company's row and has demoted `demotedMemberId` to a buyer, as
 * a member's role change does; commits that change once `act` waits for a lock, and answers `act`'s answer
 * (or what it threw).
 */
async function duringDemotion<T>(companyId: number, demotedMemberId: number, act: () => Promise<T>) {
  const other = new pg.Client({ connectionString: databaseUrlOf(ctx.database) });
  await other.connect();
  try {
    await other.query('begin');
    await other.query('select id from companies where id = $1 for no key update', [companyId]);
    await other.query(`update company_members set role = 'buyer' where id = $1`, [demotedMemberId]);
    const answer = act().then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
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
    const answer = await duringDemotion(company.id, first.memberId, () =>
      owner.admin('PATCH', `users/${second.userId}/role/`, { role: 'staff' }),
    );
    if (!('value' in answer)) throw answer.error;
    expect(answer.value.statusCode, answer.value.body).toBe(409);
    expect(answer.value.json()).toEqual({ detail: COMPANY_MESSAGES.lastAdministratorPromoted });
    expect(await administratorsOf(company.id)).toBe(1);
  });

  it('does not erase their account: the erasure counts under the company’s lock', async () => {
    const { company, first, second } = await twoAdministratorsAndABuyer();
    const answer = await duringDemotion(company.id, first.memberId, () =>
      eraseAccount(ctx.database.db, second.userId),
    );
    expect(answer).toMatchObject({
      error: { statusCode: 400, message: COMPANY_MEMBER_MESSAGES.lastAdministratorLeaving },
    });
    expect(await administratorsOf(company.id)).toBe(1);
  });
});
