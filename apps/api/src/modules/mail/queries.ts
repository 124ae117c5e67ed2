import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outboundEmails, type EmailAttachmentRef } from '../../db/schema';

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
