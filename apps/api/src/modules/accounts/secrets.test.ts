import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { JWT_SECRET_FILE, resolveSigningSecrets } from './secrets';
import { createTokenService } from './tokens';

const SESSION = '7d1c2b9a-0b5e-4f6a-9c3d-2e1f0a9b8c7d';

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-secret-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function capturingLogger() {
  const lines: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
  return { log, lines };
}

describe('resolveSigningSecrets', () => {
  it('uses JWT_SECRET when set, with the previous secrets', () => {
    const { log } = capturingLogger();
    const config = loadConfig({ JWT_SECRET: 'j'.repeat(32), JWT_PREVIOUS_SECRETS: 'p'.repeat(32) });
    expect(resolveSigningSecrets(config, log)).toEqual({
      current: 'j'.repeat(32),
      previous: ['p'.repeat(32)],
    });
  });

  it('generates a secret once under DATA_DIR (owner-only) and keeps it across restarts', () => {
    const dataDir = path.join(tempDir(), 'nested');
    const { log, lines } = capturingLogger();
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
    const first = resolveSigningSecrets(config, log);
    const file = path.join(dataDir, JWT_SECRET_FILE);
    expect(first.current.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.current);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveSigningSecrets(config, log)).toEqual(first);
    // Only production warns.
    expect(lines).toHaveLength(0);
  });

  it('starts in production without JWT_SECRET, with a warning that names no secret', () => {
    const dataDir = tempDir();
    const { log, lines } = capturingLogger();
    const secrets = resolveSigningSecrets(loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir }), log);
    expect(lines.join('')).toContain('JWT_SECRET is not set');
    expect(lines.join('')).not.toContain(secrets.current);
  });

  it('refuses a secret file that is too short', () => {
    const dataDir = tempDir();
    writeFileSync(path.join(dataDir, JWT_SECRET_FILE), 'short\n');
    const { log } = capturingLogger();
    expect(() =>
      resolveSigningSecrets(loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir }), log),
    ).toThrow(/fewer than 32/);
  });

  it('gives every test app a fresh secret and writes nothing', () => {
    const { log } = capturingLogger();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: path.join(tempDir(), 'unused') });
    expect(resolveSigningSecrets(config, log).current).not.toBe(resolveSigningSecrets(config, log).current);
  });
});

describe('key rotation', () => {
  it('accepts tokens signed with a previous secret while it is listed, and not after', async () => {
    const oldSecret = 'o'.repeat(32);
    const newSecret = 'n'.repeat(32);
    const token = await createTokenService({ current: oldSecret, previous: [] }).signAccessToken(7, SESSION);
    const rotating = createTokenService({ current: newSecret, previous: [oldSecret] });
    await expect(rotating.verifyAccessToken(token)).resolves.toEqual({ userId: 7, sessionId: SESSION });
    const rotated = createTokenService({ current: newSecret, previous: [] });
    await expect(rotated.verifyAccessToken(token)).rejects.toThrow();
  });
});
