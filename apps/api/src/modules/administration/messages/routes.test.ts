import type { ContactMessage, ContactMessageSummary, NewsletterSubscriber } from '@shop/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/helper';
import { auditLog, contactQueries, newsletterSubscriptions, outboundEmails } from '../../../db/schema';
import { expectStaffOnly, staffMember, type StaffMember } from '../../../../test/support/administration';

let ctx: TestContext;
let staff: StaffMember;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffMember(ctx, 'staff', 'inbox');
});
afterAll(() => ctx.close());

type Page<T> = { count: number; next: string | null; results: T[] };

let sent = 0;
/** A contact query sent through the public form (from its own client address, for the rate limit). */
async function contactQuery(subject: string, message = 'Do you stock 600mm wrap?') {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/administration/contact/',
    remoteAddress: `10.20.${Math.floor(++sent / 200)}.${sent % 200}`,
    payload: { email: 'Asker@Example.com', full_name: 'Pat Asker', subject, message },
  });
  expect(res.statusCode).toBe(201);
  const [row] = await ctx.database.db
    .select({ id: contactQueries.id })
    .from(contactQueries)
    .where(eq(contactQueries.subject, subject));
  return row!.id;
}

async function subscribe(email: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/newsletter/',
    remoteAddress: `10.30.${Math.floor(++sent / 200)}.${sent % 200}`,
    payload: { email },
  });
  expect(res.statusCode).toBe(201);
  const [row] = await ctx.database.db
    .select({ id: newsletterSubscriptions.id })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.email, email.toLowerCase()));
  return row!.id;
}

describe('role checks', () => {
  it('answers every message and newsletter endpoint to staff only, and changes nothing for others', async () => {
    const id = await contactQuery('Role checks');
    const subscriber = await subscribe('roles@example.com');
    await expectStaffOnly(ctx, 'GET', 'messages/');
    await expectStaffOnly(ctx, 'GET', `messages/${id}/`);
    await expectStaffOnly(ctx, 'POST', `messages/${id}/handled/`, { handled: true });
    await expectStaffOnly(ctx, 'POST', `messages/${id}/reply/`, { subject: 'Re', body: 'Yes' });
    await expectStaffOnly(ctx, 'GET', 'newsletter/');
    await expectStaffOnly(ctx, 'GET', 'newsletter.csv');
    await expectStaffOnly(ctx, 'POST', `newsletter/${subscriber}/unsubscribe/`);
    const [query] = await ctx.database.db.select().from(contactQueries).where(eq(contactQueries.id, id));
    expect(query).toMatchObject({ handledAt: null, repliedAt: null });
    const [sub] = await ctx.database.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.id, subscriber));
    expect(sub!.unsubscribedAt).toBeNull();
  });
});

describe('contact queries', () => {
  it('lists waiting queries newest first, and handled or all on request', async () => {
    const older = await contactQuery('Older question');
    const newer = await contactQuery('Newer question');
    const waiting = (await staff.admin('GET', 'messages/?page_size=100')).json<Page<ContactMessageSummary>>();
    const ids = waiting.results.map((row) => row.id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    expect(waiting.results.find((row) => row.id === newer)).toEqual({
      id: newer,
      email: 'asker@example.com',
      full_name: 'Pat Asker',
      subject: 'Newer question',
      created_at: expect.any(String),
      handled_at: null,
      replied_at: null,
    });

    const done = await staff.admin('POST', `messages/${older}/handled/`, { handled: true });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ id: older, handled_at: expect.any(String), handled_by: staff.email });
    const stillWaiting = (await staff.admin('GET', 'messages/?page_size=100')).json<
      Page<ContactMessageSummary>
    >();
    expect(stillWaiting.results.map((row) => row.id)).not.toContain(older);
    const handled = (await staff.admin('GET', 'messages/?status=handled')).json<
      Page<ContactMessageSummary>
    >();
    expect(handled.results.map((row) => row.id)).toContain(older);
    const all = (await staff.admin('GET', 'messages/?status=all&page_size=100')).json<
      Page<ContactMessageSummary>
    >();
    expect(all.results.map((row) => row.id)).toEqual(expect.arrayContaining([older, newer]));

    // Back to waiting, audited both ways.
    const again = await staff.admin('POST', `messages/${older}/handled/`, { handled: false });
    expect(again.json()).toMatchObject({ handled_at: null, handled_by: null });
    const log = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'contact_query'), eq(auditLog.entityId, String(older))))
      .orderBy(auditLog.id);
    expect(log.map((row) => row.action)).toEqual(['message.handled', 'message.unhandled']);
    expect((await staff.admin('GET', 'messages/?status=new')).statusCode).toBe(400);
  });

  it('shows one query with its text, and 404 for an unknown one', async () => {
    const id = await contactQuery('Full text', 'Line one\nLine two');
    const res = await staff.admin('GET', `messages/${id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json<ContactMessage>()).toMatchObject({ id, message: 'Line one\nLine two', handled_by: null });
    expect((await staff.admin('GET', 'messages/999999/')).statusCode).toBe(404);
    expect((await staff.admin('POST', 'messages/999999/handled/', { handled: true })).statusCode).toBe(404);
    expect(
      (await staff.admin('POST', 'messages/999999/reply/', { subject: 'a', body: 'b' })).statusCode,
    ).toBe(404);
  });

  it('replies by e-mail through the outbox, quoting the query, and marks it handled', async () => {
    const id = await contactQuery('Pallet wrap quote', '40 rolls please');
    const res = await staff.admin('POST', `messages/${id}/reply/`, {
      subject: 'Re: Pallet wrap quote',
      body: '  40 rolls are £120 before VAT.  ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<ContactMessage>()).toMatchObject({
      replied_at: expect.any(String),
      handled_at: expect.any(String),
      handled_by: staff.email,
    });
    const [mail] = await ctx.database.db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.subject, 'Re: Pallet wrap quote'));
    expect(mail).toMatchObject({ toAddress: 'asker@example.com', status: 'pending' });
    expect(mail!.textBody).toContain(
      'Hello Pat Asker,\n\n40 rolls are £120 before VAT.\n\nPackRight Supplies',
    );
    expect(mail!.textBody).toContain('> 40 rolls please');
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'message.reply'), eq(auditLog.entityId, String(id))));
    // The entry names the query by its id, never the sender's address (an erasure would have to find it).
    expect(entry).toMatchObject({
      actorId: staff.userId,
      entityType: 'contact_query',
      before: null,
      after: { subject: 'Re: Pallet wrap quote' },
    });
    expect(JSON.stringify(entry)).not.toContain('asker@example.com');
  });

  it('refuses a reply without a subject or body, over-long, on two lines or with extra fields', async () => {
    const id = await contactQuery('Bad replies');
    const url = `messages/${id}/reply/`;
    for (const [body, field] of [
      [{ subject: ' ', body: 'x' }, 'subject'],
      [{ subject: 'x', body: '' }, 'body'],
      [{ subject: 'x'.repeat(201), body: 'x' }, 'subject'],
      [{ subject: 'x', body: 'x'.repeat(10_001) }, 'body'],
      [{ subject: 'Hi\r\nBcc: all@example.com', body: 'x' }, 'subject'],
      [{ subject: 'x', body: 'x', to: 'other@example.com' }, 'non_field_errors'],
    ] as const) {
      const res = await staff.admin('POST', url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json<object>())).toEqual([field]);
    }
    const mails = await ctx.database.db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.toAddress, 'other@example.com'));
    expect(mails).toEqual([]);
    const [query] = await ctx.database.db.select().from(contactQueries).where(eq(contactQueries.id, id));
    expect(query!.repliedAt).toBeNull();
    expect((await staff.admin('POST', `messages/${id}/handled/`, { handled: 'yes' })).statusCode).toBe(400);
  });
});

describe('newsletter subscribers', () => {
  it('lists and searches subscribers, unsubscribes one (audited) and lets them subscribe again', async () => {
    const id = await subscribe('Reader.One@example.com');
    await subscribe('reader.two@example.com');
    const found = (await staff.admin('GET', 'newsletter/?q=reader.')).json<Page<NewsletterSubscriber>>();
    expect(found.results.map((row) => row.email)).toEqual([
      'reader.two@example.com',
      'reader.one@example.com',
    ]);
    expect(found.results[1]).toEqual({
      id,
      email: 'reader.one@example.com',
      subscribed_at: expect.any(String),
      unsubscribed_at: null,
    });

    const res = await staff.admin('POST', `newsletter/${id}/unsubscribe/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, unsubscribed_at: expect.any(String) });
    expect((await staff.admin('GET', 'newsletter/?q=reader.')).json<Page<unknown>>().count).toBe(1);
    const gone = (await staff.admin('GET', 'newsletter/?q=reader.&status=unsubscribed')).json<
      Page<NewsletterSubscriber>
    >();
    expect(gone.results.map((row) => row.id)).toEqual([id]);
    expect((await staff.admin('GET', 'newsletter/?q=reader.&status=all')).json<Page<unknown>>().count).toBe(
      2,
    );
    // Again: nothing more happens.
    expect((await staff.admin('POST', `newsletter/${id}/unsubscribe/`)).statusCode).toBe(200);
    const entries = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'newsletter.unsubscribe'), eq(auditLog.entityId, String(id))));
    // By the subscription's id alone: the address is not copied into the log.
    expect(entries).toMatchObject([
      {
        entityType: 'newsletter_subscription',
        before: { unsubscribed_at: null },
        after: { unsubscribed_at: expect.any(String) },
      },
    ]);
    expect(JSON.stringify(entries)).not.toContain('reader.');
    expect((await staff.admin('POST', 'newsletter/999999/unsubscribe/')).statusCode).toBe(404);

    await subscribe('reader.one@example.com');
    expect((await staff.admin('GET', 'newsletter/?q=reader.')).json<Page<unknown>>().count).toBe(2);
    expect((await staff.admin('GET', 'newsletter/?status=maybe')).statusCode).toBe(400);
  });

  it('exports the subscribed addresses as a CSV download, neutralising formula-like cells', async () => {
    const fresh = await createTestApp();
    try {
      const owner = await staffMember(fresh, 'owner', 'exporter');
      await fresh.database.db.insert(newsletterSubscriptions).values([
        { email: 'first@example.com', createdAt: new Date('2025-01-02T03:04:05Z') },
        { email: 'gone@example.com', unsubscribedAt: new Date() },
        { email: '=cmd@example.com', createdAt: new Date('2025-02-03T04:05:06Z') },
        { email: 'with,comma"quote@example.com', createdAt: new Date('2025-03-04T05:06:07Z') },
      ]);
      const res = await owner.admin('GET', 'newsletter.csv');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.body).toBe(
        [
          'email,subscribed_at',
          'first@example.com,2025-01-02T03:04:05.000Z',
          "'=cmd@example.com,2025-02-03T04:05:06.000Z",
          '"with,comma""quote@example.com",2025-03-04T05:06:07.000Z',
          '',
        ].join('\r\n'),
      );
      expect((await owner.admin('GET', 'newsletter.csv?all=1')).statusCode).toBe(400);
    } finally {
      await fresh.close();
    }
  });
});
