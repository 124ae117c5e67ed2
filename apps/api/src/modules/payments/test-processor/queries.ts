import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { testPaymentEvents, testPaymentIntents } from '../../../db/schema';

export type IntentRow = typeof testPaymentIntents.$inferSelect;
export type IntentWrite = Partial<
  Pick<IntentRow, 'status' | 'lastError' | 'amount' | 'metadata' | 'amountRefunded'>
>;
export type EventRow = typeof testPaymentEvents.$inferSelect;

/** An intent by id, as one prepared statement (asked on every order and webhook). */
export function prepareIntentById(db: Db): (id: string) => Promise<IntentRow | null> {
  const statement = db
    .select()
    .from(testPaymentIntents)
    .where(eq(testPaymentIntents.id, sql.placeholder('id')))
    .prepare('test_processor_intent');
  return async (id) => {
    const [row] = await statement.execute({ id });
    return row ?? null;
  };
}

/** Stores a new intent; null when one with its idempotency key exists already. */
export async function insertIntent(
  db: Db,
  values: typeof testPaymentIntents.$inferInsert,
): Promise<IntentRow | null> {
  const [created] = await db
    .insert(testPaymentIntents)
    .values(values)
    .onConflictDoNothing({ target: testPaymentIntents.idempotencyKey })
    .returning();
  return created ?? null;
}

export async function selectIntentByIdempotencyKey(
  db: Db,
  idempotencyKey: string,
): Promise<IntentRow | null> {
  const [row] = await db
    .select()
    .from(testPaymentIntents)
    .where(eq(testPaymentIntents.idempotencyKey, idempotencyKey));
  return row ?? null;
}

/** The intent's row, locked until the transaction ends. */
export async function lockIntent(tx: Db, id: string): Promise<IntentRow | null> {
  const [row] = await tx.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id)).for('update');
  return row ?? null;
}

/** The intent a client secret belongs to, locked until the transaction ends. */
export async function lockIntentByClientSecret(tx: Db, clientSecret: string): Promise<IntentRow | null> {
  const [row] = await tx
    .select()
    .from(testPaymentIntents)
    .where(eq(testPaymentIntents.clientSecret, clientSecret))
    .for('update');
  return row ?? null;
}

/** Changes an intent (its `updatedAt` too) and answers the changed row. */
export async function updateIntent(tx: Db, id: string, values: IntentWrite): Promise<IntentRow> {
  const [updated] = await tx
    .update(testPaymentIntents)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(testPaymentIntents.id, id))
    .returning();
  return updated!;
}

/** Queues an event; false when one with its id is queued already. */
export async function insertEvent(
  tx: Db,
  values: { id: string; type: string; intentId: string; payload: unknown },
): Promise<boolean> {
  const inserted = await tx
    .insert(testPaymentEvents)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: testPaymentEvents.id });
  return inserted.length > 0;
}

export async function eventExists(tx: Db, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ payload: testPaymentEvents.payload })
    .from(testPaymentEvents)
    .where(eq(testPaymentEvents.id, id));
  return row !== undefined;
}

/**
 * Claims up to `limit` due events, oldest first, for `leaseSeconds` (counting the attempt): events another
 * process has claimed meanwhile are skipped. Answers them in the order they were queued.
 */
export async function claimDueEvents(db: Db, limit: number, leaseSeconds: number): Promise<EventRow[]> {
  const due = db
    .select({ id: testPaymentEvents.id })
    .from(testPaymentEvents)
    .where(and(isNull(testPaymentEvents.deliveredAt), lte(testPaymentEvents.nextAttemptAt, sql`now()`)))
    .orderBy(asc(testPaymentEvents.createdAt), asc(testPaymentEvents.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(testPaymentEvents)
    .set({
      attempts: sql`${testPaymentEvents.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})`,
    })
    .where(inArray(testPaymentEvents.id, due))
    .returning();
  return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
}

export async function markEventDelivered(db: Db, id: string): Promise<void> {
  await db
    .update(testPaymentEvents)
    .set({ deliveredAt: sql`now()`, lastError: null })
    .where(eq(testPaymentEvents.id, id));
}

/**
 * Records a failed delivery and when to try again: in `retryInSeconds`, or, given up (null), parked far in the
 * future, where a person can find it.
 */
export async function scheduleEventRetry(
  db: Db,
  id: string,
  problem: string,
  retryInSeconds: number | null,
): Promise<void> {
  await db
    .update(testPaymentEvents)
    .set({
      lastError: problem,
      nextAttemptAt:
        retryInSeconds === null
          ? sql`'infinity'::timestamptz`
          : sql`now() + make_interval(secs => ${retryInSeconds})`,
    })
    .where(eq(testPaymentEvents.id, id));
}

/** The events queued for one intent, oldest first. */
export function selectEventsOfIntent(db: Db, intentId: string): Promise<EventRow[]> {
  return db
    .select()
    .from(testPaymentEvents)
    .where(eq(testPaymentEvents.intentId, intentId))
    .orderBy(asc(testPaymentEvents.createdAt), asc(testPaymentEvents.id));
}
