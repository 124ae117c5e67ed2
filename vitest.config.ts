import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;

/**
 * The API test files whose code or expectations read which engine they run on (statement counts with or
 * without the driver's BEGIN/COMMIT, a second pool or process on PostgreSQL, PGlite's single connection), plus
 * the app's own test as a smoke of the embedded default. CI runs the whole API suite once, on PostgreSQL, and
 * these files again on PGlite (`npm run test:pglite`); `npm test` alone still runs everything on PGlite.
 */
export const ENGINE_SPECIFIC_API_TESTS = [
  'apps/api/src/app.test.ts',
  'apps/api/src/db/notifications.test.ts',
  'apps/api/src/db/reusable-statement.test.ts',
  'apps/api/src/modules/accounts/profile.test.ts',
  'apps/api/src/modules/addresses/routes.test.ts',
  'apps/api/src/modules/administration/companies/prices/routes.test.ts',
  'apps/api/src/modules/administration/import-export/queries.test.ts',
  'apps/api/src/modules/carts/statement-counts.test.ts',
  'apps/api/src/modules/lists/statement-counts.test.ts',
  'apps/api/src/modules/orders/faults.test.ts',
  'apps/api/src/modules/orders/statement-counts.test.ts',
  'apps/api/src/modules/receivables/covered.test.ts',
  'apps/api/src/modules/receivables/reminders.test.ts',
  'apps/api/src/modules/receivables/routes.test.ts',
  'apps/api/src/modules/receivables/statements.test.ts',
  'apps/api/src/modules/reorder/routes.test.ts',
  'apps/api/src/modules/stock-alerts/concurrency.test.ts',
  'apps/api/test/two-processes.test.ts',
];

const api = {
  root,
  environment: 'node',
  globalSetup: ['apps/api/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 120_000,
  // One module graph per worker: each file still builds its own app on its own database, but does not pay
  // for importing the app and compiling PGlite's WebAssembly again (a third of the suite's CPU).
  isolate: false,
} as const;

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine, so the API files
    // (which mostly wait on the database) ran one after another. Two overlap that waiting.
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: [
      {
        test: {
          name: 'domain',
          root,
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // `~test/…` is the web app's test support (apps/web/test), which only tests import (eslint.config.js).
        resolve: {
          alias: { '~': path.join(root, 'apps/web/app'), '~test': path.join(root, 'apps/web/test') },
        },
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'web',
          root,
          include: ['apps/web/app/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Each file in a fresh VM context of one long-lived process, not a process of its own.
          pool: 'vmForks',
          setupFiles: ['apps/web/test/setup.ts'],
          // Vitest's 5 s default failed a handful of form tests on a machine busy with other work (jsdom's
          // user-event typing is slow under load); nothing here waits on a timer that long on purpose.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          ...api,
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
        },
      },
      {
        test: { ...api, name: 'api-pglite', include: ENGINE_SPECIFIC_API_TESTS },
      },
    ],
  },
});
