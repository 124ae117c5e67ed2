// `npm run bench:product-lighthouse`: Lighthouse (mobile preset, median of 3) on the product page with six
// variants (/details/bags/mailing-bags) and a two-variant one, against the production server on a scratch
// PGlite with the demo catalogue. The target: performance >= 90 on a product page with 6 variants.
// Needs Lighthouse: a workspace install or LIGHTHOUSE_DIR (see bench/lighthouse.mjs). Results go to the
// `product-lighthouse` section of docs/benchmarks.md.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  cleanUp,
  log,
  machineFacts,
  onCleanUp,
  prepareDatabase,
  serverEntry,
  startShop,
  stopChild,
  writeSection,
} from './lib.mjs';
import { lighthouseMissingReport, lighthouseReport, locateLighthouse, runLighthouse } from './lighthouse.mjs';

const PAGES = ['/details/bags/mailing-bags', '/details/wraps/pallet-wraps'];
const TARGET = 90;

async function main() {
  if (!existsSync(serverEntry)) throw new Error('apps/api/dist is missing: run `npm run build` first.');
  const located = locateLighthouse();
  if (!located) {
    writeSection(
      'product-lighthouse',
      lighthouseMissingReport('Lighthouse is not installed and LIGHTHOUSE_DIR names no install.'),
      { after: 'product' },
    );
    return;
  }
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-product-lh-'));
  onCleanUp(() => rmSync(workDir, { recursive: true, force: true }));
  const database = await prepareDatabase(workDir);
  const shop = await startShop(workDir, database, { LOG_LEVEL: 'warn' });
  onCleanUp(() => stopChild(shop.child));
  // One visit first, so the runs measure a warm server as visitors meet it.
  for (const page of PAGES) await fetch(`${shop.origin}${page}`);
  const { results } = await runLighthouse(shop.origin, PAGES);
  const report = lighthouseReport({
    located,
    results,
    facts: machineFacts(),
    database: `${database.kind} with the demo catalogue`,
  });
  const six = results[0].median.performance;
  const verdict = six !== null && six >= TARGET ? 'pass' : '**miss**';
  writeSection(
    'product-lighthouse',
    `## Product page, Lighthouse (\`npm run bench:product-lighthouse\`)\n\nIssue 5's target: performance ≥ ${TARGET} on a product page with 6 variants (\`${PAGES[0]}\`): ${six ?? 'n/a'}, ${verdict}. The table's own verdict column uses the shop-wide stricter targets of bench/lighthouse.mjs (95, CLS ≤ 0.02, TBT ≤ 100 ms).\n\n${report}`,
    { after: 'product' },
  );
  for (const { page, median } of results) {
    log(
      `${page}: performance ${median.performance}, LCP ${Math.round(median.lcpMs)} ms, CLS ${median.cls}, TBT ${Math.round(median.tbtMs)} ms`,
    );
  }
}

try {
  await main();
} finally {
  await cleanUp();
}
