// `npm run bench:product`: the product page's reads and the cart add at 100k items.
// Like bench/catalogue.mjs: a scratch store per database (PGlite in a temporary DATA_DIR; with
// DATABASE_URL, a scratch database `bench_<timestamp>`, dropped afterwards), the synthetic catalogue
// (apps/api/dist/seed.js --items N), the production server (TRUST_PROXY=1, so each buyer can sign up
// from its own X-Forwarded-For address) and autocannon from its own process (bench/load.mjs), every request
// with a different random product, variant or buyer:
//   - GET /api/product-variants/?product={id}                      target p95 ≤ 10 ms at 50 connections
//   - GET /api/ecommerce/pricing-tiers/?product_variant={id}       (one variant, and five per request)
//   - GET /api/items/?product_variant={id}&status=active
//   - GET /api/pricing-tier-data/?item=a&item=b…                   (the active items of one variant)
//   - GET /details/{category}/{product}                            server render, 10 connections, recorded
//   - POST /api/cart-items/ with 10 lines, a different signed-in buyer each request, target p95 ≤ 25 ms
// The figures go into the marked section `product` of docs/benchmarks.md; text between
// `<!-- product:notes -->` and `<!-- /product:notes -->` there (the analysis) is kept, and so is the
// block of an engine that was not run.
//
//   npm run bench:product                                                         PGlite
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:product   PGlite and PostgreSQL
//   npm run bench:product -- --only postgres
//   options: --items N (100000), --connections N (50), --duration S (10), --warmup S (2),
//            --buyers N (100), --sample N (2000 products whose variants and items are read first)
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  all,
  api,
  assertLocalDatabaseUrl,
  autocannonVersion,
  cartItems,
  cleanUp,
  databaseEnv,
  fmt,
  inParallel,
  load,
  log,
  machineFacts,
  mulberry32,
  onCleanUp,
  pick,
  prepareDatabase,
  readReport,
  runNode,
  sampleOtherCpu,
  sectionContent,
  seedEntry,
  serverEntry,
  shuffle,
  signUp,
  startShop,
  summarise,
  table,
  waitUntilIdle,
  writeSection,
} from './lib.mjs';

const { values: options } = parseArgs({
  options: {
    only: { type: 'string' },
    items: { type: 'string', default: '100000' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    buyers: { type: 'string', default: '100' },
    sample: { type: 'string', default: '2000' },
  },
});
const ITEMS = Number(options.items);
const CONNECTIONS = Number(options.connections);
const PAGE_CONNECTIONS = 10;
const DURATION_S = Number(options.duration);
const WARMUP_S = Number(options.warmup);
const BUYERS = Number(options.buyers);
const SAMPLE = Number(options.sample);
const ADMIN_URL = process.env.DATABASE_URL;
const LIST_LENGTH = 20_000;
const LINES = 10;
/** Distinct items each buyer cycles through: the most lines a cart holds. */
const CART_ITEMS = 40;
/** Requests timed one at a time after each load, from the end of its list (not sent by the load). */
const SINGLE = 100;

/** The figures: a paths or requests list each, connections and its p95 target (ms). */
const FIGURES = [
  ['health', 'reference: `GET /api/health/` (no I/O)', CONNECTIONS, null],
  ['variants', '`GET /api/product-variants/?product={id}`', CONNECTIONS, 10],
  ['tiers', '`GET /api/ecommerce/pricing-tiers/?product_variant={id}`', CONNECTIONS, 10],
  ['tiersBatched', '↳ five variants a request (`product_variant=a&product_variant=b…`)', CONNECTIONS, 10],
  ['items', '`GET /api/items/?product_variant={id}&status=active`', CONNECTIONS, 10],
  ['tierData', '`GET /api/pricing-tier-data/?item=a&item=b…` (one variant’s items)', CONNECTIONS, 10],
  ['page', 'product page server render `GET /details/{category}/{product}`', PAGE_CONNECTIONS, null],
  ['cart', `\`POST /api/cart-items/\`, ${LINES} lines, a signed-in buyer each`, CONNECTIONS, 25],
];

// ---------------------------------------------------------------------------------------------------------
// Random inputs (seeded) and API reads

const ids = (name, values) => values.map((value) => `${name}=${value}`).join('&');

/** Every product (id, slug, category), then the variants and active items of a random sample of them. */
async function readCatalogue(origin, random) {
  const categories = await all(origin, '/api/categories/?page_size=100');
  const products = (
    await inParallel(categories, (c) => all(origin, `/api/products/?category=${c.slug}&page_size=100`))
  ).flat();
  const sampled = shuffle(random, products).slice(0, SAMPLE);
  const variants = (
    await inParallel(sampled, (p) => all(origin, `/api/product-variants/?product=${p.id}&page_size=100`))
  ).flat();
  const itemsOf = new Map(variants.map((v) => [v.id, (v.items = [])]));
  const variantIds = [...itemsOf.keys()];
  const chunks = [];
  for (let i = 0; i < variantIds.length; i += 20)
    chunks.push(ids('product_variant', variantIds.slice(i, i + 20)));
  const items = (
    await inParallel(chunks, (chunk) => all(origin, `/api/items/?${chunk}&status=active&page_size=100`))
  ).flat();
  for (const item of items) itemsOf.get(item.product_variant)?.push(item);
  return { products, variants, itemCount: items.length };
}

function readLists(random, { products, variants }) {
  const withItems = variants.filter((v) => v.items.length > 0);
  const repeat = (make) => Array.from({ length: LIST_LENGTH }, make);
  const variantId = () => pick(random, variants).id;
  const fiveVariants = () => [...new Set(Array.from({ length: 5 }, variantId))];
  const itemIds = () => pick(random, withItems).items.map((i) => i.id);
  return {
    health: ['/api/health/'],
    variants: repeat(() => `/api/product-variants/?product=${pick(random, products).id}`),
    tiers: repeat(() => `/api/ecommerce/pricing-tiers/?product_variant=${variantId()}`),
    tiersBatched: repeat(() => `/api/ecommerce/pricing-tiers/?${ids('product_variant', fiveVariants())}`),
    items: repeat(() => `/api/items/?product_variant=${variantId()}&status=active`),
    tierData: repeat(() => `/api/pricing-tier-data/?${ids('item', itemIds())}`),
    // Every product once, shuffled, so the server's 10 s product-page cache does not answer.
    page: shuffle(random, products).map((p) => `/details/${p.category.slug}/${p.slug}`),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Buyers and the cart requests

/**
 * Request k goes to buyer k % B, which cycles through its own CART_ITEMS items, LINES a request: a cart
 * holds at most CART_ITEMS lines, and once each has been added, an add merges into the line (the server
 * recomputes the merged line's tier; the one sent is for the one pack asked).
 */
function cartRequests(buyers, pool) {
  return Array.from({ length: LIST_LENGTH }, (_, k) => {
    const b = k % buyers.length;
    const first = Math.floor(k / buyers.length) * LINES;
    const lines = Array.from({ length: LINES }, (_, m) => ({
      cart: buyers[b].cart,
      ...pool[(b * CART_ITEMS + ((first + m) % CART_ITEMS)) % pool.length],
      pack_quantity: 1,
      unit_type: 'pack',
      user_exclusive_price: null,
    }));
    const { authorization, address } = buyers[b];
    const headers = { authorization, 'x-forwarded-for': address, 'content-type': 'application/json' };
    return { method: 'POST', path: '/api/cart-items/', headers, body: lines };
  });
}

// ---------------------------------------------------------------------------------------------------------
// Measuring

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Times SINGLE requests one after the other (no queueing): what one request costs; each must be 2xx. */
async function oneAtATime(origin, list) {
  const times = [];
  for (const entry of list.length >= SINGLE ? list.slice(-SINGLE) : Array(SINGLE).fill(list[0])) {
    const { method = 'GET', path: to, headers, body } = typeof entry === 'string' ? { path: entry } : entry;
    const started = performance.now();
    const response = await fetch(`${origin}${to}`, { method, headers, body: body && JSON.stringify(body) });
    await response.arrayBuffer();
    times.push(performance.now() - started);
    if (!response.ok) throw new Error(`${method} ${to} answered ${response.status}`);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function measure(shop, name, list, file, connections) {
  await waitUntilIdle(shop);
  const otherCores = sampleOtherCpu(shop.child.pid);
  const raw = await load({
    url: `${shop.origin}/`,
    [name === 'cart' ? 'requestsFile' : 'pathsFile']: file,
    connections,
    duration: DURATION_S,
    warmup: WARMUP_S,
    timeout: 60,
  });
  const figure = summarise(raw, DURATION_S);
  figure.otherCores = otherCores();
  figure.non2xx = raw.non2xx;
  figure.non2xxSamples = raw.non2xxSamples ?? [];
  await waitUntilIdle(shop);
  figure.single = await oneAtATime(shop.origin, list);
  log(
    `${name}: ${fmt(figure.rps, 0)} req/s, p50/p95/p99 ${fmt(figure.latency.p50, 2)} / ${fmt(figure.latency.p95, 2)} / ${fmt(figure.latency.p99, 2)} ms ${figure.problems.join(', ')}`,
  );
  return figure;
}

async function benchDatabase(engine) {
  const workDir = mkdtempSync(path.join(os.tmpdir(), `shop-bench-product-${engine}-`));
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
  // The dev mailbox (on by name in production) answers direct clients on this machine only; the mailbox
  // reads send no X-Forwarded-For, so they are such clients.
  const shop = await startShop(workDir, database, {
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '1',
    DEV_MAILBOX: 'true',
  });
  log(`shop ready at ${shop.origin}; reading the catalogue`);
  const random = mulberry32(20_261_205);
  const catalogue = await readCatalogue(shop.origin, random);
  const lists = readLists(random, catalogue);

  log(`signing up ${BUYERS} buyers`);
  const tag = `${engine}${Date.now().toString(36)}`;
  const signupStarted = Date.now();
  const buyers = await inParallel(
    Array.from({ length: BUYERS }, (_, n) => n),
    (n) => signUp(shop.origin, tag, n, 77),
    4,
  );
  const signupSeconds = (Date.now() - signupStarted) / 1000;
  const pool = shuffle(random, cartItems(catalogue.variants));
  if (pool.length < CART_ITEMS) throw new Error(`only ${pool.length} items fit the cart requests`);
  const cart = cartRequests(buyers, pool);
  // The first requests by hand: each must be a real add (201); autocannon repeats them later as merges.
  for (const request of cart.slice(0, 3)) {
    await api(shop.origin, request.path, { ...request, status: [201] });
  }

  const files = {};
  for (const [name, list] of Object.entries({ ...lists, cart })) {
    files[name] = path.join(workDir, `${name}.txt`);
    writeFileSync(
      files[name],
      `${list.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join('\n')}\n`,
    );
  }
  const figures = {};
  for (const [name, , connections] of FIGURES) {
    figures[name] = await measure(shop, name, name === 'cart' ? cart : lists[name], files[name], connections);
  }
  await cleanUp();
  return {
    engine,
    database: database.kind,
    facts: machineFacts(),
    autocannon: autocannonVersion(),
    seedSeconds,
    signupSeconds,
    products: catalogue.products.length,
    variants: catalogue.variants.length,
    items: catalogue.itemCount,
    pool: pool.length,
    figures,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Report

const lat = (l) => `${fmt(l.p50, 2)} / **${fmt(l.p95, 2)}** / ${fmt(l.p99, 2)}`;
const result = (p95, target) =>
  target === null ? 'recorded' : p95 <= target ? 'pass' : `**miss** (${fmt(p95 / target, 1)}x)`;

function engineReport(r) {
  const rows = FIGURES.map(([name, title, connections, target]) => {
    const f = r.figures[name];
    return [
      title,
      connections,
      fmt(f.rps, 0),
      lat(f.latency),
      `${fmt(f.single.p50, 2)} / ${fmt(f.single.p95, 2)}`,
      target === null ? '—' : `≤ ${target}`,
      result(f.latency.p95, target),
    ];
  });
  const problems = Object.entries(r.figures).flatMap(([name, f]) =>
    f.problems.map(
      (p) =>
        `${name}: ${p}${f.non2xxSamples.length ? ` (first: ${f.non2xxSamples.map((s) => `${s.status} ${s.body}`).join('; ')})` : ''}`,
    ),
  );
  const cart = r.figures.cart;
  const packsPerLine = (cart.total * LINES) / BUYERS / CART_ITEMS;
  return `### ${r.engine === 'postgres' ? r.database : 'PGlite (embedded)'}

Run ${r.facts.date}, revision ${r.facts.revision}, ${r.facts.cpu} (${r.facts.cores} cores, ${r.facts.memory}), Node.js
${r.facts.node}, autocannon ${r.autocannon}; ${WARMUP_S} s warm-up + ${DURATION_S} s a figure. The demo catalogue plus
${ITEMS.toLocaleString('en-GB')} synthetic items (seeded in ${fmt(r.seedSeconds, 0)} s${r.engine === 'postgres' ? ', then `VACUUM (ANALYZE)`' : ''}): ${r.products.toLocaleString('en-GB')} products, of
which ${SAMPLE.toLocaleString('en-GB')} random ones were read first for their ${r.variants.toLocaleString('en-GB')} variants and ${r.items.toLocaleString('en-GB')} active items (the inputs of the
variant, tier, item and price reads); the product-variant and page reads draw from every product. ${BUYERS} buyers
signed up through the API (${fmt(r.signupSeconds, 0)} s); the cart adds drew their lines from ${r.pool.toLocaleString('en-GB')} items.

${table(['figure', 'conn.', 'req/s', 'p50 / p95 / p99 (ms)', 'one at a time p50 / p95', 'p95 target (ms)', 'result'], rows)}

Cart adds: ${cart.total.toLocaleString('en-GB')} requests in the measured run, so each cart line was added to about
${fmt(packsPerLine, 1)} times (plus the warm-up's adds). Average cores used by other processes: ${Object.entries(
    r.figures,
  )
    .map(([name, f]) => `${name} ${fmt(f.otherCores, 2)}`)
    .join(', ')}${r.engine === 'postgres' ? ' (these include the PostgreSQL server)' : ''}.
${problems.length ? `\n**Non-2xx or errors** (those figures are not trustworthy):\n\n${problems.map((p) => `- ${p}`).join('\n')}` : 'Every request answered 2xx.'}`;
}

const BLOCK = (name) => new RegExp(`<!-- product:${name} -->([\\s\\S]*?)<!-- /product:${name} -->`);

function writeReport(results) {
  const previous = sectionContent(readReport(), 'product') ?? '';
  const block = (name, fresh) =>
    `<!-- product:${name} -->\n${(fresh ?? BLOCK(name).exec(previous)?.[1] ?? '').trim() || '_Not measured yet._'}\n<!-- /product:${name} -->`;
  writeSection(
    'product',
    `## Product page and cart at ${ITEMS.toLocaleString('en-GB')} items (issue 5, "Speed")

Written by \`npm run bench:product\` (bench/product.mjs); \`DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:product\`
adds PostgreSQL. Production build (\`NODE_ENV=production LOG_LEVEL=warn TRUST_PROXY=1\`), autocannon from its own
process. Every read takes a random product or variant (lists of ${LIST_LENGTH.toLocaleString('en-GB')} paths; the pages list is every product once,
shuffled, so the server's 10 s product-page cache never answers). Each cart add is ${LINES} lines of one pack
(\`{cart, item, pricing_tier, pack_quantity: 1, unit_type: 'pack', user_exclusive_price: null}\`) for the next of the
buyers in turn, from its own X-Forwarded-For address. Each buyer cycles through its own ${CART_ITEMS} items, so a cart
holds ${CART_ITEMS} lines and later adds merge into them (the server recomputes the merged line's tier); the items are
untracked or have 200 packs in stock, their variants have no units per pallet (so the basis stays pack however
heavy the cart) and the tier sent is the variant's pack tier for one pack, as the API lists it. The
targets are p95 at ${CONNECTIONS} connections; the page is recorded at ${PAGE_CONNECTIONS}. After each load, ${SINGLE} more requests of its list
are timed one at a time (no queueing: what one request costs the server and its database).

${block('pglite', results.pglite && engineReport(results.pglite))}

${block('postgres', results.postgres && engineReport(results.postgres))}

${block('notes')}`,
    { after: ['lighthouse', 'catalogue-postgres', 'catalogue-pglite', 'catalogue'] },
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
  if (!existsSync(serverEntry) || !existsSync(seedEntry))
    throw new Error('apps/api/dist is missing: run `npm run build` first.');
  const results = {};
  for (const engine of selected) {
    results[engine] = await benchDatabase(engine);
    writeReport(results);
  }
  log('written to docs/benchmarks.md');
  for (const [engine, r] of Object.entries(results)) {
    for (const [name, , , target] of FIGURES) {
      const l = r.figures[name].latency;
      console.log(
        `${engine} ${name}: p50/p95/p99 ${fmt(l.p50, 2)} / ${fmt(l.p95, 2)} / ${fmt(l.p99, 2)} ms, ${fmt(r.figures[name].rps, 0)} req/s, ${result(l.p95, target).replace(/\*/g, '')}${r.figures[name].problems.length ? ` (${r.figures[name].problems.join(', ')})` : ''}`,
      );
    }
  }
} catch (error) {
  log(`failed: ${error.stack ?? error.message}`);
  await cleanUp();
  process.exit(1);
}
