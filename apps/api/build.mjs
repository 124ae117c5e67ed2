// Bundles the server and the seed command into dist/: our own code and packages/domain inlined, npm packages left external.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})].flatMap(
  (name) => [name, `${name}/*`],
);

await build({
  entryPoints: {
    server: 'src/server.ts',
    seed: 'src/cli/seed.ts',
    export: 'src/cli/export.ts',
    'create-owner': 'src/cli/create-owner.ts',
    'delete-account': 'src/cli/delete-account.ts',
    // The catalogue import's worker thread: csv-planner.ts (bundled into server.js) starts it from beside itself.
    'csv-plan-worker': 'src/modules/administration/import-export/csv-plan-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, 'vite'],
  logLevel: 'warning',
});
