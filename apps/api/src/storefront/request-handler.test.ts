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
          build: () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
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
