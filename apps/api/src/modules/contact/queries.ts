import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { ContactQuery } from '@shop/domain';
import type { Db } from '../../db/client';
import { contactQueries, newsletterSubscriptions, outboundEmails } from '../../db/schema';
import { COPY_OPENING, senderLine } from './emails';

export async function insertContactQuery(db: Db, query: ContactQuery): Promise<number> {
  const [row] = await db
    .insert(contactQueries)
    .values({ email: query.email, fullName: query.full_name, subject: query.subject, message: query.message })
    .returning({ id: contactQueries.id });
  return row!.id;
}

/**
 * Subscribes an address once, or again after it was unsubscribed; answers whether this call subscribed it
 * (false when it already was).
 */
export async function insertSubscription(db: Db, email: string): Promise<boolean> {
  const rows = await db
    .insert(newsletterSubscriptions)
    .values({ email })
    .onConflictDoUpdate({
      target: newsletterSubscriptions.email,
      set: { unsubscribedAt: null },
      setWhere: isNotNull(newsletterSubscriptions.unsubscribedAt),
    })
    .returning({ id: newsletterSubscriptions.id });
  return rows.length > 0;
}

/**
 * Rewrites the sender's line of the shop's copies of an address's queries in the outbox (sent or not) to name
 * the placeholder instead (an account's erasure); the subject and message stay, as in contact_queries. Run it
 * before the queries lose the address: a copy is found by its query's id. The copies have no index of their
 * own, so this reads the outbox once; erasures are rare.
 */
export async function redactCopiesOf(
  tx: Db,
  email: string,
  placeholder: { fullName: string; email: string },
): Promise<void> {
  // The same line as senderLine, from the query's stored name and address.
  const sender = sql`'From: ' || ${contactQueries.fullName} || ' <' || ${contactQueries.email} || '>'`;
  await tx
    .update(outboundEmails)
    .set({
      textBody: sql`replace(${outboundEmails.textBody}, ${sender}, ${senderLine(placeholder.fullName, placeholder.email)})`,
    })
    .from(contactQueries)
    .where(
      and(
        eq(contactQueries.email, email),
        sql`starts_with(${outboundEmails.textBody}, ${COPY_OPENING}::text || ${contactQueries.id}::text || ').')`,
      ),
    );
}
