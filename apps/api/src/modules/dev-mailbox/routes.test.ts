import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestContext } from '../../../test/helper';
import { enqueueEmail } from '../mail/queries';
import { isLoopback } from './routes';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  for (const [to, subject] of [
    ['ann@example.com', 'First to Ann'],
    ['bob@example.com', 'To Bob'],
    ['Ann@Example.com', 'Second to Ann'],
  ] as const) {
    await enqueueEmail(ctx.database.db, {
      to,
      subject,
      text: `text of ${subject}`,
      html: `<p>${subject}</p>`,
    });
  }
});
afterAll(() => ctx.close());

interface Message {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  status: string;
  created_at: string;
}

describe('GET /api/dev/mailbox/', () => {
  it('lists the outbox newest first as a DRF page, never cached', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/dev/mailbox/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const page = res.json<{ count: number; next: string | null; results: Message[] }>();
    expect(page.count).toBe(3);
    expect(page.next).toBeNull();
    expect(page.results.map((m) => m.subject)).toEqual(['Second to Ann', 'To Bob', 'First to Ann']);
    expect(page.results[0]).toEqual({
      id: expect.any(Number),
      to: 'Ann@Example.com',
      subject: 'Second to Ann',
      text: 'text of Second to Ann',
      html: '<p>Second to Ann</p>',
      status: 'pending',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('filters by recipient, ignoring case, and pages', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/dev/mailbox/?to=ANN@example.com&page_size=1',
    });
    const page = res.json<{ count: number; next: string | null; results: Message[] }>();
    expect(page.count).toBe(2);
    expect(page.results.map((m) => m.subject)).toEqual(['Second to Ann']);
    expect(page.next).toBe('/api/dev/mailbox/?to=ANN%40example.com&page_size=1&page=2');
  });

  it('refuses unknown parameters', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/dev/mailbox/?admin=1' })).statusCode).toBe(400);
  });
});

describe('when the mailbox is off or local', () => {
  it('is absent with DEV_MAILBOX=false', async () => {
    const off = await createTestApp({ config: testConfig({ DEV_MAILBOX: 'false' }) });
    try {
      const res = await off.app.inject({ method: 'GET', url: '/api/dev/mailbox/' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    } finally {
      await off.close();
    }
  });

  it('is absent when SMTP_URL is set (mail really goes out)', async () => {
    const smtp = await createTestApp({ config: testConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }) });
    try {
      expect((await smtp.app.inject({ method: 'GET', url: '/api/dev/mailbox/' })).statusCode).toBe(404);
    } finally {
      await smtp.close();
    }
  });

  it('answers only this machine in production without SMTP', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-mailbox-'));
    const prod = await createTestApp({ config: testConfig({ NODE_ENV: 'production', DATA_DIR: dataDir }) });
    try {
      const remote = await prod.app.inject({
        method: 'GET',
        url: '/api/dev/mailbox/',
        remoteAddress: '203.0.113.9',
      });
      expect(remote.statusCode).toBe(404);
      const local = await prod.app.inject({
        method: 'GET',
        url: '/api/dev/mailbox/',
        remoteAddress: '127.0.0.1',
      });
      expect(local.statusCode).toBe(200);
      // A forged proxy header does not make a remote client local.
      const forged = await prod.app.inject({
        method: 'GET',
        url: '/api/dev/mailbox/',
        remoteAddress: '203.0.113.9',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(forged.statusCode).toBe(404);
    } finally {
      await prod.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.each([
    ['127.0.0.1', true],
    ['127.8.0.1', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['10.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['2001:db8::1', false],
  ])('%s is loopback: %s', (ip, expected) => {
    expect(isLoopback(ip)).toBe(expected);
  });
});
