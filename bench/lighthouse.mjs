// Lighthouse 12 (mobile preset, the default config: Moto G Power viewport, simulated slow 4G and 4x CPU
// slowdown) against pages of a running shop, with the system Chromium. Used by bench/catalogue.mjs.
//
// Lighthouse is resolved from the workspace (a root devDependency) or, when it is not installed there, from
// LIGHTHOUSE_DIR (a directory where `npm i lighthouse@~12.8` was run), so the workspace's lockfile need not
// carry it. Nothing here downloads a browser: CHROMIUM_PATH or /usr/bin/chromium is launched.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { fmt, log, root, table } from './lib.mjs';

export const LIGHTHOUSE_TARGETS = { performance: 95, cls: 0.02, tbtMs: 100 };
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Where lighthouse and chrome-launcher come from, or null when neither place has them. */
export function locateLighthouse() {
  const places = [
    { dir: root, label: 'workspace devDependency' },
    ...(process.env.LIGHTHOUSE_DIR
      ? [
          {
            dir: path.resolve(process.env.LIGHTHOUSE_DIR),
            label: `LIGHTHOUSE_DIR (${process.env.LIGHTHOUSE_DIR})`,
          },
        ]
      : []),
  ];
  for (const place of places) {
    const lighthouse = path.join(place.dir, 'node_modules/lighthouse');
    const launcher = path.join(place.dir, 'node_modules/chrome-launcher');
    if (
      existsSync(path.join(lighthouse, 'package.json')) &&
      existsSync(path.join(launcher, 'package.json'))
    ) {
      const version = JSON.parse(readFileSync(path.join(lighthouse, 'package.json'), 'utf8')).version;
      return {
        version,
        from: place.label,
        lighthouseEntry: path.join(lighthouse, 'core/index.js'),
        launcherEntry: path.join(launcher, 'dist/index.js'),
      };
    }
  }
  return null;
}

export function chromiumPath() {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

const median = (values) => {
  const sorted = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * Runs Lighthouse `runs` times on each of `pages` (paths on `origin`, which must be 127.0.0.1), each run
 * in a fresh Chromium, and returns the runs and the medians.
 */
export async function runLighthouse(origin, pages, runs = 3) {
  if (!/^http:\/\/127\.0\.0\.1[:/]/.test(origin)) throw new Error('Lighthouse only runs against 127.0.0.1');
  const located = locateLighthouse();
  if (!located) return null;
  const { default: lighthouse } = await import(pathToFileURL(located.lighthouseEntry).href);
  const chromeLauncher = await import(pathToFileURL(located.launcherEntry).href);
  const results = [];
  for (const page of pages) {
    const url = `${origin}${page}`;
    const measured = [];
    for (let run = 1; run <= runs; run++) {
      log(`lighthouse ${url} run ${run}/${runs}`);
      // A run that fails to record its trace (NO_NAVSTART and friends, more likely on a busy machine) is
      // repeated, up to three attempts.
      for (let attempt = 1; ; attempt++) {
        try {
          measured.push(await lighthouseRun(lighthouse, chromeLauncher, url));
          break;
        } catch (error) {
          if (attempt === 3) throw error;
          log(`lighthouse ${url} run ${run}, attempt ${attempt} failed (${error.message}); again`);
        }
      }
    }
    const pick = (key) => median(measured.map((m) => m[key]));
    results.push({
      page,
      runs: measured,
      median: {
        performance: pick('performance'),
        fcpMs: pick('fcpMs'),
        lcpMs: pick('lcpMs'),
        cls: pick('cls'),
        tbtMs: pick('tbtMs'),
        speedIndexMs: pick('speedIndexMs'),
      },
    });
  }
  return { located, results };
}

/** The audits that estimate a saving on FCP, LCP or TBT, biggest first. */
function opportunities(lhr) {
  return Object.values(lhr.audits)
    .map((audit) => {
      const savings = audit.metricSavings ?? {};
      const total = (savings.FCP ?? 0) + (savings.LCP ?? 0) + (savings.TBT ?? 0);
      return { id: audit.id, title: audit.title, displayValue: audit.displayValue ?? '', savings, total };
    })
    .filter((o) => o.total > 0)
    .sort((a, b) => b.total - a.total)
    .slice(0, 4);
}

function lcpElement(lhr) {
  const items = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const node = items.flatMap((item) => item.items ?? [item]).find((item) => item.node)?.node;
  return node ? node.selector : null;
}

/** One Lighthouse run in a fresh Chromium with its own profile. */
async function lighthouseRun(lighthouse, chromeLauncher, url) {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-lighthouse-'));
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
    userDataDir: profile,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const audit = (id) => lhr.audits[id]?.numericValue ?? null;
    return {
      performance: lhr.categories.performance.score === null ? null : lhr.categories.performance.score * 100,
      fcpMs: audit('first-contentful-paint'),
      lcpMs: audit('largest-contentful-paint'),
      cls: audit('cumulative-layout-shift'),
      tbtMs: audit('total-blocking-time'),
      speedIndexMs: audit('speed-index'),
      warnings: lhr.runWarnings ?? [],
      lighthouseVersion: lhr.lighthouseVersion,
      userAgent: lhr.environment?.hostUserAgent ?? '',
      formFactor: lhr.configSettings?.formFactor,
      throttlingMethod: lhr.configSettings?.throttlingMethod,
      loadAverage: os.loadavg()[0],
      ttfbMs: audit('server-response-time'),
      lcpElement: lcpElement(lhr),
      opportunities: opportunities(lhr),
    };
  } finally {
    await chrome.kill();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** The Lighthouse section of docs/benchmarks.md. */
export function lighthouseReport({ located, results, facts, database, note }) {
  const t = LIGHTHOUSE_TARGETS;
  const rows = results.map(({ page, median: m, runs }) => {
    const okPerf = m.performance !== null && m.performance >= t.performance;
    const okCls = m.cls !== null && m.cls <= t.cls;
    const okTbt = m.tbtMs !== null && m.tbtMs <= t.tbtMs;
    const by = [];
    if (!okPerf) by.push(`performance ${fmt(t.performance - m.performance, 0)} points short`);
    if (!okCls) by.push(`CLS ${fmt(m.cls - t.cls, 3)} over`);
    if (!okTbt) by.push(`TBT ${fmt(m.tbtMs - t.tbtMs, 0)} ms over`);
    return [
      `\`${page}\``,
      fmt(m.performance, 0),
      `${fmt(m.fcpMs / 1000, 2)} s`,
      `${fmt(m.lcpMs / 1000, 2)} s`,
      fmt(m.cls, 3),
      `${fmt(m.tbtMs, 0)} ms`,
      `${fmt(m.speedIndexMs / 1000, 2)} s`,
      runs.map((r) => fmt(r.performance, 0)).join(', '),
      runs.map((r) => fmt(r.loadAverage, 1)).join(', '),
      okPerf && okCls && okTbt ? 'pass' : `**miss** (${by.join('; ')})`,
    ];
  });
  const first = results[0]?.runs[0];
  const warnings = [...new Set(results.flatMap((r) => r.runs.flatMap((run) => run.warnings)))];
  return `### Lighthouse (mobile preset, median of ${results[0]?.runs.length ?? 0})

Run ${facts.date} on ${facts.cpu} (${facts.cores} cores), revision ${facts.revision}. Lighthouse ${located.version}
(${located.from}), form factor ${first?.formFactor ?? 'n/a'}, throttling \`${first?.throttlingMethod ?? 'n/a'}\` (simulated
slow 4G, 4x CPU slowdown), ${first?.userAgent ? `browser \`${first.userAgent.replace(/\s*\(.*?\)\s*/g, ' ').trim()}\`` : 'system Chromium'} launched by chrome-launcher
(${CHROME_FLAGS.map((f) => `\`${f}\``).join(' ')}), a fresh browser profile per run. Server: the production build on
${database}, 127.0.0.1. Targets: performance ≥ ${t.performance}, CLS ≤ ${t.cls}, TBT ≤ ${t.tbtMs} ms.
Each figure is the median of the runs on its own. The machine is shared: the last column but one gives its
1-minute load average (${os.cpus().length} cores) at each run; Lighthouse's simulation scales the main-thread time it
observes, so other work on the machine lowers the scores (TBT most).

${table(
  [
    'page',
    'performance',
    'FCP',
    'LCP',
    'CLS',
    'TBT',
    'Speed Index',
    'scores of the runs',
    'load average at each run',
    'result',
  ],
  rows,
)}

**Why** (Lighthouse's own diagnosis, from the run with the median score of each page):

${results.map(diagnosis).join('\n')}
${warnings.length ? `\nLighthouse warnings: ${warnings.map((w) => `"${w}"`).join('; ')}\n` : ''}${note ? `\n${note}\n` : ''}`;
}

function diagnosis({ page, runs }) {
  const sorted = [...runs].sort((a, b) => (a.performance ?? 0) - (b.performance ?? 0));
  const run = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!run) return `- \`${page}\`: no run.`;
  const savings = (o) =>
    ['FCP', 'LCP', 'TBT']
      .filter((k) => o.savings[k])
      .map((k) => `${k} −${fmt(o.savings[k], 0)} ms`)
      .join(', ');
  const list = run.opportunities.length
    ? run.opportunities
        .map((o) => `"${o.title}"${o.displayValue ? ` (${o.displayValue})` : ''}: ${savings(o)}`)
        .join('; ')
    : 'no audit estimates a saving';
  return `- \`${page}\` (score ${fmt(run.performance, 0)}): server response ${fmt(run.ttfbMs, 0)} ms; LCP element \`${run.lcpElement ?? 'n/a'}\`; ${list}.`;
}

/** What the section says when Lighthouse cannot run. */
export function lighthouseMissingReport(reason) {
  return `### Lighthouse (mobile preset, median of 3)

Not measured in this run: ${reason}`;
}
