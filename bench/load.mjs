// The load generator, run as its own process so it never shares an event loop with a server under test.
// Usage: node bench/load.mjs '{"url":"http://127.0.0.1:3000/api/health/","connections":50,"duration":10,"warmup":2}'
// Prints one JSON object to stdout: autocannon's result plus `latencyExact`, percentiles (ms, fractional)
// computed from every measured response, because autocannon 8 reports no p95 and rounds to whole ms.
//
// With `pathsFile` (one request path a line, e.g. /api/products/?search=pal), every request takes the
// next path of that file (warm-up included, wrapping round at the end) instead of the URL's path, so a
// run can use a different, random input for each request. `paths` in the output then says how many
// requests repeated a path sent less than `cacheTtlMs` before (a read the server's in-process cache can
// answer) and how often the list wrapped round.
//
// With `requestsFile` (one JSON object a line: {"method":"POST","path":"/api/…","headers":{…},"body":…}),
// every request takes the next line the same way (method, path, headers added to `headers`, and the body,
// a string or JSON-encoded), e.g. a different signed-in buyer per request. `paths` then counts those
// requests, and `non2xxSamples` keeps the first few non-2xx answers (status and the start of the body).
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const config = JSON.parse(process.argv[2] ?? '{}');
if (typeof config.url !== 'string' || !/^http:\/\/127\.0\.0\.1[:/]/.test(config.url)) {
  console.error('load.mjs: config.url must be an http://127.0.0.1 URL');
  process.exit(2);
}
const connections = config.connections ?? 50;
const duration = config.duration ?? 10;
const warmup = config.warmup ?? 2;

/** Request paths to cycle through, and what was sent. */
const paths = config.pathsFile
  ? readFileSync(config.pathsFile, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('/'))
  : config.requestsFile
    ? readFileSync(config.requestsFile, 'utf8')
        .split('\n')
        .filter((line) => line.trim())
        .map((line) => {
          const { method = 'GET', path, headers = {}, body } = JSON.parse(line);
          const text = body === undefined || typeof body === 'string' ? body : JSON.stringify(body);
          return { method, path, headers, body: text, key: `${method} ${path} ${text ?? ''}` };
        })
    : null;
const non2xxSamples = [];
const cacheTtlMs = config.cacheTtlMs ?? 10_000;
const firstSent = new Map();
const pathStats = { listed: paths?.length ?? 0, sent: 0, repeatsWithinTtl: 0, wraps: 0 };
let next = 0;

function nextPath() {
  if (next === paths.length) {
    next = 0;
    pathStats.wraps++;
  }
  const entry = paths[next++];
  const key = typeof entry === 'string' ? entry : entry.key;
  const now = Date.now();
  const first = firstSent.get(key);
  if (first !== undefined && now - first < cacheTtlMs) pathStats.repeatsWithinTtl++;
  else firstSent.set(key, now);
  pathStats.sent++;
  return entry;
}

function setupRequest(request) {
  const entry = nextPath();
  if (typeof entry === 'string') {
    request.path = entry;
    return request;
  }
  request.method = entry.method;
  request.path = entry.path;
  request.headers = { ...request.headers, ...entry.headers };
  request.body = entry.body;
  return request;
}

/** Keeps the first few non-2xx answers, to say why requests failed. */
function onResponse(status, body) {
  if ((status < 200 || status >= 300) && non2xxSamples.length < 5)
    non2xxSamples.push({ status, body: String(body ?? '').slice(0, 300) });
}

/** Growable buffer of response times in ms. */
let times = new Float64Array(1 << 16);
let count = 0;

const instance = autocannon({
  url: config.url,
  method: config.method ?? 'GET',
  headers: config.headers ?? {},
  connections,
  duration,
  pipelining: 1,
  timeout: config.timeout ?? 10,
  ...(paths
    ? {
        requests: [{ setupRequest, ...(config.requestsFile ? { onResponse } : {}) }],
      }
    : {}),
  ...(warmup > 0 ? { warmup: { connections, duration: warmup } } : {}),
  renderProgressBar: false,
  renderResultsTable: false,
  renderLatencyTable: false,
});

// Emitted for the measured run only (the warm-up has its own tracker).
instance.on('response', (_client, statusCode, _bytes, responseTime) => {
  if (statusCode < 200 || statusCode >= 300) return;
  if (count === times.length) {
    const bigger = new Float64Array(times.length * 2);
    bigger.set(times);
    times = bigger;
  }
  times[count++] = responseTime;
});

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))];
}

const result = await instance;
const sorted = times.subarray(0, count).sort();
const round = (value) => (value === null ? null : Math.round(value * 1000) / 1000);
const latencyExact = {
  count,
  p50: round(percentile(sorted, 50)),
  p95: round(percentile(sorted, 95)),
  p97_5: round(percentile(sorted, 97.5)),
  p99: round(percentile(sorted, 99)),
  max: round(count ? sorted[count - 1] : null),
};
delete result.warmup;
const extra = config.requestsFile ? { non2xxSamples } : {};
process.stdout.write(
  `${JSON.stringify({ ...result, latencyExact, paths: paths ? pathStats : null, ...extra })}\n`,
);
