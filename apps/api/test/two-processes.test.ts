import { ukToday } from '@shop/domain';
// Two server processes on one PostgreSQL database behave as one shop (scale-out): what one
// process does, the other sees, and nothing that must happen once happens twice.
import { execFileSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CartView } from '@shop/domain';
import { accountClient, refreshCookieOf } from './support/accounts';
import { cartLine, itemBySku, newShopper, tierId } from './support/carts';
import { enqueueEmail } from '../src/modules/mail/queries';
import { companyWithAdministrator, openInvoice } from './support/invoices';
import { checkoutShopper, orderBody, stockOf } from './support/orders';
import { createTestDatabase, type TestContext } from './helper';
import { databaseUrlOf, killAllServers, startServer, type ServerProcess } from './server-process';
import { startTestSmtp } from './smtp';

interface InjectOptions {
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: object | string;
  remoteAddress?: string;
}

/**
 * A test context whose `app.inject` goes over HTTP to a server process, so the module test helpers drive
 * a real process. The client's address travels as X-Forwarded-For (the processes trust one proxy hop).
 */
function processContext(server: ServerProcess, database: TestContext['database']): TestContext {
  const inject = async (options: InjectOptions) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.remoteAddress) headers['x-forwarded-for'] = options.remoteAddress;
    let body: string | undefined;
    if (options.payload !== undefined) {
      body = typeof options.payload === 'string' ? options.payload : JSON.stringify(options.payload);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(`${server.url}${options.url}`, { method: options.method, headers, body });
    const text = await res.text();
    const responseHeaders: Record<string, string | string[]> = Object.fromEntries(res.headers);
    const cookies = res.headers.getSetCookie();
    if (cookies.length > 0) responseHeaders['set-cookie'] = cookies;
    return {
      statusCode: res.status,
      body: text,
      headers: responseHeaders,
      json: () => JSON.parse(text) as unknown,
    } as unknown as LightMyRequestResponse;
  };
  return {
    app: { inject } as unknown as TestContext['app'],
    database,
    close: async () => {},
  };
}

const onPostgres = Boolean(inject('pgTemplate'));

/** Polls `check` every 20 ms until it answers true; fails after `ms`. Answers the time it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`not true within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// Each database gets its own block: the API suite runs once on PGlite and once on PostgreSQL in CI.
if (onPostgres)
  describe('two server processes on one PostgreSQL database', () => {
    let database: TestContext['database'];
    let a: ServerProcess;
    let b: ServerProcess;
    let ctxA: TestContext;
    let ctxB: TestContext;
    let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
    const received: string[] = [];
    /** `{to} {subject}` of every message the SMTP server took. */
    const subjects: string[] = [];
    let env: Record<string, string>;

    beforeAll(async () => {
      database = await createTestDatabase();
      smtp = await startTestSmtp(({ to, raw }) => {
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? '';
        for (const address of to) {
          received.push(address);
          subjects.push(`${address} ${subject}`);
        }
      });
      env = {
        DATABASE_URL: databaseUrlOf(database),
        WEB_CONCURRENCY: '1',
        TRUST_PROXY: '1',
        // The test helpers send the refresh cookie by its plain name (http://127.0.0.1 is not secure).
        COOKIE_SECURE: 'false',
        JWT_SECRET: 'two-processes-share-this-signing-secret-0123456789',
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        // The receivables schedule (reminders) every second in each process, for the reminders test below.
        RECEIVABLES_INTERVAL_SECONDS: '1',
      };
      [a, b] = await Promise.all([
        startServer({ env, readyTimeoutMs: 60_000 }),
        startServer({ env, readyTimeoutMs: 60_000 }),
      ]);
      ctxA = processContext(a, database);
      ctxB = processContext(b, database);
    }, 90_000);

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await killAllServers();
      await smtp.close();
      await database?.close();
    });

    it('drops a cached catalogue read in both processes within a second of a write made elsewhere', async () => {
      const name = async (ctx: TestContext) =>
        (await ctx.app.inject({ method: 'GET', url: '/api/products/?slug=mailing-bags' })).json<{
          results: { name: string }[];
        }>().results[0]!.name;
      const before = await name(ctxA);
      expect(await name(ctxB)).toBe(before);
      // Both now hold it in their caches (10 s and more); a write from a third connection must reach both.
      await database.db.execute(
        sql`update products set name = ${`${before} (new)`} where slug = 'mailing-bags'`,
      );
      const tookA = await within(1000, async () => (await name(ctxA)) === `${before} (new)`);
      const tookB = await within(1000, async () => (await name(ctxB)) === `${before} (new)`);
      expect(Math.max(tookA, tookB)).toBeLessThan(1000);
      await database.db.execute(sql`update products set name = ${before} where slug = 'mailing-bags'`);
    });

    it('keeps one cart whichever process a request reaches', async () => {
      const shopper = await newShopper(ctxA, 'cart');
      const item = await itemBySku(ctxA, 'TD-PRO-75');
      const tier = await tierId(ctxA, item.variantId, 'pack', 1);
      const auth = { authorization: `Bearer ${shopper.token}` };
      const added = await ctxB.app.inject({
        method: 'POST',
        url: '/api/cart-items/',
        headers: auth,
        payload: [cartLine(shopper.cartId, item.id, tier, 2)],
      });
      expect(added.statusCode).toBe(201);
      const cart = (
        await ctxA.app.inject({ method: 'GET', url: '/api/ecommerce/carts/current/', headers: auth })
      ).json<CartView>();
      expect(cart.id).toBe(shopper.cartId);
      expect(cart.items.map((line) => [line.item.id, line.pack_quantity])).toEqual([[item.id, 2]]);
    });

    it('takes a code asked for from one process in the other, and rotates a refresh token across both', async () => {
      const accountsA = accountClient(ctxA);
      const accountsB = accountClient(ctxB);
      const email = accountsA.newEmail('rotate');
      const sent = await accountsA.requestCode(email, 'signup');
      expect(sent.statusCode).toBe(200);
      const code = await accountsA.lastCode(email);
      const checked = await accountsB.post('email-authentication/', {
        email,
        authentication_type: 'signup',
        code,
      });
      expect(checked.statusCode).toBe(200);
      const signedUp = await accountsB.post('signup/', {
        email,
        first_name: 'Ann',
        last_name: 'Lee',
        password: 'correct horse battery',
        interested_in_marketing_communications: false,
        verification_token: checked.json<{ verification_token: string }>().verification_token,
      });
      expect(signedUp.statusCode).toBe(201);
      const first = refreshCookieOf(signedUp)!;

      const rotated = await accountsA.post('token/refresh/', undefined, { cookie: first });
      expect(rotated.statusCode).toBe(200);
      const second = refreshCookieOf(rotated)!;
      expect(second).not.toBe(first);
      // The old token used again on the other process is a theft: refused, and the family with it.
      expect((await accountsB.post('token/refresh/', undefined, { cookie: first })).statusCode).toBe(401);
      expect((await accountsA.post('token/refresh/', undefined, { cookie: second })).statusCode).toBe(401);
    });

    it('counts a per-client limit across both processes', async () => {
      const accountsA = accountClient(ctxA);
      const ip = '198.51.100.7';
      const statuses: number[] = [];
      for (let i = 0; i < 31; i += 1) {
        const ctx = i % 2 === 0 ? ctxA : ctxB;
        const res = await accountClient(ctx).post(
          'login/',
          { email: accountsA.newEmail(`limit${i}`), password: 'not the password' },
          { ip },
        );
        statuses.push(res.statusCode);
      }
      // 30 logins per client per 15 minutes (ACCOUNT_LIMITS.loginsPerClient), wherever they land.
      expect(statuses.slice(0, 30).every((status) => status !== 429)).toBe(true);
      expect(statuses[30]).toBe(429);
    });

    it('sends each e-mail of the outbox once, with both processes sending', async () => {
      const before = received.length;
      const to = Array.from({ length: 40 }, (_, i) => `outbox${i}.${Date.now().toString(36)}@example.com`);
      for (const address of to) {
        await enqueueEmail(database.db, { to: address, subject: 'Hello', text: 'One of forty.' });
      }
      await within(20_000, async () => to.every((address) => received.includes(address)));
      // A little longer, so that a second sending would have arrived.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const ours = received.slice(before).filter((address) => to.includes(address));
      expect(ours.sort()).toEqual([...to].sort());
    });

    it('makes one order of one payment when both processes are asked at once and both deliver its webhook', async () => {
      const buyer = await checkoutShopper(ctxA, 'both');
      await buyer.addSku('TD-PRO-75', 3);
      const stock = await stockOf(ctxA, 'TD-PRO-75');
      const intent = await buyer.paidIntent();
      const auth = { authorization: `Bearer ${buyer.token}` };
      const payload = orderBody(buyer.addressId, intent.payment_intent_id);
      const answers = await Promise.all(
        [ctxA, ctxB, ctxA, ctxB].map((ctx) =>
          ctx.app.inject({ method: 'POST', url: '/api/orders/', headers: auth, payload }),
        ),
      );
      // Each process's webhook sender delivers the processor's events as well; wait until they are delivered.
      await within(15_000, async () => {
        const pending = await database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from test_payment_events
            where intent_id = ${intent.payment_intent_id} and delivered_at is null`,
        );
        return pending.rows[0]!.n === 0;
      });
      // The webhook may win, and then every request answers the order it made with 200.
      const statuses = answers.map((res) => res.statusCode);
      expect(statuses.every((status) => status === 200 || status === 201)).toBe(true);
      expect(statuses.filter((status) => status === 201).length).toBeLessThanOrEqual(1);
      expect(new Set(answers.map((res) => res.json<{ id: number }>().id)).size).toBe(1);
      expect(await buyer.orders()).toHaveLength(1);
      expect(await stockOf(ctxA, 'TD-PRO-75')).toBe(stock - 3);
      // One confirmation, sent by one of the two processes' senders.
      const confirmations = () =>
        subjects.filter((line) => line.startsWith(`${buyer.email} Your PackRight Supplies order #`));
      await within(10_000, async () => confirmations().length > 0);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(confirmations()).toHaveLength(1);
    });

    it('sends each payment reminder once, with both processes running the receivables schedule', async () => {
      // The clock is simulated from the invoice's side: its due day moves, the processes' clocks do not.
      const { company, administrator } = await companyWithAdministrator(ctxA, 'reminded');
      const today = ukToday();
      const shift = (days: number) =>
        new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
      const invoice = await openInvoice(database.db, {
        companyId: company.id,
        userId: administrator.userId,
        totalPence: 12_000,
        dueOn: shift(4),
      });
      const label = `INV-${String(invoice.invoiceNumber).padStart(6, '0')}`;
      // The outbox rows (the subjects carry a pound sign, which SMTP sends encoded); the outbox's own test
      // above shows each row is delivered once.
      const remindersFor = async (address: string) =>
        (
          await database.db.execute<{ subject: string }>(
            sql`select subject from outbound_emails where to_address = ${address}
              and subject like ${`Invoice ${label} %`} order by id`,
          )
        ).rows.map((row) => row.subject);
      const periods = async () =>
        (
          await database.db.execute<{ period: string }>(
            sql`select period from scheduled_effects where kind = 'reminder' and subject_id = ${invoice.id}
              order by id`,
          )
        ).rows.map((row) => row.period);
      // Four days before: several passes of each process go by and send nothing.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(await periods()).toEqual([]);

      const steps: [dueOn: string, period: string, subject: string][] = [
        [shift(3), 'before', `is due on`],
        [today, 'due', 'is due today'],
        [shift(-7), 'overdue-1', 'is 7 days overdue: £120.00 to pay'],
      ];
      for (const [i, [dueOn, period, subject]] of steps.entries()) {
        await database.db.execute(
          sql`update orders set invoice_due_date = ${dueOn} where id = ${invoice.id}`,
        );
        await within(15_000, async () => (await periods()).length === i + 1);
        for (const address of [administrator.email, company.accountsEmail]) {
          await within(15_000, async () => (await remindersFor(address)).length === i + 1);
        }
        // Both processes pass at least twice more; a second sending would have arrived meanwhile.
        await new Promise((resolve) => setTimeout(resolve, 2500));
        expect(await periods()).toEqual(steps.slice(0, i + 1).map(([, p]) => p));
        for (const address of [administrator.email, company.accountsEmail]) {
          const mine = await remindersFor(address);
          expect(mine).toHaveLength(i + 1);
          expect(mine[i]).toContain(subject);
        }
        expect(period).toBe(steps[i]![1]);
      }
      await within(20_000, async () => {
        const pending = await database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from outbound_emails where subject like ${`Invoice ${label} %`}
            and status <> 'sent'`,
        );
        return pending.rows[0]!.n === 0;
      });
    }, 90_000);

    it('runs WEB_CONCURRENCY processes on one port, starts again one that dies, and stops them all on SIGTERM', async () => {
      const shop = await startServer({ env: { ...env, WEB_CONCURRENCY: '2' }, readyTimeoutMs: 60_000 });
      // The server processes, not the esbuild service that tsx also starts (ps exits 1 when none is left).
      const children = () => {
        try {
          return execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(shop.pid)], { encoding: 'utf8' });
        } catch {
          return '';
        }
      };
      const workers = () =>
        children()
          .split('\n')
          .filter((line) => line.includes('server.ts'))
          .map((line) => Number.parseInt(line.trim(), 10));
      await within(30_000, async () => shop.stdout().includes('with 2 processes')).catch((err: unknown) => {
        throw new Error(`${String(err)}: ${shop.stdout()} ${shop.stderr()}`);
      });
      const [first, second] = workers();
      expect(second).toBeDefined();
      process.kill(first!, 'SIGKILL');
      await within(30_000, async () => {
        const now = workers();
        return shop.stdout().includes('starting another') && now.length === 2 && !now.includes(first!);
      }).catch((err: unknown) => {
        throw new Error(
          `${String(err)}: ${JSON.stringify(workers())} ${first} ${shop.stdout()} ${shop.stderr()}`,
        );
      });
      const health = await fetch(`${shop.url}/api/health/`);
      expect(health.status).toBe(200);
      const stopped = await shop.stop('SIGTERM');
      expect(stopped).toMatchObject({ code: 0 });
      expect(stopped.ms).toBeLessThan(10_000);
      expect(workers()).toEqual([]);
    }, 90_000);
  });
else
  describe('one server process on PGlite', () => {
    it('refuses WEB_CONCURRENCY above 1, since the data directory belongs to one process', async () => {
      await expect(
        startServer({
          env: { WEB_CONCURRENCY: '2', DATA_DIR: '/tmp/unused-two-processes' },
          readyTimeoutMs: 20_000,
        }),
      ).rejects.toThrow(/WEB_CONCURRENCY: embedded PGlite serves one process/);
    });
  });
