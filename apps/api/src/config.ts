import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', ''])
  .transform((value) => value === 'true' || value === '1' || value === 'yes' || value === 'on');

const EnvSchema = z.object({
  /** Unset means production: a built server started by hand must not open development-only routes. */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** A PostgreSQL URL; without it the shop uses embedded PGlite under DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  /** Connections each server process keeps to PostgreSQL (plus one that listens for catalogue changes). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * Server processes sharing the port (Node's cluster). Default: one per core on PostgreSQL, one on PGlite,
   * whose data directory belongs to one process.
   */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /** Serve the storefront's pages and assets; false runs the API alone (no web build needed). */
  STOREFRONT: booleanish.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Trust X-Forwarded-* only behind known proxies: a hop count or a list of proxy addresses. */
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine(
      (value) => value !== 'true',
      "'true' would let any client choose its own address (and lift every per-client limit); " +
        'give the number of proxies in front of the shop (e.g. 1) or their addresses (e.g. 127.0.0.1,10.0.0.0/8)',
    )
    .refine(
      (value) => isTrustProxySetting(value),
      'must be false, a hop count (e.g. 1) or a comma-separated list of proxy addresses or CIDR ranges',
    ),
  /**
   * The public origin of canonical URLs, the sitemap and robots.txt, e.g. https://shop.example; never taken
   * from a request's headers (a cache in front could be poisoned). Defaults to http://localhost:{PORT}.
   */
  PUBLIC_URL: z
    .string()
    .url()
    .refine((url) => /^https?:\/\/[^/?#]+\/?$/.test(url), 'must be an http(s) origin without a path')
    .optional(),
  /** Skip seeding the demo catalogue on an empty database. */
  SEED_DEMO: booleanish.default(true),
  /** Signs access tokens (HS256); unset, a secret is generated once and kept in DATA_DIR/jwt-secret. */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Former JWT_SECRETs, comma-separated, still accepted for verifying while tokens signed with them live. */
  JWT_PREVIOUS_SECRETS: z
    .string()
    .default('')
    .refine(
      (list) => list.split(',').every((secret) => !secret.trim() || secret.trim().length >= 32),
      'each secret must be at least 32 characters',
    ),
  /** Mark the refresh-token cookie Secure; defaults to true in production. */
  COOKIE_SECURE: booleanish.optional(),
  /** Where e-mail goes, e.g. smtp://user:pass@mail.example:587 or smtps://…; unset, mail stays in the outbox. */
  SMTP_URL: z
    .string()
    .url()
    .refine((url) => /^smtps?:\/\//.test(url), 'must start with smtp:// or smtps://')
    .optional(),
  /** The From header of the shop's e-mail. */
  MAIL_FROM: z.string().min(3).default('PackRight Supplies <no-reply@packright.example>'),
  /**
   * Serve the outbox at /api/dev/mailbox/ to clients on this machine. In production only when set to true
   * explicitly; elsewhere on by default when SMTP_URL is unset.
   */
  DEV_MAILBOX: booleanish.optional(),
  /**
   * The card processor: the built-in `test` processor (works offline, takes no money) or `stripe`. Unset, it
   * is `test`, except in production on a public PUBLIC_URL, where it must be chosen (paymentsConfig).
   */
  PAYMENT_PROVIDER: z.enum(['test', 'stripe']).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret or restricted key (sk_… or rk_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be a webhook signing secret (whsec_…)')
    .optional(),
  /**
   * Where the `test` processor delivers its webhook events; defaults to this server's own port on the
   * loopback address.
   */
  TEST_PAYMENTS_WEBHOOK_URL: z.string().url().optional(),
  /**
   * Minutes a paid payment that names no delivery addresses waits for the buyer's POST orders/ (or a usable
   * address on the account) before reconciliation refunds it (decision 009).
   */
  PAYMENT_DETAILS_WAIT_MINUTES: z.coerce.number().int().min(5).max(1440).default(30),
  /**
   * Seconds between two passes of the receivables schedule (payment reminders, automatic holds, monthly
   * statements) in each server process; the first pass is 30 seconds after the start, or sooner.
   */
  RECEIVABLES_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  databasePoolSize: number;
  /** How many server processes run on the port (1: no cluster). */
  webConcurrency: number;
  storefront: boolean;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  trustProxy: false | string | ((address: string, hop: number) => boolean);
  /** An origin without a trailing slash, e.g. http://localhost:3000. */
  publicUrl: string;
  seedDemo: boolean;
  /** Unset: generated and kept under DATA_DIR (see modules/accounts/secrets.ts). */
  jwtSecret: string | undefined;
  jwtPreviousSecrets: string[];
  cookieSecure: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * Whether the dev mailbox exists. It only ever answers clients on this machine, judged by the socket's
   * peer address, and never a request that came through a proxy.
   */
  devMailbox: boolean;
  payments:
    | { provider: 'test'; webhookUrl: string }
    | { provider: 'stripe'; secretKey: string; publishableKey: string; webhookSecret: string };
  /** How long a paid payment without addresses waits for them before it is refunded (decision 009). */
  paymentDetailsWaitMinutes: number;
  /** How often each process runs the receivables schedule (modules/receivables/schedule.ts). */
  receivablesIntervalSeconds: number;
};

/** A wrong or unsafe setting: the server prints its message (no stack) and does not start. */
export class ConfigurationError extends Error {}

/** A list entry of TRUST_PROXY: an IP address, optionally with a CIDR prefix length. */
function isProxyAddress(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  if (rest.length > 0 || isIP(address) === 0) return false;
  if (prefix === undefined) return true;
  const max = isIP(address) === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= max;
}

function isTrustProxySetting(value: string): boolean {
  if (value === 'false' || value === '' || value === 'true' || /^\d{1,2}$/.test(value)) return true;
  return value.split(',').every((entry) => isProxyAddress(entry.trim()));
}

function parseTrustProxy(value: string): Config['trustProxy'] {
  if (value === 'false' || value === '' || value === '0') return false;
  if (/^\d+$/.test(value)) {
    // A hop count: trust that many proxies in front of the shop.
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value;
}

/** Production gets the mailbox only when asked for by name; elsewhere it stands in for SMTP. */
function devMailboxEnabled(
  flag: boolean | undefined,
  smtpUrl: string | undefined,
  env: Config['env'],
): boolean {
  if (flag !== undefined) return flag;
  return env !== 'production' && !smtpUrl;
}

/** Reads the environment once, failing at start-up with a clear message when it is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigurationError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    databasePoolSize: e.DATABASE_POOL_SIZE,
    webConcurrency: webConcurrency(e),
    storefront: e.STOREFRONT,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    seedDemo: e.SEED_DEMO,
    jwtSecret: e.JWT_SECRET,
    jwtPreviousSecrets: e.JWT_PREVIOUS_SECRETS.split(',')
      .map((secret) => secret.trim())
      .filter(Boolean),
    cookieSecure: e.COOKIE_SECURE ?? e.NODE_ENV === 'production',
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    devMailbox: devMailboxEnabled(e.DEV_MAILBOX, e.SMTP_URL, e.NODE_ENV),
    payments: paymentsConfig(e),
    paymentDetailsWaitMinutes: e.PAYMENT_DETAILS_WAIT_MINUTES,
    receivablesIntervalSeconds: e.RECEIVABLES_INTERVAL_SECONDS,
  };
}

function webConcurrency(e: z.infer<typeof EnvSchema>): number {
  if (e.DATABASE_URL) return e.WEB_CONCURRENCY ?? availableParallelism();
  if ((e.WEB_CONCURRENCY ?? 1) > 1) {
    throw new ConfigurationError(
      'Invalid configuration:\n  WEB_CONCURRENCY: embedded PGlite serves one process; ' +
        'set DATABASE_URL to a PostgreSQL database to run several (docs/operations.md)',
    );
  }
  return 1;
}

/**
 * Whether an origin names this machine: localhost, *.localhost (RFC 6761 keeps both for loopback),
 * 127.0.0.0/8 or [::1]. Anything else may be reached by other people.
 */
export function isLoopbackOrigin(origin: string): boolean {
  const host = new URL(origin).hostname.toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host === '[::1]') return true;
  return isIP(host) === 4 && host.startsWith('127.');
}

function paymentsConfig(e: z.infer<typeof EnvSchema>): Config['payments'] {
  // A shop others can reach must not take test cards as payment because nobody chose a processor.
  if (
    e.PAYMENT_PROVIDER === undefined &&
    e.NODE_ENV === 'production' &&
    e.PUBLIC_URL !== undefined &&
    !isLoopbackOrigin(e.PUBLIC_URL)
  ) {
    throw new ConfigurationError(
      'Invalid configuration:\n  PAYMENT_PROVIDER: not set, and PUBLIC_URL is not this machine, so the shop ' +
        'would take test cards as payment. Choose: PAYMENT_PROVIDER=stripe with STRIPE_SECRET_KEY, ' +
        'STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET to take real payments, or PAYMENT_PROVIDER=test for ' +
        'a staging shop that takes no real money (its pages, e-mails and documents then say so)',
    );
  }
  if ((e.PAYMENT_PROVIDER ?? 'test') === 'test') {
    return {
      provider: 'test',
      webhookUrl: e.TEST_PAYMENTS_WEBHOOK_URL ?? `http://127.0.0.1:${e.PORT}/api/payments/webhook/`,
    };
  }
  const missing = (['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const).filter(
    (name) => !e[name],
  );
  if (missing.length > 0) {
    throw new ConfigurationError(
      `Invalid configuration:\n  PAYMENT_PROVIDER=stripe needs ${missing.join(', ')}`,
    );
  }
  return {
    provider: 'stripe',
    secretKey: e.STRIPE_SECRET_KEY!,
    publishableKey: e.STRIPE_PUBLISHABLE_KEY!,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
  };
}
