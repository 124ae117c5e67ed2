import path from 'node:path';
import type { ServerBuild } from 'react-router';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import type { Database } from '../db/client';
import { createTestDatabase, testConfig } from '../../test/helper';
import { registerPageHandler } from './request-handler';

const webRoot = path.resolve(import.meta.dirname, '../../../web');

/** A request that claims to be for another site, directly and through a trusted proxy's headers. */
const FORGED_HOST = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };

/** PUBLIC_URL when set; `npm start`'s own address when not. */
const SETUPS: Array<{ env: Record<string, string>; origin: string }> = [
  { env: { PUBLIC_URL: 'https://shop.example' }, origin: 'https://shop.example' },
  { env: {}, origin: 'http://localhost:3000' },
];

let vite: ViteDevServer;
let database: Database;
const apps: App[] = [];
const loadBuild = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;

beforeAll(async () => {
  // The web app's real routes, compiled on demand by Vite, without a build or an HMR socket.
  vite = await createServer({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    logLevel: 'silent',
  });
  database = await createTestDatabase();
  for (const { env } of SETUPS) {
    // Wired as server.ts wires it; a trusted proxy makes X-Forwarded-Host count as the request's host.
    const config = testConfig({ ...env, TRUST_PROXY: '1' });
    const app = await buildApp({
      config,
      database,
      storefront: (server, services) =>
        registerPageHandler(server, {
          build: loadBuild,
          mode: 'development',
          services,
          publicUrl: config.publicUrl,
        }),
    });
    await app.ready();
    apps.push(app);
  }
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.close();
  await vite?.close();
});

describe.each(SETUPS.map((setup, index) => ({ ...setup, index })))(
  'pages on $origin',
  ({ origin, index }) => {
    async function page(url: string) {
      const res = await apps[index]!.inject({ method: 'GET', url, headers: FORGED_HOST });
      expect(res.statusCode).toBe(200);
      return res.body;
    }

    it('writes the sitemap on the configured origin, whatever Host the request names', async () => {
      const xml = await page('/sitemap.xml');
      const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
      expect(locs.length).toBeGreaterThan(10);
      expect(new Set(locs.map((loc) => new URL(loc).origin))).toEqual(new Set([origin]));
      expect(xml).not.toContain('evil.example');
    });

    it('points robots.txt at the configured origin’s sitemap, whatever Host the request names', async () => {
      const text = await page('/robots.txt');
      expect(text).toContain(`Sitemap: ${origin}/sitemap.xml`);
      expect(text).not.toContain('evil.example');
    });

    it.each(['/', '/category/bags', '/details/bags/mailing-bags'])(
      'gives %s a canonical link on the configured origin, whatever Host the request names',
      async (url) => {
        const html = await page(url);
        expect(/<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]).toBe(new URL(url, origin).href);
        // Open Graph and JSON-LD URLs too.
        expect(html).not.toContain('evil.example');
      },
    );
  },
);

/**
 * The routes whose pages are the same for every visitor: their server loaders read only the catalogue (or
 * nothing), so a shared cache may keep them. Every other route is somebody's (an account, a cart, an
 * order, the back office, a sign-in form) and must never be kept by a shared cache.
 */
const PUBLIC_ROUTES = new Set([
  'routes/home',
  'routes/category',
  'routes/search',
  'routes/search-advance',
  'routes/product',
  'routes/product-details',
  'routes/contact',
  'routes/refund-policy',
  'routes/privacy-policy',
  'routes/terms-of-services',
  'routes/sitemap[.]xml',
  'routes/robots[.]txt',
]);
/** A value for each route parameter that the demo catalogue answers. */
const PARAMS: Record<string, string> = {
  slug: 'bags',
  categorySlug: 'bags',
  productSlug: 'mailing-bags',
  id: '7',
  '*': 'no-such-page',
};
/** Queries a route needs to answer 200. */
const QUERIES: Record<string, string> = {
  'routes/search': '?measurement_unit=IN&category=bags&width=10&length=12&approx_size=true',
};

/** Every page route of the web app's build (layouts apart) with a URL that reaches it. */
async function everyRoute(): Promise<Array<{ id: string; url: string }>> {
  const { routes } = await loadBuild();
  const pathOf = (id: string | undefined): string[] => {
    const route = id ? routes[id] : undefined;
    return route ? [...pathOf(route.parentId), ...(route.path ? [route.path] : [])] : [];
  };
  return Object.values(routes)
    .filter((route) => route !== undefined && route.id !== 'root' && (route.index || route.path))
    .map((route) => {
      const segments = pathOf(route!.id).flatMap((part) => part.split('/'));
      const filled = segments.map((segment) =>
        segment.startsWith(':') || segment === '*' ? PARAMS[segment.replace(/^:/, '')]! : segment,
      );
      return { id: route!.id, url: `/${filled.join('/')}${QUERIES[route!.id] ?? ''}` };
    });
}

describe('Cache-Control of pages', () => {
  const get = (url: string) => apps[0]!.inject({ method: 'GET', url });

  it.each([
    '/account',
    '/checkout',
    '/cart',
    '/track-order',
    '/track-order/42',
    '/admin',
    '/admin/orders',
    '/admin/orders/42',
    '/admin/settings',
    '/login',
    '/signup',
    '/forgot-password',
    '/change-password',
    '/quick-order',
    // React Router's data requests for the same pages.
    '/account.data',
    '/track-order/42.data',
  ])('sends %s as private, no-store', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('sends every route of the web app private, no-store unless it is one of the public pages', async () => {
    const routes = await everyRoute();
    expect(routes.length).toBeGreaterThan(40);
    for (const { id, url } of routes) {
      const res = await get(url);
      const expected = PUBLIC_ROUTES.has(id) ? /^public, / : /^private, no-store$/;
      expect(String(res.headers['cache-control']), `${id}: ${url} (${res.statusCode})`).toMatch(expected);
    }
  });

  it('keeps public pages shareable, their data requests too', async () => {
    for (const url of [
      '/',
      '/category/bags',
      '/details/bags/mailing-bags',
      '/_.data',
      '/details/bags/mailing-bags.data',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(
        'public, max-age=0, s-maxage=60, stale-while-revalidate=600',
      );
    }
  });
});

describe('product addresses', () => {
  const get = (url: string) => apps[0]!.inject({ method: 'GET', url });

  it('sends a product asked for under another category to its canonical address with a 301', async () => {
    for (const url of ['/details/boxes/mailing-bags', '/details/no-such-category/mailing-bags']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe('/details/bags/mailing-bags');
    }
    expect((await get('/details/bags/mailing-bags')).statusCode).toBe(200);
    expect((await get('/details/bags/no-such-product')).statusCode).toBe(404);
  });
});
