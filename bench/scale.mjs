// `npm run bench:scale`: the floor, the tails, scale-out and memory at 100k items. Like
// bench/product.mjs: a scratch store per database (PGlite in a temporary DATA_DIR; with DATABASE_URL, a
// scratch database `bench_<timestamp>`, dropped afterwards), the synthetic catalogue (apps/api/dist/seed.js
// --items N), the production server (NODE_ENV=production, its log written straight to a file) and autocannon
// from its own process (bench/load.mjs). It measures:
//   1. GET /api/health/ at 50 connections: bench/bare-server.mjs (node:http) and the shop at LOG_LEVEL=warn
//      and LOG_LEVEL=info; the ratio shop / bare of each (targets ≥ 0.9 and ≥ 0.6).
//   2. Pages as deployed (`accept-encoding: br, gzip`): one product page again and again, answered by the
//      rendered-page cache (target ≥ 5,000 req/s); every product page of the catalogue, shuffled, each once
//      before any repeats (the page cache rarely answers), at 10 and at 50 connections (target p99 ≤ 10× p50,
//      and ≥ 300 req/s at 10); the home page at 10 connections (cached: its cache key ignores the query).
//   3. Scale-out (PostgreSQL): the product-page cycle and the category listing
//      GET /api/products/?category={slug}&page={n}&page_size={20..29} (cache defeated) with WEB_CONCURRENCY=1
//      and 2; the gain.
//   4. Memory and event-loop delay under a mixed load (product pages, category pages, suggestions, size
//      searches, product reads, cart adds) for --mixed-minutes, one process, at 10 connections on PGlite and
//      50 on PostgreSQL, sampling GET /api/health/process/ every 10 s (targets: RSS ≤ 150 MB at the end,
//      event-loop delay p99 ≤ 20 ms; on PGlite no request over 1 s).
// Every single-process figure runs with WEB_CONCURRENCY=1 (the default on PostgreSQL is one per core). The
// figures go into the marked section `scale` of docs/benchmarks.md; text between `<!-- scale:notes -->` and
// `<!-- /scale:notes -->` there is kept, and so is the block of an engine that was not run.
//
//   npm run bench:scale                                                           PGlite
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:scale  PGlite and PostgreSQL
//   npm run bench:scale -- --only postgres
//   options: --only pglite|postgres, --items N (100000), --duration S (10), --warmup S (2),
//            --mixed-minutes M (10), --skip-mixed
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sizeSearchPath } from './catalogue-sql.mjs';
import {
  all,
  api,
  assertLocalDatabaseUrl,
  autocannonVersion,
  cartItems,
  cleanUp,
  databaseEnv,
  expectOk,
  fmt,
  inParallel,
  isSkewed,
  load,
  loadSpread,
  log,
  machineFacts,
  mulberry32,
  onCleanUp,
  otherCpuSummary,
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
  signUp,
  sleep,
  startChild,
  startShop,
  stopChild,
  summarise,
  table,
  waitUntilIdle,
  writeSection,
} from './lib.mjs';

const { values: options } = parseArgs({
  options: {
    only: { type: 'string' },
    items: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    'mixed-minutes': { type: 'string', default: '10' },
    'skip-mixed': { type: 'boolean', default: false },
  },
});
const ITEMS = Number(options.items);
const DURATION_S = Number(options.duration);
const WARMUP_S = Number(options.warmup);
const MIXED_MINUTES = Number(options['mixed-minutes']);
const SKIP_MIXED = options['skip-mixed'];
const ADMIN_URL = process.env.DATABASE_URL;

const CONNECTIONS = 50;
const PAGE_CONNECTIONS = 10;
/**
 * Load generator processes for the figures of one fixed URL (health, cached pages): one autocannon process
 * saturates its core first there (the server sat 20-80 % idle under one), so two share the connections.
 */
const GENERATORS = 2;
const MIXED_CONNECTIONS = { pglite: 10, postgres: 50 };
/** The product page of the cached figure (a demo product) and what a browser sends. */
const CACHED_PRODUCT = '/details/bags/mailing-bags';
const BROWSER = { 'accept-encoding': 'br, gzip' };
/** The server's rendered-page cache keeps a page 10 min (apps/api/src/storefront/index.ts). */
const PAGE_CACHE_TTL_MS = 10 * 60_000;
/** The API's catalogue reads are kept 10 s (apps/api/src/modules/catalogue/service.ts). */
const CATALOGUE_CACHE_TTL_MS = 10_000;
const CATEGORY_PAGE_SIZES = range(20, 29);
/** Products a category page of the storefront lists (apps/web/app/routes/category.tsx). */
const PRODUCTS_PER_PAGE = 24;
const REQUEST_TIMEOUT_S = 60;
const SAMPLE_EVERY_MS = 10_000;
/** Mixed load: products whose variants and items are read for the product reads and the cart adds. */
const MIXED_SAMPLE = 300;
const MIXED_LIST_LENGTH = 50_000;
const BUYERS = 100;
const CART_LINES = 5;
/** Distinct items each buyer cycles through: the most lines a cart holds. */
const CART_ITEMS = 40;
/** Access tokens live 15 min (apps/api/src/modules/accounts/tokens.ts): longer loads send no cart adds. */
const CART_MINUTES_LIMIT = 13;
/** Requests of each kind in every 20 of the mixed load. */
const MIX = {
  productPage: 6,
  categoryPage: 3,
  home: 1,
  suggestions: 3,
  size: 2,
  variants: 2,
  items: 1,
  tiers: 1,
  cart: 1,
};

const TARGETS = {
  healthWarn: 0.9,
  healthInfo: 0.6,
  cachedPageRps: 5_000,
  pageRenderRps: 300,
  categoryRps: 2_000,
  tailRatio: 10,
  rssMb: 150,
  eventLoopP99Ms: 20,
  pgliteMaxMs: 1_000,
};

function range(from, to) {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** A copy of `list` starting at `offset` (wrapping round), so two runs start on different pages. */
const rotate = (list, offset) => [
  ...list.slice(offset % list.length),
  ...list.slice(0, offset % list.length),
];

// ---------------------------------------------------------------------------------------------------------
// Servers and their process metrics

function startBare() {
  const child = startChild([path.join(root, 'bench/bare-server.mjs')], {
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      if (buffer.includes('\n'))
        resolve({ origin: `http://127.0.0.1:${JSON.parse(buffer.split('\n')[0]).port}`, child });
    });
    child.once('exit', (code) => reject(new Error(`the bare server exited (code ${code})`)));
  });
}

/**
 * GET /api/health/process/ (the answering process's memory; reading it resets its event-loop histogram), on a
 * new connection each time: with several processes the cluster hands each connection to the next one.
 */
function processMetrics(origin) {
  return new Promise((resolve) => {
    const request = http.get(
      `${origin}/api/health/process/`,
      { agent: false, timeout: 30_000 },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => {
          try {
            resolve(response.statusCode === 200 ? JSON.parse(body) : null);
          } catch {
            resolve(null);
          }
        });
        response.on('error', () => resolve(null));
      },
    );
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(null));
  });
}

/** Waits until `count` server processes answer (with WEB_CONCURRENCY > 1 the first is ready before the rest). */
async function waitForProcesses(shop, count, limitMs = 60_000) {
  const pids = new Set();
  const deadline = Date.now() + limitMs;
  while (pids.size < count && Date.now() < deadline) {
    const metrics = await processMetrics(shop.origin);
    if (metrics) pids.add(metrics.pid);
    await sleep(50);
  }
  if (pids.size < count) throw new Error(`only ${pids.size} of ${count} server processes answered`);
}

// ---------------------------------------------------------------------------------------------------------
// The catalogue as the API lists it, and the request lists

/** Every product (id, slug, name, category) and each category's product count. */
async function readCatalogue(origin) {
  const categories = await all(origin, '/api/categories/?page_size=100');
  const lists = await inParallel(categories, (c) =>
    all(origin, `/api/products/?category=${encodeURIComponent(c.slug)}&page_size=100`),
  );
  return {
    products: lists.flat(),
    categories: categories.map((c, i) => ({ slug: c.slug, count: lists[i].length })),
  };
}

const productPage = (p) => `/details/${p.category.slug}/${p.slug}`;
const categoryListing = (slug, page, pageSize) =>
  `/api/products/?${new URLSearchParams({ category: slug, page: String(page), page_size: String(pageSize) })}`;

/** Every (category, page, page_size 20-29) once, shuffled: no catalogue-cache key repeats until it wraps. */
function categoryListings(random, categories) {
  return shuffle(
    random,
    categories.flatMap(({ slug, count }) =>
      CATEGORY_PAGE_SIZES.flatMap((size) =>
        range(1, Math.max(1, Math.ceil(count / size))).map((page) => categoryListing(slug, page, size)),
      ),
    ),
  );
}

function writeList(workDir, name, list) {
  const file = path.join(workDir, `${name}.txt`);
  writeFileSync(file, `${list.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join('\n')}\n`);
  return file;
}

// ---------------------------------------------------------------------------------------------------------
// The mixed load's inputs: typed prefixes, size searches, product reads and buyers with carts

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
    return word.slice(0, 2 + Math.floor(random() * (Math.min(5, word.length) - 1)));
  }
}

/** A valid size search as bench/catalogue.mjs sends them. */
function randomSizeSearch(random) {
  const dimension = () => Math.max(0.1, Math.round(random() * 1000) / 10);
  const values = [dimension(), dimension(), dimension()];
  if (random() < 0.5) values[Math.floor(random() * 3)] = 0;
  return {
    unit: pick(random, ['MM', 'CM', 'IN', 'M']),
    category: pick(random, ['boxes', 'bags', 'postal']),
    width: values[0],
    height: values[1],
    length: values[2],
    mode: random() < 0.5 ? 'approx' : 'minimum',
  };
}

/** The variants (with their tiers) and active items of a random sample of products. */
async function readVariants(origin, random, products) {
  const sampled = shuffle(random, products).slice(0, MIXED_SAMPLE);
  const variants = (
    await inParallel(sampled, (p) => all(origin, `/api/product-variants/?product=${p.id}&page_size=100`))
  ).flat();
  const itemsOf = new Map(variants.map((v) => [v.id, (v.items = [])]));
  const ids = [...itemsOf.keys()];
  const chunks = [];
  for (let i = 0; i < ids.length; i += 20)
    chunks.push(
      ids
        .slice(i, i + 20)
        .map((id) => `product_variant=${id}`)
        .join('&'),
    );
  const items = (
    await inParallel(chunks, (chunk) => all(origin, `/api/items/?${chunk}&status=active&page_size=100`))
  ).flat();
  for (const item of items) itemsOf.get(item.product_variant)?.push(item);
  return variants;
}

/** The k-th cart add: buyer k % B, the next CART_LINES of its own CART_ITEMS items. */
function cartRequest(buyers, pool, k) {
  const b = k % buyers.length;
  const first = Math.floor(k / buyers.length) * CART_LINES;
  const lines = Array.from({ length: CART_LINES }, (_, m) => ({
    cart: buyers[b].cart,
    ...pool[(b * CART_ITEMS + ((first + m) % CART_ITEMS)) % pool.length],
    pack_quantity: 1,
    unit_type: 'pack',
    user_exclusive_price: null,
  }));
  const { authorization, address } = buyers[b];
  const headers = { authorization, 'x-forwarded-for': address, 'content-type': 'application/json' };
  return { method: 'POST', path: '/api/cart-items/', headers, body: lines };
}

/** The mixed list: MIX's kinds interleaved at random; product pages in one shuffled cycle. */
function mixedRequests(random, { products, categories, variants, buyers, pool }) {
  const pages = shuffle(random, products).map(productPage);
  const names = products.map((p) => p.name);
  const withItems = variants.filter((v) => v.items.length > 0);
  const kinds = Object.entries(MIX)
    .filter(([kind]) => kind !== 'cart' || buyers)
    .flatMap(([kind, n]) => Array(n).fill(kind));
  let nextPage = 0;
  let nextCart = 0;
  const get = (requestPath, headers = {}) => ({ method: 'GET', path: requestPath, headers });
  const make = {
    productPage: () => get(pages[nextPage++ % pages.length], BROWSER),
    categoryPage: () => {
      const { slug, count } = pick(random, categories);
      const page = 1 + Math.floor(random() * Math.max(1, Math.ceil(count / PRODUCTS_PER_PAGE)));
      return get(`/category/${slug}${page > 1 ? `?page=${page}` : ''}`, BROWSER);
    },
    home: () => get('/', BROWSER),
    suggestions: () =>
      get(`/api/products/?${new URLSearchParams({ search: typedPrefix(random, names), page_size: '10' })}`),
    size: () => get(sizeSearchPath(randomSizeSearch(random))),
    variants: () => get(`/api/product-variants/?product=${pick(random, products).id}`),
    items: () => get(`/api/items/?product_variant=${pick(random, variants).id}&status=active`),
    tiers: () =>
      get(
        pick(random, [
          `/api/ecommerce/pricing-tiers/?product_variant=${pick(random, variants).id}`,
          `/api/pricing-tier-data/?${pick(random, withItems)
            .items.map((i) => `item=${i.id}`)
            .join('&')}`,
        ]),
      ),
    cart: () => cartRequest(buyers, pool, nextCart++),
  };
  const counts = Object.fromEntries(Object.keys(MIX).map((kind) => [kind, 0]));
  const list = Array.from({ length: MIXED_LIST_LENGTH }, () => {
    const kind = pick(random, kinds);
    counts[kind]++;
    return make[kind]();
  });
  return { list, counts };
}

// ---------------------------------------------------------------------------------------------------------
// Measuring

/**
 * One load figure. With one server process, reads /api/health/process/ before (resetting the event-loop
 * histogram) and after, for the delay during the run and the RSS after it.
 */
async function measure(
  shop,
  database,
  name,
  { file, url, connections, headers, cacheTtlMs, processes, queriesDatabase = true, generators = 1 },
) {
  if (processes) await waitUntilIdle(shop);
  if (processes === 1) await processMetrics(shop.origin);
  const otherCores = sampleOtherCpu(shop.child.pid);
  const raw = await loadSpread(
    {
      url: url ?? `${shop.origin}/`,
      ...(file ? { pathsFile: file } : {}),
      connections,
      duration: DURATION_S,
      warmup: WARMUP_S,
      timeout: REQUEST_TIMEOUT_S,
      ...(headers ? { headers } : {}),
      ...(cacheTtlMs ? { cacheTtlMs } : {}),
    },
    generators,
  );
  const figure = summarise(raw, DURATION_S);
  figure.generators = generators;
  figure.otherCores = otherCores();
  // The PostgreSQL server's CPU counts as other processes' unless the figure queries it.
  figure.otherIncludesDatabase = database.engine === 'postgres' && Boolean(processes) && queriesDatabase;
  figure.connections = connections;
  figure.processes = processes ?? null;
  if (processes === 1) {
    const after = await processMetrics(shop.origin);
    figure.eventLoopP99 = after?.event_loop_delay_ms.p99 ?? null;
    figure.rssMb = after?.rss_mb ?? null;
  }
  const l = figure.latency;
  log(
    `${name}: ${fmt(figure.rps, 0)} req/s, p50/p95/p99/max ${fmt(l.p50, 2)} / ${fmt(l.p95, 2)} / ${fmt(l.p99, 2)} / ${fmt(l.max, 1)} ms ${figure.problems.join(', ')}`,
  );
  return figure;
}

const lineCount = (file) => readFileSync(file, 'utf8').split('\n').filter(Boolean).length;

/** The mixed load on a fresh single-process server, sampling its memory and event-loop delay. */
async function mixedLoad(workDir, database, catalogue, random) {
  const shop = await startShop(workDir, database, {
    LOG_LEVEL: 'warn',
    WEB_CONCURRENCY: '1',
    TRUST_PROXY: '1',
    DEV_MAILBOX: 'true',
  });
  const ready = await processMetrics(shop.origin);
  if (!ready) throw new Error('GET /api/health/process/ did not answer: is the build current?');
  log(`mixed load: reading ${MIXED_SAMPLE} products' variants and items`);
  const variants = await readVariants(shop.origin, random, catalogue.products);
  const withCarts = MIXED_MINUTES <= CART_MINUTES_LIMIT;
  let buyers = null;
  let pool = [];
  if (withCarts) {
    log(`mixed load: signing up ${BUYERS} buyers`);
    const tag = `${database.engine}${Date.now().toString(36)}`;
    buyers = await inParallel(
      Array.from({ length: BUYERS }, (_, n) => n),
      (n) => signUp(shop.origin, tag, n, 78),
      4,
    );
    pool = shuffle(random, cartItems(variants));
    if (pool.length < CART_ITEMS) throw new Error(`only ${pool.length} items fit the cart adds`);
    await api(shop.origin, '/api/cart-items/', { ...cartRequest(buyers, pool, 0), status: [201] });
  }
  const { list, counts } = mixedRequests(random, { ...catalogue, variants, buyers, pool });
  const file = writeList(workDir, 'mixed', list);
  const connections = MIXED_CONNECTIONS[database.engine];
  const seconds = MIXED_MINUTES * 60;

  await waitUntilIdle(shop);
  const beforeLoad = await processMetrics(shop.origin); // also resets the event-loop histogram
  const samples = [];
  const started = Date.now();
  const otherCores = sampleOtherCpu(shop.child.pid);
  let sampling = null;
  const timer = setInterval(() => {
    if (sampling) return;
    sampling = processMetrics(shop.origin).then((m) => {
      if (m) samples.push({ at: (Date.now() - started) / 1000, ...m });
      sampling = null;
    });
  }, SAMPLE_EVERY_MS);
  let raw;
  try {
    raw = await load({
      url: `${shop.origin}/`,
      requestsFile: file,
      connections,
      duration: seconds,
      warmup: 0,
      timeout: REQUEST_TIMEOUT_S,
      cacheTtlMs: PAGE_CACHE_TTL_MS,
    });
  } finally {
    clearInterval(timer);
  }
  const figure = summarise(raw, seconds);
  figure.otherCores = otherCores();
  figure.otherIncludesDatabase = database.engine === 'postgres';
  figure.non2xxSamples = raw.non2xxSamples ?? [];
  await sampling;
  const end = await processMetrics(shop.origin);
  const p99s = samples.map((s) => s.event_loop_delay_ms.p99).sort((a, b) => a - b);
  const rss = [ready, beforeLoad, ...samples, end].filter(Boolean).map((s) => s.rss_mb);
  const result = {
    minutes: MIXED_MINUTES,
    connections,
    withCarts,
    counts,
    listLength: list.length,
    figure,
    samples,
    ready,
    beforeLoad,
    end,
    maxRssMb: Math.max(...rss),
    eventLoopP99Max: p99s.length ? p99s.at(-1) : null,
    eventLoopP99Median: p99s.length ? p99s[Math.floor((p99s.length - 1) / 2)] : null,
    eventLoopMaxMs: samples.length ? Math.max(...samples.map((s) => s.event_loop_delay_ms.max)) : null,
  };
  const l = figure.latency;
  log(
    `mixed: ${fmt(figure.rps, 0)} req/s, p50/p99/max ${fmt(l.p50, 1)} / ${fmt(l.p99, 1)} / ${fmt(l.max, 1)} ms; RSS ready ${fmt(ready.rss_mb)} max ${fmt(result.maxRssMb)} end ${fmt(end?.rss_mb)} MB; event-loop p99 max ${fmt(result.eventLoopP99Max, 2)} ms ${figure.problems.join(', ')}`,
  );
  await stopChild(shop.child);
  return result;
}

async function benchDatabase(engine) {
  const workDir = mkdtempSync(path.join(os.tmpdir(), `shop-bench-scale-${engine}-`));
  onCleanUp(() => rmSync(workDir, { recursive: true, force: true }));
  const database = await prepareDatabase(workDir, engine === 'postgres' ? ADMIN_URL : undefined);
  log(`database: ${database.kind}; seeding ${ITEMS} synthetic items`);
  const seedStarted = Date.now();
  await runNode([seedEntry, '--items', String(ITEMS)], {
    env: databaseEnv(database, { NODE_ENV: 'production', LOG_LEVEL: 'warn' }),
  });
  const seedSeconds = (Date.now() - seedStarted) / 1000;
  if (engine === 'postgres') {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: database.databaseUrl });
    await client.connect();
    await client.query('vacuum (analyze)');
    await client.end();
  }
  const figures = {};
  const single = { LOG_LEVEL: 'warn', WEB_CONCURRENCY: '1' };

  // 1. The floor: bare node:http, then the shop with request logs (info) and without (warn).
  const bare = await startBare();
  figures.healthBare = await measure(bare, database, 'health, bare node:http', {
    url: `${bare.origin}/api/health/`,
    connections: CONNECTIONS,
    generators: GENERATORS,
  });
  await stopChild(bare.child);

  const infoShop = await startShop(workDir, database, { LOG_LEVEL: 'info', WEB_CONCURRENCY: '1' });
  const linesBefore = lineCount(infoShop.logFile);
  figures.healthInfo = await measure(infoShop, database, 'health, LOG_LEVEL=info', {
    url: `${infoShop.origin}/api/health/`,
    connections: CONNECTIONS,
    generators: GENERATORS,
    processes: 1,
    queriesDatabase: false,
  });
  const infoLogLines = lineCount(infoShop.logFile) - linesBefore;
  await stopChild(infoShop.child);

  const shop = await startShop(workDir, database, single);
  figures.healthWarn = await measure(shop, database, 'health, LOG_LEVEL=warn', {
    url: `${shop.origin}/api/health/`,
    connections: CONNECTIONS,
    generators: GENERATORS,
    processes: 1,
    queriesDatabase: false,
  });

  // 2. Pages as deployed.
  log('reading the catalogue');
  const catalogue = await readCatalogue(shop.origin);
  const random = mulberry32(20_261_210);
  const pages = shuffle(random, catalogue.products).map(productPage);
  const listings = categoryListings(random, catalogue.categories);
  // Each run starts on a different part of the shuffled lists, away from the pages the last one left cached.
  const pageFile = (offset) => writeList(workDir, `pages-${offset}`, rotate(pages, offset));
  const listingFile = (offset) => writeList(workDir, `listings-${offset}`, rotate(listings, offset));
  await expectOk(`${shop.origin}${CACHED_PRODUCT}`);
  await expectOk(`${shop.origin}${pages.at(-1)}`);
  await expectOk(`${shop.origin}${listings.at(-1)}`);

  figures.pageCached = await measure(shop, database, 'product page, page cache', {
    url: `${shop.origin}${CACHED_PRODUCT}`,
    headers: BROWSER,
    connections: CONNECTIONS,
    generators: GENERATORS,
    processes: 1,
    queriesDatabase: false,
  });
  const third = Math.floor(pages.length / 3);
  const cycle = (offset, connections) => ({
    file: pageFile(offset),
    headers: BROWSER,
    connections,
    processes: 1,
    cacheTtlMs: PAGE_CACHE_TTL_MS,
  });
  figures.cycle10 = await measure(shop, database, 'product pages cycled, 10 conn.', cycle(0, 10));
  figures.cycle50 = await measure(shop, database, 'product pages cycled, 50 conn.', cycle(third, 50));
  figures.home = await measure(shop, database, 'home page (cached)', {
    url: `${shop.origin}/`,
    headers: BROWSER,
    connections: PAGE_CONNECTIONS,
    generators: GENERATORS,
    processes: 1,
    queriesDatabase: false,
  });
  figures.category = await measure(shop, database, 'category listing, cache defeated', {
    file: listingFile(0),
    connections: CONNECTIONS,
    processes: 1,
    cacheTtlMs: CATALOGUE_CACHE_TTL_MS,
  });
  await stopChild(shop.child);

  // 3. Scale-out: the same with two processes (PGlite's data directory belongs to one process).
  if (engine === 'postgres') {
    const two = await startShop(workDir, database, { LOG_LEVEL: 'warn', WEB_CONCURRENCY: '2' });
    await waitForProcesses(two, 2);
    figures.healthTwo = await measure(two, database, 'health, 2 processes', {
      url: `${two.origin}/api/health/`,
      connections: CONNECTIONS,
      generators: GENERATORS,
      processes: 2,
      queriesDatabase: false,
    });
    figures.cycle50Two = await measure(two, database, 'product pages cycled, 2 processes', {
      ...cycle(2 * third, 50),
      processes: 2,
    });
    figures.categoryTwo = await measure(two, database, 'category listing, 2 processes', {
      file: listingFile(Math.floor(listings.length / 2)),
      connections: CONNECTIONS,
      processes: 2,
      cacheTtlMs: CATALOGUE_CACHE_TTL_MS,
    });
    await stopChild(two.child);
  }

  // 4. Memory and event-loop delay under the mixed load.
  const mixed = SKIP_MIXED ? null : await mixedLoad(workDir, database, catalogue, random);

  await cleanUp();
  return {
    engine,
    database: database.kind,
    facts: machineFacts(),
    autocannon: autocannonVersion(),
    seedSeconds,
    products: catalogue.products.length,
    categories: catalogue.categories,
    listings: listings.length,
    infoLogLines,
    figures,
    mixed,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Report

const lat = (l) => `${fmt(l.p50, 2)} / ${fmt(l.p95, 2)} / ${fmt(l.p99, 2)}`;
const tail = (l) => (l.p50 ? l.p99 / l.p50 : null);
const verdictOf = (misses) => (misses.length ? `**miss** (${misses.join(', ')})` : 'pass');

function loadRow(title, f, { rpsTarget = null, note = null } = {}) {
  const misses = [];
  if (!f.latency.count) misses.push('no 2xx answer in the run');
  if (rpsTarget !== null && f.rps < rpsTarget) misses.push(`${fmt(f.rps / rpsTarget, 2)}× the req/s`);
  const ratio = tail(f.latency);
  if (ratio !== null && ratio > TARGETS.tailRatio) misses.push(`p99 ${fmt(ratio, 1)}× p50`);
  const target = [
    ...(rpsTarget !== null ? [`≥ ${rpsTarget.toLocaleString('en-GB')} req/s`] : []),
    `p99 ≤ ${TARGETS.tailRatio}× p50`,
  ].join(', ');
  return [
    title,
    f.connections,
    f.processes ?? '—',
    fmt(f.rps, 0),
    lat(f.latency),
    fmt(f.latency.max, 1),
    fmt(ratio, 1),
    f.processes === 1 ? fmt(f.eventLoopP99, 2) : '—',
    f.processes === 1 ? fmt(f.rssMb, 0) : '—',
    note ? `${target}; ${note}` : target,
    verdictOf(misses),
  ];
}

function repeats(f) {
  const p = f.paths;
  if (!p) return 'n/a';
  const share = p.sent ? (100 * p.repeatsWithinTtl) / p.sent : 0;
  return `${p.listed.toLocaleString('en-GB')} distinct paths, ${p.sent.toLocaleString('en-GB')} sent (warm-up included), ${fmt(share, 1)} % repeats`;
}

function healthTable(r) {
  const { healthBare: bare, healthWarn: warn, healthInfo: info } = r.figures;
  const row = (title, f, target) => {
    const ratio = f.rps / bare.rps;
    return [
      title,
      fmt(f.rps, 0),
      lat(f.latency),
      fmt(f.latency.max, 1),
      target === null ? 'baseline' : fmt(ratio, 2),
      target === null ? '—' : `≥ ${target}`,
      target === null ? '—' : verdictOf(ratio >= target ? [] : [`${fmt(ratio / target, 2)}× the target`]),
    ];
  };
  return table(
    [
      '`GET /api/health/`, 50 conn.',
      'req/s',
      'p50 / p95 / p99 (ms)',
      'max (ms)',
      'shop / bare',
      'target',
      'result',
    ],
    [
      row('bare `node:http` (bench/bare-server.mjs)', bare, null),
      row('shop, `LOG_LEVEL=warn`', warn, TARGETS.healthWarn),
      row('shop, `LOG_LEVEL=info` (request logs on)', info, TARGETS.healthInfo),
    ],
  );
}

function mixedReport(r) {
  const m = r.mixed;
  if (!m) return '_The mixed load was skipped (`--skip-mixed`)._';
  const f = m.figure;
  const rows = [
    ['RSS at ready (MB)', fmt(m.ready.rss_mb, 1), '—', 'recorded'],
    ['RSS before the load, after the set-up reads (MB)', fmt(m.beforeLoad?.rss_mb, 1), '—', 'recorded'],
    ['max RSS sampled (MB)', fmt(m.maxRssMb, 1), '—', 'recorded'],
    [
      `RSS at the end (MB)`,
      fmt(m.end?.rss_mb, 1),
      `≤ ${TARGETS.rssMb} after 10 min`,
      m.end ? verdictOf(m.end.rss_mb <= TARGETS.rssMb ? [] : ['over']) : 'n/a',
    ],
    [
      'heap used / heap total / external at the end (MB)',
      `${fmt(m.end?.heap_used_mb, 1)} / ${fmt(m.end?.heap_total_mb, 1)} / ${fmt(m.end?.external_mb, 1)}`,
      '—',
      'recorded',
    ],
    [
      'event-loop delay p99 per 10 s: max over intervals / median (ms)',
      `${fmt(m.eventLoopP99Max, 2)} / ${fmt(m.eventLoopP99Median, 2)}`,
      `≤ ${TARGETS.eventLoopP99Ms}`,
      m.eventLoopP99Max === null
        ? 'n/a'
        : verdictOf(m.eventLoopP99Max <= TARGETS.eventLoopP99Ms ? [] : ['over']),
    ],
    ['event-loop delay, longest single delay (ms)', fmt(m.eventLoopMaxMs, 1), '—', 'recorded'],
    ['req/s', fmt(f.rps, 0), '—', 'recorded'],
    ['latency p50 / p95 / p99 (ms)', lat(f.latency), '—', 'recorded'],
    [
      'slowest request (ms)',
      fmt(f.latency.max, 1),
      r.engine === 'pglite' ? `≤ ${TARGETS.pgliteMaxMs.toLocaleString('en-GB')}` : '—',
      r.engine === 'pglite' ? verdictOf(f.latency.max <= TARGETS.pgliteMaxMs ? [] : ['over']) : 'recorded',
    ],
  ];
  const mix = Object.entries(m.counts)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${kind} ${fmt((100 * n) / m.listLength, 0)} %`)
    .join(', ');
  const series = (pick) => m.samples.map((s) => fmt(pick(s), 0)).join(', ');
  const problems = f.problems.length
    ? `\n\n**Non-2xx or errors:** ${f.problems.join(', ')}${f.non2xxSamples.length ? ` (first: ${f.non2xxSamples.map((s) => `${s.status} ${s.body}`).join('; ')})` : ''}.`
    : '';
  return `**Mixed load**: ${fmt(m.minutes, 1)} min at ${m.connections} connections, one process (\`WEB_CONCURRENCY=1\`),
${f.total.toLocaleString('en-GB')} requests (list of ${m.listLength.toLocaleString('en-GB')}, wrapping round): ${mix}${m.withCarts ? ` (cart adds: ${CART_LINES} lines of one pack by ${BUYERS} signed-up buyers, each cycling through its own ${CART_ITEMS} items)` : ` (no cart adds: access tokens last 15 min, longer than a ${CART_MINUTES_LIMIT} min run allows; reads only)`}.
Product pages cycle through every product, shuffled; category pages are \`/category/{slug}?page={n}\`; suggestions
\`/api/products/?search={typed prefix}&page_size=10\`; product reads are variants, active items, pricing tiers and
tier data. \`GET /api/health/process/\` was read every ${SAMPLE_EVERY_MS / 1000} s (each read resets the event-loop histogram).${r.engine === 'pglite' ? '\nOn PGlite the database runs inside the server process: its WebAssembly memory counts in RSS (and in "external").' : ''}

${table(['figure', 'measured', 'target', 'result'], rows)}

<details><summary>Every ${SAMPLE_EVERY_MS / 1000} s: RSS, heap used (MB) and event-loop delay p99 (ms)</summary>

RSS: ${series((s) => s.rss_mb)}

heap used: ${series((s) => s.heap_used_mb)}

event-loop p99: ${m.samples.map((s) => fmt(s.event_loop_delay_ms.p99, 1)).join(', ')}

</details>${problems}`;
}

function engineReport(r) {
  const f = r.figures;
  const rows = [
    loadRow(`product page \`${CACHED_PRODUCT}\` again and again (page cache)`, f.pageCached, {
      rpsTarget: TARGETS.cachedPageRps,
    }),
    loadRow('every product page, shuffled (page cache rarely answers)', f.cycle10, {
      rpsTarget: TARGETS.pageRenderRps,
    }),
    loadRow('↳ the same at 50 connections', f.cycle50),
    loadRow('home page `/` (cached: see below)', f.home, { note: '≥ 600 req/s uncached' }),
    loadRow('category listing `/api/products/?category=…&page=…&page_size=20…29`', f.category, {
      rpsTarget: TARGETS.categoryRps,
    }),
    ...(f.healthTwo
      ? [
          loadRow('`GET /api/health/`, 2 processes', f.healthTwo),
          loadRow('every product page, shuffled, 2 processes', f.cycle50Two),
          loadRow('category listing, 2 processes', f.categoryTwo, { rpsTarget: TARGETS.categoryRps }),
        ]
      : []),
  ];
  const gain = f.cycle50Two
    ? `\n\n**Scale-out** (\`WEB_CONCURRENCY\` 1 → 2, ${CONNECTIONS} connections; the load generator and PostgreSQL share the
same ${r.facts.cores} cores):\n\n${table(
        [
          'figure',
          '1 process req/s',
          '2 processes req/s',
          'gain',
          '1 process p99 (ms)',
          '2 processes p99 (ms)',
        ],
        [
          ['`GET /api/health/`', f.healthWarn, f.healthTwo],
          ['every product page, shuffled', f.cycle50, f.cycle50Two],
          ['category listing, cache defeated', f.category, f.categoryTwo],
        ].map(([title, one, two]) => [
          title,
          fmt(one.rps, 0),
          fmt(two.rps, 0),
          `${fmt(two.rps / one.rps, 2)}×`,
          fmt(one.latency.p99, 1),
          fmt(two.latency.p99, 1),
        ]),
      )}`
    : '';
  const problems = Object.entries(f).flatMap(([name, x]) => x.problems.map((p) => `${name}: ${p}`));
  const skewed = Object.entries(f)
    .filter(([, x]) => isSkewed(x))
    .map(([name]) => name);
  return `### ${r.engine === 'postgres' ? r.database : 'PGlite (embedded)'}

Run ${r.facts.date}, revision ${r.facts.revision}, ${r.facts.cpu} (${r.facts.cores} cores, ${r.facts.memory}), Node.js
${r.facts.node}, autocannon ${r.autocannon}; ${WARMUP_S} s warm-up + ${DURATION_S} s a figure. The demo catalogue plus
${ITEMS.toLocaleString('en-GB')} synthetic items (seeded in ${fmt(r.seedSeconds, 0)} s${r.engine === 'postgres' ? ', then `VACUUM (ANALYZE)`' : ''}): ${r.products.toLocaleString('en-GB')} products in ${r.categories.length} categories.

${healthTable(r)}

\`/api/health/\` is a quiet route (no request line unless it fails): at \`LOG_LEVEL=info\` the server wrote
${r.infoLogLines.toLocaleString('en-GB')} log lines during that run, so the two shop figures differ by the logger's level checks only.

${table(
  [
    'figure',
    'conn.',
    'processes',
    'req/s',
    'p50 / p95 / p99 (ms)',
    'max (ms)',
    'p99 / p50',
    'event-loop p99 (ms)',
    'RSS after (MB)',
    'target',
    'result',
  ],
  rows,
)}

Pages are requested as a browser does (\`accept-encoding: br, gzip\`). Request paths: product pages at 10
connections ${repeats(f.cycle10)}, at 50 ${repeats(f.cycle50)} (repeats: a path sent again within the page cache's
10 min; each run starts a third of the shuffled list further on); category listing ${repeats(f.category)} (repeats
within the catalogue cache's 10 s: those the cache could answer). The home page cannot be defeated: the page cache
key is the path with only the parameters the page reads (apps/api/src/storefront/page-cache-key.ts), so
\`/?anything\` is the cached \`/\`, and this figure is the cached page, not a render. "event-loop p99" is the server's
delay over the run (\`GET /api/health/process/\`, one process only) and "RSS after" its RSS when the run ended.${gain}

${mixedReport(r)}

${otherCpuSummary({ ...f, ...(r.mixed ? { mixed: r.mixed.figure } : {}) })}.${skewed.length ? ` **Skewed by other work:** ${skewed.join(', ')}.` : ''}
${problems.length ? `\n**Non-2xx or errors** (those figures are not trustworthy):\n\n${problems.map((p) => `- ${p}`).join('\n')}` : '\nEvery request of the figures above answered 2xx.'}`;
}

const BLOCK = (name) => new RegExp(`<!-- scale:${name} -->([\\s\\S]*?)<!-- /scale:${name} -->`);

function writeReport(results) {
  const previous = sectionContent(readReport(), 'scale') ?? '';
  const block = (name, fresh) =>
    `<!-- scale:${name} -->\n${(fresh ?? BLOCK(name).exec(previous)?.[1] ?? '').trim() || '_Not measured yet._'}\n<!-- /scale:${name} -->`;
  writeSection(
    'scale',
    `## Floor, tails, scale-out and memory at ${ITEMS.toLocaleString('en-GB')} items (issue 10)

Written by \`npm run bench:scale\` (bench/scale.mjs); \`DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:scale\`
adds PostgreSQL. Production build (\`NODE_ENV=production\`, \`LOG_LEVEL=warn\` unless said, \`WEB_CONCURRENCY=1\` unless
said), the server's log written by the server straight to a file; autocannon from its own process (${GENERATORS} processes, sharing the
connections, for the health and cached-page figures; their percentiles are the worse of the two). Targets: the
\`/api/health/\` ratios to bare \`node:http\`; ≥ ${TARGETS.cachedPageRps.toLocaleString('en-GB')} req/s for a cached product page; ≥ ${TARGETS.pageRenderRps} req/s rendering product pages at 10
connections; ≥ ${TARGETS.categoryRps.toLocaleString('en-GB')} req/s for the category listing; p99 ≤ ${TARGETS.tailRatio}× p50 on every figure under load; after 10 minutes
of mixed load RSS ≤ ${TARGETS.rssMb} MB and event-loop delay p99 ≤ ${TARGETS.eventLoopP99Ms} ms, and on PGlite no request over 1 s.

${block('pglite', results.pglite && engineReport(results.pglite))}

${block('postgres', results.postgres && engineReport(results.postgres))}

${block('notes')}`,
    { after: ['product-lighthouse', 'product', 'lighthouse'] },
  );
}

// ---------------------------------------------------------------------------------------------------------
// Main

const selected = (options.only ?? (ADMIN_URL ? 'pglite,postgres' : 'pglite')).split(',').map((s) => s.trim());

try {
  for (const part of selected)
    if (!['pglite', 'postgres'].includes(part)) throw new Error(`unknown part "${part}" in --only`);
  if (selected.includes('postgres')) {
    if (!ADMIN_URL) throw new Error('--only postgres needs DATABASE_URL (an admin URL of a local server)');
    assertLocalDatabaseUrl(ADMIN_URL);
  }
  for (const [name, value] of Object.entries({ ITEMS, DURATION_S, WARMUP_S, MIXED_MINUTES }))
    if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number ≥ 0`);
  if (!existsSync(serverEntry) || !existsSync(seedEntry))
    throw new Error('apps/api/dist is missing: run `npm run build` first.');
  const results = {};
  for (const engine of selected) {
    results[engine] = await benchDatabase(engine);
    writeReport(results);
  }
  log('written to docs/benchmarks.md');
  for (const [engine, r] of Object.entries(results)) {
    const { healthBare, healthWarn, healthInfo, pageCached, cycle10, cycle50 } = r.figures;
    console.log(
      `${engine}: health warn/bare ${fmt(healthWarn.rps / healthBare.rps, 2)}, info/bare ${fmt(healthInfo.rps / healthBare.rps, 2)}; cached page ${fmt(pageCached.rps, 0)} req/s; cycle 10 conn. ${fmt(cycle10.rps, 0)} req/s p99/p50 ${fmt(tail(cycle10.latency), 1)}; 50 conn. ${fmt(cycle50.rps, 0)} req/s p99/p50 ${fmt(tail(cycle50.latency), 1)}`,
    );
    if (r.figures.cycle50Two)
      console.log(
        `${engine}: 2 processes gain: pages ${fmt(r.figures.cycle50Two.rps / cycle50.rps, 2)}×, category ${fmt(r.figures.categoryTwo.rps / r.figures.category.rps, 2)}×`,
      );
    if (r.mixed)
      console.log(
        `${engine}: mixed RSS ready/max/end ${fmt(r.mixed.ready.rss_mb)} / ${fmt(r.mixed.maxRssMb)} / ${fmt(r.mixed.end?.rss_mb)} MB, event-loop p99 max ${fmt(r.mixed.eventLoopP99Max, 2)} ms, slowest ${fmt(r.mixed.figure.latency.max, 0)} ms`,
      );
  }
} catch (error) {
  log(`failed: ${error.stack ?? error.message}`);
  await cleanUp();
  process.exit(1);
}
