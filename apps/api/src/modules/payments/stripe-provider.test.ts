import { createServer, type AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderUnavailable, WebhookSignatureError, type PaymentProvider } from './provider';
import {
  chargeJson,
  paymentIntentJson,
  startFakeStripe,
  stripeEvent,
  stripeId,
  type FakeIntent,
  type FakeStripe,
} from '../../../test/support/stripe-fake';
import { createStripeProvider, type StripeProviderOptions } from './stripe-provider';

const SECRET_KEY = 'sk_test_51ShopTestsOnlyNotARealKey0123456789abcdef';
const PUBLISHABLE_KEY = 'pk_test_51ShopTestsOnlyNotARealKey0123456789abcdef';
const WEBHOOK_SECRET = 'whsec_shopTestsOnlyNotARealSigningSecret01';

let fake: FakeStripe;
let provider: PaymentProvider;

function providerFor(overrides: Partial<StripeProviderOptions> = {}): PaymentProvider {
  return createStripeProvider({
    secretKey: SECRET_KEY,
    publishableKey: PUBLISHABLE_KEY,
    webhookSecret: WEBHOOK_SECRET,
    host: fake.host,
    port: fake.port,
    protocol: fake.protocol,
    maxNetworkRetries: 0,
    ...overrides,
  });
}

beforeAll(async () => {
  fake = await startFakeStripe({ secretKey: SECRET_KEY });
  provider = providerFor();
});

afterAll(() => fake.close());

beforeEach(() => {
  fake.requests.length = 0;
});

/** The one request the fake received. */
function onlyRequest() {
  expect(fake.requests).toHaveLength(1);
  return fake.requests[0]!;
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected a rejection'),
    (error: unknown) => error,
  );
}

/** The SDK's error that a ProviderUnavailable carries as its cause, for the log. */
function stripeCause(error: unknown): InstanceType<typeof Stripe.errors.StripeError> {
  expect(error).toBeInstanceOf(ProviderUnavailable);
  const cause = (error as ProviderUnavailable).cause;
  expect(cause).toBeInstanceOf(Stripe.errors.StripeError);
  return cause as InstanceType<typeof Stripe.errors.StripeError>;
}

const cart = { cart_id: '17', user_id: '5', cart_version: '3' };

async function paidIntent(amount = 4250) {
  const intent = await provider.createIntent({
    amount,
    currency: 'gbp',
    metadata: cart,
    idempotencyKey: stripeId('key'),
  });
  fake.succeed(intent.id);
  fake.requests.length = 0;
  return intent;
}

describe('the stripe provider', () => {
  it('names itself and hands the browser the publishable key only', () => {
    expect(provider.name).toBe('stripe');
    expect(provider.publishableKey).toBe(PUBLISHABLE_KEY);
  });
});

describe('createIntent', () => {
  it('creates a Payment Element intent with the amount, currency, metadata and idempotency key', async () => {
    const intent = await provider.createIntent({
      amount: 4250,
      currency: 'gbp',
      metadata: cart,
      idempotencyKey: 'cart-17-v3',
    });

    const request = onlyRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/payment_intents');
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request.params).toMatchObject({
      amount: '4250',
      currency: 'gbp',
      'metadata[cart_id]': '17',
      'metadata[user_id]': '5',
      'metadata[cart_version]': '3',
      'automatic_payment_methods[enabled]': 'true',
    });
    expect(request.headers['idempotency-key']).toBe('cart-17-v3');
    expect(request.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(request.headers['stripe-version']).toBe('2026-10-28.endive');

    expect(intent).toEqual({
      id: expect.stringMatching(/^pi_\w+$/),
      clientSecret: expect.stringMatching(new RegExp(`^${intent.id}_secret_\\w+$`)),
      amount: 4250,
      currency: 'gbp',
      status: 'requires_payment_method',
      metadata: cart,
      amountRefunded: 0,
      paidAt: null,
    });
  });

  it('gives the same intent for the same idempotency key', async () => {
    const request = { amount: 990, currency: 'gbp' as const, metadata: cart, idempotencyKey: 'cart-17-v4' };
    const first = await provider.createIntent(request);
    const second = await provider.createIntent(request);

    expect(second.id).toBe(first.id);
    expect(fake.requests.map((r) => r.headers['idempotency-key'])).toEqual(['cart-17-v4', 'cart-17-v4']);
  });

  it('throws ProviderUnavailable when an idempotency key is reused with another amount', async () => {
    await provider.createIntent({ amount: 990, currency: 'gbp', metadata: cart, idempotencyKey: 'cart-18' });
    const error = await rejection(
      provider.createIntent({ amount: 991, currency: 'gbp', metadata: cart, idempotencyKey: 'cart-18' }),
    );

    expect(stripeCause(error)).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });
});

describe('updateIntent', () => {
  it('changes the amount and metadata of an unpaid intent', async () => {
    const created = await provider.createIntent({
      amount: 4250,
      currency: 'gbp',
      metadata: cart,
      idempotencyKey: stripeId('key'),
    });
    fake.requests.length = 0;

    const updated = await provider.updateIntent(created.id, {
      amount: 5100,
      metadata: { ...cart, cart_version: '4' },
    });

    const request = onlyRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`/v1/payment_intents/${created.id}`);
    expect(request.params).toMatchObject({ amount: '5100', 'metadata[cart_version]': '4' });
    expect(updated).toEqual({ ...created, amount: 5100, metadata: { ...cart, cart_version: '4' } });
  });

  it('refuses an id that cannot be a payment intent without calling Stripe', async () => {
    // An empty id would make the SDK post to /v1/payment_intents/ and create a new intent.
    for (const id of ['', 'pi_1/../../v1/refunds', 'cs_test_123']) {
      await expect(provider.updateIntent(id, { amount: 100, metadata: {} })).rejects.toBeInstanceOf(
        ProviderUnavailable,
      );
    }
    expect(fake.requests).toEqual([]);
  });

  it('throws ProviderUnavailable for an intent Stripe does not have', async () => {
    const error = await rejection(provider.updateIntent('pi_doesNotExist123', { amount: 100, metadata: {} }));

    expect(stripeCause(error)).toMatchObject({ code: 'resource_missing', statusCode: 404 });
  });
});

describe('retrieveIntent', () => {
  it('reads the intent as Stripe knows it now, with the amount refunded from its latest charge', async () => {
    const intent = await paidIntent(4250);

    const paid = await provider.retrieveIntent(intent.id);

    const request = onlyRequest();
    expect(request.method).toBe('GET');
    expect(request.path).toBe(`/v1/payment_intents/${intent.id}`);
    expect(request.params).toEqual({ 'expand[0]': 'latest_charge' });
    // Paid when its charge was made (the fake's charge carries the intent's time).
    expect(paid).toEqual({ ...intent, status: 'succeeded', amountRefunded: 0, paidAt: expect.any(Date) });

    await provider.refund(intent.id, {
      amount: 1000,
      reason: 'requested_by_customer',
      idempotencyKey: 'r-1',
    });
    expect(await provider.retrieveIntent(intent.id)).toMatchObject({
      status: 'succeeded',
      amountRefunded: 1000,
    });
  });

  it('answers null for an intent Stripe does not have (404 resource_missing)', async () => {
    expect(await provider.retrieveIntent('pi_doesNotExist123')).toBeNull();
    expect(onlyRequest().path).toBe('/v1/payment_intents/pi_doesNotExist123');
  });

  it('answers null for an id that cannot be a payment intent, without calling Stripe', async () => {
    // An empty id would turn the call into GET /v1/payment_intents/, Stripe's list endpoint.
    for (const id of ['', 'pi_', 'pi_1/../x', 'pi_1?expand[]=customer', 'seti_123']) {
      expect(await provider.retrieveIntent(id)).toBeNull();
    }
    expect(fake.requests).toEqual([]);
  });

  it('treats a status it does not know as still processing, neither paid nor failed', async () => {
    const intent = await paidIntent();
    fake.setStatus(intent.id, 'requires_reauthorization');

    expect((await provider.retrieveIntent(intent.id))?.status).toBe('processing');
  });

  it('throws ProviderUnavailable, keeping the SDK error as the cause, when Stripe answers 500', async () => {
    fake.failNext(500, { type: 'api_error', message: 'An unknown error occurred' });

    const error = await rejection(provider.retrieveIntent('pi_anything123'));

    expect(stripeCause(error)).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(stripeCause(error).statusCode).toBe(500);
  });

  it('throws ProviderUnavailable when nothing listens on the port', async () => {
    const offline = providerFor({ port: await closedPort() });

    const error = await rejection(offline.retrieveIntent('pi_anything123'));

    expect(stripeCause(error)).toBeInstanceOf(Stripe.errors.StripeConnectionError);
  });

  it('throws ProviderUnavailable when Stripe does not answer in time', async () => {
    fake.hangNext();

    const error = await rejection(providerFor({ timeout: 200 }).retrieveIntent('pi_anything123'));

    expect(stripeCause(error)).toBeInstanceOf(Stripe.errors.StripeConnectionError);
  });

  it('retries a 500 with the same Idempotency-Key when retries are on', async () => {
    fake.failNext(500, { type: 'api_error', message: 'An unknown error occurred' });

    const intent = await providerFor({ maxNetworkRetries: 1 }).createIntent({
      amount: 1200,
      currency: 'gbp',
      metadata: cart,
      idempotencyKey: 'cart-19',
    });

    expect(intent.amount).toBe(1200);
    expect(fake.requests.map((r) => r.headers['idempotency-key'])).toEqual(['cart-19', 'cart-19']);
  });

  it('never puts the secret key in an error, whether Stripe refuses the key or cannot be reached', async () => {
    const wrongKey = 'sk_test_51ThisKeyIsWrongAndMustNotLeak0123456789';
    const refused = await rejection(providerFor({ secretKey: wrongKey }).retrieveIntent('pi_anything123'));
    const unreachable = await rejection(providerFor({ port: await closedPort() }).retrieveIntent('pi_x123'));

    expect(stripeCause(refused)).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(stripeCause(unreachable)).toBeInstanceOf(Stripe.errors.StripeConnectionError);
    expect(inspect(refused, { depth: null })).not.toContain(wrongKey);
    expect(inspect(unreachable, { depth: null })).not.toContain(SECRET_KEY);
  });
});

describe('cancelIntent', () => {
  it('cancels an unpaid intent as abandoned', async () => {
    const created = await provider.createIntent({
      amount: 990,
      currency: 'gbp',
      metadata: cart,
      idempotencyKey: stripeId('key'),
    });
    fake.requests.length = 0;

    const canceled = await provider.cancelIntent(created.id);

    const request = onlyRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`/v1/payment_intents/${created.id}/cancel`);
    expect(request.params).toMatchObject({ cancellation_reason: 'abandoned' });
    expect(canceled).toEqual({ ...created, status: 'canceled' });
  });

  it('is refused for a paid intent, and the error it keeps for the log holds no client secret', async () => {
    const intent = await paidIntent();

    const error = await rejection(provider.cancelIntent(intent.id));

    expect(stripeCause(error)).toMatchObject({ code: 'payment_intent_unexpected_state', statusCode: 400 });
    expect(inspect(error, { depth: null })).not.toContain(intent.clientSecret);
    expect(inspect(error, { depth: null })).not.toContain('_secret_');
  });
});

describe('refund', () => {
  it('refunds part of a paid intent with the amount, reason, metadata and idempotency key', async () => {
    const intent = await paidIntent(4250);

    const refund = await provider.refund(intent.id, {
      amount: 1500,
      reason: 'requested_by_customer',
      metadata: { order_id: '31' },
      idempotencyKey: 'order-31-refund-1',
    });

    const request = onlyRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/refunds');
    expect(request.params).toEqual({
      payment_intent: intent.id,
      amount: '1500',
      reason: 'requested_by_customer',
      'metadata[order_id]': '31',
    });
    expect(request.headers['idempotency-key']).toBe('order-31-refund-1');
    expect(refund).toEqual({ id: expect.stringMatching(/^re_\w+$/), amount: 1500, status: 'succeeded' });
  });

  it('refunds the whole remaining amount when no amount is given', async () => {
    const intent = await paidIntent(4250);
    await provider.refund(intent.id, { amount: 250, reason: 'duplicate', idempotencyKey: stripeId('key') });
    fake.requests.length = 0;

    const refund = await provider.refund(intent.id, {
      reason: 'fraudulent',
      idempotencyKey: stripeId('key'),
    });

    expect(onlyRequest().params).toEqual({ payment_intent: intent.id, reason: 'fraudulent' });
    expect(refund.amount).toBe(4000);
    expect((await provider.retrieveIntent(intent.id))?.amountRefunded).toBe(4250);
  });

  it('throws ProviderUnavailable when Stripe refuses the refund', async () => {
    const intent = await paidIntent(500);
    await provider.refund(intent.id, { reason: 'requested_by_customer', idempotencyKey: stripeId('key') });

    const error = await rejection(
      provider.refund(intent.id, { reason: 'requested_by_customer', idempotencyKey: stripeId('key') }),
    );

    expect(stripeCause(error)).toMatchObject({ code: 'charge_already_refunded', statusCode: 400 });
  });
});

describe('parseWebhook', () => {
  const intent: FakeIntent = {
    id: 'pi_3PayloadIntent0000000000',
    clientSecret: 'pi_3PayloadIntent0000000000_secret_abc',
    amount: 4250,
    currency: 'gbp',
    status: 'succeeded',
    metadata: cart,
    created: 1_780_000_000,
    charge: { id: 'ch_3PayloadCharge0000000000', amount: 4250, amountRefunded: 4250 },
  };

  /** Stripe posts pretty-printed JSON; the signature covers those exact bytes. */
  function body(type: string, object: Record<string, unknown>) {
    const event = stripeEvent(type, object);
    return { event, payload: JSON.stringify(event, null, 2) };
  }

  function sign(payload: string, options: { secret?: string; timestamp?: number } = {}) {
    return Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? WEBHOOK_SECRET,
      ...(options.timestamp !== undefined && { timestamp: options.timestamp }),
    });
  }

  const charge = chargeJson(intent.charge!, intent);

  it.each(['payment_intent.succeeded', 'payment_intent.payment_failed'])(
    'reads a signed %s event and the intent it is about',
    (type) => {
      const { event, payload } = body(type, paymentIntentJson(intent));

      expect(provider.parseWebhook(payload, sign(payload))).toEqual({
        id: event.id,
        type,
        intentId: intent.id,
      });
    },
  );

  it('reads a charge.refunded event whose charge names its intent by id', () => {
    const { event, payload } = body('charge.refunded', charge);

    expect(provider.parseWebhook(payload, sign(payload))).toEqual({
      id: event.id,
      type: 'charge.refunded',
      intentId: intent.id,
    });
  });

  it('reads a charge.refunded event whose charge carries its intent expanded', () => {
    const expanded = { ...charge, payment_intent: paymentIntentJson(intent) };
    const { payload } = body('charge.refunded', expanded);

    expect(provider.parseWebhook(payload, sign(payload)).intentId).toBe(intent.id);
  });

  it('answers a null intent for events about something else', () => {
    const { event, payload } = body('customer.created', { id: 'cus_123', object: 'customer' });

    expect(provider.parseWebhook(payload, sign(payload))).toEqual({
      id: event.id,
      type: 'customer.created',
      intentId: null,
    });
  });

  it('refuses a signature made with another secret', () => {
    const { payload } = body('payment_intent.succeeded', paymentIntentJson(intent));

    expect(() => provider.parseWebhook(payload, sign(payload, { secret: 'whsec_someoneElse123' }))).toThrow(
      WebhookSignatureError,
    );
  });

  it('refuses a body changed after signing, even only re-serialised', () => {
    const { payload } = body('payment_intent.succeeded', paymentIntentJson(intent));
    const header = sign(payload);

    expect(() => provider.parseWebhook(payload.replace('4250', '4251'), header)).toThrow(
      WebhookSignatureError,
    );
    // What a JSON body parser followed by JSON.stringify would hand over: same event, other bytes.
    expect(() => provider.parseWebhook(JSON.stringify(JSON.parse(payload)), header)).toThrow(
      WebhookSignatureError,
    );
  });

  it('refuses a signature older than five minutes and accepts one just inside', () => {
    const { payload } = body('payment_intent.succeeded', paymentIntentJson(intent));
    const now = Math.floor(Date.now() / 1000);

    expect(() => provider.parseWebhook(payload, sign(payload, { timestamp: now - 301 }))).toThrow(
      WebhookSignatureError,
    );
    expect(provider.parseWebhook(payload, sign(payload, { timestamp: now - 290 })).intentId).toBe(intent.id);
  });

  it('refuses a delivery without a usable signature header', () => {
    const { payload } = body('payment_intent.succeeded', paymentIntentJson(intent));

    for (const header of [undefined, '', 'garbage', `t=${Math.floor(Date.now() / 1000)}`]) {
      expect(() => provider.parseWebhook(payload, header)).toThrow(WebhookSignatureError);
    }
  });

  it('refuses a correctly signed body that is not a Stripe event', () => {
    for (const payload of ['not json', '{"id":"evt_1","type":"payment_intent.succeeded"}', '[]']) {
      expect(() => provider.parseWebhook(payload, sign(payload))).toThrow(WebhookSignatureError);
    }
  });
});
