// Faults mid-checkout: the payment provider failing, the database connection killed, the server
// process killed or stopped. Whatever fails, a paid payment ends in exactly one order or in a refund, and no
// stock is taken without its order.
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import os from 'node:os';
import path from 'node:path';
import { CHECKOUT_MESSAGES, type OrderView, type PaymentIntentView } from '@shop/domain';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app';
import { cartItems } from '../../db/schema';
import { createTestDatabase, testConfig, type TestContext } from '../../../test/helper';
import {
  databaseUrlOf,
  freePort,
  killAllServers,
  startServer,
  type ServerProcess,
} from '../../../test/server-process';
import { startFakeStripe, stripeEvent, type FakeStripe } from '../../../test/support/stripe-fake';
import { createStripeProvider } from '../payments/stripe-provider';
import {
  ADDRESS,
  agePayment,
  card,
  checkoutShopper,
  confirmationsTo,
  orderBody,
  ordersOfPayment,
  outcomeOf,
  paymentOf,
  postWebhook,
  reconcile,
  setStock,
  stockOf,
  type CheckoutShopper,
} from '../../../test/support/orders';

const TAPE = 'TD-PRO-75';
const SECRET_KEY = 'sk_test_51ShopFaultTestsOnlyNotARealKey0123456789ab';
const WEBHOOK_SECRET = 'whsec_shopFaultTestsOnlyNotARealSecret01';
const UNAVAILABLE = { detail: 'The payment provider could not be reached. Please try again.' };
const SERVER_ERROR = { detail: 'A server error occurred.' };
const API_ERROR = { type: 'api_error' as const, message: 'An unknown error occurred' };

/** The database is a PostgreSQL server (the CI's second API run), not embedded PGlite. */
const onPostgres = inject('pgTemplate') !== null;

let fake: FakeStripe;
let ctx: TestContext;
/** What the stripe shop logged. */
const logged: string[] = [];

/** The shop with the stripe provider: Stripe's own SDK, against a fake Stripe that can fail or hang. */
async function stripeShop(): Promise<TestContext> {
  const provider = createStripeProvider({
    secretKey: SECRET_KEY,
    publishableKey: 'pk_test_51ShopFaultTestsOnly',
    webhookSecret: WEBHOOK_SECRET,
    host: fake.host,
    port: fake.port,
    protocol: fake.protocol,
    // One retry (the SDK's default is two) and a short timeout keep the hanging cases quick.
    maxNetworkRetries: 1,
    timeout: 1500,
  });
  const database = await createTestDatabase();
  const app = await buildApp({
    config: testConfig({ LOG_LEVEL: 'info' }),
    database,
    payments: { provider },
    logStream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged.push(chunk.toString('utf8'));
        done();
      },
    }),
  });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

beforeAll(async () => {
  fake = await startFakeStripe({ secretKey: SECRET_KEY });
  ctx = await stripeShop();
  await setStock(ctx, TAPE, 1000);
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

/** A shopper with a pack of tape in the cart. */
async function shopper(name = 'buyer') {
  const buyer = await checkoutShopper(ctx, name);
  await buyer.addSku(TAPE, 1);
  return buyer;
}

async function intentOf(buyer: CheckoutShopper): Promise<PaymentIntentView> {
  const res = await buyer.intent();
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PaymentIntentView>();
}

/** A shopper whose card Stripe has charged; the order is not made yet. */
async function paidShopper(name?: string) {
  const buyer = await shopper(name);
  const intent = await intentOf(buyer);
  fake.succeed(intent.payment_intent_id);
  return { buyer, intent };
}

/** A signed `payment_intent.succeeded` event, as Stripe posts it; answers a function that (re)delivers it. */
function succeededEvent(intentId: string) {
  const body = JSON.stringify(
    stripeEvent('payment_intent.succeeded', { id: intentId, object: 'payment_intent' }),
  );
  return () =>
    postWebhook(
      ctx,
      body,
      Stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET }),
    );
}

/** The intents Stripe holds for a cart. */
const intentsOfCart = (cartId: number) =>
  [...fake.intents.values()].filter((intent) => intent.metadata.cart_id === String(cartId));

/** Exactly one order of the payment, with its one pack of stock taken and its one confirmation. */
async function expectOneOrder(buyer: CheckoutShopper, intentId: string, stockBefore: number) {
  const made = await ordersOfPayment(ctx, intentId);
  expect(made).toHaveLength(1);
  expect(await stockOf(ctx, TAPE)).toBe(stockBefore - 1);
  expect(await confirmationsTo(ctx, buyer.email)).toHaveLength(1);
  expect(await paymentOf(ctx, intentId)).toMatchObject({ orderId: made[0]!.id, status: 'succeeded' });
  return made[0]!;
}

/** Nothing of an order written: no order, the stock and the cart as they were, no e-mail. */
async function expectNoOrder(buyer: CheckoutShopper, intentId: string, stockBefore: number) {
  expect(await ordersOfPayment(ctx, intentId)).toHaveLength(0);
  expect(await stockOf(ctx, TAPE)).toBe(stockBefore);
  expect((await paymentOf(ctx, intentId)).orderId).toBeNull();
  expect(
    await ctx.database.db.select().from(cartItems).where(eq(cartItems.cartId, buyer.cartId)),
  ).toHaveLength(1);
  expect(await confirmationsTo(ctx, buyer.email)).toHaveLength(0);
}

describe('the payment provider failing', () => {
  it('at the intent: 500s answer 503, and the next try makes one intent', async () => {
    const buyer = await shopper();
    fake.failNext(500, API_ERROR, 2);
    const refused = await buyer.intent();
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual(UNAVAILABLE);
    expect(intentsOfCart(buyer.cartId)).toHaveLength(0);

    const intent = await intentOf(buyer);
    expect(intentsOfCart(buyer.cartId).map((made) => made.id)).toEqual([intent.payment_intent_id]);
    fake.succeed(intent.payment_intent_id);
    expect((await buyer.order(intent.payment_intent_id)).statusCode).toBe(201);
  });

  it('at the intent: a timeout answers 503; an answer lost after Stripe made it gives that same intent', async () => {
    const buyer = await shopper();
    fake.hangNext(2, '/v1/payment_intents');
    const started = Date.now();
    const refused = await buyer.intent();
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual(UNAVAILABLE);
    expect(Date.now() - started).toBeLessThan(10_000);

    // Stripe made it, the shop never heard: the SDK's retry (same Idempotency-Key) gets the same one.
    fake.loseNextAnswer('/v1/payment_intents');
    const intent = await intentOf(buyer);
    expect(intentsOfCart(buyer.cartId).map((made) => made.id)).toEqual([intent.payment_intent_id]);
  });

  it('at the payment check in POST orders/: 503, then reconciliation makes the one order', async () => {
    const stock = await stockOf(ctx, TAPE);
    const { buyer, intent } = await paidShopper();
    fake.failNext(500, API_ERROR, 2, '/v1/payment_intents/');
    const refused = await buyer.order(intent.payment_intent_id);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual(UNAVAILABLE);
    await expectNoOrder(buyer, intent.payment_intent_id, stock);

    // The browser gave up and the webhook was lost too: reconciliation's pass finds the payment.
    await agePayment(ctx, intent.payment_intent_id, 3);
    expect(outcomeOf(await reconcile(ctx), intent.payment_intent_id)).toBe('ordered');
    const order = await expectOneOrder(buyer, intent.payment_intent_id, stock);
    const late = await buyer.order(intent.payment_intent_id);
    expect(late.statusCode).toBe(200);
    expect(late.json<OrderView>().id).toBe(order.id);
  });

  it('at the payment check, timing out in reconciliation too: it tries again later', async () => {
    const stock = await stockOf(ctx, TAPE);
    const { buyer, intent } = await paidShopper();
    await agePayment(ctx, intent.payment_intent_id, 3);
    fake.hangNext(2, '/v1/payment_intents/');
    expect(outcomeOf(await reconcile(ctx), intent.payment_intent_id)).toBe('error');
    await expectNoOrder(buyer, intent.payment_intent_id, stock);
    await agePayment(ctx, intent.payment_intent_id, 5);
    expect(outcomeOf(await reconcile(ctx), intent.payment_intent_id)).toBe('ordered');
    await expectOneOrder(buyer, intent.payment_intent_id, stock);
  });

  it('at the refund of a payment whose stock sold out: 503, then 409, and reconciliation refunds once', async () => {
    const { buyer, intent } = await paidShopper();
    await setStock(ctx, TAPE, 0);
    try {
      fake.failNext(500, API_ERROR, 2, '/v1/refunds');
      const refused = await buyer.order(intent.payment_intent_id);
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual(UNAVAILABLE);
      const soldOut = CHECKOUT_MESSAGES.outOfStockRefunded([TAPE]);
      expect(await paymentOf(ctx, intent.payment_intent_id)).toMatchObject({
        orderId: null,
        failureReason: soldOut,
        refundedPence: 0,
      });
      // Asked again, the buyer hears why; the refund is still owed.
      const again = await buyer.order(intent.payment_intent_id);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ detail: soldOut });

      // Stripe refunds, but its answer is lost: the SDK's retry with the same key gets the same refund.
      fake.loseNextAnswer('/v1/refunds');
      await agePayment(ctx, intent.payment_intent_id, 3);
      expect(outcomeOf(await reconcile(ctx), intent.payment_intent_id)).toBe('refunded');
    } finally {
      await setStock(ctx, TAPE, 1000);
    }
    expect(fake.intents.get(intent.payment_intent_id)!.charge!.amountRefunded).toBe(intent.amount);
    expect(await paymentOf(ctx, intent.payment_intent_id)).toMatchObject({
      status: 'refunded',
      refundedPence: intent.amount,
    });
    expect(await ordersOfPayment(ctx, intent.payment_intent_id)).toHaveLength(0);
    // The webhook that follows changes nothing.
    expect(await succeededEvent(intent.payment_intent_id)()).toBe(200);
    expect(await ordersOfPayment(ctx, intent.payment_intent_id)).toHaveLength(0);
  });

  it('at the webhook: 503, so Stripe delivers again, and that delivery makes the order', async () => {
    const stock = await stockOf(ctx, TAPE);
    const { buyer, intent } = await paidShopper();
    const deliver = succeededEvent(intent.payment_intent_id);
    fake.failNext(500, API_ERROR, 2, '/v1/payment_intents/');
    expect(await deliver()).toBe(503);
    await expectNoOrder(buyer, intent.payment_intent_id, stock);
    expect(await deliver()).toBe(200);
    await expectOneOrder(buyer, intent.payment_intent_id, stock);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Killing the database connection that serves a request, and the server process itself, needs a database
// server: PGlite runs inside the process, on no connection of its own, and cannot be shared with a child
// process. So these run in the PostgreSQL run of the API suite (DATABASE_URL set, as CI does) and are not
// defined at all on PGlite.
// ---------------------------------------------------------------------------------------------------------

/** A shop with the built-in test processor (the default) on a database of its own, with tape in stock. */
async function testProcessorShop(jwtSecret?: string): Promise<TestContext> {
  const database = await createTestDatabase();
  const app = await buildApp({
    config: testConfig(jwtSecret ? { JWT_SECRET: jwtSecret } : {}),
    database,
  });
  await app.ready();
  const shop = {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
  await setStock(shop, TAPE, 1000);
  return shop;
}

/** A client of its own on the test database, to hold locks and kill other connections. */
async function controlClient(database = ctx.database): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrlOf(database) });
  await client.connect();
  return client;
}

/** Waits until another connection to this database waits for a lock (the request got that far): its pid. */
async function lockWaiter(client: pg.Client, timeoutMs = 10_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await client.query<{ pid: number }>(
      `select pid from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
    );
    if (rows.length === 1) return rows[0]!.pid;
    if (rows.length > 1) throw new Error(`${rows.length} connections wait for a lock`);
    if (Date.now() > deadline) throw new Error('no connection came to wait for the lock');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function terminate(client: pg.Client, pid: number) {
  const { rows } = await client.query<{ done: boolean }>('select pg_terminate_backend($1) as done', [pid]);
  expect(rows[0]!.done).toBe(true);
}

if (onPostgres) {
  describe('the database connection killed (pg_terminate_backend)', () => {
    let control: pg.Client;
    beforeAll(async () => {
      control = await controlClient();
    });
    afterAll(() => control?.end());

    it('during the test processor’s confirm: 500, the card not charged, and the retry pays once', async () => {
      // The test processor stands where Stripe would, but on the shop's own server and database.
      const shop = await testProcessorShop();
      const killer = await controlClient(shop.database);
      try {
        const buyer = await checkoutShopper(shop);
        await buyer.addSku(TAPE, 1);
        const intent = (await buyer.intent()).json<PaymentIntentView>();
        // The confirmation waits for the intent's row lock, and its connection is killed there.
        await killer.query('begin');
        await killer.query('select id from test_payment_intents where id = $1 for update', [
          intent.payment_intent_id,
        ]);
        const answer = buyer.confirm(intent.client_secret);
        try {
          await terminate(killer, await lockWaiter(killer));
        } finally {
          await killer.query('commit');
        }
        const res = await answer;
        expect(res.statusCode).toBe(500);
        expect(res.json()).toEqual(SERVER_ERROR);
        const processor = shop.app.services.payments.testProcessor!;
        expect((await processor.retrieveIntent(intent.payment_intent_id))!.status).toBe(
          'requires_payment_method',
        );
        expect(await processor.eventsOf(intent.payment_intent_id)).toHaveLength(0);

        expect((await buyer.confirm(intent.client_secret)).statusCode).toBe(200);
        expect((await processor.eventsOf(intent.payment_intent_id)).map((event) => event.type)).toEqual([
          'payment_intent.succeeded',
        ]);
        expect((await buyer.order(intent.payment_intent_id)).statusCode).toBe(201);
        expect(await ordersOfPayment(shop, intent.payment_intent_id)).toHaveLength(1);
      } finally {
        await killer.end();
        await shop.close();
      }
    });

    it('during the intent, after Stripe made it: 500, nothing written, and the retry gets the same intent', async () => {
      const buyer = await shopper();
      // Reads go on; the payment's insert waits, and its connection is killed there.
      await control.query('begin');
      await control.query('lock table payments in share mode');
      const answer = buyer.intent();
      try {
        await terminate(control, await lockWaiter(control));
      } finally {
        await control.query('commit');
      }
      const res = await answer;
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual(SERVER_ERROR);
      expect(intentsOfCart(buyer.cartId)).toHaveLength(1);

      const intent = await intentOf(buyer);
      expect(intentsOfCart(buyer.cartId).map((made) => made.id)).toEqual([intent.payment_intent_id]);
      fake.succeed(intent.payment_intent_id);
      expect((await buyer.order(intent.payment_intent_id)).statusCode).toBe(201);
    });

    it('at the order transaction’s COMMIT: 500, nothing half-written, then reconciliation makes one order', async () => {
      const stock = await stockOf(ctx, TAPE);
      const { buyer, intent } = await paidShopper();
      // A deferred trigger runs at COMMIT, after the stock was taken and the order written: it waits there.
      await control.query(`
        create function faults_hold_commit() returns trigger language plpgsql as $$
        begin perform pg_advisory_xact_lock(4242); return null; end $$;
        create constraint trigger faults_hold_commit after insert on orders
          deferrable initially deferred for each row execute function faults_hold_commit();
        select pg_advisory_lock(4242);`);
      try {
        const answer = buyer.order(intent.payment_intent_id);
        await terminate(control, await lockWaiter(control));
        const res = await answer;
        expect(res.statusCode).toBe(500);
        expect(res.json()).toEqual(SERVER_ERROR);
      } finally {
        await control.query(`
          select pg_advisory_unlock(4242);
          drop trigger faults_hold_commit on orders;
          drop function faults_hold_commit();`);
      }
      await expectNoOrder(buyer, intent.payment_intent_id, stock);

      await agePayment(ctx, intent.payment_intent_id, 3);
      expect(outcomeOf(await reconcile(ctx), intent.payment_intent_id)).toBe('ordered');
      await expectOneOrder(buyer, intent.payment_intent_id, stock);
    });

    it('during the webhook: 500, so Stripe delivers again, and that delivery makes the one order', async () => {
      const stock = await stockOf(ctx, TAPE);
      const { buyer, intent } = await paidShopper();
      const deliver = succeededEvent(intent.payment_intent_id);
      // The webhook's order transaction waits for the payment's row lock, and is killed there.
      await control.query('begin');
      await control.query('select id from payments where provider_payment_id = $1 for update', [
        intent.payment_intent_id,
      ]);
      const answer = deliver();
      try {
        await terminate(control, await lockWaiter(control));
      } finally {
        await control.query('commit');
      }
      expect(await answer).toBe(500);
      await expectNoOrder(buyer, intent.payment_intent_id, stock);

      expect(await deliver()).toBe(200);
      await expectOneOrder(buyer, intent.payment_intent_id, stock);
      expect(await deliver()).toBe(200);
      await expectOneOrder(buyer, intent.payment_intent_id, stock);
    });
  });

  describe('the server process', () => {
    const JWT_SECRET = 'faults-test-only-jwt-secret-0123456789abcdef';
    // The in-process shop on the server's database makes the shopper (sign-up needs the e-mailed code).
    let shop: TestContext;
    let dataDir: string;
    let env: Record<string, string>;
    let server: ServerProcess | undefined;

    beforeAll(async () => {
      shop = await testProcessorShop(JWT_SECRET);
      const { database } = shop;
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-faults-'));
      env = {
        DATABASE_URL: databaseUrlOf(database),
        JWT_SECRET,
        DATA_DIR: dataDir,
        // Nothing listens there: the test processor's webhook never arrives, so only the browser's request
        // or reconciliation can make the order.
        TEST_PAYMENTS_WEBHOOK_URL: `http://127.0.0.1:${await freePort()}/api/payments/webhook/`,
        // One process, so the one killed is the one that took the payment (cluster workers are the same code).
        WEB_CONCURRENCY: '1',
      };
      server = await startServer({ env });
    });
    afterAll(async () => {
      await killAllServers();
      await shop?.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    /** The server process left running by the test before, or a new one. */
    async function runningServer(): Promise<ServerProcess> {
      if (server && !(await Promise.race([server.exited.then(() => true), Promise.resolve(false)]))) {
        return server;
      }
      return (server = await startServer({ env }));
    }

    /** A shopper of the in-process shop with an intent for a pack of tape. */
    async function shopperWithIntent(name: string) {
      const buyer = await checkoutShopper(shop, name);
      await buyer.addSku(TAPE, 1);
      const res = await buyer.intent();
      expect(res.statusCode, res.body).toBe(200);
      return { buyer, intent: res.json<PaymentIntentView>() };
    }

    const call = (to: ServerProcess, method: string, url: string, token: string | null, body?: object) =>
      fetch(`${to.url}${url}`, {
        method,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });

    // A start takes about 2 s on an idle machine; the limits leave room for a loaded one.
    it(
      'SIGKILLed between the payment and the order: restarted, reconciliation makes the one order',
      { timeout: 60_000 },
      async () => {
        const stock = await stockOf(shop, TAPE);
        const { buyer, intent } = await shopperWithIntent('killed');
        server = await runningServer();
        const paid = await call(server, 'POST', '/api/payments/test/confirm/', null, {
          client_secret: intent.client_secret,
          ...card(),
        });
        expect(paid.status).toBe(200);
        expect((await server.stop('SIGKILL')).signal).toBe('SIGKILL');
        expect(await ordersOfPayment(shop, intent.payment_intent_id)).toHaveLength(0);
        expect(await stockOf(shop, TAPE)).toBe(stock);

        // Minutes pass (the grace period reconciliation leaves a checkout in progress) before it comes back.
        await agePayment(shop, intent.payment_intent_id, 3);
        server = await startServer({ env });
        await expect
          .poll(async () => (await ordersOfPayment(shop, intent.payment_intent_id)).length, {
            timeout: 15_000,
            interval: 200,
          })
          .toBe(1);
        const [order] = await ordersOfPayment(shop, intent.payment_intent_id);
        expect(await stockOf(shop, TAPE)).toBe(stock - 1);
        expect(await confirmationsTo(shop, buyer.email)).toHaveLength(1);
        expect(server.logs()).toContainEqual(
          expect.objectContaining({
            msg: 'reconciliation: made the order of a paid payment that had none',
            orderId: order!.id,
          }),
        );
        const late = await call(
          server,
          'POST',
          '/api/orders/',
          buyer.token,
          orderBody(buyer.addressId, intent.payment_intent_id),
        );
        expect(late.status).toBe(200);
        expect(((await late.json()) as OrderView).id).toBe(order!.id);
      },
    );

    it(
      'SIGTERM: finishes the request in flight, refuses new connections, exits within 10 s',
      { timeout: 60_000 },
      async () => {
        const stock = await stockOf(shop, TAPE);
        const { buyer, intent } = await shopperWithIntent('stopped');
        expect((await buyer.confirm(intent.client_secret)).statusCode).toBe(200);
        server = await runningServer();
        const control = await controlClient(shop.database);
        try {
          // The order request waits for the payment's row lock, held here: a request as slow as we like.
          await control.query('begin');
          await control.query('select id from payments where provider_payment_id = $1 for update', [
            intent.payment_intent_id,
          ]);
          let answered = false;
          const inFlight = call(
            server,
            'POST',
            '/api/orders/',
            buyer.token,
            orderBody(buyer.addressId, intent.payment_intent_id),
          ).finally(() => (answered = true));
          await lockWaiter(control);

          const stopping = server.stop('SIGTERM', 10_000);
          await expect
            .poll(() => connectionRefused(server!.port), { timeout: 5_000, interval: 50 })
            .toBe(true);
          expect(answered).toBe(false);
          await control.query('commit');

          const res = await inFlight;
          expect(res.status).toBe(201);
          const exit = await stopping;
          expect(exit.code).toBe(0);
          expect(exit.ms).toBeLessThan(10_000);
        } finally {
          await control.end();
        }
        expect(await ordersOfPayment(shop, intent.payment_intent_id)).toHaveLength(1);
        expect(await stockOf(shop, TAPE)).toBe(stock - 1);
      },
    );
  });
}

describe('what the operator reads', () => {
  // After the faults above (on PostgreSQL, the killed connections' 500s too).
  it('logs each fault and what reconciliation did, without keys, client secrets or addresses', () => {
    const text = logged.join('');
    const lines = text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string; err?: { message: string } });
    const unreachable = lines.filter((line) => line.msg === 'the payment provider could not be reached');
    expect(unreachable.length).toBeGreaterThanOrEqual(4);
    // Why, for the operator: Stripe's own error travels as the cause.
    expect(unreachable[0]).toMatchObject({
      level: 40,
      err: { message: expect.stringContaining('An unknown error occurred') },
    });
    for (const msg of [
      'reconciliation: made the order of a paid payment that had none',
      'reconciliation: refunded',
      'reconciliation: the payment provider could not be reached',
    ]) {
      expect(lines).toContainEqual(expect.objectContaining({ level: 40, msg }));
    }
    expect(text).not.toContain(SECRET_KEY);
    expect(text).not.toContain(WEBHOOK_SECRET);
    expect(text).not.toMatch(/_secret_/);
    expect(text).not.toContain(ADDRESS.street);
    if (onPostgres) {
      expect(lines).toContainEqual(
        expect.objectContaining({
          level: 50,
          msg: 'unhandled error',
          err: expect.objectContaining({ message: expect.stringMatching(/^Failed query: /) }),
        }),
      );
    }
  });
});

/** Whether a new TCP connection to the port is refused (nothing listens). */
function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
}
