import {
  type ContactMessage,
  type ContactMessageSummary,
  type MessageReply,
  type MessageStatus,
  type NewsletterSubscriber,
  type SubscriptionStatus,
  ukLongDate,
} from '@shop/domain';
import { stringify } from 'csv-stringify/sync';
import { csvCell } from '../csv-cell';
import type { Db } from '../../../db/client';
import { NotFound } from '../../../http/errors';
import { pageWindow, type PageQuery } from '../../../http/pagination';
import { enqueueEmail } from '../../mail/service';
import { audit, type Actor } from '../audit';
import * as queries from './queries';

const SHOP = 'PackRight Supplies';

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

function summaryOf(row: {
  id: number;
  email: string;
  fullName: string;
  subject: string;
  createdAt: Date;
  handledAt: Date | null;
  repliedAt: Date | null;
}): ContactMessageSummary {
  return {
    id: row.id,
    email: row.email,
    full_name: row.fullName,
    subject: row.subject,
    created_at: row.createdAt.toISOString(),
    handled_at: iso(row.handledAt),
    replied_at: iso(row.repliedAt),
  };
}

function messageOf(row: queries.MessageRow): ContactMessage {
  return { ...summaryOf(row), message: row.message, handled_by: row.handledBy };
}

function subscriberOf(row: {
  id: number;
  email: string;
  createdAt: Date;
  unsubscribedAt: Date | null;
}): NewsletterSubscriber {
  return {
    id: row.id,
    email: row.email,
    subscribed_at: row.createdAt.toISOString(),
    unsubscribed_at: iso(row.unsubscribedAt),
  };
}

/** The reply as the customer reads it: staff's text, then their own message quoted. */
export function replyEmailText(
  query: { fullName: string; message: string; createdAt: Date },
  body: string,
): string {
  const quoted = query.message
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');
  const sent = ukLongDate(query.createdAt);
  return [`Hello ${query.fullName},`, body, SHOP, `You wrote on ${sent}:\n${quoted}`].join('\n\n') + '\n';
}

/** Contact queries and newsletter subscribers in the back office. */
export function createMessagesService(db: Db) {
  async function message(id: number): Promise<ContactMessage> {
    const row = await queries.selectMessage(db, id);
    if (!row) throw new NotFound();
    return messageOf(row);
  }

  return {
    async listMessages(status: MessageStatus, page: PageQuery) {
      const { rows, total } = await queries.selectMessagePage(db, status, pageWindow(page));
      return { count: total, results: rows.map(summaryOf) };
    },

    getMessage: message,

    /** Marks a query handled, or waiting again; marking it as it already is changes nothing. */
    async setHandled(actor: Actor & { id: number }, id: number, handled: boolean): Promise<ContactMessage> {
      await db.transaction(async (tx) => {
        const before = await queries.lockMessage(tx, id);
        if (!before) throw new NotFound();
        if ((before.handledAt !== null) === handled) return;
        await queries.setHandled(tx, id, handled ? actor.id : null);
        await audit(tx, actor, {
          action: handled ? 'message.handled' : 'message.unhandled',
          entityType: 'contact_query',
          entityId: id,
          before: { handled: !handled },
          after: { handled },
        });
      });
      return message(id);
    },

    /**
     * E-mails a reply to the sender through the outbox, records it and marks the query handled: all in one
     * transaction, so a reply is never recorded without its e-mail or sent twice for one click.
     */
    async reply(actor: Actor & { id: number }, id: number, reply: MessageReply): Promise<ContactMessage> {
      await db.transaction(async (tx) => {
        const query = await queries.lockMessage(tx, id);
        if (!query) throw new NotFound();
        await enqueueEmail(tx, {
          to: query.email,
          subject: reply.subject,
          text: replyEmailText(query, reply.body),
        });
        await queries.markReplied(tx, id, actor.id);
        await audit(tx, actor, {
          action: 'message.reply',
          entityType: 'contact_query',
          entityId: id,
          // The query's id names the recipient; the address is not copied, so erasing it leaves none here.
          after: { subject: reply.subject },
        });
      });
      return message(id);
    },

    async listSubscribers(status: SubscriptionStatus, q: string | undefined, page: PageQuery) {
      const { rows, total } = await queries.selectSubscriberPage(
        db,
        status,
        q || undefined,
        pageWindow(page),
      );
      return { count: total, results: rows.map(subscriberOf) };
    },

    /** The subscribed addresses as CSV (a header row, then email and subscribed_at in ISO 8601). */
    async exportSubscribers(): Promise<string> {
      const rows = await queries.selectSubscribedForExport(db);
      return stringify(
        rows.map((row) => [csvCell(row.email), row.createdAt.toISOString()]),
        { header: true, columns: ['email', 'subscribed_at'], record_delimiter: 'windows' },
      );
    },

    async unsubscribe(actor: Actor, id: number): Promise<NewsletterSubscriber> {
      return db.transaction(async (tx) => {
        const before = await queries.lockSubscriber(tx, id);
        if (!before) throw new NotFound();
        if (before.unsubscribedAt !== null) return subscriberOf(before);
        const after = await queries.unsubscribe(tx, id);
        await audit(tx, actor, {
          action: 'newsletter.unsubscribe',
          entityType: 'newsletter_subscription',
          entityId: id,
          // The subscription's id names the address; the address itself stays out of the log.
          before: { unsubscribed_at: null },
          after: { unsubscribed_at: iso(after.unsubscribedAt) },
        });
        return subscriberOf(after);
      });
    },
  };
}
