import { isNotNull, sql } from 'drizzle-orm';
import type { ContactQuery } from '@shop/domain';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
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
  // The queries with their copies (none, or one a query), in one statement.
  const sent = rowsOf<{
    id: number;
    full_name: string;
    subject: string;
    message: string;
    copy_id: number | null;
    copy_text: string | null;
  }>(
    await tx.execute(sql`
      select q.id, q.full_name, q.subject, q.message, o.id as copy_id, o.text_body as copy_text
      from ${contactQueries} q
      left join ${outboundEmails} o on starts_with(o.text_body, ${COPY_OPENING}::text || q.id::text || ').')
      where q.email = ${email}`),
  );
  if (sent.length === 0) return;
  const queries = new Map<number, { subject: string; message: string }>();
  const copies: { id: number; text: string }[] = [];
  const sender = senderLine(placeholder.fullName, placeholder.email);
  for (const row of sent) {
    const redactions: Redaction[] = [
      { text: email, replacement: placeholder.email },
      ...[row.full_name, ...otherNames].map((name) => ({ text: name, replacement: placeholder.fullName })),
    ];
    queries.set(row.id, {
      subject: redact(row.subject, redactions),
      message: redact(row.message, redactions),
    });
    if (row.copy_id !== null && row.copy_text !== null) {
      const text = row.copy_text.replace(senderLine(row.full_name, email), () => sender);
      copies.push({ id: row.copy_id, text: redact(text, redactions) });
    }
  }
  await tx.execute(sql`
    update ${contactQueries} q set subject = v.subject, message = v.message
    from (values ${sql.join(
      [...queries].map(([id, query]) => sql`(${id}::int, ${query.subject}::text, ${query.message}::text)`),
      sql`, `,
    )}) as v(id, subject, message)
    where q.id = v.id`);
  if (copies.length > 0) {
    await tx.execute(sql`
      update ${outboundEmails} o set text_body = v.text
      from (values ${sql.join(
        copies.map((copy) => sql`(${copy.id}::int, ${copy.text}::text)`),
        sql`, `,
      )}) as v(id, text)
      where o.id = v.id`);
  }
}
