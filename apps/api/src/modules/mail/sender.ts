import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import type { EmailAttachmentRef } from '../../db/schema';
import { createDocumentsService, type RenderedDocument } from '../documents/service';
import * as queries from './queries';
import { withTestShopNotice } from './test-shop-notice';

/** A file a message carries, as nodemailer takes it. */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** What the sender needs of a transport: nodemailer's `sendMail` (and `close`, when it has one). */
export interface MailTransport {
  sendMail(message: {
    to: string;
    subject: string;
    text: string;
    html?: string;
    attachments?: MailAttachment[];
  }): Promise<unknown>;
  close?(): void;
}

/** Makes a message's documents from their stored figures (the documents service). */
export type AttachmentMaker = (ref: EmailAttachmentRef) => Promise<RenderedDocument>;

/** After this many failed tries a message is marked failed and left for a person to look at. */
export const MAX_ATTEMPTS = 10;
const BATCH_SIZE = 20;
const SEND_INTERVAL_MS = 3000;

/** Seconds before try n+1: 30 s, 1 min, 2 min … capped at an hour (about 5 hours over ten tries). */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

/** An SMTP transport from SMTP_URL, sending as MAIL_FROM, with time-outs so a dead server fails fast. */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  return nodemailer.createTransport(
    { url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
    { from },
  );
}

export interface DeliveryReport {
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * One pass over the outbox: claims the due messages (other instances skip them), sends each, and marks
 * it sent, or schedules a retry with exponential back-off, or after MAX_ATTEMPTS marks it failed.
 */
export async function deliverDueEmails(
  db: Db,
  transport: MailTransport,
  options: {
    batchSize?: number;
    log?: FastifyBaseLogger;
    attachment?: AttachmentMaker;
    /** The test processor takes the payments: every message says at its top that none are real. */
    testShop?: boolean;
  } = {},
): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0 };
  const due = await queries.claimDueEmails(db, options.batchSize ?? BATCH_SIZE);
  const attachment = options.attachment ?? createDocumentsService(db).attachment;
  for (const email of due) {
    try {
      // Made afresh on each try from the figures stored when the document was issued.
      const attachments = await Promise.all(
        (email.attachments ?? []).map(async (ref) => ({
          ...(await attachment(ref)),
          contentType: 'application/pdf',
        })),
      );
      const written = { text: email.textBody, html: email.htmlBody };
      const { text, html } = options.testShop ? withTestShopNotice(written) : written;
      await transport.sendMail({
        to: email.toAddress,
        subject: email.subject,
        text,
        ...(html ? { html } : {}),
        ...(attachments.length > 0 ? { attachments } : {}),
      });
      await queries.markSent(db, email.id);
      report.sent++;
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      if (email.attempts >= MAX_ATTEMPTS) {
        await queries.markFailed(db, email.id, error);
        report.failed++;
        options.log?.error({ emailId: email.id, attempts: email.attempts, error }, 'e-mail given up');
      } else {
        await queries.scheduleRetry(db, email.id, retryDelaySeconds(email.attempts), error);
        report.retrying++;
        options.log?.warn(
          { emailId: email.id, attempts: email.attempts, error },
          'e-mail not sent; will retry',
        );
      }
    }
  }
  return report;
}

/** Runs `deliverDueEmails` every few seconds until stopped; the timer never keeps the process alive. */
export function startMailSender({
  db,
  transport,
  log,
  intervalMs = SEND_INTERVAL_MS,
  attachment = createDocumentsService(db).attachment,
  testShop = false,
}: {
  db: Db;
  transport: MailTransport;
  log: FastifyBaseLogger;
  intervalMs?: number;
  attachment?: AttachmentMaker;
  testShop?: boolean;
}) {
  let pass: Promise<void> | undefined;
  let stopped = false;
  const tick = () => {
    if (pass || stopped) return;
    pass = deliverDueEmails(db, transport, { log, attachment, testShop })
      .then((report) => {
        if (report.sent + report.retrying + report.failed > 0) log.info(report, 'outbox pass');
      })
      .catch((err: unknown) => log.error({ err }, 'outbox pass failed'))
      .finally(() => {
        pass = undefined;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    /** Stops the timer and waits for a pass in progress, so shutdown does not cut a message in half. */
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      await pass;
      transport.close?.();
    },
  };
}

export type MailSender = ReturnType<typeof startMailSender>;
