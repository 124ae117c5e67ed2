// `npm run bench:after-sale`: what a buyer does after paying, at scale, on PostgreSQL only (speed is
// judged there): a scratch database `bench_<timestamp>` on DATABASE_URL, dropped afterwards, with the synthetic
// catalogue (apps/api/dist/seed.js --items N) and N orders of 1-5 lines written straight in SQL for one buyer
// (numbered and with the seller's details, as the checkout writes them), and N more for other customers. The
// buyer is made with apps/api/dist/create-owner.js (any signed-in user reads their own orders; this makes one
// with a known password without the e-mailed code). Each request is timed --single times one at a time after a
// warm-up (what one request costs), then the reads run together under autocannon at --connections.
// The figures go into the marked section `after-sale` of docs/benchmarks.md.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:after-sale
//   options: --items N (100000), --single N (200), --connections N (10), --duration S (10), --warmup S (2)
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
  writeSection,
} from './lib.mjs';

const { values: options } = parseArgs({
  options: {
    items: { type: 'string', default: '100000' },
    single: { type: 'string', default: '200' },
    connections: { type: 'string', default: '10' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
  },
});
const ROWS = Number(options.items);
const SINGLE = Number(options.single);
const CONNECTIONS = Number(options.connections);
const DURATION = Number(options.duration);
const WARMUP = Number(options.warmup);
const ADMIN_URL = process.env.DATABASE_URL;
const BUYER = { email: 'bench-buyer@packright.example', password: 'bench-buyer-password' };
const createOwnerEntry = path.join(root, 'apps/api/dist/create-owner.js');

/** N orders for the buyer and N for others, numbered, with lines; the buyer's newest order id is answered. */
async function fillOrders(databaseUrl, rows) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const address = `'{"first_name":"Pat","last_name":"Buyer","street":"1 High Street","city":"Leicester","state":null,"postal_code":"LE1 1AA","country":"UK","telephone_number":"+447700900123"}'::jsonb`;
  const seller = `'{"legal_name":"PackRight Supplies Ltd","address":{"street":"Unit 4, Meridian Business Park","city":"Leicester","postal_code":"LE19 1WZ","country":"United Kingdom"},"vat_number":"GB123456782","company_number":"01234567"}'::jsonb`;
  const statements = [
    `insert into users (email, password_hash, first_name, last_name)
       select 'other' || n || '@example.com', 'not-a-hash', 'Other', 'Buyer' || n from generate_series(1, 1000) n`,
    `insert into orders (user_id, status, payment_status, payment_verified, subtotal_pence, shipping_pence, vat_pence,
                         total_pence, vat_rate, payment_method, transaction_id, shipping_address, billing_address,
                         invoice_number, receipt_number, seller, created_at)
       select case when n % 2 = 0 then (select id from users where email = '${BUYER.email}')
                   else (select min(id) from users where email like 'other%') + n % 1000 end,
              'pending', 'COMPLETED', true, 4975, 695, 1134, 6804, 20, 'card', 'pi_bench_' || n, ${address}, ${address},
              n, n, ${seller}, now() - make_interval(mins => ${2 * rows} - n)
       from generate_series(1, ${2 * rows}) n`,
    `insert into order_items (order_id, item_id, sku, title, pack_quantity, units_per_pack, price_per_pack_pence,
                              subtotal_pence, total_pence)
       select o.id, i.id, i.sku, i.title, 1 + k, i.units_per_pack, 995, 995 * (1 + k), 995 * (1 + k)
       from orders o
       cross join generate_series(0, 4) k
       join items i on i.id = (select min(id) from items) + (o.id * 31 + k * 7) % ${rows}
       where k <= o.id % 5`,
    `insert into document_sequences (kind, last_number) values ('invoice', ${2 * rows}), ('receipt', ${2 * rows})
       on conflict (kind) do update set last_number = excluded.last_number`,
    // Stock enough for every reorder the bench makes.
    `update items set stock = 100000000`,
    'vacuum (analyze)',
  ];
  for (const statement of statements) await client.query(statement);
  const newest = await client.query(
    `select o.id, (select count(*) from order_items l where l.order_id = o.id)::int as lines
       from orders o join users u on u.id = o.user_id
      where u.email = $1 and o.id % 5 = 4 order by o.created_at desc limit 1`,
    [BUYER.email],
  );
  const fresh = await client.query(
    `select o.id from orders o join users u on u.id = o.user_id where u.email = $1 order by o.id limit 300`,
    [BUYER.email],
  );
  const skus = await client.query(
    `select sku from items where status = 'active' order by id limit 200 offset ${Math.floor(rows / 3)}`,
  );
  await client.end();
  return {
    orderId: newest.rows[0].id,
    lines: newest.rows[0].lines,
    skus: skus.rows.map((row) => row.sku),
    freshIds: fresh.rows.map((row) => row.id),
  };
}

/**
 * One request, --single times one at a time after 20 to warm up: p50/p95/p99 in ms. A `path` function gives
 * each call its own address (n counting from 0 over warm-up and timed calls), e.g. a different document each time.
 */
async function oneAtATime(origin, { method = 'GET', path: where, body }, token) {
  const headers = {
    authorization: `Bearer ${token}`,
    ...(body ? { 'content-type': 'application/json' } : {}),
  };
  let calls = 0;
  const call = async () => {
    const url = typeof where === 'function' ? where(calls) : where;
    calls += 1;
    const started = performance.now();
    const response = await fetch(`${origin}${url}`, {
      method,
      headers,
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${method} ${url} answered ${response.status}`);
    return performance.now() - started;
  };
  for (let n = 0; n < 20; n++) await call();
  const times = [];
  for (let n = 0; n < SINGLE; n++) times.push(await call());
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

async function main() {
  if (!ADMIN_URL) throw new Error('bench:after-sale needs DATABASE_URL (an admin URL of a local PostgreSQL)');
  assertLocalDatabaseUrl(ADMIN_URL);
  if (!existsSync(serverEntry) || !existsSync(seedEntry) || !existsSync(createOwnerEntry))
    throw new Error('apps/api/dist is missing: run `npm run build` first.');
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-after-sale-'));
  onCleanUp(() => rmSync(workDir, { recursive: true, force: true }));
  const database = await prepareDatabase(workDir, ADMIN_URL);
  const env = databaseEnv(database, { NODE_ENV: 'production', LOG_LEVEL: 'warn' });
  log(`seeding ${ROWS} items`);
  await runNode([seedEntry, '--items', String(ROWS)], { env });
  await runNode([createOwnerEntry, '--email', BUYER.email, '--password', BUYER.password], { env });
  log(`writing ${2 * ROWS} orders, half of them the buyer's`);
  const { orderId, lines, skus, freshIds } = await fillOrders(database.databaseUrl, ROWS);
  const shop = await startShop(workDir, database, { LOG_LEVEL: 'warn' });
  const login = await fetch(`${shop.origin}/api/account/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BUYER),
  });
  if (login.status !== 200) throw new Error(`buyer login answered ${login.status}`);
  const token = (await login.json()).token.access;
  const quickLines = (count) => ({
    lines: skus.slice(0, count).map((sku, i) => ({ sku, packs: 1 + (i % 9) })),
  });

  const reads = [
    ['the order page’s order', { path: `/api/orders/${orderId}/` }],
    ['the buyer’s orders, page 1', { path: '/api/orders/' }],
    ['VAT invoice PDF, again (kept)', { path: `/api/orders/${orderId}/invoice.pdf` }],
    ['paid receipt PDF, again (kept)', { path: `/api/orders/${orderId}/receipt.pdf` }],
    [
      'quick order check, 10 lines',
      { method: 'POST', path: '/api/ecommerce/quick-order/check/', body: quickLines(10) },
    ],
    [
      'quick order check, 200 lines',
      { method: 'POST', path: '/api/ecommerce/quick-order/check/', body: quickLines(200) },
    ],
    ['SKU suggestions', { path: '/api/ecommerce/quick-order/skus/?search=SYN-0042' }],
    ['profile', { path: '/api/account/profile/' }],
    ['address book', { path: '/api/addresses/' }],
  ];
  // Not in the load mix: each call draws a document no one asked for before.
  const drawn = [
    [
      'VAT invoice PDF, each a new one (drawn)',
      { path: (n) => `/api/orders/${freshIds[n % freshIds.length]}/invoice.pdf` },
    ],
  ];
  const writes = [
    [`reorder (${lines} lines into the cart)`, { method: 'POST', path: `/api/orders/${orderId}/reorder/` }],
  ];

  const single = [];
  for (const [name, request] of [...reads, ...drawn, ...writes]) {
    const figure = await oneAtATime(shop.origin, request, token);
    log(`${name}: p50/p95/p99 ${fmt(figure.p50, 2)} / ${fmt(figure.p95, 2)} / ${fmt(figure.p99, 2)} ms`);
    single.push({ name, request, ...figure });
  }

  const requestsFile = path.join(workDir, 'requests.jsonl');
  writeFileSync(
    requestsFile,
    reads
      .map(([, request]) =>
        JSON.stringify({
          ...request,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        }),
      )
      .join('\n'),
  );
  const otherCores = sampleOtherCpu(shop.child.pid);
  const raw = await load({
    url: `${shop.origin}/api/account/profile/`,
    requestsFile,
    connections: CONNECTIONS,
    duration: DURATION,
    warmup: WARMUP,
  });
  const other = otherCores();
  const mixed = summarise(raw, DURATION);
  log(`mixed reads under load: ${fmt(mixed.rps, 0)} req/s ${mixed.problems.join(', ')}`);
  return { database, single, mixed, other };
}

function writeReport({ database, single, mixed, other }) {
  const facts = machineFacts();
  writeSection(
    'after-sale',
    `## After the sale at ${ROWS.toLocaleString('en-GB')} items (issue 12)

Written by \`npm run bench:after-sale\` (bench/after-sale.mjs) on ${facts.date.slice(0, 10)}, revision ${facts.revision}: ${facts.cpu},
${facts.cores} cores, ${facts.memory}, ${facts.os}, Node ${facts.node}, autocannon ${autocannonVersion()}; ${database.kind}.
${ROWS.toLocaleString('en-GB')} synthetic items and ${(2 * ROWS).toLocaleString('en-GB')} orders of 1-5 lines, half of them the signed-in buyer's.
Production build, one process (\`WEB_CONCURRENCY=1\`, \`LOG_LEVEL=warn\`). Each request ${SINGLE} times one at a time
after 20 to warm up. A document is drawn the first time it is asked for and then kept in the process (it never
changes once issued): the "again" rows serve a kept one, "each a new one" draws a document no one asked for before.

${table(
  ['request', 'call', 'p50 / p95 / p99 (ms)'],
  single.map((figure) => [
    figure.name,
    `\`${figure.request.method ?? 'GET'} ${(typeof figure.request.path === 'function' ? figure.request.path(0).replace(/\/\d+\//, '/{id}/') : figure.request.path).replace('/api/', '')}\``,
    `${fmt(figure.p50, 2)} / ${fmt(figure.p95, 2)} / ${fmt(figure.p99, 2)}`,
  ]),
)}

The reads above in turn under load, ${CONNECTIONS} connections, ${DURATION} s after ${WARMUP} s of warm-up:
**${fmt(mixed.rps, 0)} req/s**, p50/p95/p99 ${fmt(mixed.latency.p50, 2)} / ${fmt(mixed.latency.p95, 2)} / ${fmt(mixed.latency.p99, 2)} ms${
      mixed.problems.length ? ` (${mixed.problems.join(', ')})` : ''
    }; other processes used ${other === null ? 'n/a' : fmt(other, 2)} cores on average (the PostgreSQL server included).`,
    { after: ['admin', 'scale', 'product', 'catalogue'] },
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    writeReport(await main());
  } finally {
    await cleanUp();
  }
}
