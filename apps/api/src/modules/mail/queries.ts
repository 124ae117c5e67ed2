import { and, asc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outboundEmails, type EmailAttachmentRef } from '../../db/schema';
import { escapeHtml } from '../../lib/escape-html';
import { mentions, redact, type Redaction } from '../../lib/redact';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  /** Documents the message carries, made when it is sent. */
  attachments?: EmailAttachmentRef[] | undefined;
}

const outboxRow = (email: OutgoingEmail) => ({
  toAddress: email.to,
  subject: email.subject,
  textBody: email.text,
  htmlBody: email.html ?? null,
  attachments: email.attachments?.length ? email.attachments : null,
});

/** Puts a message in the outbox; the sender delivers it (and retries) outside the request. */
export async function enqueueEmail(db: Db, email: OutgoingEmail): Promise<void> {
  await db.insert(outboundEmails).values(outboxRow(email));
}

/** Several messages into the outbox in one statement (none: no statement). */
export async function enqueueEmails(db: Db, emails: readonly OutgoingEmail[]): Promise<void> {
  if (emails.length === 0) return;
  await db.insert(outboundEmails).values(emails.map(outboxRow));
}

/** How long a claimed message is left alone by other senders while this one sends it. */
const CLAIM_LEASE_SECONDS = 120;

/**
 * Claims up to `limit` due messages in one statement: counts the try and pushes next_attempt_at past the
 * lease, so a second instance (SKIP LOCKED) or the next pass does not send them again meanwhile; a sender
 * that dies mid-send leaves them to be retried when the lease ends.
 */
export async function claimDueEmails(db: Db, limit: number) {
  const due = db
    .select({ id: outboundEmails.id })
    .from(outboundEmails)
    .where(and(eq(outboundEmails.status, 'pending'), lte(outboundEmails.nextAttemptAt, sql`now()`)))
    .orderBy(asc(outboundEmails.nextAttemptAt), asc(outboundEmails.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(outboundEmails)
    .set({
      attempts: sql`${outboundEmails.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${CLAIM_LEASE_SECONDS})`,
    })
    .where(inArray(outboundEmails.id, due))
    .returning({
      id: outboundEmails.id,
      toAddress: outboundEmails.toAddress,
      subject: outboundEmails.subject,
      textBody: outboundEmails.textBody,
      htmlBody: outboundEmails.htmlBody,
      attachments: outboundEmails.attachments,
      attempts: outboundEmails.attempts,
    });
}

export async function markSent(db: Db, id: number): Promise<void> {
  await db
    .update(outboundEmails)
    .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
    .where(eq(outboundEmails.id, id));
}

export async function scheduleRetry(db: Db, id: number, delaySeconds: number, error: string): Promise<void> {
  await db
    .update(outboundEmails)
    .set({
      nextAttemptAt: sql`now() + make_interval(secs => ${delaySeconds})`,
      lastError: error.slice(0, 1000),
    })
    .where(eq(outboundEmails.id, id));
}

export async function markFailed(db: Db, id: number, error: string): Promise<void> {
  await db
    .update(outboundEmails)
    .set({ status: 'failed', lastError: error.slice(0, 1000) })
    .where(eq(outboundEmails.id, id));
}

/**
 * Replaces personal data in every message of the outbox, sent or not, to whomever (an erasure: the mail to others
 * that named the person, such as an approver's request naming its buyer). Candidates are found by the texts in
 * any case in one read of the outbox (no index serves a text search; erasures are rare), and those where `redact`
 * finds a whole occurrence are rewritten in one statement.
 */
export async function redactOutbox(db: Db, redactions: readonly Redaction[]): Promise<void> {
  const inHtml = htmlRedactions(redactions);
  // The texts as they are and as an HTML body escapes them: a body may hold a name only escaped.
  const needles = [...new Set(inHtml.map((r) => r.text.trim().toLowerCase()))].filter(
    (text) => text.length > 0,
  );
  if (needles.length === 0) return;
  const holds = (column: SQL) =>
    sql.join(
      needles.map((needle) => sql`position(${needle} in lower(${column})) > 0`),
      sql` or `,
    );
  const candidates = await db
    .select({
      id: outboundEmails.id,
      subject: outboundEmails.subject,
      textBody: outboundEmails.textBody,
      htmlBody: outboundEmails.htmlBody,
    })
    .from(outboundEmails)
    .where(
      sql`(${holds(sql`${outboundEmails.subject}`)}) or (${holds(sql`${outboundEmails.textBody}`)})
        or (${holds(sql`coalesce(${outboundEmails.htmlBody}, '')`)})`,
    );
  const changed = candidates
    .filter(
      (row) =>
        mentions(row.subject, redactions) ||
        mentions(row.textBody, redactions) ||
        mentions(row.htmlBody, inHtml),
    )
    .map((row) => ({
      id: row.id,
      subject: redact(row.subject, redactions),
      textBody: redact(row.textBody, redactions),
      htmlBody: row.htmlBody === null ? null : redact(row.htmlBody, inHtml),
    }));
  if (changed.length === 0) return;
  // Every rewritten message in one statement.
  await db.execute(sql`
    update ${outboundEmails} o set subject = v.subject, text_body = v.text_body, html_body = v.html_body
    from (values ${sql.join(
      changed.map(
        (row) => sql`(${row.id}::int, ${row.subject}::text, ${row.textBody}::text, ${row.htmlBody}::text)`,
      ),
      sql`, `,
    )}) as v(id, subject, text_body, html_body)
    where o.id = v.id`);
}

/** The redactions as an HTML body holds them: the texts both as they are and as the e-mails escape them. */
function htmlRedactions(redactions: readonly Redaction[]): Redaction[] {
  return redactions.flatMap((r) => [r, { text: escapeHtml(r.text), replacement: escapeHtml(r.replacement) }]);
}
