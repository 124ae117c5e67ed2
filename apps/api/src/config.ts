import path from 'node:path';
import { z } from 'zod';

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** A PostgreSQL URL; without it the shop uses embedded PGlite under DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Trust X-Forwarded-* only behind a known proxy (a hop count, 'true' or a list of addresses). */
  TRUST_PROXY: z.string().default('false'),
  /** The public origin used in canonical URLs, sitemaps and DRF `next` links, e.g. https://shop.example. */
  PUBLIC_URL: z.string().url().optional(),
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
  /** Serve the outbox at /api/dev/mailbox/; defaults to on when SMTP_URL is unset (loopback only in production). */
  DEV_MAILBOX: booleanish.optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  publicUrl: string | undefined;
  seedDemo: boolean;
  /** Unset: generated and kept under DATA_DIR (see modules/accounts/secrets.ts). */
  jwtSecret: string | undefined;
  jwtPreviousSecrets: string[];
  cookieSecure: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * 'on': the dev mailbox answers everyone; 'local': only clients on this machine (the default in
   * production without SMTP, so `npm start` shows mail without publishing reset codes); 'off': absent.
   */
  devMailbox: 'on' | 'local' | 'off';
};

function parseTrustProxy(value: string): Config['trustProxy'] {
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  if (/^\d+$/.test(value)) {
    // A hop count: trust that many proxies in front of the shop.
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value;
}

function devMailboxMode(
  flag: boolean | undefined,
  smtpUrl: string | undefined,
  env: Config['env'],
): Config['devMailbox'] {
  if (flag === false) return 'off';
  if (flag === true) return 'on';
  if (smtpUrl) return 'off';
  return env === 'production' ? 'local' : 'on';
}

/** Reads the environment once, failing at start-up with a clear message when it is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    publicUrl: e.PUBLIC_URL,
    seedDemo: e.SEED_DEMO,
    jwtSecret: e.JWT_SECRET,
    jwtPreviousSecrets: e.JWT_PREVIOUS_SECRETS.split(',')
      .map((secret) => secret.trim())
      .filter(Boolean),
    cookieSecure: e.COOKIE_SECURE ?? e.NODE_ENV === 'production',
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    devMailbox: devMailboxMode(e.DEV_MAILBOX, e.SMTP_URL, e.NODE_ENV),
  };
}
