import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';
import type { Services } from '../services';
import { createPageCache } from './page-cache';
import { registerPageHandler } from './request-handler';

export interface StorefrontOptions {
  mode: 'development' | 'production';
  /** The web app's folder (apps/web). */
  webRoot: string;
  /** The shop's public origin, never taken from a request (config.publicUrl). */
  publicUrl: string;
  /**
   * Bytes of rendered pages this process keeps (default 16 MB). Each process keeps its own, so with
   * several processes pass the shop's budget divided by their number.
   */
  pageCacheBytes?: number;
}

const ONE_YEAR = 31_536_000;

/**
 * Rendered public pages kept per process: about 12 KB a product page in brotli (plus gzip or plain copies
 * for clients that ask for them), so ~1,300 pages in 16 MB; catalogue changes clear them sooner.
 */
const PAGE_CACHE_BYTES = 16 * 1024 * 1024;
const PAGE_CACHE_TTL_MS = 10 * 60_000;

/** Serves the built assets and the server-rendered pages (production). */
async function registerBuiltStorefront(app: FastifyInstance, services: Services, options: StorefrontOptions) {
  const buildDir = path.join(options.webRoot, 'build');
  const build = (await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href)) as ServerBuild;
  await app.register(fastifyStatic, {
    root: path.join(buildDir, 'client'),
    prefix: '/',
    wildcard: false,
    index: false,
    cacheControl: false,
    // scripts/precompress.mjs writes .br and .gz beside each asset at build time.
    preCompressed: true,
    setHeaders(res, filePath) {
      // Hashed build output never changes; everything else (images, favicon) may.
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      // The same URL answers brotli, gzip or plain: caches must key on the encoding.
      res.setHeader('vary', 'accept-encoding');
      res.setHeader(
        'cache-control',
        immutable
          ? `public, max-age=${ONE_YEAR}, immutable`
          : 'public, max-age=3600, stale-while-revalidate=86400',
      );
    },
  });
  await registerPageHandler(app, {
    build,
    mode: 'production',
    services,
    publicUrl: options.publicUrl,
    cache: createPageCache({
      maxBytes: options.pageCacheBytes ?? PAGE_CACHE_BYTES,
      ttlMs: PAGE_CACHE_TTL_MS,
    }),
  });
}

/** Runs Vite in middleware mode with HMR, loading the server build fresh per request (development). */
async function registerDevStorefront(app: FastifyInstance, services: Services, options: StorefrontOptions) {
  const [{ createServer }, { default: middie }] = await Promise.all([
    import('vite'),
    import('@fastify/middie'),
  ]);
  const vite = await createServer({
    root: options.webRoot,
    configFile: path.join(options.webRoot, 'vite.config.ts'),
    server: { middlewareMode: true },
    appType: 'custom',
  });
  app.addHook('onClose', () => vite.close());
  await app.register(middie);
  app.use((req, res, next) => {
    if (req.url?.startsWith('/api/')) return next();
    vite.middlewares(req, res, next);
  });
  await registerPageHandler(app, {
    build: () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
    mode: 'development',
    services,
    publicUrl: options.publicUrl,
  });
}

export function storefront(options: StorefrontOptions) {
  return (app: FastifyInstance, services: Services) =>
    options.mode === 'production'
      ? registerBuiltStorefront(app, services, options)
      : registerDevStorefront(app, services, options);
}
