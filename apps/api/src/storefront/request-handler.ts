import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerBuild } from 'react-router';
import type { StorefrontLoadContext } from '@shop/domain';
import { createRequestHandler } from 'react-router';
import { DOCUMENT_SECURITY_HEADERS, pageContentSecurityPolicy } from '../http/security';
import { createSemaphore } from '../lib/semaphore';
import type { Services } from '../services';
import { buildCachedPage, type CachedPage } from './cached-page';
import { createCatalogueReader } from './catalogue-reader';
import {
  chooseEncoding,
  createStreamingBody,
  isCompressible,
  recode,
  varyOnEncoding,
  type StreamingBody,
} from './compression';
import type { PageCache, PageVariant } from './page-cache';
import { isPublicPage, pageCacheKey } from './page-cache-key';

export interface PageHandlerOptions {
  /** The server build, or a function that loads it per request (Vite in development). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: 'development' | 'production';
  services: Services;
  /** The shop's public origin (config.publicUrl): canonical links, the sitemap and robots.txt use it. */
  publicUrl: string;
  /**
   * Where rendered public pages are kept (production). Without it every page is rendered per request
   * (development, where the build changes under the server).
   */
  cache?: PageCache;
  /** Renders under way at once; more wait their turn in arrival order. */
  maxConcurrentRenders?: number;
}

/** Renders at once by default: renders are CPU work on the event loop, so more only interleave them. */
const DEFAULT_CONCURRENT_RENDERS = 2;

/** Public pages are the same for every visitor (no auth on the server), so a CDN may keep them briefly. */
const PUBLIC_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';
/** Every other page (account, cart, checkout, orders, back office, sign-in) is kept by no cache. */
const PRIVATE_PAGE_CACHE_CONTROL = 'private, no-store';

/** Headers of a render that are not kept with a stored page (the answer sets its own or they vary). */
const UNSTORED_HEADERS = new Set([
  'connection',
  'content-encoding',
  'content-length',
  'content-security-policy',
  'date',
  'etag',
  'set-cookie',
  'transfer-encoding',
]);

type Handle = ReturnType<typeof createRequestHandler>;

interface BodyHooks {
  /** Every chunk of the body as rendered, before compression. */
  onChunk?: (chunk: Uint8Array) => void;
  /** Once the body has been read to its end (`complete`) or failed. */
  onEnd: (complete: boolean) => void;
}

function toFetchRequest(request: FastifyRequest, reply: FastifyReply, url: URL): Request {
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

/** Whether a render may be kept and sent to everyone: a plain 200 HTML page that sets no cookie. */
function isStorable(response: Response): boolean {
  if (response.status !== 200 || !response.body) return false;
  if (response.headers.has('set-cookie') || response.headers.has('content-encoding')) return false;
  if (/\b(?:private|no-store)\b/i.test(response.headers.get('cache-control') ?? '')) return false;
  return /^text\/html\b/i.test(response.headers.get('content-type') ?? '');
}

function storedHeaders(response: Response): Array<[string, string]> {
  const kept: Array<[string, string]> = [];
  for (const [name, value] of response.headers) if (!UNSTORED_HEADERS.has(name)) kept.push([name, value]);
  return kept;
}

/** If-None-Match against one ETag, by the weak comparison RFC 9110 asks for on GET and HEAD. */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

/** Reads a rendered body to its end as fast as the renderer writes it, whatever the client's pace. */
async function pump(body: ReadableStream<Uint8Array>, out: StreamingBody, hooks?: BodyHooks) {
  let complete = false;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      hooks?.onChunk?.(value);
      out.write(value);
    }
    complete = true;
    out.end();
  } catch (error) {
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  } finally {
    hooks?.onEnd(complete);
  }
}

/**
 * Hands every request that is not the API's or a static file's to React Router, with a load context of
 * in-process read functions and a CSP nonce. Public pages (see `pageCacheKey`) are rendered once and kept
 * precompressed, with their inline scripts' hashes for the CSP, until the catalogue changes, they expire
 * or they are the least recently used when the cache is full; everything else is rendered per request
 * and streamed through brotli or gzip. Renders take turns (`maxConcurrentRenders`).
 */
export async function registerPageHandler(app: FastifyInstance, options: PageHandlerOptions) {
  const catalogue = createCatalogueReader(options.services);
  const staticHandler =
    typeof options.build === 'function' ? null : createRequestHandler(options.build, options.mode);
  const loadBuild = typeof options.build === 'function' ? options.build : null;
  const handler = async (): Promise<Handle> =>
    staticHandler ?? createRequestHandler(await loadBuild!(), options.mode);
  // Never the request's Host or X-Forwarded-Host: pages are publicly cacheable, so a forged header would
  // poison a shared cache with links to another site.
  const origin = new URL(options.publicUrl).origin;
  const testPayments = options.services.payments.provider.name === 'test';
  const dev = options.mode === 'development';
  const { cache } = options;
  const renders = createSemaphore(options.maxConcurrentRenders ?? DEFAULT_CONCURRENT_RENDERS);

  if (cache) {
    const stop = options.services.catalogueChanges.subscribe(() => cache.clear());
    app.addHook('onClose', async () => void stop());
  }

  /** Sends a render's answer, its body streamed through the encoding the client accepts. */
  function sendRendered(
    request: FastifyRequest,
    reply: FastifyReply,
    response: Response,
    nonce: string,
    hooks: BodyHooks,
  ) {
    reply.status(response.status);
    for (const [key, value] of response.headers) {
      if (key === 'set-cookie') continue;
      reply.header(key, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    reply.header('content-security-policy', pageContentSecurityPolicy({ nonce }, { dev }));
    // A private page's answer is never shared, whatever its status or its route says.
    if (!isPublicPage(new URL(request.url, origin).pathname)) {
      reply.header('cache-control', PRIVATE_PAGE_CACHE_CONTROL);
    } else if (response.status === 200 && !response.headers.has('cache-control')) {
      reply.header('cache-control', PUBLIC_PAGE_CACHE_CONTROL);
    }
    const { body } = response;
    if (!body) {
      hooks.onEnd(true);
      return reply.send();
    }
    const compressible =
      isCompressible(response.headers.get('content-type')) && !response.headers.has('content-encoding');
    const encoding = compressible ? chooseEncoding(request.headers['accept-encoding']) : 'identity';
    if (compressible) reply.header('vary', varyOnEncoding(reply.getHeader('vary')));
    if (encoding !== 'identity') {
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
    }
    const out = createStreamingBody(encoding);
    // HEAD answers the headers only; the body is still read (to its end, for the cache, or released).
    if (request.method === 'HEAD') out.destroy();
    void pump(body as ReadableStream<Uint8Array>, out, hooks);
    return request.method === 'HEAD' ? reply.send() : reply.send(out.stream);
  }

  /** Renders the request as it came (headers, body, abort on disconnect), not kept. */
  async function renderUncached(request: FastifyRequest, reply: FastifyReply, url: URL) {
    const fetchRequest = toFetchRequest(request, reply, url);
    const release = await renders.acquire();
    // A visitor who left while waiting for a turn costs no render.
    if (fetchRequest.signal.aborted) {
      release();
      return reply.send();
    }
    const nonce = randomBytes(16).toString('base64');
    let response: Response;
    try {
      const handle = await handler();
      response = await handle(fetchRequest, {
        catalogue,
        nonce,
        origin,
        testPayments,
      } satisfies StorefrontLoadContext);
    } catch (error) {
      release();
      throw error;
    }
    return sendRendered(request, reply, response, nonce, { onEnd: release });
  }

  /**
   * Renders a public page from its key alone (no cookie, no header of the visitor's), streams it to
   * this visitor with a nonce, and keeps it for everyone else by its scripts' hashes, unless it holds an
   * inline script that does not carry the render's nonce (see `buildCachedPage`).
   */
  async function renderForCache(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    finish: (page: CachedPage | null) => void,
  ) {
    const release = await renders.acquire();
    const nonce = randomBytes(16).toString('base64');
    let response: Response;
    try {
      const handle = await handler();
      const clean = new Request(new URL(key, origin), { headers: { accept: 'text/html' } });
      response = await handle(clean, {
        catalogue,
        nonce,
        origin,
        testPayments,
      } satisfies StorefrontLoadContext);
    } catch (error) {
      release();
      finish(null);
      throw error;
    }
    const storable = isStorable(response);
    // Waiting requests render for themselves rather than wait for a body that will not be kept.
    if (!storable) finish(null);
    const chunks: Buffer[] = [];
    return sendRendered(request, reply, response, nonce, {
      onChunk: storable ? (chunk) => chunks.push(Buffer.from(chunk)) : undefined,
      onEnd(complete) {
        release();
        if (!storable) return;
        if (!complete) return finish(null);
        buildCachedPage(Buffer.concat(chunks), nonce, storedHeaders(response), (hashes) =>
          pageContentSecurityPolicy({ hashes }, { dev }),
        ).then(
          (kept) => {
            // This visitor had the render with its nonce; the next renders again, and is logged again.
            if ('notKept' in kept) request.log.warn({ key }, `page not kept: ${kept.notKept}`);
            finish('page' in kept ? kept.page : null);
          },
          (error: unknown) => {
            request.log.error({ err: error, key }, 'could not keep a rendered page');
            finish(null);
          },
        );
      },
    });
  }

  /** Gzip and plain copies of stored pages being made now, so concurrent first requests make one. */
  const recoding = new WeakMap<CachedPage, Map<PageVariant, Promise<Buffer>>>();

  /** A stored page's body in another encoding: kept, being made, or made now from its brotli bytes. */
  function variantOf(cache: PageCache, key: string, page: CachedPage, encoding: PageVariant) {
    const kept = cache.variant(key, page, encoding);
    if (kept) return Promise.resolve(kept);
    let pending = recoding.get(page);
    if (!pending) recoding.set(page, (pending = new Map()));
    let body = pending.get(encoding);
    if (!body) {
      body = recode(page.br, encoding).then((made) => {
        cache.keepVariant(key, page, encoding, made);
        return made;
      });
      void body.finally(() => pending.delete(encoding)).catch(() => undefined);
      pending.set(encoding, body);
    }
    return body;
  }

  async function sendCachedPage(
    cache: PageCache,
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    page: CachedPage,
  ) {
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    for (const [name, value] of page.headers) reply.header(name, value);
    reply.header('content-security-policy', page.contentSecurityPolicy);
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', PUBLIC_PAGE_CACHE_CONTROL);
    reply.header('vary', varyOnEncoding(reply.getHeader('vary')));
    reply.header('etag', page.etags[encoding]);
    if (matchesIfNoneMatch(request.headers['if-none-match'], page.etags[encoding])) {
      return reply.code(304).send();
    }
    const body = encoding === 'br' ? page.br : await variantOf(cache, key, page, encoding);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.code(200).send(body);
  }

  async function servePublicPage(
    cache: PageCache,
    request: FastifyRequest,
    reply: FastifyReply,
    url: URL,
    key: string,
  ) {
    let page = cache.get(key);
    if (!page) {
      const fill = cache.fill(key);
      if (fill.leader) return renderForCache(request, reply, key, fill.finish);
      page = (await fill.pending) ?? undefined;
    }
    if (page) return sendCachedPage(cache, request, reply, key, page);
    return renderUncached(request, reply, url);
  }

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
        reply.headers(DOCUMENT_SECURITY_HEADERS);
        const url = new URL(request.url, origin);
        const key =
          cache && (request.method === 'GET' || request.method === 'HEAD') ? pageCacheKey(url) : null;
        if (cache && key) return servePublicPage(cache, request, reply, url, key);
        return renderUncached(request, reply, url);
      },
    });
  });
}
