import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';
import type { Services } from '../app';
import { registerPageHandler } from './request-handler';

export interface StorefrontOptions {
  mode: 'development' | 'production';
  /** The web app's folder (apps/web). */
  webRoot: string;
  /** The shop's public origin, never taken from a request (config.publicUrl). */
  publicUrl: string;
}

const ONE_YEAR = 31_536_000;

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
  await registerPageHandler(app, { build, mode: 'production', services, publicUrl: options.publicUrl });
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
