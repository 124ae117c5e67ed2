// `npm run bench:catalogue`: the catalogue reads at 100k items. For each database it
// makes a scratch store (PGlite in a temporary DATA_DIR; with DATABASE_URL, a scratch database
// `bench_<timestamp>` on that server, dropped afterwards), seeds the synthetic catalogue
// (apps/api/dist/seed.js --items 100000), starts the production server and loads, with autocannon from a
// separate process (bench/load.mjs), each request with a different random input:
//   - suggestions   GET /api/products/?search={2-5 letter prefix of a word of the product names}
//   - size search   GET /api/items/?measurement_unit=..&category=..&width=..&height=..&length=..&approx_size=..
//   - category      GET /api/products/?category={slug}&page={n}
// It then times single requests one at a time, EXPLAIN ANALYZEs the statements the API's services send for a
// few of those requests (bench/explain-sql.ts) and runs Lighthouse on / and /category/wraps
// (bench/lighthouse.mjs). The figures go into marked sections of docs/benchmarks.md; the rest of the page
// (bench/run.mjs) is kept.
//
//   npm run bench:catalogue                               PGlite (+ Lighthouse when it is available)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:catalogue    PGlite and PostgreSQL
//   npm run bench:catalogue -- --only postgres,lighthouse   some parts only; the others' sections are kept
//   npm run bench:catalogue -- --only report                rewrite the summary from the recorded sections
//   options: --items N (100000), --connections N (50), --duration S (10), --warmup S (2), --sample N (150)
//   LIGHTHOUSE_DIR=/some/dir (where `npm i lighthouse@~12.8` was run) when lighthouse is not in the workspace
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { sizeSearchPath } from './catalogue-sql.mjs';
import {
  assertLocalDatabaseUrl,
  autocannonVersion,
  cleanUp,
  databaseEnv,
  expectOk,
  fmt,
  load,
  loadAverage,
  log,
  machineFacts,
  mulberry32,
  onCleanUp,
  pick,
  prepareDatabase,
  readReport,
  root,
  runNode,
  sampleOtherCpu,
  sectionContent,
  seedEntry,
  serverEntry,
  shuffle,
  sleep,
  startShop,
  stopChild,
  summarise,
  table,
  verdict,
  waitUntilIdle,
  writeSection,
} from './lib.mjs';
import {
  chromiumPath,
  lighthouseMissingReport,
  lighthouseReport,
  locateLighthouse,
  runLighthouse,
} from './lighthouse.mjs';

const { values: options } = parseArgs({
  options: {
    only: { type: 'string' },
    items: { type: 'string', default: '100000' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    sample: { type: 'string', default: '150' },
  },
});
const ITEMS = Number(options.items);
const CONNECTIONS = Number(options.connections);
const DURATION_S = Number(options.duration);
const WARMUP_S = Number(options.warmup);
const SAMPLE = Number(options.sample);
const ADMIN_URL = process.env.DATABASE_URL;

/** p95 targets, in ms, at 50 connections. */
const TARGETS = { suggestions: 5, size: 20, category: 15 };
/** The API keeps identical catalogue reads this long (apps/api/src/modules/catalogue/service.ts). */
const CACHE_TTL_MS = 10_000;
const LIGHTHOUSE_PAGES = ['/', '/category/wraps'];
/**
 * autocannon's request timeout. Longer than the 10 s default: PGlite answers one query at a time, and a
 * request that times out is sent again while the server still works on the abandoned one, which would
 * measure the retries rather than the server.
 */
const REQUEST_TIMEOUT_S = 60;
const SIZE_CATEGORIES = ['boxes', 'bags', 'postal'];
const SIZE_UNITS = ['MM', 'CM', 'IN', 'M'];
/** page_size values cycled through to give the uncached runs distinct cache keys (see the report). */
const SUGGESTION_PAGE_SIZES = range(10, 19);
const CATEGORY_PAGE_SIZES = range(20, 29);

function range(from, to) {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

// ---------------------------------------------------------------------------------------------------------
// Random inputs (seeded, so two runs send the same requests)

const wordsOf = (name) =>
  name
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word.length >= 2);

/** A prefix as a visitor types it: a random product, a random word of its name, its first 2-5 letters. */
function typedPrefix(random, names) {
  for (;;) {
    const words = wordsOf(pick(random, names));
    if (words.length === 0) continue;
    const word = pick(random, words);
    const length = 2 + Math.floor(random() * (Math.min(5, word.length) - 1));
    return word.slice(0, length);
  }
}

/** Every distinct 2-5 letter prefix of every word of the names. */
function allPrefixes(names) {
  const prefixes = new Set();
  for (const name of names) {
    for (const word of wordsOf(name)) {
      for (let length = 2; length <= Math.min(5, word.length); length++) prefixes.add(word.slice(0, length));
    }
  }
  return [...prefixes].sort();
}

/** A valid size search: any unit and category, 0-100 with one decimal, two or three dimensions positive. */
function randomSizeSearch(random) {
  const dimension = () => Math.max(0.1, Math.round(random() * 1000) / 10);
  const values = [dimension(), dimension(), dimension()];
  if (random() < 0.5) values[Math.floor(random() * 3)] = 0;
  return {
    unit: pick(random, SIZE_UNITS),
    category: pick(random, SIZE_CATEGORIES),
    width: values[0],
    height: values[1],
    length: values[2],
    mode: random() < 0.5 ? 'approx' : 'minimum',
  };
}

const suggestionPath = (prefix, pageSize) =>
  `/api/products/?${new URLSearchParams({ search: prefix, page_size: String(pageSize) })}`;
const categoryPath = (slug, page, pageSize) =>
  `/api/products/?${new URLSearchParams({ category: slug, page: String(page), ...(pageSize ? { page_size: String(pageSize) } : {}) })}`;

/** The request lists of one run, written to files for bench/load.mjs. */
function makeInputs(workDir, catalogue) {
  const random = mulberry32(20_261_122);
  const prefixes = allPrefixes(catalogue.names);
  const lists = {
    // Uncached: every (prefix, page_size) once, shuffled, so no cache key repeats until the list wraps.
    suggestionsUncached: shuffle(
      random,
      prefixes.flatMap((prefix) => SUGGESTION_PAGE_SIZES.map((size) => suggestionPath(prefix, size))),
    ),
    // As the storefront sends them: prefixes weighted by how often visitors would type them, page_size 10.
    suggestionsDeployed: Array.from({ length: 20_000 }, () =>
      suggestionPath(typedPrefix(random, catalogue.names), 10),
    ),
    size: Array.from({ length: 20_000 }, () => sizeSearchPath(randomSizeSearch(random))),
    categoryUncached: shuffle(
      random,
      catalogue.categories.flatMap(({ slug, count }) =>
        CATEGORY_PAGE_SIZES.flatMap((size) =>
          range(1, Math.max(1, Math.ceil(count / size))).map((page) => categoryPath(slug, page, size)),
        ),
      ),
    ),
    categoryDeployed: Array.from({ length: 20_000 }, () => {
      const { slug, count } = pick(random, catalogue.categories);
      return categoryPath(slug, 1 + Math.floor(random() * Math.max(1, Math.ceil(count / 20))));
    }),
  };
  const files = {};
  for (const [name, paths] of Object.entries(lists)) {
    files[name] = path.join(workDir, `${name}.txt`);
    writeFileSync(files[name], `${paths.join('\n')}\n`);
  }
  return { lists, files, prefixes };
}

// ---------------------------------------------------------------------------------------------------------
// The catalogue as the API lists it

async function readCatalogue(origin) {
  const categories = await expectOk(
    `${origin}/api/categories/?page_size=100`,
    (body) => JSON.parse(body).results,
  );
  const listed = [];
  const names = [];
  for (const { slug } of categories) {
    let count = 0;
    for (let page = 1; ; page++) {
      const body = await expectOk(`${origin}${categoryPath(slug, page, 100)}`, (text) => JSON.parse(text));
      count = body.count;
      names.push(...body.results.map((product) => product.name));
      if (!body.next) break;
    }
    listed.push({ slug, count });
  }
  return { categories: listed, names };
}

// ---------------------------------------------------------------------------------------------------------
// Measuring

async function measureLoad(shop, database, name, file, connections) {
  await waitUntilIdle(shop);
  const otherCores = sampleOtherCpu(shop.child.pid);
  const figure = summarise(
    await load({
      url: `${shop.origin}/`,
      pathsFile: file,
      connections,
      duration: DURATION_S,
      warmup: WARMUP_S,
      cacheTtlMs: CACHE_TTL_MS,
      timeout: REQUEST_TIMEOUT_S,
    }),
    DURATION_S,
  );
  figure.otherCores = otherCores();
  figure.otherIncludesDatabase = database.engine === 'postgres';
  figure.loadAverage = loadAverage();
  await waitUntilIdle(shop);
  log(
    `${name}: ${fmt(figure.rps, 0)} req/s, p50/p95/p99 ${fmt(figure.latency.p50, 2)} / ${fmt(figure.latency.p95, 2)} / ${fmt(figure.latency.p99, 2)} ms`,
  );
  return figure;
}

const percentile = (sorted, p) =>
  sorted.length === 0
    ? null
    : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

/** Times requests one at a time (no queueing): what one request costs the server and its database. */
async function sequentialSample(origin, paths, classify) {
  const byClass = new Map();
  for (const requestPath of paths) {
    const started = performance.now();
    const response = await fetch(`${origin}${requestPath}`);
    const body = await response.json();
    const elapsed = performance.now() - started;
    if (response.status !== 200) throw new Error(`GET ${requestPath} answered ${response.status}`);
    for (const key of ['all', classify(requestPath)]) {
      const entry = byClass.get(key) ?? { times: [], withResults: 0 };
      entry.times.push(elapsed);
      if (body.count > 0) entry.withResults++;
      byClass.set(key, entry);
    }
  }
  return [...byClass.entries()].map(([key, { times, withResults }]) => {
    const sorted = times.sort((a, b) => a - b);
    return {
      key,
      n: sorted.length,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      max: sorted[sorted.length - 1],
      withResults,
    };
  });
}

function classifySuggestion(requestPath) {
  const search = new URL(requestPath, 'http://x').searchParams.get('search');
  return `${search.length} letters`;
}

function classifySize(requestPath) {
  const params = new URL(requestPath, 'http://x').searchParams;
  const positive = ['width', 'height', 'length'].filter((k) => Number(params.get(k)) > 0).length;
  const mode = params.get('minimum_size') === 'true' ? 'minimum' : 'approx';
  return `${mode}, ${positive} dims`;
}

function classifyCategory(requestPath) {
  const page = Number(new URL(requestPath, 'http://x').searchParams.get('page'));
  return page === 1 ? 'page 1' : page <= 10 ? 'pages 2-10' : 'pages > 10';
}

// ---------------------------------------------------------------------------------------------------------
// EXPLAIN

/** Representative inputs for the plans: typical and worst cases of each read. */
function explainCases(catalogue) {
  const wraps = catalogue.categories.find((c) => c.slug === 'wraps') ?? catalogue.categories[0];
  const lastPage = Math.max(1, Math.ceil(wraps.count / 20));
  const size = (label, search) => ({ endpoint: 'size search', label, path: sizeSearchPath(search) });
  return [
    {
      endpoint: 'suggestions',
      label: '"pa" (2 letters: substring only)',
      path: suggestionPath('pa', 10),
    },
    {
      endpoint: 'suggestions',
      label: '"heav" (4 letters: substring or similar word)',
      path: suggestionPath('heav', 10),
    },
    {
      endpoint: 'suggestions',
      label: '"wrap" (also a category name)',
      path: suggestionPath('wrap', 10),
    },
    size('approx, boxes 30 x 20 x 40 CM', {
      unit: 'CM',
      category: 'boxes',
      width: 30,
      height: 20,
      length: 40,
      mode: 'approx',
    }),
    size('approx, bags 10 x 12 IN (2 dims)', {
      unit: 'IN',
      category: 'bags',
      width: 10,
      height: 12,
      length: 0,
      mode: 'approx',
    }),
    size('minimum, boxes 10 x 10 MM (2 dims, matches every box)', {
      unit: 'MM',
      category: 'boxes',
      width: 10,
      height: 10,
      length: 0,
      mode: 'minimum',
    }),
    {
      endpoint: 'category',
      label: `wraps, page 1`,
      path: categoryPath(wraps.slug, 1),
    },
    {
      endpoint: 'category',
      label: `wraps, page ${lastPage} (last)`,
      path: categoryPath(wraps.slug, lastPage),
    },
  ];
}

/** The counts the API answers for the cases, to check that the explained reads had the requests' inputs. */
async function apiCounts(origin, cases) {
  for (const c of cases) c.apiCount = await expectOk(`${origin}${c.path}`, (body) => JSON.parse(body).count);
}

const PLAN_RUNS = 3;
const execFileAsync = promisify(execFile);

/**
 * EXPLAIN (ANALYZE, BUFFERS) of every statement the API's services send for each case's request, with the
 * values they send (bench/explain-sql.ts, in its own process: on PGlite, once the server has let go of the
 * data directory). Adds each case's `statements` and the count its services answered (`explainedCount`).
 */
async function explainCasesOn(database, cases) {
  const script = path.join(root, 'bench/explain-sql.ts');
  const { stdout } = await execFileAsync(
    process.execPath,
    ['--import', 'tsx', script, '--runs', String(PLAN_RUNS), ...cases.map((c) => c.path)],
    { cwd: root, env: databaseEnv(database), maxBuffer: 64 * 1024 * 1024 },
  );
  const explained = JSON.parse(stdout);
  cases.forEach((c, i) => {
    c.explainedCount = explained.reads[i].count;
    c.statements = explained.reads[i].statements;
  });
  return { cases, relations: explained.relations, version: explained.version };
}

/** A plan for the page: no buffer lines, long conditions cut. */
function trimPlan(text) {
  return text
    .split('\n')
    .filter((line) => !/^\s*Buffers:|^\s*Planning:$/.test(line))
    .map((line) => (line.length > 190 ? `${line.slice(0, 187)}...` : line))
    .join('\n');
}

// ---------------------------------------------------------------------------------------------------------
// One database

async function benchDatabase(engine, { lighthouse }) {
  const started = Date.now();
  const workDir = mkdtempSync(path.join(os.tmpdir(), `shop-bench-catalogue-${engine}-`));
  onCleanUp(() => rmSync(workDir, { recursive: true, force: true }));
  const database = await prepareDatabase(workDir, engine === 'postgres' ? ADMIN_URL : undefined);
  log(`database: ${database.kind}`);

  log(`seeding ${ITEMS} synthetic items`);
  const seedStarted = Date.now();
  const seedOutput = await runNode([seedEntry, '--items', String(ITEMS)], {
    env: databaseEnv(database, { NODE_ENV: 'production', LOG_LEVEL: 'warn' }),
  });
  const seedSeconds = (Date.now() - seedStarted) / 1000;
  log(seedOutput.trim().split('\n').at(-1));
  if (database.engine === 'postgres') {
    // The state autovacuum reaches soon after a bulk load (visibility map set, statistics fresh); without
    // it, autovacuum starts at a random moment of the runs. PGlite has no autovacuum: it stays as seeded.
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: database.databaseUrl });
    await client.connect();
    await client.query('vacuum (analyze)');
    await client.end();
  }

  const shop = await startShop(workDir, database, { LOG_LEVEL: 'warn' });
  log(`shop ready at ${shop.origin}`);
  const catalogue = await readCatalogue(shop.origin);
  const productCount = catalogue.categories.reduce((sum, c) => sum + c.count, 0);
  log(`catalogue: ${productCount} products in ${catalogue.categories.length} categories`);
  const inputs = makeInputs(workDir, catalogue);
  for (const file of Object.keys(inputs.files)) {
    for (const requestPath of inputs.lists[file].slice(0, 3)) await expectOk(`${shop.origin}${requestPath}`);
  }

  const result = {
    engine,
    database: database.kind,
    facts: machineFacts(),
    autocannon: autocannonVersion(),
    seedSeconds,
    productCount,
    categories: catalogue.categories,
    prefixCount: inputs.prefixes.length,
    listLengths: Object.fromEntries(Object.entries(inputs.lists).map(([k, v]) => [k, v.length])),
    loads: {},
    samples: {},
  };

  if (selected.has(engine)) {
    const healthFile = path.join(workDir, 'health.txt');
    writeFileSync(healthFile, '/api/health/\n');
    const runs = [
      ['health', healthFile],
      ['suggestionsUncached', inputs.files.suggestionsUncached],
      ['suggestionsDeployed', inputs.files.suggestionsDeployed],
      ['size', inputs.files.size],
      ['categoryUncached', inputs.files.categoryUncached],
      ['categoryDeployed', inputs.files.categoryDeployed],
    ];
    for (const [name, file] of runs) {
      // Cached reads of the previous run must expire before an uncached run starts.
      if (name.endsWith('Uncached')) await sleep(CACHE_TTL_MS + 500);
      result.loads[name] = await measureLoad(shop, database, name, file, CONNECTIONS);
    }

    // One at a time, after the cache has expired, from a fresh part of each shuffled list.
    await sleep(CACHE_TTL_MS + 500);
    log(`timing ${SAMPLE} single requests per read`);
    const fresh = (list) => list.slice(Math.floor(list.length / 2), Math.floor(list.length / 2) + SAMPLE);
    result.samples.suggestions = await sequentialSample(
      shop.origin,
      fresh(inputs.lists.suggestionsUncached),
      classifySuggestion,
    );
    result.samples.size = await sequentialSample(shop.origin, fresh(inputs.lists.size), classifySize);
    result.samples.category = await sequentialSample(
      shop.origin,
      fresh(inputs.lists.categoryUncached),
      classifyCategory,
    );

    const cases = explainCases(catalogue);
    await apiCounts(shop.origin, cases);
    // PGlite's data directory is the server's alone while it runs.
    if (database.engine === 'pglite') await stopChild(shop.child);
    result.explain = await explainCasesOn(database, cases);
  }

  if (lighthouse) {
    if (shop.child.exitCode !== null || shop.child.signalCode !== null) {
      result.lighthouseServer = await startShop(workDir, database, { LOG_LEVEL: 'warn' });
    }
    const origin = (result.lighthouseServer ?? shop).origin;
    // Warm the server's caches so that no run pays for the first render.
    for (const page of LIGHTHOUSE_PAGES) for (let i = 0; i < 3; i++) await expectOk(`${origin}${page}`);
    await sleep(2000);
    try {
      result.lighthouse = await runLighthouse(origin, LIGHTHOUSE_PAGES, 3);
    } catch (error) {
      log(`lighthouse failed: ${error.stack ?? error.message}`);
      result.lighthouseError = error.message;
    }
    result.lighthouseDatabase = `${database.kind} with the ${ITEMS.toLocaleString('en-GB')}-item catalogue`;
  }

  await cleanUp();
  result.seconds = (Date.now() - started) / 1000;
  return result;
}

// ---------------------------------------------------------------------------------------------------------
// Report

const ENDPOINTS = {
  suggestions: {
    title: 'suggestions `GET /api/products/?search={prefix}`',
    target: TARGETS.suggestions,
    uncached: 'suggestionsUncached',
    deployed: 'suggestionsDeployed',
  },
  size: {
    title: 'size search `GET /api/items/?measurement_unit=…`',
    target: TARGETS.size,
    uncached: 'size',
    deployed: null,
  },
  category: {
    title: 'category listing `GET /api/products/?category={slug}&page={n}`',
    target: TARGETS.category,
    uncached: 'categoryUncached',
    deployed: 'categoryDeployed',
  },
};

const lat = (l) => `${fmt(l.p50, 2)} / **${fmt(l.p95, 2)}** / ${fmt(l.p99, 2)}`;

function missBy(p95, target) {
  if (p95 <= target) return 'pass';
  return `**miss** by ${fmt(p95 - target, 1)} ms (${fmt(p95 / target, 1)}x the target)`;
}

function repeatsNote(figure) {
  const paths = figure.paths;
  if (!paths) return '—';
  const share = paths.sent ? (100 * paths.repeatsWithinTtl) / paths.sent : 0;
  return `${fmt(paths.listed, 0)} distinct, ${fmt(share, 1)} % repeats < 10 s`;
}

function engineTitle(result) {
  return result.engine === 'postgres' ? 'PostgreSQL' : 'PGlite';
}

function engineReport(result) {
  const { loads, samples, explain } = result;
  const name = engineTitle(result);
  const rows = [];
  for (const [key, endpoint] of Object.entries(ENDPOINTS)) {
    const uncached = loads[endpoint.uncached];
    rows.push([
      endpoint.title,
      key === 'size'
        ? 'random valid parameters (no in-process cache on this read)'
        : 'random, cache defeated',
      fmt(uncached.rps, 0),
      lat(uncached.latency),
      repeatsNote(uncached),
      `≤ ${endpoint.target}`,
      missBy(uncached.latency.p95, endpoint.target),
    ]);
    if (endpoint.deployed) {
      const deployed = loads[endpoint.deployed];
      rows.push([
        '↳ as deployed',
        key === 'suggestions'
          ? 'random typed prefixes, page_size=10, 10 s cache on'
          : 'random category and page, 10 s cache on',
        fmt(deployed.rps, 0),
        lat(deployed.latency),
        repeatsNote(deployed),
        '—',
        `(${missBy(deployed.latency.p95, endpoint.target).replace(/\*\*/g, '')})`,
      ]);
    }
  }
  rows.push([
    'reference: `GET /api/health/` (no I/O)',
    'the same request',
    fmt(loads.health.rps, 0),
    lat(loads.health.latency),
    '—',
    '—',
    'floor at this concurrency',
  ]);
  const problems = Object.entries(loads).flatMap(([n, f]) => f.problems.map((p) => `${n}: ${p}`));
  const other = Object.entries(loads)
    .map(([n, f]) => `${n} ${fmt(f.otherCores, 2)}`)
    .join(', ');

  const sampleTable = (title, list) =>
    table(
      ['class', 'n', 'p50 (ms)', 'p95 (ms)', 'max (ms)', 'with results'],
      list
        .sort((a, b) => (a.key === 'all' ? -1 : b.key === 'all' ? 1 : a.key.localeCompare(b.key)))
        .map((s) => [
          s.key === 'all' ? `**${title}, all**` : s.key,
          s.n,
          fmt(s.p50, 2),
          fmt(s.p95, 2),
          fmt(s.max, 1),
          `${fmt((100 * s.withResults) / s.n, 0)} %`,
        ]),
    );

  return `### ${name === 'PGlite' ? 'PGlite (embedded)' : result.database}

Run ${result.facts.date}, revision ${result.facts.revision}, ${result.facts.cpu} (${result.facts.cores} cores,
${result.facts.memory}), Node.js ${result.facts.node}, autocannon ${result.autocannon}. Catalogue: the demo catalogue plus
${ITEMS.toLocaleString('en-GB')} synthetic items (seeded in ${fmt(result.seedSeconds, 0)} s), ${result.productCount.toLocaleString('en-GB')} products in
${result.categories.length} categories (${result.categories.map((c) => `${c.slug} ${c.count}`).join(', ')}); ${result.prefixCount} distinct 2-5 letter
prefixes of the words of the product names.${result.engine === 'postgres' ? ' `VACUUM (ANALYZE)` after seeding (the state autovacuum reaches).' : ' As seeded (the seed ANALYZEs; PGlite has no autovacuum).'}

**Load: ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s, a different input for each request**

${table(['read', 'inputs', 'req/s', 'p50 / p95 / p99 (ms)', 'request paths', 'p95 target (ms)', 'result'], rows)}

Average cores used by other processes during each run: ${other}${result.engine === 'postgres' ? ' (these include the PostgreSQL server itself)' : ''}.
${problems.length ? `\n**Errors during the runs** (these figures are not trustworthy):\n\n${problems.map((p) => `- ${p}`).join('\n')}\n` : 'Every request answered 2xx.'}

**Single requests, one at a time** (no queueing; the cache had expired; ${SAMPLE} inputs per read, timed by the client)

${sampleTable('suggestions', samples.suggestions)}

${sampleTable('size search', samples.size)}

${sampleTable('category listing', samples.category)}

${explain ? explainReport(result) : ''}`;
}

/** A statement's prepared name (PostgreSQL), else its place among the request's (PGlite names none). */
const statementName = (statement, i) => statement.name ?? `statement ${i + 1}`;

function explainSummaryTable(cases) {
  return table(
    [
      'read',
      'input',
      'statement',
      'planning (ms)',
      'execution (ms)',
      'indexes used',
      'sequential scans',
      'count: explained / API',
    ],
    cases.flatMap((c) =>
      c.statements.map((s, i) => [
        i === 0 ? c.endpoint : '',
        i === 0 ? c.label : '',
        s.name ? `\`${s.name}\`` : statementName(s, i),
        fmt(s.planningMs, 2),
        fmt(s.executionMs, 2),
        s.indexes.map((index) => `\`${index}\``).join(', ') || '—',
        s.seqScans.length
          ? s.seqScans.map((t) => (t === 'items' ? '**`items`**' : `\`${t}\``)).join(', ')
          : 'none',
        i === 0
          ? `${c.explainedCount} / ${c.apiCount}${c.explainedCount === c.apiCount ? '' : ' **(differ: bench/explain-sql.ts did not read what the request asks)**'}`
          : '',
      ]),
    ),
  );
}

function explainReport(result) {
  const { cases, relations, version } = result.explain;
  const seqOnItems = cases.filter((c) => c.statements.some((s) => s.seqScans.includes('items')));
  const rel = relations
    .map(
      (r) =>
        `${r.relname} ${Number(r.reltuples).toLocaleString('en-GB')} rows, ${r.relallvisible}/${r.relpages} pages all-visible`,
    )
    .join('; ');
  const detail =
    result.engine === 'postgres'
      ? cases
          .map(
            (c) => `<details><summary>${c.endpoint}: ${c.label}</summary>

\`${c.path}\`

\`\`\`text
${c.statements.map((s, i) => `-- ${statementName(s, i)}\n${trimPlan(s.plan)}`).join('\n\n')}
\`\`\`

</details>`,
          )
          .join('\n\n')
      : '';
  return `**EXPLAIN (ANALYZE, BUFFERS)** on ${result.engine === 'postgres' ? `PostgreSQL ${version}` : `PGlite (PostgreSQL ${version})`}, the last of
${PLAN_RUNS} runs of each statement the API's services send for the request, in their order and with
their values (bench/explain-sql.ts records them from the services themselves; the count they answered is
checked against the API's). Custom plans for these values. Relations: ${rel}.
Sequential scan over \`items\`: ${seqOnItems.length ? `**yes**, in ${seqOnItems.map((c) => `${c.endpoint} ${c.label}`).join('; ')}` : 'none'}.

${explainSummaryTable(cases)}

${detail}`;
}

function summaryReport(results) {
  const rows = [];
  for (const [key, endpoint] of Object.entries(ENDPOINTS)) {
    const cells = ['pglite', 'postgres'].map((engine) => {
      const r = results[engine];
      if (!r?.loads?.[endpoint.uncached]) return 'not measured';
      const p95 = r.loads[endpoint.uncached].latency.p95;
      return `${fmt(p95, 1)} ms — ${missBy(p95, endpoint.target)}`;
    });
    const one = ['pglite', 'postgres'].map((engine) => {
      const s = results[engine]?.samples?.[key]?.find((x) => x.key === 'all');
      return s ? `${fmt(s.p50, 1)} / ${fmt(s.p95, 1)}` : 'n/a';
    });
    rows.push([endpoint.title, `≤ ${endpoint.target} ms`, ...cells, ...one]);
  }
  return table(
    [
      'read (random inputs, cache defeated)',
      'p95 target',
      `PGlite p95 at ${CONNECTIONS} conn.`,
      `PostgreSQL p95 at ${CONNECTIONS} conn.`,
      'PGlite one at a time p50 / p95',
      'PostgreSQL one at a time p50 / p95',
    ],
    rows,
  );
}

const DATA = (result) => `<!-- data ${JSON.stringify(stripForData(result))} -->`;

function stripForData(result) {
  return {
    engine: result.engine,
    loads: Object.fromEntries(
      Object.entries(result.loads ?? {}).map(([k, v]) => [k, { latency: v.latency, rps: v.rps }]),
    ),
    samples: result.samples,
  };
}

function readData(engine) {
  const match = new RegExp(
    `<!-- bench:catalogue-${engine}:start -->[\\s\\S]*?<!-- data (\\{.*?\\}) -->`,
  ).exec(readReport());
  if (!match) return null;
  try {
    return JSON.parse(match[1]);
  } catch {
    return null;
  }
}

function introReport(results) {
  return `## Catalogue at ${ITEMS.toLocaleString('en-GB')} items (issue 3, "Speed")

Written by \`npm run bench:catalogue\` (bench/catalogue.mjs); \`DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:catalogue\`
adds PostgreSQL (a scratch database, dropped afterwards). Each database is seeded with
\`apps/api/dist/seed.js --items ${ITEMS}\` and served by the production build (\`NODE_ENV=production LOG_LEVEL=warn\`);
autocannon loads it from its own process, every request with a different random input:

- **suggestions**: 2-5 letter prefixes of the words of the synthetic product names ("pa", "kraf", "heav").
- **size search**: any unit (MM, CM, IN, M) and category (boxes, bags, postal), Approx or Minimum, two or three
  dimensions from 0.1 to 100 with one decimal; many such searches find nothing (100 m boxes) and some find
  every item of the category (10 mm minimum), which is the point of random input.
- **category listing**: any of the seven categories and any page of it.

The API keeps identical catalogue reads (categories, product lists, suggestions) for 10 s in-process. With
random inputs over a small vocabulary most requests would still be answered from that cache (there are only a
few hundred distinct prefixes and about 500 category pages), so the **uncached** runs, which the targets are judged
on, cycle through a shuffled list in which each request path is unique until the list wraps: every (prefix,
\`page_size\` ${SUGGESTION_PAGE_SIZES[0]}-${SUGGESTION_PAGE_SIZES.at(-1)}) and every (category, page, \`page_size\` ${CATEGORY_PAGE_SIZES[0]}-${CATEGORY_PAGE_SIZES.at(-1)}). \`page_size\` is part of the cache key,
and varying it changes only the LIMIT of the query and a few more products in the answer. The "request paths"
column gives the share of requests that repeated a path sent less than 10 s before (what the cache could have
answered). The **as deployed** runs send what the storefront sends (\`page_size=10\` suggestions; category pages of
20) with the cache doing its job. The size search has no in-process cache. The \`/api/health/\` run is the floor:
on this 2-core machine the load generator and the server share the cores, and at ${CONNECTIONS} connections a
request waits for the ones ahead of it, so p95 there is mostly queueing (Little's law: ${CONNECTIONS} connections / req/s).
The "one at a time" tables give what a single request costs. The machine is shared with other work
(builds, test suites); the line under each load table gives the cores other processes used during each run, so
treat the figures as pessimistic.

Lighthouse (at the end) runs when \`lighthouse\` 12.8 resolves from the workspace or from \`LIGHTHOUSE_DIR\`, a
directory where \`npm i lighthouse@~12.8\` was run: it is not a workspace devDependency, because with it the
lockfile goes out of step with the registry whenever \`third-party-web\` publishes (a dependency of Lighthouse
asks for that package's \`latest\` tag) and \`npm ci\` fails.

**Summary** (p95 of the uncached runs, against issue 3's targets; one-at-a-time figures from the tables below)

${summaryReport(results)}
`;
}

// ---------------------------------------------------------------------------------------------------------
// Main

const selected = new Set(
  (options.only ?? ['pglite', ...(ADMIN_URL ? ['postgres'] : []), 'lighthouse'].join(','))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

async function main() {
  for (const part of selected) {
    if (!['pglite', 'postgres', 'lighthouse', 'report'].includes(part))
      throw new Error(`unknown part "${part}" in --only`);
  }
  if (selected.has('postgres')) {
    if (!ADMIN_URL) throw new Error('--only postgres needs DATABASE_URL (an admin URL of a local server)');
    assertLocalDatabaseUrl(ADMIN_URL);
  }
  if (!existsSync(serverEntry) || !existsSync(seedEntry))
    throw new Error('apps/api/dist is missing: run `npm run build` first.');
  log(`parts: ${[...selected].join(', ')}; root ${root}`);

  const located = locateLighthouse();
  const wantLighthouse = selected.has('lighthouse');
  const lighthouseNote = !located
    ? 'Lighthouse is not installed in the workspace (see "Lighthouse" below) and LIGHTHOUSE_DIR names no install.'
    : null;
  const results = {};
  if (sectionContent(readReport(), 'catalogue') === null)
    writeSection('catalogue', '## Catalogue (being measured)');
  // Lighthouse runs on the PGlite server (the default `npm start` configuration).
  if (selected.has('pglite') || (wantLighthouse && located)) {
    results.pglite = await benchDatabase('pglite', { lighthouse: wantLighthouse && Boolean(located) });
    if (selected.has('pglite'))
      writeSection('catalogue-pglite', `${engineReport(results.pglite)}\n\n${DATA(results.pglite)}`, {
        after: 'catalogue',
      });
  }
  if (selected.has('postgres')) {
    results.postgres = await benchDatabase('postgres', { lighthouse: false });
    writeSection('catalogue-postgres', `${engineReport(results.postgres)}\n\n${DATA(results.postgres)}`, {
      after: ['catalogue-pglite', 'catalogue'],
    });
  }
  if (wantLighthouse) {
    const body = results.pglite?.lighthouse
      ? lighthouseReport({
          located: results.pglite.lighthouse.located,
          results: results.pglite.lighthouse.results,
          facts: results.pglite.facts,
          database: results.pglite.lighthouseDatabase,
        })
      : lighthouseMissingReport(
          lighthouseNote ??
            `Lighthouse failed (${results.pglite?.lighthouseError ?? `Chromium at ${chromiumPath()} did not run`}).`,
        );
    writeSection('lighthouse', body, { after: ['catalogue-postgres', 'catalogue-pglite', 'catalogue'] });
  }
  const summaries = {
    pglite: results.pglite?.loads?.health ? stripForData(results.pglite) : readData('pglite'),
    postgres: results.postgres ? stripForData(results.postgres) : readData('postgres'),
  };
  writeSection('catalogue', introReport(summaries));
  log(`written to docs/benchmarks.md`);
  for (const [engine, r] of Object.entries(results)) {
    if (!r.loads?.health) continue;
    for (const [key, endpoint] of Object.entries(ENDPOINTS)) {
      const l = r.loads[endpoint.uncached].latency;
      console.log(
        `${engine} ${key}: p50/p95/p99 ${fmt(l.p50, 2)} / ${fmt(l.p95, 2)} / ${fmt(l.p99, 2)} ms (target p95 ${endpoint.target}) ${verdict(l.p95 <= endpoint.target)}`,
      );
    }
  }
  for (const page of results.pglite?.lighthouse?.results ?? []) {
    const m = page.median;
    console.log(
      `lighthouse ${page.page}: performance ${fmt(m.performance, 0)}, FCP ${fmt(m.fcpMs, 0)} ms, LCP ${fmt(m.lcpMs, 0)} ms, CLS ${fmt(m.cls, 3)}, TBT ${fmt(m.tbtMs, 0)} ms`,
    );
  }
}

try {
  await main();
} catch (error) {
  log(`failed: ${error.stack ?? error.message}`);
  await cleanUp();
  process.exit(1);
}
