import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig } from '../test/helper';
import { buildApp } from './app';
import type { Database } from './db/client';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const STRIPE = {
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_abc123',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
};

/** What the app logs while it is built with `env`, at level info and above. */
async function startUpLog(env: Record<string, string>) {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const config = testConfig({ JWT_SECRET: 's'.repeat(32), LOG_LEVEL: 'info', ...env });
  const app = await buildApp({ config, database, logStream });
  await app.close();
  return lines.map((line) => JSON.parse(line) as { level: number; msg: string });
}

describe('start-up notes about payments', () => {
  it('warns when the test processor takes the payments of a shop on a public URL (a staging shop)', async () => {
    const log = await startUpLog({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://staging.shop.example',
      PAYMENT_PROVIDER: 'test',
    });
    expect(log).toContainEqual({
      level: 40,
      msg: expect.stringMatching(
        /^PAYMENT_PROVIDER=test on https:\/\/staging\.shop\.example: .*no real money.*PAYMENT_PROVIDER=stripe/,
      ),
      ...{ time: expect.any(Number), pid: expect.any(Number), hostname: expect.any(String) },
    });
  });

  it('only notes the test processor on this machine, and says nothing of it with Stripe', async () => {
    const local = await startUpLog({ NODE_ENV: 'production' });
    expect(local.filter((line) => /PAYMENT_PROVIDER|test processor/.test(line.msg))).toEqual([
      expect.objectContaining({
        level: 30,
        msg: expect.stringMatching(/^Payments: the built-in test processor/),
      }),
    ]);
    const stripe = await startUpLog({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://shop.example',
      ...STRIPE,
    });
    expect(stripe.filter((line) => /PAYMENT_PROVIDER|test processor/.test(line.msg))).toEqual([]);
  });
});
