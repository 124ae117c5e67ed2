// `npx tsx bench/checkout.ts [--db postgres|pglite] [--items N] [--runs N] [--buyers N]`: what checkout costs.
// On a scratch database (PostgreSQL from DATABASE_URL, default the local server, dropped afterwards;
// or an in-memory PGlite) holding the demo catalogue plus N synthetic items (100,000 on PostgreSQL), it
// builds the API in this process and sends requests through Fastify's `inject` (routing, validation,
// authentication, serialisation; no socket), so the figures are what a request costs the server.
//
// 1. One at a time: `--runs` buyers each fill a cart with 10 lines of different items, then the bench times
//    a cart line PATCH, the payment intent (new, then the same cart again), the card confirmation at the
//    test processor and POST orders/ (10 lines), and prints p50/p95/p99 of each.
// 2. Under load (PostgreSQL only): `--buyers` buyers (50) check out at once, each its own cart of 10 lines
//    drawn from the same 30 items, so their stock locks meet; every connection runs with lock_timeout
//    100 ms, so a lock wait over 100 ms fails its checkout. Prints failures, the slowest checkout and
//    orders per second.
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { TEST_CARDS } from '@shop/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp, type App } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase, type Database } from '../apps/api/src/db/client';
import { seedDemoCatalogue, seedSyntheticCatalogue } from '../apps/api/src/db/seed';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    items: { type: 'string' },
    runs: { type: 'string', default: '200' },
    buyers: { type: 'string', default: '50' },
  },
});
const kind = values.db === 'pglite' ? 'pglite' : 'postgres';
const ITEMS = Number(values.items ?? (kind === 'postgres' ? 100_000 : 10_000));
const RUNS = Number(values.runs);
const BUYERS = Number(values.buyers);
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Buyer {
  /** Each buyer its own client address, as real buyers have (the processor limits calls per client). */
  ip: string;
  userId: number;
  token: string;
  cartId: number;
  addressId: number;
}

const percentile = (sorted: number[], q: number) => sorted[Math.floor(q * (sorted.length - 1))]!;
function report(label: string, ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(2);
  console.log(
    `${label.padEnd(34)} n=${String(sorted.length).padStart(4)}  p50 ${f(percentile(sorted, 0.5))} ms  ` +
      `p95 ${f(percentile(sorted, 0.95))} ms  p99 ${f(percentile(sorted, 0.99))} ms`,
  );
}

async function timed<T>(into: number[], run: () => Promise<T>): Promise<T> {
  const started = process.hrtime.bigint();
  const result = await run();
  into.push(Number(process.hrtime.bigint() - started) / 1e6);
  return result;
}

async function call(
  app: App,
  buyer: Buyer | null,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: unknown,
) {
  const res = await app.inject({
    method,
    url,
    headers: buyer?.token ? { authorization: `Bearer ${buyer.token}` } : {},
    ...(buyer ? { remoteAddress: buyer.ip } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Users with live sessions, straight in the database (sign-up's e-mail codes are not what is measured). */
async function makeBuyers(app: App, database: Database, count: number): Promise<Buyer[]> {
  const tag = randomUUID().slice(0, 8);
  const users = (
    await database.db.execute<{ id: number }>(sql`
      insert into users (email, password_hash, first_name, last_name)
      select 'bench-' || ${tag} || '-' || n || '@example.com', 'x', 'Bench', 'Buyer' from generate_series(1, ${count}) n
      returning id`)
  ).rows;
  const buyers: Buyer[] = [];
  for (const { id } of users) {
    const family = randomUUID();
    await database.db.execute(sql`
      insert into refresh_tokens (user_id, token_hash, family_id, expires_at, family_expires_at)
      values (${id}, ${`bench-${family}`}, ${family}::uuid, now() + interval '1 day', now() + interval '1 day')`);
    const token = await app.services.tokens.signAccessToken(id, family);
    const buyer = {
      ip: `10.${(id >> 16) & 255}.${(id >> 8) & 255}.${id & 255}`,
      userId: id,
      token,
      cartId: 0,
      addressId: 0,
    };
    buyer.cartId = (await call(app, buyer, 'GET', '/api/ecommerce/carts/current/')).id;
    buyer.addressId = (
      await call(app, buyer, 'POST', '/api/addresses/', {
        first_name: 'Bench',
        last_name: 'Buyer',
        street: '1 Test Street',
        city: 'Leeds',
        postal_code: 'LS1 1AA',
        telephone_number: '07700900123',
      })
    ).id;
    buyers.push(buyer);
  }
  return buyers;
}

/** Active items with a first pack tier priced, stock made plentiful and tracked. */
async function sellableItems(database: Database, limit: number) {
  const rows = (
    await database.db.execute<{ item: number; tier: number }>(sql`
      select i.id as item, t.id as tier
      from items i
      join pricing_tiers t on t.product_variant_id = i.product_variant_id and t.tier_type = 'pack' and t.range_start = 1
      join pricing_data d on d.item_id = i.id and d.pricing_tier_id = t.id
      where i.status = 'active' and d.price_pence between 100 and 5000
      order by i.id desc limit ${limit}`)
  ).rows;
  await database.db.execute(
    sql`update items set stock = 1000000, track_inventory = true where id = any(${`{${rows.map((r) => r.item).join(',')}}`}::int[])`,
  );
  return rows;
}

const cardDetails = {
  card_number: TEST_CARDS.succeeds,
  exp_month: 12,
  exp_year: new Date().getUTCFullYear() + 3,
  cvc: '123',
  billing_details: { name: 'Bench Buyer' },
};

async function fill(app: App, buyer: Buyer, lines: { item: number; tier: number }[]) {
  return call(
    app,
    buyer,
    'POST',
    '/api/cart-items/',
    lines.map((line) => ({
      cart: buyer.cartId,
      item: line.item,
      pricing_tier: line.tier,
      pack_quantity: 1,
      unit_type: 'pack',
      user_exclusive_price: null,
    })),
  ) as Promise<{ id: number; pricing_tier: { id: number } }[]>;
}

async function checkout(app: App, buyer: Buyer, times?: Record<string, number[]>) {
  const t = (label: string) => (times ? times[label]! : []);
  const intentId = await pay(app, buyer, times);
  return timed(t('place order (10 lines)'), () => placeOrder(app, buyer, intentId));
}

/** The payment of a checkout: the intent, the same intent asked again, and the processor's confirm. */
async function pay(app: App, buyer: Buyer, times?: Record<string, number[]>): Promise<string> {
  const t = (label: string) => (times ? times[label]! : []);
  const body = { cart_id: buyer.cartId, billing_address: buyer.addressId, shipping_address: buyer.addressId };
  const intent = await timed(t('payment intent (new)'), () =>
    call(app, buyer, 'POST', '/api/ecommerce/payment-intents/', body),
  );
  await timed(t('payment intent (same cart again)'), () =>
    call(app, buyer, 'POST', '/api/ecommerce/payment-intents/', body),
  );
  // The processor's own call: no token, from the buyer's address.
  await timed(t('test processor confirm'), () =>
    call(app, { ...buyer, token: '' }, 'POST', '/api/payments/test/confirm/', {
      client_secret: intent.client_secret,
      ...cardDetails,
    }),
  );
  return intent.payment_intent_id;
}

function placeOrder(app: App, buyer: Buyer, intentId: string) {
  return call(app, buyer, 'POST', '/api/orders/', {
    shipping_address: buyer.addressId,
    billing_address: buyer.addressId,
    payment_method: 'card',
    transaction_id: intentId,
  });
}

/** The scratch database is dropped WITH (FORCE) at the end: a pool must not crash on its severed connections. */
function quietPool(database: Database) {
  if (database.kind === 'postgres') {
    (database.db as unknown as { $client: pg.Pool }).$client.on('error', () => {});
  }
}

async function main() {
  let database: Database;
  let cleanup = async () => {};
  let url: URL | undefined;
  if (kind === 'postgres') {
    const name = `bench_checkout_${Date.now()}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: url.toString(), poolSize: 10 });
    quietPool(database);
    cleanup = async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    };
  } else {
    database = await openDatabase({ dataDir: 'memory://' });
  }
  const trace: { text: string; ms: number }[] = [];
  try {
    if (process.env.TRACE_SQL && kind === 'postgres') {
      // Diagnosis only: the time of every statement the pool runs (TRACE_SQL=1).
      const pool = (database.db as unknown as { $client: pg.Pool }).$client;
      pool.on('connect', (client) => {
        const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
        (client as unknown as { query: unknown }).query = async (...args: unknown[]) => {
          const started = process.hrtime.bigint();
          const result = await query(...args);
          const first = args[0] as string | { text: string };
          trace.push({
            text: (typeof first === 'string' ? first : first.text).replace(/\s+/g, ' ').slice(0, 70),
            ms: Number(process.hrtime.bigint() - started) / 1e6,
          });
          return result;
        };
      });
    }
    await database.migrate();
    await seedDemoCatalogue(database.db);
    const seeding = Date.now();
    if (ITEMS > 0) await seedSyntheticCatalogue(database.db, { items: ITEMS });
    await database.db.execute(sql`analyze`);
    console.log(
      `${kind}: demo catalogue + ${ITEMS} synthetic items (${((Date.now() - seeding) / 1000).toFixed(0)} s to seed)`,
    );
    // NODE_ENV=test: the test processor's webhook events wait in its outbox (they would only find the
    // orders already made); rate limits are per user and far above what one buyer here does.
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      ...(url ? { DATABASE_URL: url.toString() } : {}),
    });
    const app = await buildApp({ config, database });
    await app.ready();
    const items = await sellableItems(database, 200);

    const times: Record<string, number[]> = {
      'GET /api/health/ (floor)': [],
      'GET carts/current/ (floor)': [],
      'cart line PATCH, service alone': [],
      'cart line PATCH': [],
      'payment intent (new)': [],
      'payment intent (same cart again)': [],
      'test processor confirm': [],
      'place order (10 lines)': [],
    };
    const buyers = await makeBuyers(app, database, RUNS + 20);
    for (let i = 0; i < buyers.length; i++) {
      const buyer = buyers[i]!;
      const lines = Array.from({ length: 10 }, (_, k) => items[(i * 7 + k * 13) % items.length]!);
      const added = await fill(app, buyer, lines);
      const warm = i < 20; // the first 20 warm the caches and the JIT and are not counted
      await timed(warm ? [] : times['GET /api/health/ (floor)']!, () =>
        call(app, buyer, 'GET', '/api/health/'),
      );
      await timed(warm ? [] : times['cart line PATCH, service alone']!, () =>
        app.services.carts.updateLine(buyer.userId, added[1]!.id, { pack_quantity: 2 }),
      );
      await timed(warm ? [] : times['GET carts/current/ (floor)']!, () =>
        call(app, buyer, 'GET', '/api/ecommerce/carts/current/'),
      );
      await timed(warm ? [] : times['cart line PATCH']!, () =>
        call(app, buyer, 'PATCH', `/api/ecommerce/cart-items/${added[0]!.id}/`, { pack_quantity: 2 }),
      );
      await checkout(app, buyer, warm ? undefined : times);
    }
    if (trace.length > 0) {
      const byText = new Map<string, number[]>();
      for (const row of trace) byText.set(row.text, [...(byText.get(row.text) ?? []), row.ms]);
      for (const [text, ms] of [...byText].sort((a, b) => b[1].length - a[1].length).slice(0, 40)) {
        ms.sort((a, b) => a - b);
        console.log(`${String(ms.length).padStart(5)} x p50 ${percentile(ms, 0.5).toFixed(2)} ms  ${text}`);
      }
    }
    if (process.env.PROBE) {
      const b = buyers[buyers.length - 1]!;
      const ms: number[] = [];
      const svc: number[] = [];
      for (let i = 0; i < 300; i++) {
        await timed(ms, () => call(app, b, 'GET', '/api/ecommerce/carts/current/'));
        await timed(svc, () => app.services.carts.currentCart(b.userId));
      }
      report('probe GET carts/current/ x300', ms.slice(50));
      report('probe carts.currentCart() x300', svc.slice(50));
    }
    console.log(`\nOne at a time (${RUNS} buyers after 20 warm-up checkouts), in-process inject:`);
    for (const [label, ms] of Object.entries(times)) report(label, ms);

    if (kind === 'postgres' && BUYERS > 0) {
      await app.close();
      await database.close();
      // Every connection refuses to wait more than 100 ms for a lock: such a wait fails its checkout.
      const loadUrl = new URL(url!);
      loadUrl.searchParams.set('options', '-c lock_timeout=100');
      database = await openDatabase({ databaseUrl: loadUrl.toString(), poolSize: BUYERS });
      quietPool(database);
      const loadApp = await buildApp({ config, database });
      await loadApp.ready();
      const shared = items.slice(0, 30);
      const crowd = await makeBuyers(loadApp, database, BUYERS);
      for (const [i, buyer] of crowd.entries()) {
        await fill(
          loadApp,
          buyer,
          Array.from({ length: 10 }, (_, k) => shared[(i + k * 3) % shared.length]!),
        );
      }
      const each: number[] = [];
      const failures: string[] = [];
      const started = process.hrtime.bigint();
      await Promise.all(
        crowd.map((buyer) =>
          timed(each, () => checkout(loadApp, buyer)).catch((err: unknown) => failures.push(String(err))),
        ),
      );
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const orders = (
        await database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from orders where user_id = any(${`{${crowd.map((b) => b.userId).join(',')}}`}::int[])`,
        )
      ).rows[0]!.n;
      console.log(
        `\nUnder load: ${BUYERS} buyers checking out at once (intent, intent again, confirm, order; 10 lines each ` +
          `from 30 shared items; lock_timeout 100 ms): ${orders} orders, ${failures.length} failures, ` +
          `${seconds.toFixed(2)} s in all (${(orders / seconds).toFixed(0)} orders/s)`,
      );
      report('whole checkout under load', each);
      for (const failure of failures.slice(0, 5)) console.log(`  failure: ${failure.slice(0, 300)}`);

      // POST orders/ alone at once: another crowd on another 30 shared items pays first (not timed), then
      // every buyer places the order at the same moment, so the stock locks meet on the order's transaction.
      const payers = await makeBuyers(loadApp, database, BUYERS);
      const others = items.slice(30, 60);
      for (const [i, buyer] of payers.entries()) {
        await fill(
          loadApp,
          buyer,
          Array.from({ length: 10 }, (_, k) => others[(i + k * 3) % others.length]!),
        );
      }
      const intents = await Promise.all(payers.map((buyer) => pay(loadApp, buyer)));
      const placed: number[] = [];
      const placeFailures: string[] = [];
      const placeStarted = process.hrtime.bigint();
      await Promise.all(
        payers.map((buyer, i) =>
          timed(placed, () => placeOrder(loadApp, buyer, intents[i]!)).catch((err: unknown) =>
            placeFailures.push(String(err)),
          ),
        ),
      );
      const placeSeconds = Number(process.hrtime.bigint() - placeStarted) / 1e9;
      console.log(
        `\nPOST orders/ alone: ${BUYERS} paid buyers place their orders at once (10 lines each from 30 shared ` +
          `items; lock_timeout 100 ms): ${placed.length} orders, ${placeFailures.length} failures, ` +
          `${placeSeconds.toFixed(3)} s in all (${(placed.length / placeSeconds).toFixed(0)} orders/s)`,
      );
      report('place order under load', placed);
      for (const failure of placeFailures.slice(0, 5)) console.log(`  failure: ${failure.slice(0, 300)}`);
      await loadApp.close();
    } else {
      await app.close();
    }
  } catch (err) {
    console.error('bench failed:', err);
    process.exitCode = 1;
  } finally {
    await database.close().catch(() => {});
    await cleanup();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
