import { eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema';

/** Counts one hit in the key's fixed window (a new window when the old one has passed), atomically. */
export async function hit(db: Db, key: string, windowMs: number): Promise<{ count: number; resetAt: Date }> {
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: sql`now() + make_interval(secs => ${windowMs / 1000})` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  return { count: row!.count, resetAt: row!.resetAt };
}

/** Drops windows that ended a while ago. */
export async function deleteExpired(db: Db, before: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, before));
}

export async function remove(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/**
 * Forgets every limit's count for a client, whatever the limit: the keys `<limit>:<client>` and
 * `<limit>:<client>|<another client>` (an erased account's address). Reads the table once; it holds only
 * the last hours' windows.
 */
export async function removeClient(db: Db, client: string): Promise<void> {
  const clientPart = sql`substr(${rateLimits.key}, strpos(${rateLimits.key}, ':') + 1)`;
  await db
    .delete(rateLimits)
    .where(or(sql`${clientPart} = ${client}`, sql`starts_with(${clientPart}, ${client}::text || '|')`));
}
