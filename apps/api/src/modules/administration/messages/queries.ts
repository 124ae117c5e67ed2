import { and, count, desc, eq, ilike, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { contactQueries, newsletterSubscriptions, users } from '../../../db/schema';
import { cappedPageCount } from '../listing';

type Window = { limit: number; offset: number };

/** `%text%` with LIKE's own wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// ---------------------------------------------------------------------------------------------
// Contact queries
// ---------------------------------------------------------------------------------------------

export type MessageStatus = 'unhandled' | 'handled' | 'all';

const statusWhere = (status: MessageStatus): SQL | undefined =>
  status === 'unhandled'
    ? isNull(contactQueries.handledAt)
    : status === 'handled'
      ? isNotNull(contactQueries.handledAt)
      : undefined;

const summaryColumns = {
  id: contactQueries.id,
  email: contactQueries.email,
  fullName: contactQueries.fullName,
  subject: contactQueries.subject,
  createdAt: contactQueries.createdAt,
  handledAt: contactQueries.handledAt,
  repliedAt: contactQueries.repliedAt,
};

/**
 * A page of contact queries, newest first (the unhandled ones from contact_queries_unhandled_idx), with the
 * number of all of them riding on the page; a second statement only for a page past the end.
 */
export async function selectMessagePage(db: Db, status: MessageStatus, window: Window) {
  const where = statusWhere(status);
  const rows = await db
    .select(summaryColumns)
    .from(contactQueries)
    .where(where)
    .orderBy(desc(contactQueries.createdAt), desc(contactQueries.id))
    .limit(window.limit)
    .offset(window.offset);
  const { count: total } = await cappedPageCount(rows.length, window, async (cap) => {
    const capped = db
      .select({ one: sql`1`.as('one') })
      .from(contactQueries)
      .where(where)
      .limit(cap + 1)
      .as('capped');
    const [row] = await db.select({ value: count() }).from(capped);
    return row?.value ?? 0;
  });
  return { rows, total };
}

export async function selectMessage(db: Db, id: number) {
  const [row] = await db
    .select({ ...summaryColumns, message: contactQueries.message, handledBy: users.email })
    .from(contactQueries)
    .leftJoin(users, eq(users.id, contactQueries.handledBy))
    .where(eq(contactQueries.id, id));
  return row;
}

export type MessageRow = NonNullable<Awaited<ReturnType<typeof selectMessage>>>;

export async function lockMessage(tx: Db, id: number) {
  const [row] = await tx
    .select({
      id: contactQueries.id,
      email: contactQueries.email,
      fullName: contactQueries.fullName,
      subject: contactQueries.subject,
      message: contactQueries.message,
      createdAt: contactQueries.createdAt,
      handledAt: contactQueries.handledAt,
    })
    .from(contactQueries)
    .where(eq(contactQueries.id, id))
    .for('update');
  return row;
}

/** Marks a query handled by a staff member now, or (handledBy null) waiting for an answer again. */
export async function setHandled(tx: Db, id: number, handledBy: number | null): Promise<void> {
  await tx
    .update(contactQueries)
    .set(handledBy === null ? { handledAt: null, handledBy: null } : { handledAt: sql`now()`, handledBy })
    .where(eq(contactQueries.id, id));
}

/** Records a reply: when, and handled by the one who replied (if it was not handled yet). */
export async function markReplied(tx: Db, id: number, staffId: number): Promise<void> {
  await tx
    .update(contactQueries)
    .set({
      repliedAt: sql`now()`,
      handledAt: sql`coalesce(${contactQueries.handledAt}, now())`,
      handledBy: sql`coalesce(${contactQueries.handledBy}, ${staffId}::integer)`,
    })
    .where(eq(contactQueries.id, id));
}

// ---------------------------------------------------------------------------------------------
// Newsletter subscribers
// ---------------------------------------------------------------------------------------------

export type SubscriptionStatus = 'subscribed' | 'unsubscribed' | 'all';

const subscriberColumns = {
  id: newsletterSubscriptions.id,
  email: newsletterSubscriptions.email,
  createdAt: newsletterSubscriptions.createdAt,
  unsubscribedAt: newsletterSubscriptions.unsubscribedAt,
};

function subscriberWhere(status: SubscriptionStatus, q: string | undefined): SQL | undefined {
  return and(
    status === 'subscribed'
      ? isNull(newsletterSubscriptions.unsubscribedAt)
      : status === 'unsubscribed'
        ? isNotNull(newsletterSubscriptions.unsubscribedAt)
        : undefined,
    q ? ilike(newsletterSubscriptions.email, containing(q)) : undefined,
  );
}

/** A page of subscribers, newest first (by id: the order they subscribed in). */
export async function selectSubscriberPage(
  db: Db,
  status: SubscriptionStatus,
  q: string | undefined,
  window: Window,
) {
  const where = subscriberWhere(status, q);
  const rows = await db
    .select(subscriberColumns)
    .from(newsletterSubscriptions)
    .where(where)
    // With a search, `id + 0` keeps the planner off a backward walk of the primary key that filters row by row
    // (rare matches among the newest rows cost a scan of most of the table); it finds the matches through the
    // trigram index and sorts those instead.
    .orderBy(q ? desc(sql`${newsletterSubscriptions.id} + 0`) : desc(newsletterSubscriptions.id))
    .limit(window.limit)
    .offset(window.offset);
  const { count: total } = await cappedPageCount(rows.length, window, async (cap) => {
    const capped = db
      .select({ one: sql`1`.as('one') })
      .from(newsletterSubscriptions)
      .where(where)
      .limit(cap + 1)
      .as('capped');
    const [row] = await db.select({ value: count() }).from(capped);
    return row?.value ?? 0;
  });
  return { rows, total };
}

/** Every subscribed address, oldest first, for the export. */
export function selectSubscribedForExport(db: Db) {
  return db
    .select({ email: newsletterSubscriptions.email, createdAt: newsletterSubscriptions.createdAt })
    .from(newsletterSubscriptions)
    .where(isNull(newsletterSubscriptions.unsubscribedAt))
    .orderBy(newsletterSubscriptions.id);
}

export async function lockSubscriber(tx: Db, id: number) {
  const [row] = await tx
    .select(subscriberColumns)
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.id, id))
    .for('update');
  return row;
}

export async function unsubscribe(tx: Db, id: number) {
  const [row] = await tx
    .update(newsletterSubscriptions)
    .set({ unsubscribedAt: sql`now()` })
    .where(eq(newsletterSubscriptions.id, id))
    .returning(subscriberColumns);
  return row!;
}
