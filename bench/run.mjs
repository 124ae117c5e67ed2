// `npm run bench`: loads the production build and a bare node:http baseline with autocannon (from a
// separate process, bench/load.mjs), measures the storefront's initial JavaScript per route, and writes
// docs/benchmarks.md. PGlite in a temporary DATA_DIR by default; with DATABASE_URL, a scratch database
// `bench_<timestamp>` on that server, dropped afterwards. Everything runs on 127.0.0.1.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measureRoutes } from '../scripts/check-bundle-size.mjs';
import {
  autocannonVersion,
  cleanUp,
  expectOk,
  fmt,
  isSkewed,
  load,
  log,
  machineFacts,
  ms,
  onCleanUp,
  otherCpuSummary,
  prepareDatabase,
  reportFile,
  root,
  sampleOtherCpu,
  serverEntry,
  startChild,
  startShop,
  summarise,
  table,
  verdict,
  writeReportKeepingSections,
} from './lib.mjs';

const WARMUP_S = 2;
const DURATION_S = 10;

const TARGETS = {
  healthRatio: 0.9,
  homeJsKb: 130,
  homeJsHardLimitKb: 160,
};

// ---------------------------------------------------------------------------------------------------------
// Servers

function startBare() {
  const child = startChild([path.join(root, 'bench/bare-server.mjs')], {
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      const line = buffer.split('\n')[0];
      if (buffer.includes('\n')) resolve({ origin: `http://127.0.0.1:${JSON.parse(line).port}`, child });
    });
    child.once('exit', (code) => reject(new Error(`the bare server exited (code ${code})`)));
  });
}

// ---------------------------------------------------------------------------------------------------------
// Report

function report({ machine, database, figures, routes, catalogue }) {
  const { bare, shop, categories, home } = figures;
  const ratio = shop.rps / bare.rps;
  const homeJs = routes.find((route) => route.path === '/');
  const problems = Object.entries(figures).flatMap(([name, figure]) =>
    figure.problems.map((problem) => `${name}: ${problem}`),
  );

  const rows = [
    ['`GET /api/health/` bare `node:http`, req/s (50 conn.)', fmt(bare.rps, 0), 'baseline', '—'],
    ['`GET /api/health/` shop, req/s (50 conn.)', fmt(shop.rps, 0), '—', '—'],
    [
      'health ratio shop / bare',
      fmt(ratio, 2),
      `≥ ${TARGETS.healthRatio}`,
      verdict(ratio >= TARGETS.healthRatio),
    ],
    ['`GET /api/health/` shop latency p50 / p95 / p99 (ms)', ms(shop.latency), '—', 'recorded'],
    ['`GET /api/categories/` req/s (50 conn.)', fmt(categories.rps, 0), '—', 'recorded'],
    ['`GET /api/categories/` latency p50 / p95 / p99 (ms)', ms(categories.latency), '—', 'recorded'],
    ['`GET /` server render req/s (10 conn.)', fmt(home.rps, 0), '—', 'recorded'],
    ['`GET /` server render latency p50 / p95 / p99 (ms)', ms(home.latency), '—', 'recorded'],
    [
      'home page initial JavaScript (KB gzip)',
      homeJs ? fmt(homeJs.kb, 1) : 'n/a',
      `≤ ${TARGETS.homeJsKb} (build fails > ${TARGETS.homeJsHardLimitKb})`,
      verdict(homeJs !== undefined && homeJs.kb <= TARGETS.homeJsKb),
    ],
  ];

  return `# Benchmarks

Written by \`npm run bench\` (bench/run.mjs); re-run it to refresh this page. Numbers are recorded here,
never asserted in tests.

## Run

| | |
|---|---|
| date | ${machine.date} |
| command | \`${machine.command}\` |
| revision | ${machine.revision} |
| CPU | ${machine.cpu} |
| cores | ${machine.cores} |
| memory | ${machine.memory} |
| OS | ${machine.os} |
| Node.js | ${machine.node} |
| database | ${database} |
| catalogue | ${catalogue} |
| other work on the machine | ${machine.otherCpu}${machine.busy ? ' — **the machine was busy with other work; treat these figures as pessimistic and re-run on a quiet machine**' : ''} |
| load generator | autocannon ${machine.autocannon} in its own process, ${WARMUP_S} s warm-up then ${DURATION_S} s per figure, 127.0.0.1 only |

## Figures

${table(['figure', 'measured', 'target', 'result'], rows)}

Latency percentiles are computed by bench/load.mjs from every 2xx response of the measured ${DURATION_S} s
(fractional ms; autocannon 8 itself reports p50, p97.5 and p99 in whole ms and no p95). autocannon's own
figures for the same runs, p50 / p97.5 / p99 (ms): health shop ${ms3(shop.latencyAutocannon)},
health bare ${ms3(bare.latencyAutocannon)}, categories ${ms3(categories.latencyAutocannon)},
home ${ms3(home.latencyAutocannon)}. req/s is autocannon's mean of per-second samples.

${problems.length ? `**Errors during the runs** (figures above are not trustworthy):\n\n${problems.map((p) => `- ${p}`).join('\n')}\n` : 'Every request in every run answered 2xx; no errors or timeouts.'}

## Initial JavaScript per route (KB gzip)

Entry, root and route modules with their imports, from React Router's client manifest
(\`measureRoutes\` in scripts/check-bundle-size.mjs).

${table(
  ['route', 'path', 'KB gzip'],
  routes.map((route) => [`\`${route.id}\``, `\`${route.path}\``, fmt(route.kb, 1)]),
)}

## Reproducing

\`\`\`sh
npm install
npm run bench                                   # PGlite in a temporary directory
DATABASE_URL=postgres://user@127.0.0.1:5432/postgres npm run bench   # a scratch database on that server
\`\`\`

The run builds the shop, starts \`apps/api/dist/server.js\` (NODE_ENV=production, default log level) and
\`bench/bare-server.mjs\` as separate processes on free ports of 127.0.0.1, loads each in turn from
\`bench/load.mjs\` (a third process), then stops them and removes the temporary data (or drops the scratch
database). The machine has ${machine.cores} core(s): the server under test and the load generator compete for
them, so compare figures from the same machine only, and prefer the ratio to the absolute req/s.
`;
}

function ms3(latency) {
  return `${latency.p50} / ${latency.p97_5} / ${latency.p99}`;
}

// ---------------------------------------------------------------------------------------------------------
// Main

async function main() {
  if (!existsSync(serverEntry))
    throw new Error('apps/api/dist/server.js is missing: run `npm run build` first.');
  const started = Date.now();
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  onCleanUp(() => rmSync(workDir, { recursive: true, force: true }));

  const database = await prepareDatabase(workDir, process.env.DATABASE_URL);
  log(`database: ${database.kind}`);
  const shop = await startShop(workDir, database);
  log(`shop ready at ${shop.origin} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const bare = await startBare();
  log(`bare server at ${bare.origin}`);

  // Sanity: each URL answers 200 with what it should before it is loaded.
  await expectOk(`${bare.origin}/api/health/`, (body) => assertEqual(JSON.parse(body), { status: 'ok' }));
  await expectOk(`${shop.origin}/api/health/`, (body) => assertEqual(JSON.parse(body), { status: 'ok' }));
  const categoryCount = await expectOk(`${shop.origin}/api/categories/`, (body) => JSON.parse(body).count);
  await expectOk(`${shop.origin}/`, (body, response) => {
    if (!/^text\/html/.test(response.headers.get('content-type') ?? '')) throw new Error('GET / is not HTML');
    return body.length;
  });

  const common = { duration: DURATION_S, warmup: WARMUP_S };
  const onPostgres = Boolean(process.env.DATABASE_URL);
  const measure = async (server, urlPath, connections, { queriesDatabase = false } = {}) => {
    const otherCores = sampleOtherCpu(server.child.pid);
    const figure = summarise(
      await load({ ...common, url: `${server.origin}${urlPath}`, connections }),
      DURATION_S,
    );
    figure.otherCores = otherCores();
    figure.otherIncludesDatabase = onPostgres && queriesDatabase;
    return figure;
  };
  const figures = {};
  figures.bare = await measure(bare, '/api/health/', 50);
  figures.shop = await measure(shop, '/api/health/', 50);
  figures.categories = await measure(shop, '/api/categories/', 50, { queriesDatabase: true });
  figures.home = await measure(shop, '/', 10, { queriesDatabase: true });

  await cleanUp();

  const routes = measureRoutes();
  const machine = {
    ...machineFacts(),
    command: 'npm run bench',
    autocannon: autocannonVersion(),
    otherCpu: otherCpuSummary(figures),
    busy: Object.values(figures).some(isSkewed),
  };
  const markdown = report({
    machine,
    database: database.kind,
    figures,
    routes,
    catalogue: `${categoryCount} categories (\`GET /api/categories/\` count)`,
  });
  writeReportKeepingSections(markdown);

  const ratio = figures.shop.rps / figures.bare.rps;
  const home = routes.find((route) => route.path === '/');
  console.log(
    [
      `health: shop ${fmt(figures.shop.rps, 0)} req/s, bare ${fmt(figures.bare.rps, 0)} req/s, ratio ${fmt(ratio, 2)}`,
      `categories: ${fmt(figures.categories.rps, 0)} req/s, p50/p95/p99 ${ms(figures.categories.latency)} ms`,
      `home SSR: ${fmt(figures.home.rps, 0)} req/s, p50/p95/p99 ${ms(figures.home.latency)} ms`,
      `home JS: ${home ? fmt(home.kb, 1) : 'n/a'} KB gzip`,
      `written to ${path.relative(root, reportFile)} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    ].join('\n'),
  );
}

function assertEqual(actual, expected) {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    throw new Error(`expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }
}

try {
  await main();
} catch (error) {
  log(`failed: ${error.stack ?? error.message}`);
  await cleanUp();
  process.exit(1);
}
