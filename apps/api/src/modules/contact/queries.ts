import { eq, isNotNull, sql } from 'drizzle-orm';
import type { ContactQuery } from '@shop/domain';
import type { Db } from '../../db/client';
import { contactQueries, newsletterSubscriptions, outboundEmails } from '../../db/schema';
import { redact, type Redaction } from '../../lib/redact';
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
 * Takes an address's person out of its contact-form queries and the shop's copies of them in the outbox (sent or
 * not), for an account's erasure: the copy's sender line names the placeholder, and the subject and message keep
 * their words but not the address, the name the query was sent under, or `otherNames` (the account's own
 * name), wherever the sender typed them (an "Order" query asking to be written to at the address, say). Run it
 * before the queries lose the address: a copy is found by its query's id. The copies have no index of their own,
 * so this reads the outbox once; erasures are rare.
 */
export async function redactQueriesOf(
  tx: Db,
  email: string,
  placeholder: { fullName: string; email: string },
  otherNames: readonly string[] = [],
): Promise<void> {
  const sent = await tx
    .select({
      id: contactQueries.id,
      fullName: contactQueries.fullName,
      subject: contactQueries.subject,
      message: contactQueries.message,
    })
    .from(contactQueries)
    .where(eq(contactQueries.email, email));
  if (sent.length === 0) return;
  const copies = await tx
    .select({ id: outboundEmails.id, textBody: outboundEmails.textBody, queryId: contactQueries.id })
    .from(outboundEmails)
    .innerJoin(
      contactQueries,
      sql`starts_with(${outboundEmails.textBody}, ${COPY_OPENING}::text || ${contactQueries.id}::text || ').')`,
    )
    .where(eq(contactQueries.email, email));
  for (const query of sent) {
    const redactions: Redaction[] = [
      { text: email, replacement: placeholder.email },
      ...[query.fullName, ...otherNames].map((name) => ({ text: name, replacement: placeholder.fullName })),
    ];
    await tx
      .update(contactQueries)
      .set({ subject: redact(query.subject, redactions), message: redact(query.message, redactions) })
      .where(eq(contactQueries.id, query.id));
    for (const copy of copies.filter((c) => c.queryId === query.id)) {
      const sender = senderLine(placeholder.fullName, placeholder.email);
      const textBody = redact(
        copy.textBody.replace(senderLine(query.fullName, email), () => sender),
        redactions,
      );
      await tx.update(outboundEmails).set({ textBody }).where(eq(outboundEmails.id, copy.id));
    }
  }
}
