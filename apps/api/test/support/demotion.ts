// A member's role change at the same moment as another call (PostgreSQL only: PGlite runs one transaction at a
// time, so nothing waits there).
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { TestContext } from '../helper';
import { databaseUrlOf } from '../server-process';

/**
 * Runs `act` while another connection holds the company's row (as a member's role change does) and has made the
 * member `memberId` a buyer; commits that change once `act` waits for a lock, and answers what `act` answered
 * or threw.
 */
export async function duringDemotion<T>(
  ctx: TestContext,
  companyId: number,
  memberId: number,
  act: () => Promise<T>,
): Promise<{ value: T } | { error: unknown }> {
  const other = new pg.Client({ connectionString: databaseUrlOf(ctx.database) });
  await other.connect();
  try {
    await other.query('begin');
    await other.query('select id from companies where id = $1 for no key update', [companyId]);
    await other.query(`update company_members set role = 'buyer' where id = $1`, [memberId]);
    const answer = act().then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    // Until the call waits on a lock (at most about 2 s: a call that never waits was not held back).
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
