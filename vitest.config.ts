import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;

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
          setupFiles: ['apps/web/test/setup.ts'],
          // Vitest's 5 s default failed a handful of form tests on a machine busy with other work (jsdom's
          // user-event typing is slow under load); nothing here waits on a timer that long on purpose.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api',
          root,
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
