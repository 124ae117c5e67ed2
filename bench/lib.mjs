// Helpers shared by the benchmark scripts (bench/run.mjs, bench/catalogue.mjs, bench/lighthouse.mjs):
// child processes, scratch databases, the shop server, the load generator, CPU accounting, the machine
// description and the sections of docs/benchmarks.md. Everything runs on 127.0.0.1.
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
export const serverEntry = path.join(root, 'apps/api/dist/server.js');
export const seedEntry = path.join(root, 'apps/api/dist/seed.js');
export const reportFile = path.join(root, 'docs/benchmarks.md');

export const READY_TIMEOUT_MS = 90_000;

// ---------------------------------------------------------------------------------------------------------
// Processes

const children = new Set();
const cleanups = [];

export function log(message) {
  process.stderr.write(`[bench] ${message}\n`);
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function stopChild(child, timeoutMs = 15_000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export function startChild(args, options) {
  const child = spawn(process.execPath, args, { cwd: root, ...options });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Runs a node script to completion; rejects with its output's tail when it fails. */
export function runNode(args, options = {}) {
  const child = startChild(args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`node ${args.join(' ')} exited with code ${code}:\n${output.slice(-4000)}`));
    });
  });
}

/** Registers a clean-up task, run in reverse order by cleanUp(). */
export function onCleanUp(task) {
  cleanups.push(task);
}

export async function cleanUp() {
  await Promise.all([...children].map((child) => stopChild(child)));
  for (const task of cleanups.reverse()) {
    try {
      await task();
    } catch (error) {
      log(`clean-up step failed: ${error.message}`);
    }
  }
  cleanups.length = 0;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    log(`${signal}: stopping`);
    cleanUp().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------------------
// Database

/** Refuses any database server but this machine's: the benchmarks never leave 127.0.0.1. */
export function assertLocalDatabaseUrl(adminUrl) {
  const host = new URL(adminUrl).hostname;
  if (!['127.0.0.1', 'localhost', '[::1]', '::1'].includes(host)) {
    throw new Error(`the benchmarks only use a database on this machine, not ${host}`);
  }
}

/**
 * PGlite in a temporary directory (no adminUrl), or a scratch database `bench_<timestamp>` on the
 * adminUrl server, dropped at clean-up.
 */
export async function prepareDatabase(workDir, adminUrl) {
  if (!adminUrl) {
    return { kind: 'PGlite (embedded)', engine: 'pglite', env: { DATA_DIR: path.join(workDir, 'data') } };
  }
  assertLocalDatabaseUrl(adminUrl);
  const { default: pg } = await import('pg');
  const name = `bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const { rows } = await admin.query('SHOW server_version');
  await admin.end();
  log(`created scratch database ${name}`);
  onCleanUp(async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } finally {
      await client.end();
    }
    log(`dropped scratch database ${name}`);
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind: `PostgreSQL ${rows[0]?.server_version ?? ''} (scratch database ${name})`.replace('  ', ' '),
    engine: 'postgres',
    serverVersion: rows[0]?.server_version ?? '',
    databaseUrl: url.toString(),
    env: { DATABASE_URL: url.toString(), DATA_DIR: path.join(workDir, 'data') },
  };
}

/** The environment of a child that uses `database` (and no DATABASE_URL of ours unless it is one). */
export function databaseEnv(database, extra = {}) {
  const env = { ...process.env, ...extra };
  delete env.DATABASE_URL;
  return Object.assign(env, database.env);
}

// ---------------------------------------------------------------------------------------------------------
// Servers

/**
 * Starts the production server (NODE_ENV=production on 127.0.0.1, a free port, one process so that figures
 * compare across runs and machines; `extraEnv` adds or overrides variables, e.g. LOG_LEVEL or
 * WEB_CONCURRENCY) and waits until it is ready. Its stdout and stderr go straight
 * to `logFile` (the child writes the file itself, so a busy benchmark process never throttles its log).
 */
/**
 * Node options for the server under test only (not the seed or the load generators), e.g.
 * `BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"` to profile a bench's figures: the
 * profile is written when the bench stops the server.
 */
const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);

export async function startShop(workDir, database, extraEnv = {}) {
  const port = await freePort();
  const logFile = path.join(workDir, `shop-${port}.log`);
  const env = databaseEnv(database, {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    WEB_CONCURRENCY: '1',
    ...extraEnv,
  });
  const out = openSync(logFile, 'a');
  let child;
  try {
    child = startChild([...SERVER_NODE_ARGS, serverEntry], { env, stdio: ['ignore', out, out] });
  } finally {
    closeSync(out);
  }

  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  const tail = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-8000) : '');
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the shop exited (code ${child.exitCode}):\n${tail()}`);
    try {
      const response = await fetch(`${origin}/api/health/ready/`, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) return { origin, child, logFile };
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`the shop was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${tail()}`);
}

export async function expectOk(url, check) {
  const response = await fetch(url);
  const body = await response.text();
  if (response.status !== 200)
    throw new Error(`GET ${url} answered ${response.status}: ${body.slice(0, 300)}`);
  return check ? check(body, response) : body;
}

// ---------------------------------------------------------------------------------------------------------
// CPU accounting (Linux): how much CPU went to processes other than the server under test and the load
// generator while a figure was measured. On a machine shared with other work the figures are pessimistic.

/** Average cores used by other processes above which a figure is flagged. */
export const BUSY_OTHER_CORES = 0.25;

function readTicks(file, fields) {
  try {
    const text = readFileSync(file, 'utf8');
    const parts = text
      .slice(text.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    // Fields are numbered as in proc(5): state is field 3, i.e. parts[0].
    return fields.reduce((sum, field) => sum + (parts[field - 3] ?? 0), 0);
  } catch {
    return null;
  }
}

function busyTicks() {
  try {
    const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    // user nice system idle iowait irq softirq steal: everything but idle and iowait.
    const [user, nice, system, , , irq, softirq, steal = 0] = values;
    return user + nice + system + irq + softirq + steal;
  } catch {
    return null;
  }
}

/** The ids of the processes whose parent is `pid` (Linux), e.g. the workers of a cluster's primary. */
export function childPids(pid) {
  const found = [];
  let entries = [];
  try {
    entries = readdirSync('/proc');
  } catch {
    return found;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Field 4 (ppid) is the second after the command's closing parenthesis.
      if (Number(text.slice(text.lastIndexOf(')') + 2).split(' ')[1]) === pid) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** CPU ticks of the server: its own, its exited children's and its running children's (cluster workers). */
function serverTicks(serverPid) {
  const own = readTicks(`/proc/${serverPid}/stat`, [14, 15, 16, 17]);
  if (own === null) return null;
  return childPids(serverPid).reduce(
    (sum, pid) => sum + (readTicks(`/proc/${pid}/stat`, [14, 15, 16, 17]) ?? 0),
    own,
  );
}

/**
 * Starts a sample; the returned function gives the cores other processes used on average since. The server
 * counts with its child processes (the workers when it runs as several processes, WEB_CONCURRENCY).
 */
export function sampleOtherCpu(serverPid) {
  const read = () => ({
    at: process.hrtime.bigint(),
    busy: busyTicks(),
    server: serverTicks(serverPid),
    // This process, plus its waited-for children (the load generator once it has exited).
    self: readTicks('/proc/self/stat', [14, 15, 16, 17]),
  });
  const start = read();
  return () => {
    const end = read();
    if ([start.busy, start.server, start.self, end.busy, end.server, end.self].includes(null)) return null;
    const seconds = Number(end.at - start.at) / 1e9;
    const ticksPerSecond = 100; // USER_HZ on Linux
    const other = end.busy - start.busy - (end.server - start.server) - (end.self - start.self);
    return Math.max(0, other / ticksPerSecond / seconds);
  };
}

export function otherCpuSummary(figures) {
  const parts = Object.entries(figures).map(([name, figure]) => {
    const value = figure.otherCores === null ? 'n/a' : fmt(figure.otherCores, 2);
    return `${name} ${value}${figure.otherIncludesDatabase ? ' (includes the PostgreSQL server)' : ''}`;
  });
  return `average cores used by other processes during each figure: ${parts.join(', ')} (flagged above ${BUSY_OTHER_CORES})`;
}

/** A figure is skewed when other processes (not counting the PostgreSQL server it queries) used CPU. */
export function isSkewed(figure) {
  return !figure.otherIncludesDatabase && (figure.otherCores ?? 0) > BUSY_OTHER_CORES;
}

// ---------------------------------------------------------------------------------------------------------
// Load

/** Runs bench/load.mjs in its own process and returns autocannon's result (+ latencyExact). */
export function load(config) {
  const target = config.pathsFile
    ? `${config.url} + paths from ${path.basename(config.pathsFile)}`
    : config.url;
  log(`load ${target} with ${config.connections} connections, ${config.warmup} s + ${config.duration} s`);
  const child = startChild([path.join(root, 'bench/load.mjs'), JSON.stringify(config)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`load.mjs exited with code ${code}`));
      try {
        resolve(JSON.parse(stdout));
      } catch (error) {
        reject(new Error(`load.mjs printed no JSON: ${error.message}\n${stdout.slice(0, 500)}`));
      }
    });
  });
}

/**
 * `load` from `generators` processes at once, the connections shared between them, merged into one result:
 * requests and bytes added up, each latency percentile the worst of the processes' (so never flattering).
 * One autocannon process tops out near 30,000 small answers or 4,000 10-KB pages a second on one core of
 * this machine class; a figure above that measures the client, not the server.
 */
export async function loadSpread(config, generators = 2) {
  if (generators <= 1) return load(config);
  const share = Math.ceil(config.connections / generators);
  const results = await Promise.all(
    Array.from({ length: generators }, () => load({ ...config, connections: share })),
  );
  const sum = (get) => results.reduce((total, result) => total + (get(result) ?? 0), 0);
  const worst = (get) => Math.max(...results.map((result) => get(result) ?? 0));
  const latencyExact = {};
  for (const key of Object.keys(results[0].latencyExact)) {
    latencyExact[key] =
      key === 'count' ? sum((r) => r.latencyExact.count) : worst((r) => r.latencyExact[key]);
  }
  const latency = {};
  for (const key of ['p50', 'p97_5', 'p99', 'mean']) latency[key] = worst((r) => r.latency[key]);
  return {
    ...results[0],
    duration: worst((r) => r.duration),
    requests: {
      ...results[0].requests,
      average: sum((r) => r.requests.average),
      total: sum((r) => r.requests.total),
    },
    throughput: { ...results[0].throughput, average: sum((r) => r.throughput.average) },
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    latency,
    latencyExact,
    generators,
  };
}

export function summarise(result, durationS) {
  const seconds = result.duration || durationS;
  const problems = [];
  if (result.non2xx) problems.push(`${result.non2xx} non-2xx`);
  if (result.errors) problems.push(`${result.errors} errors`);
  if (result.timeouts) problems.push(`${result.timeouts} timeouts`);
  return {
    rps: result.requests.average,
    total: result.requests.total,
    perSecond: result.requests.total / seconds,
    latency: result.latencyExact,
    latencyAutocannon: {
      p50: result.latency.p50,
      p97_5: result.latency.p97_5,
      p99: result.latency.p99,
      mean: result.latency.mean,
    },
    throughputMBs: result.throughput.average / 1e6,
    paths: result.paths ?? null,
    problems,
  };
}

// ---------------------------------------------------------------------------------------------------------
// The machine

export function cpuModel() {
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('model name'));
    if (line) return line.split(':')[1].trim();
  } catch {
    // not Linux
  }
  return os.cpus()[0]?.model ?? 'unknown';
}

export function osName() {
  try {
    const match = /^PRETTY_NAME="?([^"\n]+)"?/m.exec(readFileSync('/etc/os-release', 'utf8'));
    if (match) return `${match[1]}, kernel ${os.release()}`;
  } catch {
    // not Linux
  }
  return `${os.type()} ${os.release()}`;
}

export function gitRevision() {
  try {
    const rev = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, stdio: 'pipe' });
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: root, stdio: 'pipe' }).length > 0;
    return `${rev.toString().trim()}${dirty ? ' (with uncommitted changes)' : ''}`;
  } catch {
    return 'no commit yet';
  }
}

export function autocannonVersion() {
  return JSON.parse(readFileSync(path.join(root, 'node_modules/autocannon/package.json'), 'utf8')).version;
}

/** One-minute load average (Linux), to say how busy the machine was. */
export function loadAverage() {
  return os.loadavg()[0];
}

export const cores = () => os.availableParallelism?.() ?? os.cpus().length;

export function machineFacts() {
  return {
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    revision: gitRevision(),
    cpu: cpuModel(),
    cores: cores(),
    memory: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    os: osName(),
    node: process.version,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Formatting

export const fmt = (value, digits = 1) =>
  value === null || value === undefined || Number.isNaN(value)
    ? 'n/a'
    : Number(value).toLocaleString('en-GB', {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
export const ms = (latency) => `${fmt(latency.p50, 2)} / ${fmt(latency.p95, 2)} / ${fmt(latency.p99, 2)}`;
export const verdict = (ok) => (ok ? 'pass' : '**miss**');

export const table = (header, body) =>
  [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...body.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');

// ---------------------------------------------------------------------------------------------------------
// docs/benchmarks.md sections. bench/run.mjs writes the top of the page; bench/catalogue.mjs and
// bench/lighthouse.mjs own marked sections below it, which every script keeps when it rewrites the page.

const markerStart = (name) => `<!-- bench:${name}:start -->`;
const markerEnd = (name) => `<!-- bench:${name}:end -->`;
const SECTION = /<!-- bench:([a-z0-9-]+):start -->[\s\S]*?<!-- bench:\1:end -->/g;

export function readReport() {
  return existsSync(reportFile) ? readFileSync(reportFile, 'utf8') : '';
}

/** The marked sections of a page, in order, with their markers. */
export function markedSections(markdown) {
  return [...markdown.matchAll(SECTION)].map((match) => ({ name: match[1], text: match[0] }));
}

export function wrapSection(name, content) {
  return `${markerStart(name)}\n${content.trim()}\n${markerEnd(name)}`;
}

function findSection(markdown, name) {
  const start = markdown.indexOf(markerStart(name));
  const end = markdown.indexOf(markerEnd(name), start);
  if (start < 0 || end < 0) return null;
  return markdown.slice(start, end + markerEnd(name).length);
}

/** The text of a marked section without its markers, or null. */
export function sectionContent(markdown, name) {
  const text = findSection(markdown, name);
  return text === null ? null : text.slice(markerStart(name).length, -markerEnd(name).length).trim();
}

/**
 * Replaces the marked section `name` or, when the page has none, inserts it after the first section named
 * in `after` (a name or a list) that the page has, or at the end. Writes the page.
 */
export function writeSection(name, content, { after } = {}) {
  let markdown = readReport();
  const wrapped = wrapSection(name, content);
  const existing = findSection(markdown, name);
  if (existing !== null) {
    markdown = markdown.replace(existing, () => wrapped);
  } else {
    const anchor = [after ?? []]
      .flat()
      .map((name) => findSection(markdown, name))
      .find((text) => text !== null);
    if (anchor !== undefined) {
      const at = markdown.indexOf(anchor) + anchor.length;
      markdown = `${markdown.slice(0, at)}\n\n${wrapped}${markdown.slice(at)}`;
    } else {
      markdown = `${markdown.trimEnd()}\n\n${wrapped}\n`;
    }
  }
  writeFileSync(reportFile, markdown);
}

/** Writes the top of the page (bench/run.mjs), keeping the marked sections other scripts wrote. */
export function writeReportKeepingSections(markdown) {
  const kept = markedSections(readReport()).map((s) => s.text);
  writeFileSync(reportFile, kept.length ? `${markdown.trimEnd()}\n\n${kept.join('\n\n')}\n` : markdown);
}

// ---------------------------------------------------------------------------------------------------------
// Seeded randomness, so two runs send the same requests

/** A small seeded PRNG (mulberry32): numbers in [0, 1). */
export function mulberry32(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export const pick = (random, list) => list[Math.floor(random() * list.length)];

/** A shuffled copy (Fisher-Yates). */
export function shuffle(random, list) {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

// ---------------------------------------------------------------------------------------------------------
// Calling the API from a benchmark

export async function api(origin, requestPath, { method = 'GET', body, headers = {}, status = [200] } = {}) {
  const response = await fetch(`${origin}${requestPath}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!status.includes(response.status))
    throw new Error(`${method} ${requestPath} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** Every result of a paginated GET, following `next`. */
export async function all(origin, requestPath) {
  const results = [];
  for (let next = requestPath; next;) {
    const page = await api(origin, next);
    results.push(...page.results);
    next = page.next;
  }
  return results;
}

/** Runs `task` over `list` with a few requests in flight. */
export async function inParallel(list, task, width = 6) {
  const out = new Array(list.length);
  let at = 0;
  const worker = async () => {
    while (at < list.length) {
      const i = at++;
      out[i] = await task(list[i], i);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Buyers and their carts (bench/product.mjs and bench/scale.mjs)

export const BENCH_PASSWORD = 'Bench-Packaging-2026!';

/**
 * A buyer signed up through the API from its own client address, `10.{subnet}.x.y` (the sign-up limits are
 * per address): the shop must run with TRUST_PROXY=1 and DEV_MAILBOX=true.
 */
export async function signUp(origin, tag, n, subnet) {
  const email = `bench-${tag}-${n}@example.com`;
  const headers = { 'x-forwarded-for': `10.${subnet}.${n >> 8}.${n & 255}` };
  const post = (to, body, status = [200]) => api(origin, to, { method: 'POST', headers, body, status });
  const auth = (extra) =>
    post('/api/account/email-authentication/', { email, authentication_type: 'signup', ...extra });
  await auth({});
  const mail = await api(origin, `/api/dev/mailbox/?to=${encodeURIComponent(email)}`);
  const code = /\b(\d{6})\b/.exec(mail.results[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no sign-up code was e-mailed to ${email}`);
  const { verification_token } = await auth({ code });
  const names = { first_name: 'Bench', last_name: `Buyer ${n}`, company_name: 'Bench Ltd' };
  await post(
    '/api/account/signup/',
    { email, ...names, password: BENCH_PASSWORD, verification_token },
    [201],
  );
  const login = await post('/api/account/login/', { email, password: BENCH_PASSWORD });
  const authorization = `Bearer ${login.token.access}`;
  const cart = await api(origin, '/api/ecommerce/carts/current/', { headers: { authorization } });
  return { authorization, cart: cart.id, address: headers['x-forwarded-for'] };
}

/** The pack tier for one pack (the pack tier whose range contains 1, else the highest). */
export function tierForOnePack(tiers) {
  const packs = tiers.filter((t) => t.tier_type === 'pack').sort((a, b) => a.range_start - b.range_start);
  return (
    packs.find((t) => t.range_start <= 1 && (t.no_end_range || t.range_end === null || t.range_end >= 1)) ??
    packs.at(-1)
  );
}

/**
 * Items a buyer can always add a pack of: variants without units per pallet (so the basis stays pack
 * whatever the cart weighs), items untracked or with at least 200 packs in stock (repeated adds merge).
 */
export function cartItems(variants) {
  return variants
    .filter((v) => !v.units_per_pallet)
    .flatMap((v) => {
      const tier = tierForOnePack(v.pricing_tiers ?? []);
      const fits = (i) => !i.track_inventory || i.stock >= 200 * i.units_per_pack;
      return tier ? v.items.filter(fits).map((i) => ({ item: i.id, pricing_tier: tier.id })) : [];
    });
}

// ---------------------------------------------------------------------------------------------------------
// Between runs

/** Waits until the readiness check (a database query) answers within 50 ms twice in a row. */
export async function waitUntilIdle(shop, limitMs = 180_000) {
  const deadline = Date.now() + limitMs;
  let quick = 0;
  while (Date.now() < deadline && quick < 2) {
    const started = performance.now();
    await fetch(`${shop.origin}/api/health/ready/`, { signal: AbortSignal.timeout(60_000) }).catch(() => {});
    quick = performance.now() - started < 50 ? quick + 1 : 0;
    await sleep(200);
  }
  if (quick < 2) log('the server was still busy after the last run');
}
