import { createHash } from 'node:crypto';
import path from 'node:path';
import { Writable } from 'node:stream';
import zlib from 'node:zlib';
import type { ServerBuild } from 'react-router';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import type { Database } from '../db/client';
import { createTestDatabase, testConfig } from '../../test/helper';
import { createPageCache, type PageCache } from './page-cache';
import { registerPageHandler } from './request-handler';

const webRoot = path.resolve(import.meta.dirname, '../../../web');
const PRODUCT = '/details/bags/mailing-bags';
/** A page that, in this test's build, sets a cookie, as a route with a session would. */
const COOKIE_PAGE = '/privacy-policy';
/** A page whose render, in this test's build, carries an inline script of its data's, not React Router's. */
const INJECTED_PAGE = '/refund-policy';
const INJECTED_SCRIPT = '<script>window.fromStoredData = document.cookie</script>';

let vite: ViteDevServer;
let database: Database;
/** Document renders per URL (path and query), counted in the build's own entry. */
const renders = new Map<string, number>();
/** What the apps logged (warnings and worse). */
const logged: string[] = [];

/**
 * A render's body with a script put before `</head>`, as if a stored field had brought it in unescaped
 * (the descriptions are sanitised on write and on render, so the test cannot store one that survives).
 */
function withInjectedScript(response: Response): Response {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  let injected = false;
  const body = response.body!.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const text = decoder.decode(chunk, { stream: true });
        if (injected || !text.includes('</head>')) return controller.enqueue(encoder.encode(text));
        injected = true;
        controller.enqueue(encoder.encode(text.replace('</head>', `${INJECTED_SCRIPT}</head>`)));
      },
      flush(controller) {
        const rest = decoder.decode();
        if (rest) controller.enqueue(encoder.encode(rest));
      },
    }),
  );
  return new Response(body, { status: response.status, headers: response.headers });
}

/** The web app's real build, its document renders counted; COOKIE_PAGE answers with a Set-Cookie. */
async function countedBuild(): Promise<ServerBuild> {
  const build = (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
  const render = build.entry.module.default;
  return {
    ...build,
    entry: {
      ...build.entry,
      module: {
        ...build.entry.module,
        default: (request, status, headers, context, loadContext) => {
          const url = new URL(request.url);
          const key = url.pathname + url.search;
          renders.set(key, (renders.get(key) ?? 0) + 1);
          if (url.pathname === COOKIE_PAGE) headers.append('set-cookie', 'seen=1; Path=/; HttpOnly');
          const rendered = render(request, status, headers, context, loadContext);
          return url.pathname === INJECTED_PAGE
            ? Promise.resolve(rendered).then(withInjectedScript)
            : rendered;
        },
      },
    },
  };
}

async function appWith(cache: PageCache): Promise<App> {
  const config = testConfig({ PUBLIC_URL: 'https://shop.example', LOG_LEVEL: 'warn' });
  const app = await buildApp({
    config,
    database,
    logStream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged.push(chunk.toString('utf8'));
        done();
      },
    }),
    storefront: (server, services) =>
      registerPageHandler(server, {
        build: countedBuild,
        mode: 'development',
        services,
        publicUrl: config.publicUrl,
        cache,
      }),
  });
  await app.ready();
  return app;
}

let app: App;
let cache: PageCache;
let smallApp: App;
let smallCache: PageCache;

beforeAll(async () => {
  vite = await createServer({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    logLevel: 'silent',
  });
  database = await createTestDatabase();
  cache = createPageCache({ maxBytes: 32 * 1024 * 1024, ttlMs: 600_000 });
  app = await appWith(cache);
  // Room for about ten development-build product pages (~10-15 KB each in brotli).
  smallCache = createPageCache({ maxBytes: 160_000, ttlMs: 600_000 });
  smallApp = await appWith(smallCache);
});

afterAll(async () => {
  await app?.close();
  await smallApp?.close();
  await database?.close();
  await vite?.close();
});

async function get(url: string, headers: Record<string, string> = {}, target = app) {
  return target.inject({ method: 'GET', url, headers });
}

function decode(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

/** The sha256 source of every inline script the browser would run, worked out here independently. */
function inlineScriptSources(html: string): Set<string> {
  const sources = new Set<string>();
  for (const match of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    const [, attributes = '', text = ''] = match;
    if (attributes.includes(' src=') || attributes.includes('application/ld+json')) continue;
    sources.add(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
  }
  return sources;
}

function scriptSrc(csp: string): string[] {
  const directive = csp.split(';').find((part) => part.trim().startsWith('script-src '));
  return directive!.trim().split(/\s+/).slice(1);
}

/** A page's HTML with the nonce of a first, streamed render taken out, as the cache keeps it. */
function withoutNonce(html: string): string {
  return html.replace(/ nonce="[^"]*"/g, '');
}

describe('the rendered-page cache', () => {
  it('renders a public page once, then sends the same stored bytes without rendering again', async () => {
    const first = await get(PRODUCT, { 'accept-encoding': 'br' });
    expect(first.statusCode).toBe(200);
    expect(renders.get(PRODUCT)).toBe(1);
    const second = await get(PRODUCT, { 'accept-encoding': 'br' });
    const third = await get(PRODUCT, { 'accept-encoding': 'br' });
    expect(renders.get(PRODUCT)).toBe(1);
    expect(second.statusCode).toBe(200);
    expect(third.rawPayload.equals(second.rawPayload)).toBe(true);
    expect(second.headers['content-length']).toBe(String(second.rawPayload.length));
    // The first visitor got the render streamed with a nonce; everyone after gets the same page by hashes.
    const firstHtml = decode(first.rawPayload, first.headers['content-encoding'] as string);
    const storedHtml = decode(second.rawPayload, 'br');
    expect(storedHtml).toContain(
      '<link rel="canonical" href="https://shop.example/details/bags/mailing-bags"',
    );
    expect(withoutNonce(firstHtml)).toBe(storedHtml);
    expect(String(first.headers['content-security-policy'])).toMatch(/'nonce-[^']+'/);
    // Rendered or stored, a page is a document: it carries the document headers as well as the API's.
    for (const res of [first, second]) {
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['x-xss-protection']).toBe('0');
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('allows exactly the stored page’s inline scripts by their hashes, never by unsafe-inline', async () => {
    await get(PRODUCT);
    const res = await get(PRODUCT, { 'accept-encoding': 'gzip' });
    const html = decode(res.rawPayload, 'gzip');
    expect(html).not.toMatch(/\snonce=/);
    const sources = scriptSrc(String(res.headers['content-security-policy']));
    expect(sources).not.toContain("'unsafe-inline'");
    expect(sources.some((source) => source.startsWith("'nonce-"))).toBe(false);
    const expected = inlineScriptSources(html);
    // React Router's context, its module script and the streamed loader data at least.
    expect(expected.size).toBeGreaterThanOrEqual(3);
    expect(new Set(sources.filter((source) => source.startsWith("'sha256-")))).toEqual(expected);
  });

  it('sends brotli, gzip or plain by Accept-Encoding, all the same HTML', async () => {
    await get(PRODUCT);
    const br = await get(PRODUCT, { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await get(PRODUCT, { 'accept-encoding': 'gzip' });
    const plain = await get(PRODUCT);
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const res of [br, gzip, plain]) expect(res.headers.vary).toMatch(/accept-encoding/i);
    const html = plain.body;
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    expect(decode(br.rawPayload, 'br')).toBe(html);
    expect(decode(gzip.rawPayload, 'gzip')).toBe(html);
    expect(br.rawPayload.length).toBeLessThan(html.length / 3);
    expect(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(3);
  });

  it('answers If-None-Match with 304 and the same policy', async () => {
    await get(PRODUCT);
    const res = await get(PRODUCT, { 'accept-encoding': 'br' });
    const again = await get(PRODUCT, { 'accept-encoding': 'br', 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['content-security-policy']).toBe(res.headers['content-security-policy']);
    const otherEncoding = await get(PRODUCT, {
      'accept-encoding': 'gzip',
      'if-none-match': String(res.headers.etag),
    });
    expect(otherEncoding.statusCode).toBe(200);
  });

  it('answers HEAD with the headers of the stored page and no body, and a HEAD miss fills the cache', async () => {
    const url = '/terms-of-services';
    const head = await app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(renders.get(url)).toBe(1);
    const getRes = await get(url, { 'accept-encoding': 'br' });
    expect(renders.get(url)).toBe(1);
    const headAgain = await app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'br' } });
    expect(headAgain.rawPayload.length).toBe(0);
    expect(headAgain.headers['content-length']).toBe(String(getRes.rawPayload.length));
    expect(headAgain.headers.etag).toBe(getRes.headers.etag);
    expect(headAgain.headers['content-security-policy']).toBe(getRes.headers['content-security-policy']);
  });

  it('shares one render among concurrent requests for a page not yet kept', async () => {
    const url = '/category/bags';
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => get(url, { 'accept-encoding': 'gzip' })),
    );
    for (const res of answers) expect(res.statusCode).toBe(200);
    expect(renders.get(url)).toBe(1);
    const pages = answers.map((res) => withoutNonce(decode(res.rawPayload, 'gzip')));
    expect(new Set(pages).size).toBe(1);
  });

  it('keys a listing by its page number only, ignoring other query parameters', async () => {
    await get('/category/boxes?page=1&utm_source=mail');
    await get('/category/boxes');
    await get('/category/boxes?page=01');
    expect(renders.get('/category/boxes')).toBe(1);
    expect(renders.get('/category/boxes?page=1&utm_source=mail')).toBeUndefined();
  });

  it('renders again after a catalogue change', async () => {
    await get('/');
    await get('/');
    const before = renders.get('/')!;
    app.services.catalogueChanges.changed();
    expect(cache.stats().entries).toBe(0);
    await get('/');
    await get('/');
    expect(renders.get('/')).toBe(before + 1);
  });

  it('keeps neither answers other than 200 nor answers that set a cookie', async () => {
    const missing = '/details/bags/no-such-product';
    expect((await get(missing)).statusCode).toBe(404);
    expect((await get(missing)).statusCode).toBe(404);
    expect(renders.get(missing)).toBe(2);

    const first = await get(COOKIE_PAGE);
    const second = await get(COOKIE_PAGE);
    expect(second.headers['set-cookie']).toEqual(['seen=1; Path=/; HttpOnly']);
    expect(second.headers['content-security-policy']).toMatch(/'nonce-/);
    expect(first.statusCode).toBe(200);
    expect(renders.get(COOKIE_PAGE)).toBe(2);
  });

  it('keeps no page holding an inline script that is not its render’s: each visitor gets a render with its nonce', async () => {
    const answers = [await get(INJECTED_PAGE)];
    await cache.settled();
    answers.push(await get(INJECTED_PAGE));
    expect(renders.get(INJECTED_PAGE)).toBe(2);
    const injectedHash = inlineScriptSources(INJECTED_SCRIPT).values().next().value!;
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(INJECTED_SCRIPT);
      const sources = scriptSrc(String(res.headers['content-security-policy']));
      // Allowed by this answer's nonce, which the injected script does not carry; never by its hash.
      expect(sources.some((source) => source.startsWith("'nonce-"))).toBe(true);
      expect(sources).not.toContain(injectedHash);
    }
    const warning = logged
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.key === INJECTED_PAGE);
    expect(warning).toMatchObject({
      level: 40,
      msg: expect.stringMatching(/^page not kept: .*inline script without the render's nonce/),
    });
  });

  it('renders search pages per request, compressed as they stream', async () => {
    const url = '/search?type=bags&size=approx&unit=in&length=10&width=12';
    const first = await get(url, { 'accept-encoding': 'br' });
    await get(url, { 'accept-encoding': 'br' });
    expect(renders.get(url)).toBe(2);
    expect(first.headers['content-encoding']).toBe('br');
    expect(decode(first.rawPayload, 'br')).toMatch(/<\/html>$/);
  });

  it('drops the least recently used pages to stay within its byte bound', async () => {
    const sitemap = (await get('/sitemap.xml', {}, smallApp)).body;
    const products = [...sitemap.matchAll(/<loc>https:\/\/shop\.example(\/details\/[^<]+)<\/loc>/g)]
      .map((match) => match[1]!)
      .slice(0, 20);
    expect(products.length).toBe(20);
    const rendered = (url: string) => renders.get(url) ?? 0;
    const before = products.map(rendered);
    for (const url of products) {
      expect((await get(url, {}, smallApp)).statusCode).toBe(200);
      // Kept once compressed, just after the first answer ends.
      await smallCache.settled();
    }
    const { bytes, evictions, entries } = smallCache.stats();
    expect(bytes).toBeLessThanOrEqual(160_000);
    expect(evictions).toBeGreaterThan(0);
    expect(entries).toBeGreaterThan(3);
    expect(entries).toBeLessThan(20);
    const [oldest, newest] = [products[0]!, products.at(-1)!];
    expect(rendered(newest)).toBe(before.at(-1)! + 1);
    // The newest is still kept; the oldest was dropped and renders again.
    await get(newest, {}, smallApp);
    await get(oldest, {}, smallApp);
    expect(rendered(newest)).toBe(before.at(-1)! + 1);
    expect(rendered(oldest)).toBe(before[0]! + 2);
  });
});
