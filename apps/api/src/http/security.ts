import type { FastifyInstance } from 'fastify';

/** Origins the pages may embed: the map on /contact and the card provider's elements. */
const MAP_ORIGINS = ['https://www.google.com', 'https://maps.google.com'];
const PAYMENT_ORIGINS = ['https://js.stripe.com', 'https://api.stripe.com', 'https://hooks.stripe.com'];

/** How a page's inline scripts are allowed: by this answer's nonce, or by their hashes (a stored page). */
export type PageScripts = { nonce: string } | { hashes: readonly string[] };

/**
 * The pages' Content-Security-Policy: scripts only from 'self' and, inline, only those carrying this
 * answer's nonce or whose sha256 hash is listed (pages served from the rendered-page cache); never
 * 'unsafe-inline' for scripts, no plugins, no <base>, no framing of the shop.
 */
export function pageContentSecurityPolicy(scripts: PageScripts, options: { dev?: boolean } = {}): string {
  const inline = 'nonce' in scripts ? [`'nonce-${scripts.nonce}'`] : scripts.hashes;
  const scriptSrc = [`'self'`, ...inline, ...PAYMENT_ORIGINS.slice(0, 1)];
  const connectSrc = [`'self'`, ...PAYMENT_ORIGINS.slice(1, 2)];
  if (options.dev) connectSrc.push('ws:', 'wss:');
  return [
    `default-src 'self'`,
    `script-src ${scriptSrc.join(' ')}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob:`,
    `font-src 'self'`,
    `connect-src ${connectSrc.join(' ')}`,
    `frame-src ${[...MAP_ORIGINS, ...PAYMENT_ORIGINS.slice(0, 1), PAYMENT_ORIGINS[2]].join(' ')}`,
    `object-src 'none'`,
    `base-uri 'none'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

/**
 * Security headers for every answer, worked out once at start-up (what helmet sends, without rebuilding
 * its configuration per request): the set OWASP's REST Security Cheat Sheet asks of an API. The API's own
 * CSP forbids everything: it serves JSON. Pages replace the CSP with their nonce- or hash-based policy; the
 * API docs page sets its own.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy':
    "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/**
 * What helmet adds for HTML documents, which only a browsing context reads (opener isolation, the origin's
 * agent cluster, DNS prefetching, old IE's download and XSS-filter behaviour, Adobe's cross-domain
 * policies): sent with every page, not with JSON or assets. Each header costs every answer its
 * validation and bytes (a twelfth of `/api/health/`'s throughput for six: docs/benchmarks.md).
 */
export const DOCUMENT_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    done();
  });
}
