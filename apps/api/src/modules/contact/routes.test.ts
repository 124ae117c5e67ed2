import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactQueries, newsletterSubscriptions, outboundEmails } from '../../db/schema';
import { createTestApp, type TestContext } from '../../../test/helper';
import { CONTACT_LIMIT, NEWSLETTER_LIMIT } from './routes';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

let client = 0;
/** Each test posts from its own address, so the rate limits of one do not touch another. */
function post(url: string, payload: unknown, ip = `10.0.0.${++client}`) {
  return ctx.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: ip });
}

const query = {
  email: 'Buyer@Example.co.uk',
  full_name: 'Sam Patel',
  subject: 'Pallet wrap quote',
  message: '40 rolls',
};

describe('POST /api/administration/contact/', () => {
  it('stores the query and puts an e-mail to the shop in the outbox', async () => {
    const res = await post('/api/administration/contact/', query);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: expect.any(String) });
    const [stored] = await ctx.database.db
      .select()
      .from(contactQueries)
      .where(eq(contactQueries.subject, 'Pallet wrap quote'));
    expect(stored).toMatchObject({
      email: 'buyer@example.co.uk',
      fullName: 'Sam Patel',
      message: '40 rolls',
    });
    const [mail] = await ctx.database.db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.subject, 'Contact form: Pallet wrap quote'));
    expect(mail).toMatchObject({ toAddress: 'sales@packright.example', status: 'pending' });
    expect(mail!.textBody).toContain('Sam Patel <buyer@example.co.uk>');
  });

  it('answers the spec’s message for each missing field and stores nothing', async () => {
    const [before] = await ctx.database.db.select({ n: count() }).from(contactQueries);
    const res = await post('/api/administration/contact/', { email: 'bad', full_name: '', subject: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      email: ['Invalid email format'],
      full_name: ['Full name is required'],
      subject: ['Subject is required'],
      message: ['Message is required'],
    });
    const [after] = await ctx.database.db.select({ n: count() }).from(contactQueries);
    expect(after!.n).toBe(before!.n);
  });

  it('refuses unknown fields and over-long text', async () => {
    expect((await post('/api/administration/contact/', { ...query, admin: true })).statusCode).toBe(400);
    const long = await post('/api/administration/contact/', { ...query, message: 'x'.repeat(5001) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toHaveProperty('message');
  });

  it(`limits a client to ${CONTACT_LIMIT.limit} queries per window, with a DRF detail and Retry-After`, async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < CONTACT_LIMIT.limit; i++) {
      expect((await post('/api/administration/contact/', query, ip)).statusCode).toBe(201);
    }
    const limited = await post('/api/administration/contact/', query, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: expect.stringContaining('throttled') });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not affected.
    expect((await post('/api/administration/contact/', query, '10.9.9.10')).statusCode).toBe(201);
  });

  it('does not trust X-Forwarded-For unless TRUST_PROXY says so', async () => {
    const ip = '10.8.8.8';
    for (let i = 0; i < CONTACT_LIMIT.limit; i++) {
      await ctx.app.inject({
        method: 'POST',
        url: '/api/administration/contact/',
        payload: query,
        remoteAddress: ip,
        headers: { 'x-forwarded-for': `192.0.2.${i}` },
      });
    }
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/administration/contact/',
      payload: query,
      remoteAddress: ip,
      headers: { 'x-forwarded-for': '192.0.2.200' },
    });
    expect(res.statusCode).toBe(429);
  });
});

describe('POST /api/newsletter/', () => {
  it('subscribes, and a second subscription succeeds without a second row', async () => {
    const first = await post('/api/newsletter/', { email: 'News@Example.com' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      success: true,
      message: "Thanks for subscribing, we'll keep you updated with upcoming deals!",
    });
    const second = await post('/api/newsletter/', { email: 'news@example.com ' });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ success: true });
    const rows = await ctx.database.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, 'news@example.com'));
    expect(rows).toHaveLength(1);
  });

  it('subscribes an unsubscribed address again, in the same row', async () => {
    const email = 'again@example.com';
    expect((await post('/api/newsletter/', { email })).statusCode).toBe(201);
    const where = eq(newsletterSubscriptions.email, email);
    await ctx.database.db.update(newsletterSubscriptions).set({ unsubscribedAt: new Date() }).where(where);
    const again = await post('/api/newsletter/', { email });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ success: true });
    const rows = await ctx.database.db.select().from(newsletterSubscriptions).where(where);
    expect(rows).toMatchObject([{ unsubscribedAt: null }]);
  });

  it.each([
    [{}, 'Email is required'],
    [{ email: '' }, 'Email is required'],
    [{ email: 'not-an-email' }, 'Invalid email format'],
  ])('refuses %j with "%s"', async (payload, message) => {
    const res = await post('/api/newsletter/', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: [message] });
  });

  it('answers malformed JSON with a 400 detail', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/newsletter/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'JSON parse error.' });
  });

  it(`limits a client to ${NEWSLETTER_LIMIT.limit} subscriptions per window`, async () => {
    const ip = '10.7.7.7';
    for (let i = 0; i < NEWSLETTER_LIMIT.limit; i++) {
      expect((await post('/api/newsletter/', { email: `n${i}@example.com` }, ip)).statusCode).toBe(201);
    }
    expect((await post('/api/newsletter/', { email: 'late@example.com' }, ip)).statusCode).toBe(429);
  });
});

describe('POST /api/administration/contact/ with a NUL character', () => {
  it('refuses it with a 400 and stores nothing, instead of failing in the database', async () => {
    const [before] = await ctx.database.db.select({ n: count() }).from(contactQueries);
    const res = await post('/api/administration/contact/', { ...query, full_name: 'Ann\u0000Lee' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Null characters are not allowed.' });
    const [after] = await ctx.database.db.select({ n: count() }).from(contactQueries);
    expect(after!.n).toBe(before!.n);
  });
});
