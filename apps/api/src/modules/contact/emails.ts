import type { ContactQuery } from '@shop/domain';

/**
 * How the shop's copy of a query begins, up to its id: an erasure finds the copies of a sender's queries by
 * it (`redactQueriesOf` in queries.ts), so the two never drift apart.
 */
export const COPY_OPENING = 'A customer sent a query through the contact form (reference #';

/** The copy's line naming the sender; an erasure rewrites it (and the address and names in the text). */
export const senderLine = (fullName: string, email: string) => `From: ${fullName} <${email}>`;

/** The text of the copy of a query e-mailed to the shop's inbox. */
export function contactEmailText(query: ContactQuery, id: number): string {
  return [
    `${COPY_OPENING}${id}).`,
    '',
    senderLine(query.full_name, query.email),
    `Subject: ${query.subject}`,
    '',
    query.message,
  ].join('\n');
}
