// `npm run bench:event-loop`: is the event loop free while the back office's heavy work runs?
// A scratch store (PGlite in a temporary DATA_DIR; with DATABASE_URL, a scratch database `bench_<timestamp>`,
// dropped afterwards) with the demo catalogue, an owner made with apps/api/dist/create-owner.js, and the production
// server (NODE_ENV=production, one process). The bench makes a catalogue CSV of just under 10 MB (50,000 new SKUs
// on the demo's variants, long titles and a pack price each, so every row is parsed, checked and planned) and one
// 24-megapixel JPEG per round (just under the 25 MP cap; a new picture each round, so none is found already
// stored). Then, each round, it previews the CSV and uploads the image at the same time, while one client asks
// GET /api/health/ (no I/O) one request at a time, 10 ms apart, from just before the work starts to just after it
// ends. The same sampling runs for --idle seconds with nothing else going on, for comparison. One small preview and
// upload before the rounds start the import's worker thread and warm the code, as a running shop has.
// Figures: health's latency during the work and idle (p50/p95/p99/max over every sample), the server's own
// event-loop delay over the work (GET /api/health/process/), and the preview's and upload's times. Target: health's
// p99 under 100 ms during the work. The figures go into the marked section `event-loop` of docs/benchmarks.md.
//
//   npm run bench:event-loop                                                           PGlite
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:event-loop  PostgreSQL
//   options: --rounds N (5), --idle S (5), --print-only (print the figures, leave docs/benchmarks.md alone)
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parse } from 'csv-parse/sync';
import sharp from 'sharp';
import {
  cleanUp,
  databaseEnv,
  fmt,
  log,
  machineFacts,
  onCleanUp,
  prepareDatabase,
  root,
  runNode,
  sampleOtherCpu,
  serverEntry,
  sleep,
  startShop,
  table,
  verdict,
  writeSection,
} from './lib.mjs';

const { values: options } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    idle: { type: 'string', default: '5' },
    'print-only': { type: 'boolean', default: false },
  },
});
const ROUNDS = Number(options.rounds);
const IDLE_S = Number(options.idle);
const TARGET_P99_MS = 100;
/** The import's body cap (CATALOGUE_CSV_MAX_BYTES) and row cap (CATALOGUE_CSV_MAX_ROWS). */
const CSV_MAX_BYTES = 10 * 1024 * 1024;
const CSV_ROWS = 50_000;
/** Between two health requests: one client, one request at a time. */
const HEALTH_GAP_MS = 10;
const OWNER = { email: 'bench-owner@packright.example', password: 'bench-owner-password' };
const createOwnerEntry = path.join(root, 'apps/api/dist/create-owner.js');

// ---------------------------------------------------------------------------------------------------------
// What the back office sends

/** The demo's variants that have a pack tier from 1 pack, read from the catalogue's own export. */
async function variantsWithPackPrice(origin, headers) {
  const response = await fetch(`${origin}/api/administration/import-export/items.csv`, { headers });
  if (response.status !== 200) throw new Error(`the export answered ${response.status}`);
  const [header, ...rows] = parse(Buffer.from(await response.arrayBuffer()), { bom: true });
  const variantAt = header.indexOf('variant_id');
  const priceAt = header.indexOf('price_pack_1');
  const variants = new Set(rows.filter((row) => row[priceAt] !== '').map((row) => row[variantAt]));
  if (variants.size === 0) throw new Error('no variant of the demo catalogue has a price_pack_1 tier');
  return [...variants];
}

/** A valid catalogue CSV of CSV_ROWS new items, padded with long titles to just under the body cap. */
function catalogueCsv(variants) {
  const header =
    'sku,variant_id,title,units_per_pack,stock,track_inventory,weight,weight_unit,status,low_stock_threshold,price_pack_1\n';
  const row = (n, title) =>
    `EL-${String(n).padStart(6, '0')},${variants[n % variants.length]},${title},6,${n % 500},true,1.25,kg,active,10,${(5 + (n % 90) / 10).toFixed(2)}\n`;
  let bare = Buffer.byteLength(header);
  for (let n = 0; n < CSV_ROWS; n++) bare += Buffer.byteLength(row(n, ''));
  // The longest title that keeps the file within the cap (titles may have 200 characters).
  const titleLength = Math.min(200, Math.floor((CSV_MAX_BYTES - 1024 - bare) / CSV_ROWS));
  const title = (n) => `Bench wrap ${n} `.padEnd(titleLength, 'x');
  const body = header + Array.from({ length: CSV_ROWS }, (_, n) => row(n, title(n))).join('');
  return Buffer.from(body);
}

/** A 6,000 x 4,000 JPEG (24 MP) of smooth gradients that differ by round, so each upload is decoded. */
async function photo(round) {
  const width = 6_000;
  const height = 4_000;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      pixels[at] = (x * 255) / width;
      pixels[at + 1] = (y * 255) / height;
      pixels[at + 2] = (x + y + round * 37) & 255;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function timed(label, request, expected) {
  const started = performance.now();
  const response = await request();
  const ms = performance.now() - started;
  const text = await response.text();
  if (response.status !== expected)
    throw new Error(`${label} answered ${response.status}: ${text.slice(0, 300)}`);
  return ms;
}

// ---------------------------------------------------------------------------------------------------------
// Sampling

/**
 * Asks GET /api/health/ one request at a time until stopped; the stop resolves with every latency in ms, or
 * rejects with the first failure (the sampling ends there).
 */
function sampleHealth(origin) {
  let stopped = false;
  const latencies = [];
  const done = (async () => {
    while (!stopped) {
      const started = performance.now();
      const response = await fetch(`${origin}/api/health/`);
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      if (response.status !== 200) throw new Error(`/api/health/ answered ${response.status}`);
      await sleep(HEALTH_GAP_MS);
    }
    return latencies;
  })();
  // Until stop is called, a failure waits there instead of ending the process.
  done.catch(() => {});
  return () => {
    stopped = true;
    return done;
  };
}

function percentiles(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  return { count: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: sorted.at(-1) };
}

/** The server's event-loop delay since the last read (the first read resets it). */
async function eventLoopDelay(origin) {
  const response = await fetch(`${origin}/api/health/process/`);
  if (response.status !== 200) throw new Error(`/api/health/process/ answered ${response.status}`);
  return (await response.json()).event_loop_delay_ms;
}

// ---------------------------------------------------------------------------------------------------------

async function main() {
  for (const entry of [serverEntry, createOwnerEntry, path.join(root, 'apps/api/dist/csv-plan-worker.js')]) {
    if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first.`);
  }
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-event-loop-'));
  onCleanUp(() => rmSync(workDir, { recursive: true, force: true }));
  const database = await prepareDatabase(workDir, process.env.DATABASE_URL);
  const env = databaseEnv(database, { NODE_ENV: 'production', LOG_LEVEL: 'warn' });
  await runNode([createOwnerEntry, '--email', OWNER.email, '--password', OWNER.password], { env });
  const shop = await startShop(workDir, database, { LOG_LEVEL: 'warn', STOREFRONT: 'false' });
  shop.child.once('exit', (code, signal) => {
    if (code !== 0) {
      log(`the shop stopped (code ${code}, signal ${signal}); the end of its log:`);
      process.stderr.write(readFileSync(shop.logFile, 'utf8').slice(-4000));
    }
  });

  const login = await fetch(`${shop.origin}/api/account/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OWNER),
  });
  if (login.status !== 200) throw new Error(`owner login answered ${login.status}`);
  const headers = { authorization: `Bearer ${(await login.json()).token.access}` };
  const products = await fetch(`${shop.origin}/api/administration/products/?page_size=1`, { headers });
  const productId = (await products.json()).results[0].id;

  const csv = catalogueCsv(await variantsWithPackPrice(shop.origin, headers));
  log(`CSV of ${CSV_ROWS.toLocaleString('en-GB')} rows, ${(csv.length / 1024 / 1024).toFixed(2)} MB`);
  const preview = (body) => () =>
    fetch(`${shop.origin}/api/administration/import-export/items/preview/`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'text/csv' },
      body,
    });
  const upload = (body) => () =>
    fetch(`${shop.origin}/api/administration/products/${productId}/images/`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'image/jpeg' },
      body,
    });

  log('warming up: one small preview and one small upload');
  await timed('warm-up preview', preview('sku\nEL-000000\n'), 200);
  await timed(
    'warm-up upload',
    upload(
      await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c86' } })
        .jpeg()
        .toBuffer(),
    ),
    201,
  );

  log(`idle: health for ${IDLE_S} s`);
  const stopIdle = sampleHealth(shop.origin);
  await sleep(IDLE_S * 1000);
  const idle = percentiles(await stopIdle());

  const images = [];
  for (let round = 0; round < ROUNDS; round++) images.push(await photo(round));
  log(`JPEG of 24 MP, ${(images[0].length / 1024 / 1024).toFixed(2)} MB`);

  const during = [];
  const rounds = [];
  const otherCores = sampleOtherCpu(shop.child.pid);
  await eventLoopDelay(shop.origin);
  for (let round = 0; round < ROUNDS; round++) {
    const stop = sampleHealth(shop.origin);
    await sleep(200);
    const [previewMs, uploadMs] = await Promise.all([
      timed('preview', preview(csv), 200),
      timed('upload', upload(images[round]), 201),
    ]);
    await sleep(200);
    const latencies = await stop();
    during.push(...latencies);
    const figure = percentiles(latencies);
    rounds.push({ previewMs, uploadMs, ...figure });
    log(
      `round ${round + 1}: preview ${fmt(previewMs, 0)} ms, upload ${fmt(uploadMs, 0)} ms; ` +
        `health p50/p99/max ${fmt(figure.p50, 1)} / ${fmt(figure.p99, 1)} / ${fmt(figure.max, 1)} ms (${figure.count})`,
    );
  }
  const delay = await eventLoopDelay(shop.origin);
  const other = otherCores();
  return { database, idle, during: percentiles(during), rounds, delay, other, csvBytes: csv.length };
}

function report({ database, idle, during, rounds, delay, other, csvBytes }) {
  const facts = machineFacts();
  const row = (name, figure) => [
    name,
    String(figure.count),
    `${fmt(figure.p50, 1)} / ${fmt(figure.p95, 1)} / ${fmt(figure.p99, 1)}`,
    fmt(figure.max, 1),
  ];
  return `## The event loop during heavy back-office work (issue 19)

Written by \`npm run bench:event-loop\` (bench/event-loop.mjs) on ${facts.date.slice(0, 10)}, revision ${facts.revision}: ${facts.cpu},
${facts.cores} cores, ${facts.memory}, ${facts.os}, Node ${facts.node}; ${database.kind}. Production build, one process
(\`WEB_CONCURRENCY=1\`, \`LOG_LEVEL=warn\`, API only). Each of ${ROUNDS} rounds previews a ${(csvBytes / 1024 / 1024).toFixed(2)} MB catalogue CSV
(${CSV_ROWS.toLocaleString('en-GB')} new SKUs) and uploads a 24 MP JPEG at the same time, while one client asks \`GET /api/health/\`
one request at a time, ${HEALTH_GAP_MS} ms apart. Target: health's p99 under ${TARGET_P99_MS} ms during the work.

${table(
  ['GET /api/health/', 'requests', 'p50 / p95 / p99 (ms)', 'max (ms)'],
  [row(`idle, ${IDLE_S} s`, idle), row(`during ${ROUNDS} rounds of preview + upload`, during)],
)}

${table(
  ['round', 'preview (ms)', 'upload (ms)', 'health p99 / max (ms)'],
  rounds.map((figure, index) => [
    String(index + 1),
    fmt(figure.previewMs, 0),
    fmt(figure.uploadMs, 0),
    `${fmt(figure.p99, 1)} / ${fmt(figure.max, 1)}`,
  ]),
)}

Health's p99 during the work: **${fmt(during.p99, 1)} ms** (${verdict(during.p99 < TARGET_P99_MS)}). The server's own event-loop delay
over the rounds (\`GET /api/health/process/\`): p50 ${fmt(delay.p50, 1)} ms, p99 ${fmt(delay.p99, 1)} ms, max ${fmt(delay.max, 1)} ms. Other
processes used ${other === null ? 'n/a' : fmt(other, 2)} cores on average meanwhile${database.engine === 'postgres' ? ' (the PostgreSQL server included)' : ''}.`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const text = report(await main());
    if (options['print-only']) process.stdout.write(`${text}\n`);
    else writeSection('event-loop', text, { after: ['after-sale', 'admin', 'scale'] });
  } finally {
    await cleanUp();
  }
}
