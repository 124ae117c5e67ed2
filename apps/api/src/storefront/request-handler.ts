import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerBuild } from 'react-router';
import type { StorefrontLoadContext } from '@shop/domain';
import { createRequestHandler } from 'react-router';
import { pageContentSecurityPolicy } from '../http/security';
import type { Services } from '../app';
import { createCatalogueReader } from './catalogue-reader';

export interface PageHandlerOptions {
  /** The server build, or a function that loads it per request (Vite in development). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: 'development' | 'production';
  services: Services;
  /** The shop's public origin (config.publicUrl): canonical links, the sitemap and robots.txt use it. */
  publicUrl: string;
}

function toFetchRequest(request: FastifyRequest, reply: FastifyReply, origin: string): Request {
  const url = new URL(request.url, origin);
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  const controller = new AbortController();
  reply.raw.once('close', () => controller.abort());
  const init: RequestInit & { duplex?: 'half' } = {
    method: request.method,
    headers,
    signal: controller.signal,
  };
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    init.body = Readable.toWeb(request.raw) as ReadableStream;
    init.duplex = 'half';
  }
  return new Request(url, init);
}

async function sendFetchResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key === 'set-cookie') continue;
    reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
}

/**
 * Hands every request that is not the API's or a static file's to React Router, with a load
 * context of in-process read functions and this request's CSP nonce.
 */
export async function registerPageHandler(app: FastifyInstance, options: PageHandlerOptions) {
  const catalogue = createCatalogueReader(options.services);
  const staticHandler =
    typeof options.build === 'function' ? null : createRequestHandler(options.build, options.mode);
  const loadBuild = typeof options.build === 'function' ? options.build : null;
  // Never the request's Host or X-Forwarded-Host: pages are publicly cacheable, so a forged header would
  // poison a shared cache with links to another site.
  const origin = new URL(options.publicUrl).origin;

  await app.register(async (pages) => {
    // Page requests keep their raw body for React Router's actions.
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser('*', (_request, _payload, done) => done(null));

    pages.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      handler: async (request, reply) => {
        // The wildcard also catches API paths with an unknown method; they answer JSON, not a page.
        if (request.url === '/api' || request.url.startsWith('/api/')) return reply.callNotFound();
        const nonce = randomBytes(16).toString('base64');
        const context: StorefrontLoadContext = { catalogue, nonce, origin };
        const handle = staticHandler ?? createRequestHandler(await loadBuild!(), options.mode);
        const response = await handle(toFetchRequest(request, reply, origin), context);
        reply.header(
          'content-security-policy',
          pageContentSecurityPolicy(nonce, { dev: options.mode === 'development' }),
        );
        if (response.status === 200 && !response.headers.has('cache-control')) {
          // Pages are the same for every visitor (no auth on the server), so a CDN may keep them briefly.
          reply.header('cache-control', 'public, max-age=0, s-maxage=60, stale-while-revalidate=600');
        }
        return sendFetchResponse(reply, response);
      },
    });
  });
}
