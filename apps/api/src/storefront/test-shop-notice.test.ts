import path from 'node:path';
import { TEST_SHOP_NOTICE } from '@shop/domain';
import type { ServerBuild } from 'react-router';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import type { Database } from '../db/client';
import { createTestDatabase, testConfig } from '../../test/helper';
import { createPageCache } from './page-cache';
import { registerPageHandler } from './request-handler';

const webRoot = path.resolve(import.meta.dirname, '../../../web');

const STRIPE = {
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_abc123',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
};

let vite: ViteDevServer;
let database: Database;
let testShop: App;
let stripeShop: App;

/** A shop with `env`, its public pages kept in a page cache as in production. */
async function shop(env: Record<string, string>): Promise<App> {
  const config = testConfig({ PUBLIC_URL: 'https://staging.shop.example', ...env });
  const app = await buildApp({
    config,
    database,
    storefront: (server, services) =>
      registerPageHandler(server, {
        build: () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
        mode: 'development',
        services,
        publicUrl: config.publicUrl,
        cache: createPageCache({ maxBytes: 8 * 1024 * 1024, ttlMs: 600_000 }),
      }),
  });
  await app.ready();
  return app;
}

beforeAll(async () => {
  vite = await createServer({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    logLevel: 'silent',
  });
  database = await createTestDatabase();
  testShop = await shop({ PAYMENT_PROVIDER: 'test' });
  stripeShop = await shop(STRIPE);
});

afterAll(async () => {
  await testShop?.close();
  await stripeShop?.close();
  await database?.close();
  await vite?.close();
});

async function page(app: App, url: string) {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res;
}

/** The notice as the first thing in the page's body, before the skip link and the header. */
const NOTICE_FIRST = new RegExp(
  `<body[^>]*><p class="test-shop-notice" role="status">${TEST_SHOP_NOTICE}</p>`,
);

describe('the test shop’s notice on every page', () => {
  it.each(['/', '/details/bags/mailing-bags', '/cart', '/login', '/admin', '/no-such-page'])(
    'opens %s with “Test shop: no real payments are taken” when the test processor takes payments',
    async (url) => {
      const res = await testShop.inject({ method: 'GET', url });
      expect(res.body).toMatch(NOTICE_FIRST);
    },
  );

  it('is kept in a cached public page, as every visitor gets it', async () => {
    await page(testShop, '/category/bags');
    const cached = await page(testShop, '/category/bags');
    // Only a stored page carries an ETag.
    expect(cached.headers.etag).toBeDefined();
    expect(cached.body).toMatch(NOTICE_FIRST);
  });

  it.each(['/', '/category/bags', '/cart'])(
    'is absent from %s when Stripe takes the payments',
    async (url) => {
      const res = await page(stripeShop, url);
      expect(res.body).not.toContain(TEST_SHOP_NOTICE);
      expect(res.body).not.toContain('test-shop-notice');
    },
  );
});
