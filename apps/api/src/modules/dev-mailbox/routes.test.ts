import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { TEST_SHOP_NOTICE } from '@shop/domain';
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
      // The test processor takes this shop's payments: the mailbox shows what SMTP would deliver.
      text: `${TEST_SHOP_NOTICE}\n\ntext of Second to Ann`,
      html: expect.stringMatching(new RegExp(`^<p [^>]*>${TEST_SHOP_NOTICE}</p><p>Second to Ann</p>$`)),
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

  it('refuses a NUL in the recipient with a 400, not a database failure', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/dev/mailbox/?to=%00' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Null characters are not allowed.' });
  });

  it('refuses unknown parameters', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/dev/mailbox/?admin=1' })).statusCode).toBe(400);
  });
});

/** Builds the app with `env`, runs `body`, then closes it and its data directory. */
async function withApp(env: Record<string, string>, body: (app: TestContext['app']) => Promise<void>) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-mailbox-'));
  const other = await createTestApp({ config: testConfig({ DATA_DIR: dataDir, ...env }) });
  try {
    await body(other.app);
  } finally {
    await other.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const mailbox = (app: TestContext['app'], remoteAddress: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/api/dev/mailbox/', remoteAddress, headers });

describe('who may read the mailbox', () => {
  it('is absent with DEV_MAILBOX=false', async () => {
    await withApp({ DEV_MAILBOX: 'false' }, async (app) => {
      const res = await mailbox(app, '127.0.0.1');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    });
  });

  it('is absent when SMTP_URL is set (mail really goes out)', async () => {
    await withApp({ SMTP_URL: 'smtp://127.0.0.1:2525' }, async (app) => {
      expect((await mailbox(app, '127.0.0.1')).statusCode).toBe(404);
    });
  });

  it('is absent in production unless DEV_MAILBOX=true names it, even for this machine', async () => {
    await withApp({ NODE_ENV: 'production' }, async (app) => {
      expect((await mailbox(app, '127.0.0.1')).statusCode).toBe(404);
    });
  });

  it('answers only a direct client on this machine, by the socket address, when DEV_MAILBOX=true', async () => {
    await withApp({ NODE_ENV: 'production', DEV_MAILBOX: 'true' }, async (app) => {
      expect((await mailbox(app, '127.0.0.1')).statusCode).toBe(200);
      expect((await mailbox(app, '::1')).statusCode).toBe(200);
      expect((await mailbox(app, '203.0.113.9')).statusCode).toBe(404);
      expect((await mailbox(app, '203.0.113.9', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(404);
    });
  });

  it('ignores an X-Forwarded-For that TRUST_PROXY would believe', async () => {
    await withApp({ NODE_ENV: 'production', DEV_MAILBOX: 'true', TRUST_PROXY: '1' }, async (app) => {
      // With one trusted hop, request.ip is the header's 127.0.0.1; the socket is still remote.
      const res = await mailbox(app, '203.0.113.9', { 'x-forwarded-for': '127.0.0.1' });
      expect(res.statusCode).toBe(404);
    });
  });

  it.each([
    ['x-forwarded-for', '203.0.113.9'],
    ['x-forwarded-for', '127.0.0.1'],
    ['x-forwarded-host', 'shop.example'],
    ['x-forwarded-proto', 'https'],
    ['forwarded', 'for=203.0.113.9'],
  ])('refuses a local request that a proxy marked with %s', async (header, value) => {
    // A reverse proxy on this machine connects from loopback for every client it forwards.
    expect((await mailbox(ctx.app, '127.0.0.1', { [header]: value })).statusCode).toBe(404);
  });

  it('answers only this machine in development too', async () => {
    expect((await mailbox(ctx.app, '192.0.2.7')).statusCode).toBe(404);
    expect((await mailbox(ctx.app, '127.0.0.1')).statusCode).toBe(200);
  });

  it('warns in the log when production runs it', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-mailbox-'));
    const prod = await createTestApp({
      config: testConfig({
        NODE_ENV: 'production',
        DEV_MAILBOX: 'true',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      }),
      logStream,
    });
    await prod.close();
    rmSync(dataDir, { recursive: true, force: true });
    const warning = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(warning).toContainEqual(
      expect.objectContaining({ level: 40, msg: expect.stringMatching(/^DEV_MAILBOX=true in production/) }),
    );
  });

  it.each([
    ['127.0.0.1', true],
    ['127.8.0.1', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['10.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['2001:db8::1', false],
    [undefined, false],
  ])('%s is loopback: %s', (ip, expected) => {
    expect(isLoopback(ip)).toBe(expected);
  });
});
