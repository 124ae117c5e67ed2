// `npm run bench:repeat-buying`: saved lists, back-in-stock alerts and quotes on PostgreSQL only (speed
// is judged there): a scratch database `bench_<timestamp>` on DATABASE_URL, dropped afterwards, with the synthetic
// catalogue (apps/api/dist/seed.js --items N) and one buyer (apps/api/dist/create-owner.js, an owner, so the same
// account also prices the quote and restocks in /admin) whose cart holds 10 lines, written straight in SQL. Through
// the API: five saved lists of 10 lines, two requests for quote of the cart, each with a version sent by staff (the
// second accepted once), and the buyer's alert on an out-of-stock item.
//
// Timed one at a time after a warm-up, each request --single times:
// - `GET account/lists/` (5 lists) and `GET account/lists/{id}/` (10 lines);
// - `POST account/lists/{id}/add-to-cart/` (10 lines), the cart emptied in SQL before each call (not timed), so
//   every call adds the same 10 lines to an empty cart;
// - `POST stock-alerts/` signed in on an out-of-stock item: the first call made the alert (201), the timed
//   repeats answer the same waiting alert (200, one upsert);
// - the restock, `POST administration/items/{id}/stock-adjustments/` from 0 to in stock, with 0 and with 50
//   waiting alerts (the item's stock set back to 0 and its alerts written again in SQL before each call, not
//   timed), the two taking turns: the difference is what spending the alerts and queueing their e-mails adds to a
//   stock change;
// - `GET quotes/{id}/` (the sent quote of 10 lines), `POST quotes/{id}/accept/` repeated (the second quote is
//   accepted already: each call answers the same cart, the idempotent path), and that quote's cart
//   `GET ecommerce/carts/{id}/` beside the buyer's own cart `GET ecommerce/carts/current/` of the same 10 lines.
// Then each read under load (autocannon, --connections, --duration). The figures go into the marked section
// `repeat-buying` of docs/benchmarks.md.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:repeat-buying
//   options: --items N (10000), --single N (500), --connections N (10), --duration S (10)
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  api,
  assertLocalDatabaseUrl,
  autocannonVersion,
  cleanUp,
  databaseEnv,
  fmt,
  load,
  log,
  machineFacts,
  onCleanUp,
  prepareDatabase,
  root,
  runNode,
  sampleOtherCpu,
  seedEntry,
  serverEntry,
  startShop,
  summarise,
  table,
  writeSection,
} from './lib.mjs';

const { values: options } = parseArgs({
  options: {
    items: { type: 'string', default: '10000' },
    single: { type: 'string', default: '500' },
    connections: { type: 'string', default: '10' },
    duration: { type: 'string', default: '10' },
  },
});
const ROWS = Number(options.items);
const SINGLE = Number(options.single);
const CONNECTIONS = Number(options.connections);
const DURATION = Number(options.duration);
const WARMUP = 3;
const WARMUP_CALLS = 50;
const LINES = 10;
const LISTS = 5;
const ALERTS = 50;
const ADMIN_URL = process.env.DATABASE_URL;
const BUYER = {
  email: 'bench-repeat-buyer@packright.example',
  password: 'bench-repeat-buyer-password',
};
const createOwnerEntry = path.join(root, 'apps/api/dist/create-owner.js');

/**
 * The buyer's cart of LINES lines (items sold by the pack from one, stock enough), and the items the lists, the
 * alert and the restock use: LISTS × LINES items for the lists (the first list's are the cart's), then the item
 * the buyer's alert waits on and the item restocked, both out of stock.
 */
async function fillData(client) {
  const statements = [
    `insert into carts (user_id) select id from users where email = '${BUYER.email}' on conflict do nothing`,
    `update items set stock = 100000000`,
  ];
  for (const statement of statements) await client.query(statement);
  const cart = await client.query(
    `select c.id from carts c join users u on u.id = c.user_id where u.email = $1 and c.quote_id is null`,
    [BUYER.email],
  );
  const cartId = cart.rows[0].id;
  const wanted = LISTS * LINES + 2;
  const found = await client.query(
    `select i.id as item, t.id as tier, i.units_per_pack
       from items i
       join product_variants v on v.id = i.product_variant_id and v.units_per_pallet is null
       join pricing_tiers t on t.product_variant_id = v.id and t.tier_type = 'pack' and t.range_start <= 1
       join pricing_data p on p.pricing_tier_id = t.id and p.item_id = i.id
      where i.status = 'active'
      order by i.id limit ${wanted} offset ${Math.floor(ROWS / 3)}`,
  );
  if (found.rows.length < wanted) throw new Error('the catalogue has too few items a pack can be ordered of');
  const cartLines = found.rows.slice(0, LINES).map(({ item, tier }) => ({ item, tier }));
  const listItems = Array.from({ length: LISTS }, (_, n) =>
    found.rows.slice(n * LINES, (n + 1) * LINES).map((row) => row.item),
  );
  const [alerted, restocked] = found.rows.slice(LISTS * LINES);
  await client.query(`update items set track_inventory = true, stock = 0 where id = any($1::int[])`, [
    [alerted.item, restocked.item],
  ]);
  const fillCart = async () => {
    await client.query('delete from cart_items where cart_id = $1', [cartId]);
    await client.query(
      `insert into cart_items (cart_id, item_id, pricing_tier_id, pack_quantity, unit_type)
         select $1, line.item, line.tier, 1, 'pack'
         from jsonb_to_recordset($2::jsonb) as line(item int, tier int)`,
      [cartId, JSON.stringify(cartLines)],
    );
  };
  await fillCart();
  return {
    cartId,
    fillCart,
    listItems,
    alertedItem: alerted.item,
    restockedItem: restocked.item,
    // In stock again, by a pack a hundred times over (within the adjustment's limit).
    restockTo: Math.min(10_000_000, restocked.units_per_pack * 100),
  };
}

/** Signs the buyer in: the authorization header (an access token lives 15 minutes). */
async function signIn(origin) {
  const login = await api(origin, '/api/account/login/', { method: 'POST', body: BUYER });
  return { authorization: `Bearer ${login.token.access}` };
}

/**
 * Through the API as the buyer (who is also staff): LISTS saved lists, a request for quote of the cart priced and
 * sent, then accepted once, and the buyer's alert on the out-of-stock item. Checks the answers are what the
 * timed calls mean to repeat.
 */
async function makeThings(origin, auth, data) {
  const lists = [];
  for (const [n, items] of data.listItems.entries()) {
    const list = await api(origin, '/api/account/lists/', {
      method: 'POST',
      headers: auth,
      body: {
        name: `Warehouse monthly ${n + 1}`,
        shared: false,
        lines: items.map((item) => ({ item, packs: 1 })),
      },
      status: [201],
    });
    if (list.lines.length !== LINES) throw new Error(`list ${list.id} has ${list.lines.length} lines`);
    lists.push(list.id);
  }
  const page = await api(origin, '/api/account/lists/', { headers: auth });
  if (page.count !== LISTS) throw new Error(`the buyer sees ${page.count} lists`);

  // Two quotes of the cart, each priced and sent by staff: the first stays sent (the quote read), the second is
  // accepted once (its cart, and the accept's repeats).
  const expires = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const sentQuote = async () => {
    const requested = await api(origin, '/api/quotes/', {
      method: 'POST',
      headers: auth,
      body: { cart_id: data.cartId, note: 'monthly volume 40 pallets' },
      status: [201],
    });
    if (requested.lines.length !== LINES) throw new Error(`the quote has ${requested.lines.length} lines`);
    await api(origin, `/api/administration/quotes/${requested.id}/send/`, {
      method: 'POST',
      headers: auth,
      body: {
        lines: requested.lines.map((line) => ({ id: line.id, price_per_pack: line.list_price_per_pack })),
        discount_percentage: 10,
        delivery: '25.00',
        expires_on: expires,
        message: 'Prices for the monthly volume',
      },
    });
    const sent = await api(origin, `/api/quotes/${requested.id}/`, { headers: auth });
    if (sent.status !== 'sent' || !sent.can_accept)
      throw new Error(`the quote is ${sent.status}: ${sent.refusal}`);
    return requested.id;
  };
  const quoteId = await sentQuote();
  const acceptedId = await sentQuote();
  const accepted = await api(origin, `/api/quotes/${acceptedId}/accept/`, {
    method: 'POST',
    headers: auth,
    body: {},
  });
  const again = await api(origin, `/api/quotes/${acceptedId}/accept/`, {
    method: 'POST',
    headers: auth,
    body: {},
  });
  if (again.cart_id !== accepted.cart_id) throw new Error('accepting again made a second cart');
  const quoteCart = await api(origin, `/api/ecommerce/carts/${accepted.cart_id}/`, { headers: auth });
  const ownCart = await api(origin, '/api/ecommerce/carts/current/', { headers: auth });
  if (quoteCart.items.length !== LINES || ownCart.items.length !== LINES || ownCart.id !== data.cartId)
    throw new Error(
      `carts: the quote's ${quoteCart.id} has ${quoteCart.items.length} lines, the own ${ownCart.id} ${ownCart.items.length}`,
    );

  const alert = await api(origin, '/api/stock-alerts/', {
    method: 'POST',
    headers: auth,
    body: { item: data.alertedItem },
    status: [201],
  });
  const alertAgain = await api(origin, '/api/stock-alerts/', {
    method: 'POST',
    headers: auth,
    body: { item: data.alertedItem },
    status: [200],
  });
  if (alertAgain.id !== alert.id) throw new Error('asking again made a second alert');
  return { lists, quoteId, acceptedId, quoteCartId: accepted.cart_id };
}

/**
 * The requests timed, as `{method, path, headers, body}`; `status` the answer expected, `before` an untimed step
 * before each call, `read` whether it is also loaded.
 */
function requestsOf(things, data, auth, client) {
  const json = { 'content-type': 'application/json' };
  const listId = things.lists[0];
  const restock = (alerts) => async () => {
    await client.query('update items set stock = 0 where id = $1', [data.restockedItem]);
    await client.query('delete from stock_alerts where item_id = $1', [data.restockedItem]);
    if (alerts > 0)
      await client.query(
        `insert into stock_alerts (item_id, email, confirmed_at)
           select $1, 'bench-alert-' || n || '@example.com', now() from generate_series(1, $2::int) n`,
        [data.restockedItem, alerts],
      );
  };
  const adjust = () => ({
    method: 'POST',
    path: `/api/administration/items/${data.restockedItem}/stock-adjustments/`,
    headers: { ...auth(), ...json },
    body: JSON.stringify({ set_to: data.restockTo, reason: 'Delivery from the supplier' }),
  });
  return [
    {
      name: `the lists, ${LISTS}`,
      call: 'GET account/lists/',
      read: true,
      request: () => ({ method: 'GET', path: '/api/account/lists/', headers: auth() }),
    },
    {
      name: `a list, ${LINES} lines`,
      call: 'GET account/lists/{id}/',
      read: true,
      request: () => ({ method: 'GET', path: `/api/account/lists/${listId}/`, headers: auth() }),
    },
    {
      name: `the list into an empty cart, ${LINES} lines`,
      call: 'POST account/lists/{id}/add-to-cart/',
      before: () => client.query('delete from cart_items where cart_id = $1', [data.cartId]),
      request: () => ({
        method: 'POST',
        path: `/api/account/lists/${listId}/add-to-cart/`,
        headers: { ...auth(), ...json },
        body: '{}',
      }),
    },
    {
      name: 'an alert asked for again (answers the waiting one)',
      call: 'POST stock-alerts/',
      request: () => ({
        method: 'POST',
        path: '/api/stock-alerts/',
        headers: { ...auth(), ...json },
        body: JSON.stringify({ item: data.alertedItem }),
      }),
    },
    {
      name: 'a restock, no alert waiting',
      turns: 'restock',
      call: 'POST administration/items/{id}/stock-adjustments/',
      status: 201,
      before: restock(0),
      request: adjust,
    },
    {
      name: `a restock, ${ALERTS} alerts waiting`,
      turns: 'restock',
      call: 'POST administration/items/{id}/stock-adjustments/',
      status: 201,
      before: restock(ALERTS),
      request: adjust,
    },
    {
      name: `a sent quote, ${LINES} lines`,
      call: 'GET quotes/{id}/',
      read: true,
      request: () => ({ method: 'GET', path: `/api/quotes/${things.quoteId}/`, headers: auth() }),
    },
    {
      name: 'the quote accepted again (answers the same cart)',
      call: 'POST quotes/{id}/accept/',
      request: () => ({
        method: 'POST',
        path: `/api/quotes/${things.acceptedId}/accept/`,
        headers: { ...auth(), ...json },
        body: '{}',
      }),
    },
    {
      name: `the quote’s cart, ${LINES} lines`,
      turns: 'carts',
      call: 'GET ecommerce/carts/{id}/',
      read: true,
      request: () => ({
        method: 'GET',
        path: `/api/ecommerce/carts/${things.quoteCartId}/`,
        headers: auth(),
      }),
    },
    {
      name: `the own cart, the same ${LINES} lines (for comparison)`,
      turns: 'carts',
      call: 'GET ecommerce/carts/current/',
      read: true,
      cartRead: true,
      request: () => ({ method: 'GET', path: '/api/ecommerce/carts/current/', headers: auth() }),
    },
  ];
}

/**
 * Requests SINGLE times each, one at a time after a warm-up (`before` each, not timed), taking turns when there
 * are several (so a difference between them is not the machine's drift): p50/p95/p99 in ms of each.
 */
async function oneAtATime(origin, requests) {
  const call = async ({ request, before, status = 200 }) => {
    if (before) await before();
    const { method, path: where, headers, body } = request();
    const started = performance.now();
    const response = await fetch(`${origin}${where}`, { method, headers, body });
    const text = await response.text();
    const elapsed = performance.now() - started;
    if (response.status !== status)
      throw new Error(`${method} ${where} answered ${response.status}: ${text.slice(0, 300)}`);
    return elapsed;
  };
  for (let n = 0; n < WARMUP_CALLS; n++) for (const request of requests) await call(request);
  const times = requests.map(() => []);
  for (let n = 0; n < SINGLE; n++)
    for (const [index, request] of requests.entries()) times[index].push(await call(request));
  return times.map((list) => {
    list.sort((a, b) => a - b);
    const at = (q) => list[Math.min(list.length - 1, Math.floor(q * list.length))];
    return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
  });
}

async function main() {
  if (!ADMIN_URL)
    throw new Error('bench:repeat-buying needs DATABASE_URL (an admin URL of a local PostgreSQL)');
  assertLocalDatabaseUrl(ADMIN_URL);
  if (!existsSync(serverEntry) || !existsSync(seedEntry) || !existsSync(createOwnerEntry))
    throw new Error('apps/api/dist is missing: run `npm run build` first.');
  const loadBefore = os.loadavg()[0];
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-repeat-buying-'));
  onCleanUp(() => rmSync(workDir, { recursive: true, force: true }));
  const database = await prepareDatabase(workDir, ADMIN_URL);
  const env = databaseEnv(database, { NODE_ENV: 'production', LOG_LEVEL: 'warn' });
  log(`seeding ${ROWS} items`);
  await runNode([seedEntry, '--items', String(ROWS)], { env });
  await runNode([createOwnerEntry, '--email', BUYER.email, '--password', BUYER.password], { env });

  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: database.databaseUrl });
  await client.connect();
  onCleanUp(() => client.end());
  const data = await fillData(client);

  const shop = await startShop(workDir, database, { LOG_LEVEL: 'warn' });
  let headers = await signIn(shop.origin);
  const auth = () => headers;
  log(`making ${LISTS} lists, a quote sent and accepted, an alert`);
  const things = await makeThings(shop.origin, headers, data);
  // The add-to-cart's answer on an empty cart: every line added, a pack each; then the cart as it was.
  await client.query('delete from cart_items where cart_id = $1', [data.cartId]);
  const put = await api(shop.origin, `/api/account/lists/${things.lists[0]}/add-to-cart/`, {
    method: 'POST',
    headers,
    body: {},
  });
  if (
    put.lines.length !== LINES ||
    put.lines.some((line) => line.outcome !== 'added' || line.packs_added !== 1)
  )
    throw new Error(`unexpected add-to-cart: ${JSON.stringify(put.lines.slice(0, 3))}`);
  await data.fillCart();
  await client.query('vacuum (analyze)');
  const requests = requestsOf(things, data, auth, client);

  const single = [];
  // Requests of one `turns` group are timed together, taking turns.
  const groups = [];
  for (const request of requests) {
    const last = groups.at(-1);
    if (request.turns && last?.[0].turns === request.turns) last.push(request);
    else groups.push([request]);
  }
  for (const group of groups) {
    const otherCores = sampleOtherCpu(shop.child.pid);
    const figures = await oneAtATime(shop.origin, group);
    const other = otherCores();
    for (const [index, request] of group.entries()) {
      const figure = figures[index];
      log(
        `${request.name}: p50/p95/p99 ${fmt(figure.p50, 2)} / ${fmt(figure.p95, 2)} / ${fmt(figure.p99, 2)} ms`,
      );
      single.push({ ...request, other, ...figure });
    }
    // The add-to-cart leaves the list's lines in the cart: the cart the other calls read is put back as it was.
    if (group.some((request) => request.call.includes('add-to-cart'))) await data.fillCart();
    // A write's dead rows (cart lines, alerts, the item's row) are cleared before the next figure, as they would
    // be between bursts, so a read is not timed against the churn of the write measured before it.
    if (group.some((request) => !request.read)) await client.query('vacuum (analyze)');
  }

  // A fresh token for the load runs (an access token lives 15 minutes).
  headers = await signIn(shop.origin);
  const loaded = [];
  for (const [index, request] of requests.filter((r) => r.read).entries()) {
    const requestsFile = path.join(workDir, `requests-${index}.jsonl`);
    writeFileSync(requestsFile, JSON.stringify(request.request()));
    const otherCores = sampleOtherCpu(shop.child.pid);
    const raw = await load({
      url: `${shop.origin}/api/health/`,
      requestsFile,
      connections: CONNECTIONS,
      duration: DURATION,
      warmup: WARMUP,
    });
    const other = otherCores();
    const figure = summarise(raw, DURATION);
    log(`${request.name} under load: ${fmt(figure.rps, 0)} req/s ${figure.problems.join(', ')}`);
    loaded.push({ name: request.name, call: request.call, other, ...figure });
  }
  return { database, single, loaded, loadBefore, loadAfter: os.loadavg()[0] };
}

/** The p50 of a figure as a multiple of the own cart read's, e.g. '0.8×'. */
const timesCart = (figure, cart) => `${fmt(figure.p50 / cart.p50, 1)}×`;

function writeReport({ database, single, loaded, loadBefore, loadAfter }) {
  const facts = machineFacts();
  const cart = single.find((figure) => figure.cartRead);
  const [restockNone, restockAlerts] = single.filter((figure) => figure.call.includes('stock-adjustments'));
  const added = restockAlerts.p50 - restockNone.p50;
  const loadedCart = loaded.find((figure) => figure.call === cart.call);
  writeSection(
    'repeat-buying',
    `## Saved lists, back-in-stock alerts and quotes (issue 24)

Written by \`npm run bench:repeat-buying\` (bench/repeat-buying.mjs) on ${facts.date.slice(0, 10)}, revision ${facts.revision}: ${facts.cpu},
${facts.cores} cores, ${facts.memory}, ${facts.os}, Node ${facts.node}, autocannon ${autocannonVersion()}; ${database.kind}.
${ROWS.toLocaleString('en-GB')} synthetic items; one buyer (an owner, who also prices the quote and restocks) with ${LISTS} saved lists of ${LINES}
lines, a cart of ${LINES} lines (the first list's items) and two quotes of that cart, each sent at 10% off, the
second accepted once (the quote read is the first's). Production build, one process. Each request ${SINGLE} times
one at a time after ${WARMUP_CALLS} to warm up. The add-to-cart runs on a cart emptied in SQL before each call (not
timed), so every call adds the same ${LINES} lines; the alert is the buyer's on an out-of-stock item, made by the
first call (201), so the timed calls are repeats answered with the waiting alert (200); the restock sets an item
from 0 to in stock with no alert and with ${ALERTS} confirmed alerts waiting, the two taking turns (stock and alerts
written back in SQL before each call, not timed); the second quote is accepted already, so the timed calls take the
idempotent path and answer the same cart; the two carts' reads take turns. The database is vacuumed (not timed)
after each write's figures. One-minute load average ${fmt(loadBefore, 2)} at the start and ${fmt(loadAfter, 2)} at the end of the run.

${table(
  [
    'request',
    'call',
    'p50 / p95 / p99 (ms)',
    'p50 against the cart read',
    'other processes (cores, PostgreSQL included)',
  ],
  single.map((figure) => [
    figure.name,
    `\`${figure.call}\``,
    `${fmt(figure.p50, 2)} / ${fmt(figure.p95, 2)} / ${fmt(figure.p99, 2)}`,
    figure === cart ? '' : timesCart(figure, cart),
    figure.other === null ? 'n/a' : fmt(figure.other, 2),
  ]),
)}

Spending ${ALERTS} alerts and queueing their ${ALERTS} e-mails adds ${fmt(added, 2)} ms to the restock's p50
(${fmt((added / ALERTS) * 1000, 0)} µs an alert).

Under load, ${CONNECTIONS} connections, ${DURATION} s after ${WARMUP} s of warm-up, each read on its own:

${table(
  [
    'request',
    'req/s',
    'p50 / p95 / p99 (ms)',
    'req/s against the cart read',
    'other processes (cores, PostgreSQL included)',
  ],
  loaded.map((figure) => [
    `${figure.name}${figure.problems.length ? ` (${figure.problems.join(', ')})` : ''}`,
    fmt(figure.rps, 0),
    `${fmt(figure.latency.p50, 2)} / ${fmt(figure.latency.p95, 2)} / ${fmt(figure.latency.p99, 2)}`,
    figure === loadedCart ? '' : `${fmt(figure.rps / loadedCart.rps, 2)}×`,
    figure.other === null ? 'n/a' : fmt(figure.other, 2),
  ]),
)}`,
    {
      after: [
        'delivery',
        'receivables',
        'on-account',
        'after-sale',
        'admin',
        'scale',
        'product',
        'catalogue',
      ],
    },
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    writeReport(await main());
  } finally {
    await cleanUp();
  }
}
