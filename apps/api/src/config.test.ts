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
    [{ NODE_ENV: 'development' }, true],
    [{ NODE_ENV: 'test' }, true],
    [{ NODE_ENV: 'production' }, false],
    [{}, false],
    [{ NODE_ENV: 'production', DEV_MAILBOX: 'true' }, true],
    [{ NODE_ENV: 'development', SMTP_URL: 'smtp://mail.example:587' }, false],
    [{ NODE_ENV: 'development', SMTP_URL: 'smtp://mail.example:587', DEV_MAILBOX: 'true' }, true],
    [{ NODE_ENV: 'development', DEV_MAILBOX: 'false' }, false],
  ])('the dev mailbox for %j is there: %s', (env, enabled) => {
    expect(loadConfig(env).devMailbox).toBe(enabled);
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

describe('loadConfig: what must not come from a request', () => {
  it('starts as production when NODE_ENV is unset (the built server run by hand)', () => {
    expect(loadConfig({}).env).toBe('production');
  });

  it('refuses TRUST_PROXY=true and asks for a hop count or addresses', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: 'true' would let any client choose its own address.*number of proxies.*addresses/,
    );
  });

  it.each([
    ['false', false],
    ['', false],
    ['0', false],
    ['127.0.0.1', '127.0.0.1'],
    ['127.0.0.1, 10.0.0.0/8,::1', '127.0.0.1, 10.0.0.0/8,::1'],
  ])('takes TRUST_PROXY=%j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('turns a hop count into a check that trusts that many proxies', () => {
    const trust = loadConfig({ TRUST_PROXY: '2' }).trustProxy as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => trust('10.0.0.1', hop))).toEqual([true, true, false]);
  });

  it.each(['yes', 'loopback', '10.0.0.0/99', '1.2.3', '127.0.0.1,evil'])(
    'refuses TRUST_PROXY=%j',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    },
  );

  it('takes the public origin from PUBLIC_URL, else http://localhost:{PORT}', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8123' }).publicUrl).toBe('http://localhost:8123');
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example/', PAYMENT_PROVIDER: 'test' }).publicUrl).toBe(
      'https://shop.example',
    );
    expect(() => loadConfig({ PUBLIC_URL: 'https://shop.example/path' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://shop.example' })).toThrow(/PUBLIC_URL/);
  });
});

describe('loadConfig: the receivables schedule', () => {
  it('runs every 10 minutes unless told, from a second to a day', () => {
    expect(loadConfig({}).receivablesIntervalSeconds).toBe(600);
    expect(loadConfig({ RECEIVABLES_INTERVAL_SECONDS: '60' }).receivablesIntervalSeconds).toBe(60);
    for (const value of ['0', '86401', '1.5', 'often']) {
      expect(() => loadConfig({ RECEIVABLES_INTERVAL_SECONDS: value })).toThrow(
        /RECEIVABLES_INTERVAL_SECONDS/,
      );
    }
  });
});

describe('loadConfig: payments', () => {
  it('waits 30 minutes for a paid payment’s delivery details unless told, between 5 minutes and a day', () => {
    expect(loadConfig({}).paymentDetailsWaitMinutes).toBe(30);
    expect(loadConfig({ PAYMENT_DETAILS_WAIT_MINUTES: '45' }).paymentDetailsWaitMinutes).toBe(45);
    for (const value of ['4', '1441', '2.5', 'soon']) {
      expect(() => loadConfig({ PAYMENT_DETAILS_WAIT_MINUTES: value })).toThrow(
        /PAYMENT_DETAILS_WAIT_MINUTES/,
      );
    }
  });
});

describe('loadConfig: the card processor of a shop on the internet', () => {
  const STRIPE = {
    STRIPE_SECRET_KEY: 'sk_live_abc123',
    STRIPE_PUBLISHABLE_KEY: 'pk_live_abc123',
    STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
  };

  it.each([{}, { NODE_ENV: 'production' }])(
    'refuses to start in production (%j) on a public PUBLIC_URL with PAYMENT_PROVIDER unset',
    (env) => {
      const start = () => loadConfig({ ...env, PUBLIC_URL: 'https://shop.example' });
      expect(start).toThrow(/^Invalid configuration:\n {2}PAYMENT_PROVIDER: /);
      // It says how to choose: the real processor with its keys, or the test processor for a staging shop.
      expect(start).toThrow(
        /PAYMENT_PROVIDER=stripe with STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET/,
      );
      expect(start).toThrow(/PAYMENT_PROVIDER=test for a staging shop that takes no real money/);
    },
  );

  it.each([
    'http://localhost:3000',
    'http://shop.localhost:8080',
    'http://127.0.0.1:3000',
    'http://127.1.2.3',
    'http://[::1]:3000',
  ])('keeps the test processor on a loopback PUBLIC_URL (%s) in production', (url) => {
    expect(loadConfig({ PUBLIC_URL: url }).payments.provider).toBe('test');
  });

  it('keeps the test processor for `npm start` (production, PUBLIC_URL unset)', () => {
    expect(loadConfig({}).payments.provider).toBe('test');
    expect(loadConfig({ NODE_ENV: 'production', PORT: '8080' }).payments.provider).toBe('test');
  });

  it.each(['http://localhost.example.com', 'http://127.0.0.1.nip.io', 'http://10.0.0.5', 'http://[::2]'])(
    'counts %s as public',
    (url) => {
      expect(() => loadConfig({ PUBLIC_URL: url })).toThrow(/PAYMENT_PROVIDER/);
    },
  );

  it('takes the processor named on a public PUBLIC_URL: stripe, or test for a staging shop', () => {
    const publicShop = { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example' };
    expect(loadConfig({ ...publicShop, PAYMENT_PROVIDER: 'stripe', ...STRIPE }).payments).toMatchObject({
      provider: 'stripe',
    });
    expect(loadConfig({ ...publicShop, PAYMENT_PROVIDER: 'test' }).payments.provider).toBe('test');
    expect(() => loadConfig({ ...publicShop, PAYMENT_PROVIDER: 'stripe' })).toThrow(
      /PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY/,
    );
  });

  it('leaves development and test runs on the test processor by default, whatever PUBLIC_URL', () => {
    for (const NODE_ENV of ['development', 'test']) {
      expect(loadConfig({ NODE_ENV, PUBLIC_URL: 'https://shop.example' }).payments.provider).toBe('test');
    }
  });
});
