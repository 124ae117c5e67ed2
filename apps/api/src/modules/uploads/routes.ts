import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { uploadsDirectory } from './directory';
import type { RouteOptions } from '../../services';

const ONE_YEAR = 31_536_000;

/**
 * Serves the back office's uploads (the WebP variants of product images) at /uploads/. Each file is named by
 * the hash of its content, so it never changes under its URL and may be cached for good.
 */
export const uploadRoutes: FastifyPluginAsync<RouteOptions> = async (app, { config }) => {
  const root = uploadsDirectory(config);
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: '/uploads/',
    // The storefront registers @fastify/static too; only one may decorate the reply.
    decorateReply: false,
    index: false,
    cacheControl: false,
    // Only the variants the API writes; half-written files start with a dot and are never served.
    allowedPath: (pathName) => pathName.endsWith('.webp'),
    setHeaders(res) {
      res.setHeader('cache-control', `public, max-age=${ONE_YEAR}, immutable`);
    },
  });
};
