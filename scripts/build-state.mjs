// Decides whether the production build is missing or older than its sources.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

const SOURCES = [
  'apps/web/app',
  'apps/web/public',
  'apps/api/src',
  'apps/api/drizzle',
  'packages/domain/src',
];
const CONFIGS = [
  'apps/web/vite.config.ts',
  'apps/web/react-router.config.ts',
  'apps/api/build.mjs',
  'package-lock.json',
];
const OUTPUTS = [
  'apps/web/build/server/index.js',
  'apps/api/dist/server.js',
  'apps/api/dist/seed.js',
  // The catalogue import's worker thread, which server.js starts from beside itself.
  'apps/api/dist/csv-plan-worker.js',
];

function newestIn(target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (
      entry.name === 'node_modules' ||
      entry.name.endsWith('.test.ts') ||
      entry.name.endsWith('.test.tsx')
    ) {
      continue;
    }
    newest = Math.max(newest, newestIn(path.join(target, entry.name)));
  }
  return newest;
}

/** True when an output is missing or a source changed after the oldest output was written. */
export function buildIsStale() {
  if (OUTPUTS.some((output) => !existsSync(path.join(root, output)))) return true;
  const built = Math.min(...OUTPUTS.map((output) => statSync(path.join(root, output)).mtimeMs));
  const newestSource = Math.max(...[...SOURCES, ...CONFIGS].map(newestIn));
  return newestSource > built;
}
