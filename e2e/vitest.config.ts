import path from 'node:path';
import { defineConfig } from 'vitest/config';

// The repository root, so the include pattern reads as in the docs and Vite's cache stays in node_modules/.
const root = path.resolve(import.meta.dirname, '..');

// Browser journeys against the production build: one server for the whole run (global-setup.ts),
// one Chromium per spec file (browser.ts), two files at a time. Files share the shop, so each orders, names and
// reads its own data: an item whose stock a journey checks exactly is ordered by that file alone (items.ts),
// made customers and companies have unique names, and lists are searched for the journey's own rows.
export default defineConfig({
  test: {
    name: 'e2e',
    root,
    include: ['e2e/**/*.spec.ts'],
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    // Two workers: the journeys mostly wait on the browser and the server, so two overlap that waiting on a
    // 2-core runner. More would put three Chromiums and the server on two cores.
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 90_000,
    teardownTimeout: 20_000,
  },
});
