// `npm run bench:receivables`: the receivables reads on PostgreSQL only (speed is judged there): a
// scratch database `bench_<timestamp>` on DATABASE_URL, dropped afterwards, with the synthetic catalogue and
// 10,000 approved companies whose ledgers hold 500,000 entries together (per company: 25 on-account invoices
// over five years, 3 credit notes, 12 payments received and 10 allocations), written straight in SQL. One user
// (apps/api/dist/create-owner.js) is staff; a customer (made the same way, then a customer again: staff hold no
// trade membership) is the administrator of one company and the buyer of every invoice.
//
// Timed one at a time after a warm-up: the company's balance and aged debt (`GET account/company/`, budget p95
// <= 10 ms), staff's ledger of a company, the quarter's VAT return (budget <= 200 ms), a month's statement PDF
// and the dashboard with its charts (budget <= 200 ms); then the company reads under load. The machine's load
// average at the start and the end is written beside the figures. The figures go into the marked section
// `receivables` of docs/benchmarks.md.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:receivables
//   options: --items N (10000), --companies N (10000), --single N (200), --connections N (10), --duration S (10)
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
  sleep,
  startShop,
  summarise,
  table,
  verdict,
  writeSection,
} from './lib.mjs';

const { values: options } = parseArgs({
  options: {
    items: { type: 'string', default: '10000' },
    companies: { type: 'string', default: '10000' },
    single: { type: 'string', default: '200' },
    connections: { type: 'string', default: '10' },
    duration: { type: 'string', default: '10' },
  },
});
const ROWS = Number(options.items);
const COMPANIES = Number(options.companies);
const SINGLE = Number(options.single);
const CONNECTIONS = Number(options.connections);
const DURATION = Number(options.duration);
const WARMUP = 3;
const WARMUP_CALLS = 20;
const INVOICES = 25;
const CREDIT_NOTES = 3;
const PAYMENTS = 12;
const ALLOCATIONS = 10;
const YEARS_DAYS = 1826;
const BUDGET_POSITION_MS = 10;
const BUDGET_VAT_MS = 200;
const BUDGET_CHARTS_MS = 200;
const ADMIN_URL = process.env.DATABASE_URL;
const USER = { email: 'bench-accounts@packright.example', password: 'bench-accounts-password' };
const BUYER = { email: 'bench-buyer@packright.example', password: 'bench-buyer-password' };
const createOwnerEntry = path.join(root, 'apps/api/dist/create-owner.js');

const ADDRESS = `'{"first_name":"Pat","last_name":"Buyer","street":"1 High Street","city":"Leicester","state":null,"postal_code":"LE1 1AA","country":"UK","telephone_number":"+447700900123"}'::jsonb`;
const SELLER = `'{"legal_name":"PackRight Supplies Ltd","address":{"street":"Unit 4, Meridian Business Park","city":"Leicester","postal_code":"LE19 1WZ","country":"United Kingdom"},"vat_number":"GB123456782","company_number":"01234567"}'::jsonb`;

/** The companies and their ledgers; the buyer administers the first company. */
export async function fillLedgers(client) {
  const statements = [
    `insert into companies (status, legal_name, trading_name, company_number, vat_number, registered_address,
                            invoice_address, accounts_email, trade_references, credit_limit_pence, payment_terms)
       select 'approved', 'Bench Trade ' || n || ' Ltd', 'Bench Trade ' || n, lpad(n::text, 8, '0'),
              'GB123456782', ${ADDRESS}, ${ADDRESS}, 'accounts' || n || '@example.com', '[]'::jsonb,
              5000000, '{"kind":"days","days":30}'::jsonb
       from generate_series(1, ${COMPANIES}) n`,
    `insert into company_members (company_id, user_id, role)
       select (select min(id) from companies), id, 'administrator' from users where email = '${BUYER.email}'`,
    // Invoices: spread over five years, due 30 days after, written in the order they were made (as a shop writes
    // them, so the table's rows follow created_at) and numbered in that order.
    `insert into orders (user_id, status, payment_status, payment_verified, subtotal_pence, shipping_pence, vat_pence,
                         total_pence, vat_rate, payment_method, shipping_address, billing_address, company_id,
                         purchase_order_number, invoice_number, seller, invoice_due_date, payment_terms, created_at)
       select u.id, 'delivered', 'ON_ACCOUNT', false, i.net, 0, i.net / 5, i.net * 6 / 5, 20, 'account',
              ${ADDRESS}, ${ADDRESS}, i.company_id, 'PO-' || i.company_id || '-' || i.k,
              row_number() over (order by i.at, i.company_id, i.k), ${SELLER}, (i.at)::date + 30,
              '{"kind":"days","days":30}'::jsonb, i.at
       from (select c.id as company_id, k, 10000 + (c.id * 37 + k * 11) % 5000 as net,
                    now() - make_interval(days => (c.id * 7 + k * 73) % ${YEARS_DAYS}, mins => (c.id * 13 + k) % 1440) as at
               from companies c cross join generate_series(1, ${INVOICES}) k) i
       cross join (select id from users where email = '${BUYER.email}') u
       order by i.at, i.company_id, i.k`,
    // Credit notes on the first invoices of each company.
    `insert into refunds (order_id, amount_pence, reason, status, credit_note_number, issued_at, seller)
       select o.id, 600, 'Damaged', 'succeeded', row_number() over (order by o.id), o.created_at + interval '5 days', ${SELLER}
       from (select id, created_at, row_number() over (partition by company_id order by id) k
               from orders where payment_method = 'account') o
       where o.k <= ${CREDIT_NOTES}`,
    `update orders o set refunded_pence = 600 where exists (select 1 from refunds r where r.order_id = o.id)`,
    `insert into document_sequences (kind, last_number)
       values ('invoice', (select max(invoice_number) from orders)),
              ('credit_note', (select max(credit_note_number) from refunds))
       on conflict (kind) do update set last_number = excluded.last_number`,
    `insert into payments_received (company_id, amount_pence, received_on, method, reference)
       select c.id, 5000 + k * 100, current_date - (c.id * 11 + k * 97) % ${YEARS_DAYS}, 'bank_transfer',
              'BACS-' || c.id || '-' || k
       from companies c cross join generate_series(1, ${PAYMENTS}) k`,
    // Each of the first payments pays part of an invoice of its company.
    `insert into payment_allocations (payment_id, order_id, amount_pence)
       select p.id, o.id, 1000
       from (select id, company_id, row_number() over (partition by company_id order by id) k from payments_received) p
       join (select id, company_id, row_number() over (partition by company_id order by id) k
               from orders where payment_method = 'account') o
         on o.company_id = p.company_id and o.k = p.k + ${CREDIT_NOTES}
       where p.k <= ${ALLOCATIONS}`,
    // As a shop's ledger stands: invoices more than four months old are paid, but for one in ten (late payers),
    // so the open invoices the reminders, holds and dashboard read are today's and the late ones.
    `update orders set payment_status = 'COMPLETED'
       where payment_method = 'account' and created_at < now() - interval '120 days' and id % 10 <> 0`,
    // This month's statements were e-mailed (the monthly run is not what the bench times): the schedule finds
    // the run done, as it would on any day after the first working day.
    `insert into scheduled_effects (kind, subject_id, period)
       values ('statement_run', 0, to_char(now() - interval '1 month', 'YYYY-MM'))`,
    'vacuum (analyze)',
  ];
  for (const statement of statements) await client.query(statement);
  const counts = await client.query(
    `select (select count(*) from orders where payment_method = 'account')::int as invoices,
            (select count(*) from refunds)::int as credit_notes,
            (select count(*) from payments_received)::int as payments,
            (select count(*) from payment_allocations)::int as allocations,
            (select min(id) from companies) as company`,
  );
  return counts.rows[0];
}

/** Waits for the server's first receivables pass to start and end (no statement of it active for 3 s). */
async function waitForScheduledPass(client) {
  const started = Date.now();
  await sleep(32_000);
  let quiet = 0;
  while (quiet < 3 && Date.now() - started < 600_000) {
    const { rows } = await client.query(
      `select count(*)::int as active from pg_stat_activity
        where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
    );
    quiet = rows[0].active === 0 ? quiet + 1 : 0;
    await sleep(1_000);
  }
  const sent = await client.query(`select count(*)::int as n from scheduled_effects where kind = 'reminder'`);
  log(
    `the first receivables pass ended after ${Math.round((Date.now() - started) / 1000)} s (${sent.rows[0].n} reminders)`,
  );
}

/** One request, SINGLE times one at a time after a warm-up: p50/p95/p99 in ms. */
async function oneAtATime(origin, where, token, count = SINGLE) {
  let calls = 0;
  const call = async () => {
    const url = typeof where === 'function' ? where(calls) : where;
    calls += 1;
    const started = performance.now();
    const response = await fetch(`${origin}${url}`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
    return performance.now() - started;
  };
  for (let n = 0; n < Math.min(WARMUP_CALLS, count); n++) await call();
  const times = [];
  for (let n = 0; n < count; n++) times.push(await call());
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

/** The last complete calendar quarter and month, as the pages default to them. */
function lastQuarterAndMonth(now = new Date()) {
  const year = now.getUTCFullYear();
  const quarter = Math.floor(now.getUTCMonth() / 3);
  const lastQuarter = quarter === 0 ? `${year - 1}-Q4` : `${year}-Q${quarter}`;
  const month = new Date(Date.UTC(year, now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
  return { quarter: lastQuarter, month };
}

async function main() {
  if (!ADMIN_URL)
    throw new Error('bench:receivables needs DATABASE_URL (an admin URL of a local PostgreSQL)');
  assertLocalDatabaseUrl(ADMIN_URL);
  if (!existsSync(serverEntry) || !existsSync(seedEntry) || !existsSync(createOwnerEntry))
    throw new Error('apps/api/dist is missing: run `npm run build` first.');
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-receivables-'));
  onCleanUp(() => rmSync(workDir, { recursive: true, force: true }));
  const database = await prepareDatabase(workDir, ADMIN_URL);
  const env = databaseEnv(database, { NODE_ENV: 'production', LOG_LEVEL: 'warn' });
  log(`seeding ${ROWS} items`);
  await runNode([seedEntry, '--items', String(ROWS)], { env });
  await runNode([createOwnerEntry, '--email', USER.email, '--password', USER.password], { env });
  await runNode([createOwnerEntry, '--email', BUYER.email, '--password', BUYER.password], { env });

  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: database.databaseUrl });
  await client.connect();
  onCleanUp(() => client.end());
  await client.query(`update users set role = 'customer' where email = $1`, [BUYER.email]);
  log(`writing ${COMPANIES} companies' ledgers`);
  const counts = await fillLedgers(client);
  const entries = counts.invoices + counts.credit_notes + counts.payments + counts.allocations;
  log(`ledger entries: ${entries} (${JSON.stringify(counts)})`);
  const { quarter, month } = lastQuarterAndMonth();

  const shop = await startShop(workDir, database, { LOG_LEVEL: 'warn' });
  // The receivables schedule's first pass (30 s after the start: reminders for the late payers' invoices, holds)
  // runs in this process and then sleeps 10 minutes; the timings start once it has finished, so they are what a
  // request costs rather than a request beside the pass.
  await waitForScheduledPass(client);
  const tokenOf = async (user) => {
    const login = await fetch(`${shop.origin}/api/account/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(user),
    });
    if (login.status !== 200) throw new Error(`login answered ${login.status}`);
    return (await login.json()).token.access;
  };
  const staffToken = await tokenOf(USER);
  const buyerToken = await tokenOf(BUYER);
  // The company's own reads go as its administrator; everything under administration/ as staff.
  const token = (where) => (where.startsWith('/api/account/') ? buyerToken : staffToken);
  const company = counts.company;

  const reads = [
    ['the company’s balance and aged debt', '/api/account/company/', BUDGET_POSITION_MS],
    ['staff: the company’s ledger', `/api/administration/companies/${company}/ledger/`, null],
    [
      `staff: the VAT return for ${quarter}`,
      `/api/administration/vat-return/?quarter=${quarter}`,
      BUDGET_VAT_MS,
    ],
    [`the statement PDF for ${month}`, `/api/account/company/statement.pdf?month=${month}`, null],
    ['staff: the dashboard', '/api/administration/dashboard/', null],
    [
      'staff: the dashboard’s charts (every company’s aged debt)',
      '/api/administration/dashboard/charts/',
      BUDGET_CHARTS_MS,
    ],
  ];
  const loadStart = os.loadavg()[0];
  const single = [];
  for (const [name, where, budget, calls = SINGLE] of reads) {
    const figure = await oneAtATime(shop.origin, where, token(where), calls);
    log(`${name}: p50/p95/p99 ${fmt(figure.p50, 2)} / ${fmt(figure.p95, 2)} / ${fmt(figure.p99, 2)} ms`);
    single.push({ name, where, budget, calls, ...figure });
  }

  const requestsFile = path.join(workDir, 'requests.jsonl');
  writeFileSync(
    requestsFile,
    reads
      .slice(0, 2)
      .map(([, where]) =>
        JSON.stringify({ path: where, headers: { authorization: `Bearer ${token(where)}` } }),
      )
      .join('\n'),
  );
  const otherCores = sampleOtherCpu(shop.child.pid);
  const raw = await load({
    url: `${shop.origin}/api/account/company/`,
    requestsFile,
    connections: CONNECTIONS,
    duration: DURATION,
    warmup: WARMUP,
  });
  const other = otherCores();
  const mixed = summarise(raw, DURATION);
  log(`company reads under load: ${fmt(mixed.rps, 0)} req/s ${mixed.problems.join(', ')}`);
  const loadEnd = os.loadavg()[0];
  return { database, counts, entries, single, mixed, other, loadStart, loadEnd };
}

function writeReport({ database, counts, entries, single, mixed, other, loadStart, loadEnd }) {
  const facts = machineFacts();
  writeSection(
    'receivables',
    `## Receivables at ${COMPANIES.toLocaleString('en-GB')} companies and ${entries.toLocaleString('en-GB')} ledger entries (issue 22)

Written by \`npm run bench:receivables\` (bench/receivables.mjs) on ${facts.date.slice(0, 10)}, revision ${facts.revision}: ${facts.cpu},
${facts.cores} cores, ${facts.memory}, ${facts.os}, Node ${facts.node}, autocannon ${autocannonVersion()}; ${database.kind}.
${counts.invoices.toLocaleString('en-GB')} on-account invoices over five years, ${counts.credit_notes.toLocaleString('en-GB')} credit notes,
${counts.payments.toLocaleString('en-GB')} payments received and ${counts.allocations.toLocaleString('en-GB')} allocations, written in SQL;
${ROWS.toLocaleString('en-GB')} synthetic items. Production build, one process. Each request ${SINGLE} times one at a time
after ${WARMUP_CALLS} to warm up, as a customer who administers one company (its own reads) and as a member of staff (the back office's).
The machine's load average (1 minute) was ${loadStart.toFixed(2)} when the timings started and ${loadEnd.toFixed(2)} when they ended.

${table(
  ['request', 'call', 'p50 / p95 / p99 (ms)', 'budget'],
  single.map((figure) => [
    figure.name,
    `\`GET ${figure.where.replace('/api/', '')}\``,
    `${fmt(figure.p50, 2)} / ${fmt(figure.p95, 2)} / ${fmt(figure.p99, 2)}`,
    figure.budget === null ? '' : `p95 <= ${figure.budget} ms: ${verdict(figure.p95 <= figure.budget)}`,
  ]),
)}

The first two reads in turn under load, ${CONNECTIONS} connections, ${DURATION} s after ${WARMUP} s of warm-up:
**${fmt(mixed.rps, 0)} req/s**, p50/p95/p99 ${fmt(mixed.latency.p50, 2)} / ${fmt(mixed.latency.p95, 2)} / ${fmt(mixed.latency.p99, 2)} ms${
      mixed.problems.length ? ` (${mixed.problems.join(', ')})` : ''
    }; other processes used ${other === null ? 'n/a' : fmt(other, 2)} cores on average (the PostgreSQL server included).`,
    { after: ['on-account', 'after-sale', 'admin', 'scale', 'product', 'catalogue'] },
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    writeReport(await main());
  } finally {
    await cleanUp();
  }
}
