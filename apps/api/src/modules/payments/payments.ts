import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { PaymentProvider } from './provider';
import { createStripeProvider } from './stripe-provider';
import { createTestProcessor, type TestProcessor } from './test-processor/processor';
import { createTestProvider } from './test-processor/provider';

export interface Payments {
  provider: PaymentProvider;
  /** The built-in processor, when it is the provider (its routes and webhook delivery run with it). */
  testProcessor?: TestProcessor;
}

/**
 * The `test` processor's webhook signing secret: derived from the shop's signing secret, so every process
 * of one shop shares it without another setting, and it never appears anywhere.
 */
export function testWebhookSecret(signingSecret: string): string {
  return `whsec_${createHmac('sha256', signingSecret).update('test-payments-webhook').digest('hex')}`;
}

/** How the test processor posts an event to the shop, as Stripe does: JSON with a Stripe-Signature header. */
function postTo(url: string) {
  return async (body: string, signature: string): Promise<number> => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    await response.body?.cancel();
    return response.status;
  };
}

/** The configured card provider (DESIGN §1): `stripe`, or the built-in `test` processor. */
export function createPayments(
  db: Db,
  config: Config,
  signingSecret: string,
  log: FastifyBaseLogger,
): Payments {
  const settings = config.payments;
  if (settings.provider === 'stripe') {
    return {
      provider: createStripeProvider({
        secretKey: settings.secretKey,
        publishableKey: settings.publishableKey,
        webhookSecret: settings.webhookSecret,
      }),
    };
  }
  const webhookSecret = testWebhookSecret(signingSecret);
  const testProcessor = createTestProcessor(db, { webhookSecret, deliver: postTo(settings.webhookUrl), log });
  return { provider: createTestProvider(testProcessor, webhookSecret), testProcessor };
}
