import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig: accounts and e-mail', () => {
  it('marks cookies Secure in production unless COOKIE_SECURE says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).cookieSecure).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', COOKIE_SECURE: 'false' }).cookieSecure).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).cookieSecure).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', COOKIE_SECURE: 'true' }).cookieSecure).toBe(true);
  });

  it.each([
    [{ NODE_ENV: 'development' }, 'on'],
    [{ NODE_ENV: 'production' }, 'local'],
    [{ NODE_ENV: 'production', DEV_MAILBOX: 'true' }, 'on'],
    [{ NODE_ENV: 'development', SMTP_URL: 'smtp://mail.example:587' }, 'off'],
    [{ NODE_ENV: 'development', SMTP_URL: 'smtp://mail.example:587', DEV_MAILBOX: 'true' }, 'on'],
    [{ NODE_ENV: 'development', DEV_MAILBOX: 'false' }, 'off'],
  ])('the dev mailbox for %j is %s', (env, mode) => {
    expect(loadConfig(env).devMailbox).toBe(mode);
  });

  it('reads the JWT secrets and refuses short ones', () => {
    const secret = 's'.repeat(32);
    expect(
      loadConfig({ JWT_SECRET: secret, JWT_PREVIOUS_SECRETS: ` ${'p'.repeat(32)} , ${'q'.repeat(40)}` }),
    ).toMatchObject({
      jwtSecret: secret,
      jwtPreviousSecrets: ['p'.repeat(32), 'q'.repeat(40)],
    });
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET: must be at least 32 characters/);
    expect(() => loadConfig({ JWT_PREVIOUS_SECRETS: 'short' })).toThrow(/JWT_PREVIOUS_SECRETS/);
  });

  it('accepts only smtp:// and smtps:// mail servers, and never prints the URL', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://user:pw@mail.example:465' }).smtpUrl).toBe(
      'smtps://user:pw@mail.example:465',
    );
    expect(() => loadConfig({ SMTP_URL: 'http://user:hunter2@mail.example' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ SMTP_URL: 'http://user:hunter2@mail.example' })).not.toThrow(/hunter2/);
  });
});
