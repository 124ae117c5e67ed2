import path from 'node:path';
import { defineConfig } from 'vitest/config';

// The repository root, so the include pattern reads as in the docs and Vite's cache stays in node_modules/.
const root = path.resolve(import.meta.dirname, '..');

// Browser journeys against the production build: one server for the whole run (global-setup.ts),
// one Chromium per spec file (browser.ts), files one after another.
export default defineConfig({
  test: {
    name: 'e2e',
    root,
    include: ['e2e/**/*.spec.ts'],
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 90_000,
    teardownTimeout: 20_000,
  },
});
