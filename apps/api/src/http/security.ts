import type { FastifyInstance } from 'fastify';

/** Origins the pages may embed: the map on /contact and the card provider's elements. */
const MAP_ORIGINS = ['https://www.google.com', 'https://maps.google.com'];
const PAYMENT_ORIGINS = ['https://js.stripe.com', 'https://api.stripe.com', 'https://hooks.stripe.com'];

/**
 * The pages' Content-Security-Policy: scripts only from 'self' and by this request's nonce,
 * no inline script, no plugins, no <base>, no framing of the shop.
 */
export function pageContentSecurityPolicy(nonce: string, options: { dev?: boolean } = {}): string {
  const scriptSrc = [`'self'`, `'nonce-${nonce}'`, ...PAYMENT_ORIGINS.slice(0, 1)];
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
 * its configuration per request). The API's own CSP forbids everything: it serves JSON. Pages replace
 * the CSP with their nonce-based policy; the API docs page sets its own.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy':
    "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    done();
  });
}
