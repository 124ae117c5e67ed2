import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { SigningSecrets } from './tokens';

export const JWT_SECRET_FILE = 'jwt-secret';
const MIN_SECRET_LENGTH = 32;

function readSecret(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** Reads DATA_DIR/jwt-secret, creating it (owner-only) on the first start. */
function persistedSecret(dataDir: string): { secret: string; file: string } {
  const file = path.join(dataDir, JWT_SECRET_FILE);
  let secret = readSecret(file);
  if (secret === undefined) {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (err) {
      // Another process created it first: use theirs.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    secret = readSecret(file)!;
  }
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new Error(`${file} holds fewer than ${MIN_SECRET_LENGTH} characters; delete it or set JWT_SECRET`);
  }
  return { secret, file };
}

/**
 * The secrets that sign access tokens: JWT_SECRET when set; otherwise one generated once and kept in
 * DATA_DIR, so restarts keep sessions and `npm start` works on a fresh machine. Tests get a fresh one.
 */
export function resolveSigningSecrets(config: Config, log: FastifyBaseLogger): SigningSecrets {
  const previous = config.jwtPreviousSecrets;
  if (config.jwtSecret) return { current: config.jwtSecret, previous };
  if (config.env === 'test') return { current: randomBytes(48).toString('base64url'), previous };
  const { secret, file } = persistedSecret(config.dataDir);
  if (config.env === 'production') {
    log.warn(
      { file },
      'JWT_SECRET is not set: signing tokens with the secret generated under DATA_DIR; set JWT_SECRET (the same on every instance) for a real deployment',
    );
  }
  return { current: secret, previous };
}
