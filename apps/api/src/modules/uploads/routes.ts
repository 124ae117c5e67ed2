import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config';

const ONE_YEAR = 31_536_000;

/** Where uploaded files live: <DATA_DIR>/uploads, served at /uploads/. */
export function uploadsDirectory(config: Pick<Config, 'dataDir'>): string {
  return path.resolve(config.dataDir, 'uploads');
}

/**
 * Serves the back office's uploads (the WebP variants of product images) at /uploads/. Each file is named by
 * the hash of its content, so it never changes under its URL and may be cached for good.
 */
export const uploadRoutes: FastifyPluginAsync<{ root: string }> = async (app, { root }) => {
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
