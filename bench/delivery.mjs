// `npm run bench:delivery`: the delivery promise on PostgreSQL only (speed is judged there): a scratch
// database `bench_<timestamp>` on DATABASE_URL, dropped afterwards, with the synthetic catalogue
// (apps/api/dist/seed.js --items N) and one buyer (apps/api/dist/create-owner.js) whose cart holds 10 lines,
// written straight in SQL, and who has a mainland address.
//
// Timed one at a time after a warm-up, each request --single times: `POST ecommerce/delivery-options/` for the
// cart to postcodes of every zone in turn (the budget: p95 <= 3 ms; two statements, which
// apps/api/src/modules/delivery/statement-counts.test.ts proves), the product page's public
// `GET ecommerce/delivery-promise/?postal_code=` (one statement), and for comparison the cart read
// (`GET ecommerce/carts/current/`, which prices the same lines). Then each of the three under load (autocannon,
// --connections, --duration). The figures go into the marked section `delivery` of docs/benchmarks.md.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:delivery
//   options: --items N (10000), --single N (500), --connections N (10), --duration S (10)
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
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
  verdict,
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
const BUDGET_OPTIONS_P95_MS = 3;
const ADMIN_URL = process.env.DATABASE_URL;
const BUYER = { email: 'bench-delivery-buyer@packright.example', password: 'bench-delivery-buyer-password' };
const createOwnerEntry = path.join(root, 'apps/api/dist/create-owner.js');

/** A postcode of each zone (and both sides of a Highlands district edge), asked in turn. */
const POSTCODES = [
  'SW1A 1AA', // mainland
  'LE1 1AA', // mainland
  'PA19 1AA', // mainland, the edge
  'PA20 0AA', // Highlands and Islands
  'IV2 3AB', // Highlands and Islands
  'BT1 1AA', // Northern Ireland
  'PO30 1AA', // Isle of Wight
  'TR21 0AA', // Isles of Scilly
  'IM1 1AA', // Isle of Man: not served, no options and the reason
  'GY1 1AA', // Channel Islands: not served
];

/** The buyer's address and cart of LINES lines (items sold by the pack from one, stock enough). */
async function fillCart(client) {
  const statements = [
    `insert into addresses (user_id, first_name, last_name, street, city, postal_code, country, telephone_number)
       select id, 'Pat', 'Buyer', '1 High Street', 'Leicester', 'LE1 1AA', 'UK', '+447700900123'
       from users where email = '${BUYER.email}'`,
    `insert into carts (user_id) select id from users where email = '${BUYER.email}' on conflict do nothing`,
    `update items set stock = 100000000`,
  ];
  for (const statement of statements) await client.query(statement);
  const cart = await client.query(
    `select c.id from carts c join users u on u.id = c.user_id where u.email = $1`,
    [BUYER.email],
  );
  const cartId = cart.rows[0].id;
  const lines = await client.query(
    `select i.id as item, t.id as tier
       from items i
       join product_variants v on v.id = i.product_variant_id and v.units_per_pallet is null
       join pricing_tiers t on t.product_variant_id = v.id and t.tier_type = 'pack' and t.range_start <= 1
       join pricing_data p on p.pricing_tier_id = t.id and p.item_id = i.id
      where i.status = 'active'
      order by i.id limit ${LINES} offset ${Math.floor(ROWS / 3)}`,
  );
  if (lines.rows.length < LINES) throw new Error('the catalogue has too few items a pack can be ordered of');
  await client.query(
    `insert into cart_items (cart_id, item_id, pricing_tier_id, pack_quantity, unit_type)
       select $1, line.item, line.tier, 1, 'pack'
       from jsonb_to_recordset($2::jsonb) as line(item int, tier int)`,
    [cartId, JSON.stringify(lines.rows)],
  );
  await client.query('vacuum (analyze)');
  return cartId;
}

/**
 * The requests timed, as `{method, path, headers, body}` for the n-th call: delivery options to each postcode in
 * turn, the promise likewise, and the cart read.
 */
function requestsOf(cartId, token) {
  const auth = { authorization: `Bearer ${token}` };
  const json = { 'content-type': 'application/json' };
  return [
    {
      name: `delivery options, ${LINES} lines`,
      call: 'POST ecommerce/delivery-options/',
      budget: BUDGET_OPTIONS_P95_MS,
      request: (n) => ({
        method: 'POST',
        path: '/api/ecommerce/delivery-options/',
        headers: { ...auth, ...json },
        body: JSON.stringify({ cart_id: cartId, postal_code: POSTCODES[n % POSTCODES.length] }),
      }),
    },
    {
      name: 'the product page’s promise',
      call: 'GET ecommerce/delivery-promise/?postal_code=',
      budget: null,
      request: (n) => ({
        method: 'GET',
        path: `/api/ecommerce/delivery-promise/?postal_code=${encodeURIComponent(POSTCODES[n % POSTCODES.length])}`,
        headers: {},
      }),
    },
    {
      name: `the cart, ${LINES} lines (for comparison)`,
      call: 'GET ecommerce/carts/current/',
      budget: null,
      request: () => ({ method: 'GET', path: '/api/ecommerce/carts/current/', headers: auth }),
    },
  ];
}

/** One request, SINGLE times one at a time after a warm-up: p50/p95/p99 in ms. */
async function oneAtATime(origin, request) {
  let calls = 0;
  const call = async () => {
    const { method, path: where, headers, body } = request(calls++);
    const started = performance.now();
    const response = await fetch(`${origin}${where}`, { method, headers, body });
    await response.arrayBuffer();
    const elapsed = performance.now() - started;
    if (response.status !== 200) throw new Error(`${method} ${where} answered ${response.status}`);
    return elapsed;
  };
  for (let n = 0; n < WARMUP_CALLS; n++) await call();
  const times = [];
  for (let n = 0; n < SINGLE; n++) times.push(await call());
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

async function main() {
  if (!ADMIN_URL) throw new Error('bench:delivery needs DATABASE_URL (an admin URL of a local PostgreSQL)');
  assertLocalDatabaseUrl(ADMIN_URL);
  if (!existsSync(serverEntry) || !existsSync(seedEntry) || !existsSync(createOwnerEntry))
    throw new Error('apps/api/dist is missing: run `npm run build` first.');
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-delivery-'));
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
  const cartId = await fillCart(client);

  const shop = await startShop(workDir, database, { LOG_LEVEL: 'warn' });
  const login = await fetch(`${shop.origin}/api/account/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BUYER),
  });
  if (login.status !== 200) throw new Error(`buyer login answered ${login.status}`);
  const token = (await login.json()).token.access;
  const requests = requestsOf(cartId, token);

  // The answers are what the bench means to time: options to the mainland, none to the Isle of Man.
  const check = async (n) => {
    const { method, path: where, headers, body } = requests[0].request(n);
    return (await fetch(`${shop.origin}${where}`, { method, headers, body })).json();
  };
  const mainland = await check(0);
  const man = await check(POSTCODES.indexOf('IM1 1AA'));
  if (!Array.isArray(mainland) || mainland.length === 0 || !man.reason)
    throw new Error(`unexpected delivery options: ${JSON.stringify({ mainland, man })}`);

  const single = [];
  for (const { name, call, budget, request } of requests) {
    const figure = await oneAtATime(shop.origin, request);
    log(`${name}: p50/p95/p99 ${fmt(figure.p50, 2)} / ${fmt(figure.p95, 2)} / ${fmt(figure.p99, 2)} ms`);
    single.push({ name, call, budget, ...figure });
  }

  const loaded = [];
  for (const [index, { name, request }] of requests.entries()) {
    const requestsFile = path.join(workDir, `requests-${index}.jsonl`);
    writeFileSync(requestsFile, POSTCODES.map((_, n) => JSON.stringify(request(n))).join('\n'));
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
    log(`${name} under load: ${fmt(figure.rps, 0)} req/s ${figure.problems.join(', ')}`);
    loaded.push({ name, other, ...figure });
  }
  return { database, single, loaded };
}

function writeReport({ database, single, loaded }) {
  const facts = machineFacts();
  writeSection(
    'delivery',
    `## The delivery promise (issue 23)

Written by \`npm run bench:delivery\` (bench/delivery.mjs) on ${facts.date.slice(0, 10)}, revision ${facts.revision}: ${facts.cpu},
${facts.cores} cores, ${facts.memory}, ${facts.os}, Node ${facts.node}, autocannon ${autocannonVersion()}; ${database.kind}.
${ROWS.toLocaleString('en-GB')} synthetic items; one buyer whose cart holds ${LINES} lines. Production build, one process.
Postcodes of every zone in turn (${POSTCODES.length}: the mainland, the Highlands on both sides of an edge, Northern
Ireland, the Isle of Wight, the Scilly Isles, and two zones not served). Each request ${SINGLE} times one at a time
after ${WARMUP_CALLS} to warm up.

${table(
  ['request', 'call', 'p50 / p95 / p99 (ms)', 'budget'],
  single.map((figure) => [
    figure.name,
    `\`${figure.call}\``,
    `${fmt(figure.p50, 2)} / ${fmt(figure.p95, 2)} / ${fmt(figure.p99, 2)}`,
    figure.budget === null ? '' : `p95 <= ${figure.budget} ms: ${verdict(figure.p95 <= figure.budget)}`,
  ]),
)}

Under load, ${CONNECTIONS} connections, ${DURATION} s after ${WARMUP} s of warm-up, each request on its own:

${table(
  ['request', 'req/s', 'p50 / p95 / p99 (ms)', 'other processes (cores, PostgreSQL included)'],
  loaded.map((figure) => [
    `${figure.name}${figure.problems.length ? ` (${figure.problems.join(', ')})` : ''}`,
    fmt(figure.rps, 0),
    `${fmt(figure.latency.p50, 2)} / ${fmt(figure.latency.p95, 2)} / ${fmt(figure.latency.p99, 2)}`,
    figure.other === null ? 'n/a' : fmt(figure.other, 2),
  ]),
)}`,
    { after: ['receivables', 'on-account', 'after-sale', 'admin', 'scale', 'product', 'catalogue'] },
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    writeReport(await main());
  } finally {
    await cleanUp();
  }
}
