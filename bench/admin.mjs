// `npm run bench:admin`: the back office's lists at scale (the budget: every list answers in ≤ 20 ms one at a
// time). PostgreSQL only (speed is judged there): a scratch database `bench_<timestamp>` on DATABASE_URL,
// dropped afterwards, with the synthetic catalogue (apps/api/dist/seed.js --items N) and, written straight in
// SQL, N customers, N orders (1-3 lines each), N contact queries, N newsletter addresses, N stock movements and
// N audit entries. The owner is made with apps/api/dist/create-owner.js, as a shop would. For each list and
// several of its pages, orderings, filters and searches, --single requests are timed one at a time after a
// warm-up (what one request costs: no queueing), then the whole mix runs under autocannon at --connections.
// The figures go into the marked section `admin` of docs/benchmarks.md.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:admin
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
  verdict,
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
const TARGET_P95_MS = 20;
const OWNER = { email: 'bench-owner@packright.example', password: 'bench-owner-password' };
const createOwnerEntry = path.join(root, 'apps/api/dist/create-owner.js');

/** The back-office lists and the variants of each that a member of staff uses. */
const LISTS = [
  ['orders, newest first', '/api/administration/orders/'],
  ['orders, page 200', '/api/administration/orders/?page=200'],
  ['orders by total', '/api/administration/orders/?ordering=-total'],
  ['orders waiting (pending)', '/api/administration/orders/?status=pending'],
  ['orders paid, this year', '/api/administration/orders/?payment_status=COMPLETED&date_from=2026-01-01'],
  ['orders of one SKU', '/api/administration/orders/?sku=SYN-000042'],
  ['orders of a customer (text)', '/api/administration/orders/?customer=customer4242'],
  ['items by SKU', '/api/administration/items/'],
  ['items by stock', '/api/administration/items/?ordering=stock'],
  ['items, page 500', '/api/administration/items/?page=500'],
  ['items search', '/api/administration/items/?q=SYN-0123'],
  ['products', '/api/administration/products/'],
  ['products search', '/api/administration/products/?q=wrap'],
  ['low stock', '/api/administration/stock/low/'],
  ['customers, newest first', '/api/administration/customers/'],
  ['customers search', '/api/administration/customers/?q=customer4242'],
  ['customers by e-mail', '/api/administration/customers/?ordering=email'],
  ['messages, unhandled', '/api/administration/messages/'],
  ['messages, all', '/api/administration/messages/?status=all&page=100'],
  ['newsletter', '/api/administration/newsletter/'],
  ['newsletter search', '/api/administration/newsletter/?q=reader42'],
  ['audit log', '/api/administration/audit/'],
  ['audit log of one order', '/api/administration/audit/?entity_type=order&entity_id=4242'],
  ['dashboard', '/api/administration/dashboard/'],
];

/** N rows of everything the lists read, in a few set-based statements. */
export async function fillBackOffice(databaseUrl, rows) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const address = `'{"first_name":"Pat","last_name":"Buyer","street":"1 High Street","city":"Leicester","state":null,"postal_code":"LE1 1AA","country":"UK","telephone_number":"+447700900123"}'::jsonb`;
  const statements = [
    `insert into users (email, password_hash, first_name, last_name, company_name, created_at)
       select 'customer' || n || '@example.com', 'not-a-hash', 'Pat' || n, 'Buyer' || (n % 997), 'Company ' || (n % 5000),
              now() - make_interval(mins => n)
       from generate_series(1, ${rows}) n`,
    `insert into orders (user_id, status, payment_status, payment_verified, subtotal_pence, shipping_pence, vat_pence,
                         total_pence, vat_rate, payment_method, transaction_id, shipping_address, billing_address, created_at)
       select u.id, (array['pending','processing','shipped','delivered','cancelled'])[1 + n % 5]::order_status,
              (case when n % 7 = 0 then 'PENDING' else 'COMPLETED' end)::payment_status, n % 7 <> 0,
              1000 + n % 90000, 695, (1695 + n % 90000) / 5, (1695 + n % 90000) * 6 / 5, 20, 'card', 'pi_bench_' || n,
              ${address}, ${address}, now() - make_interval(mins => n * 3)
       from generate_series(1, ${rows}) n
       join users u on u.email = 'customer' || (1 + (n * 7919) % ${rows}) || '@example.com'`,
    `insert into order_items (order_id, item_id, sku, title, pack_quantity, units_per_pack, price_per_pack_pence,
                              subtotal_pence, total_pence)
       select o.id, i.id, i.sku, i.title, 1 + k, i.units_per_pack, 995, 995 * (1 + k), 995 * (1 + k)
       from orders o
       cross join generate_series(0, 2) k
       join items i on i.id = (select min(id) from items) + (o.id * 31 + k * 7) % ${rows}
       where k <= o.id % 3`,
    `insert into contact_queries (email, full_name, subject, message, handled_at, created_at)
       select 'asker' || n || '@example.com', 'Asker ' || n, 'Quote ' || n, 'Please quote for ' || n || ' rolls',
              case when n % 10 = 0 then null else now() end, now() - make_interval(mins => n)
       from generate_series(1, ${rows}) n`,
    `insert into newsletter_subscriptions (email, unsubscribed_at, created_at)
       select 'reader' || n || '@example.com', case when n % 9 = 0 then now() else null end, now() - make_interval(mins => n)
       from generate_series(1, ${rows}) n`,
    `insert into stock_movements (item_id, delta, stock_after, reason, created_at)
       select (select min(id) from items) + n % ${rows}, 5, 100, 'Bench delivery', now() - make_interval(mins => n)
       from generate_series(1, ${rows}) n`,
    `insert into audit_log (actor_email, action, entity_type, entity_id, before, after, created_at)
       select 'staff@example.com', 'order.status', 'order', (n % 50000)::text, '{"status":"pending"}', '{"status":"processing"}',
              now() - make_interval(mins => n)
       from generate_series(1, ${rows}) n`,
    'vacuum (analyze)',
  ];
  for (const statement of statements) await client.query(statement);
  await client.end();
}

/** Each request of a list, one at a time: p50/p95/p99 in ms. */
async function oneAtATime(origin, url, token) {
  const headers = { authorization: `Bearer ${token}` };
  const call = async () => {
    const started = performance.now();
    const response = await fetch(`${origin}${url}`, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
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
  if (!ADMIN_URL) throw new Error('bench:admin needs DATABASE_URL (an admin URL of a local PostgreSQL)');
  assertLocalDatabaseUrl(ADMIN_URL);
  if (!existsSync(serverEntry) || !existsSync(seedEntry) || !existsSync(createOwnerEntry))
    throw new Error('apps/api/dist is missing: run `npm run build` first.');
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-admin-'));
  onCleanUp(() => rmSync(workDir, { recursive: true, force: true }));
  const database = await prepareDatabase(workDir, ADMIN_URL);
  const env = databaseEnv(database, { NODE_ENV: 'production', LOG_LEVEL: 'warn' });
  log(`seeding ${ROWS} items`);
  await runNode([seedEntry, '--items', String(ROWS)], { env });
  await runNode([createOwnerEntry, '--email', OWNER.email, '--password', OWNER.password], { env });
  log(`writing ${ROWS} customers, orders, messages, subscribers, movements and audit entries`);
  const filled = Date.now();
  await fillBackOffice(database.databaseUrl, ROWS);
  log(`filled in ${((Date.now() - filled) / 1000).toFixed(0)} s`);
  const shop = await startShop(workDir, database, { LOG_LEVEL: 'warn' });
  const login = await fetch(`${shop.origin}/api/account/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OWNER),
  });
  if (login.status !== 200) throw new Error(`owner login answered ${login.status}`);
  const token = (await login.json()).token.access;

  const single = [];
  for (const [name, url] of LISTS) {
    const figure = await oneAtATime(shop.origin, url, token);
    log(`${name}: p50/p95/p99 ${fmt(figure.p50, 2)} / ${fmt(figure.p95, 2)} / ${fmt(figure.p99, 2)} ms`);
    single.push({ name, url, ...figure });
  }

  const requestsFile = path.join(workDir, 'requests.jsonl');
  writeFileSync(
    requestsFile,
    LISTS.map(([, url]) =>
      JSON.stringify({ method: 'GET', path: url, headers: { authorization: `Bearer ${token}` } }),
    ).join('\n'),
  );
  const otherCores = sampleOtherCpu(shop.child.pid);
  const raw = await load({
    url: `${shop.origin}/api/administration/me/`,
    requestsFile,
    connections: CONNECTIONS,
    duration: DURATION,
    warmup: WARMUP,
  });
  const other = otherCores();
  const mixed = summarise(raw, DURATION);
  log(`mixed lists under load: ${fmt(mixed.rps, 0)} req/s ${mixed.problems.join(', ')}`);
  return { database, single, mixed, other };
}

function writeReport({ database, single, mixed, other }) {
  const facts = machineFacts();
  const worst = Math.max(...single.map((figure) => figure.p95));
  writeSection(
    'admin',
    `## Back-office lists at ${ROWS.toLocaleString('en-GB')} rows (issue 11)

Written by \`npm run bench:admin\` (bench/admin.mjs) on ${facts.date.slice(0, 10)}, revision ${facts.revision}: ${facts.cpu},
${facts.cores} cores, ${facts.memory}, ${facts.os}, Node ${facts.node}, autocannon ${autocannonVersion()}; ${database.kind}.
${ROWS.toLocaleString('en-GB')} each of items (synthetic catalogue), customers, orders (1-3 lines each), contact queries,
newsletter addresses, stock movements and audit entries; signed in as an owner. Production build, one process
(\`WEB_CONCURRENCY=1\`, \`LOG_LEVEL=warn\`). Target: every list's one-at-a-time p95 ≤ ${TARGET_P95_MS} ms.

${table(
  ['list', 'request', 'p50 / p95 / p99 (ms)', `p95 ≤ ${TARGET_P95_MS} ms`],
  single.map((figure) => [
    figure.name,
    `\`${figure.url.replace('/api/administration/', '')}\``,
    `${fmt(figure.p50, 2)} / ${fmt(figure.p95, 2)} / ${fmt(figure.p99, 2)}`,
    verdict(figure.p95 <= TARGET_P95_MS),
  ]),
)}

Worst p95: ${fmt(worst, 2)} ms. All the lists above in turn under load, ${CONNECTIONS} connections, ${DURATION} s after ${WARMUP} s of
warm-up: **${fmt(mixed.rps, 0)} req/s**, p50/p95/p99 ${fmt(mixed.latency.p50, 2)} / ${fmt(mixed.latency.p95, 2)} / ${fmt(mixed.latency.p99, 2)} ms${
      mixed.problems.length ? ` (${mixed.problems.join(', ')})` : ''
    }; other processes used ${other === null ? 'n/a' : fmt(other, 2)} cores on average (the PostgreSQL server included).`,
    { after: ['scale', 'product', 'catalogue'] },
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    writeReport(await main());
  } finally {
    await cleanUp();
  }
}
