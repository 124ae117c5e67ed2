import { randomUUID } from 'node:crypto';
import { TEST_CARD_MESSAGES, TEST_CARDS, TestIntentViewSchema } from '@shop/domain';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestContext } from '../../../../test/helper';
import { card } from '../../../../test/support/orders';
import { WebhookSignatureError } from '../provider';
import { redeliveryDelaySeconds, type TestProcessor } from './processor';
import { readSignedEvent } from './provider';
import { TEST_PROCESSOR_LIMIT } from './routes';

let ctx: TestContext;
let processor: TestProcessor;
beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ LOG_LEVEL: 'silent' }) });
  processor = ctx.app.services.payments.testProcessor!;
});
afterAll(() => ctx.close());

let clients = 0;
/** A client address of its own, so the per-address limit of one test never touches another's. */
const newClient = () => `192.0.2.${++clients}`;

const newIntent = (amount = 1234) =>
  processor.createIntent({
    amount,
    currency: 'gbp',
    metadata: { cart_id: '1' },
    idempotencyKey: randomUUID(),
  });

const confirm = (clientSecret: string, details: object, remoteAddress = newClient()) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/payments/test/confirm/',
    remoteAddress,
    payload: { client_secret: clientSecret, ...details },
  });

const authenticate = (clientSecret: string, outcome: 'complete' | 'fail') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/payments/test/authenticate/',
    remoteAddress: newClient(),
    payload: { client_secret: clientSecret, outcome },
  });

const lastYear = new Date().getUTCFullYear() - 1;

describe('POST /api/payments/test/confirm/', () => {
  it('takes Stripe’s successful test card and queues payment_intent.succeeded', async () => {
    const intent = await newIntent(4321);
    const res = await confirm(intent.clientSecret, card(TEST_CARDS.succeeds));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(TestIntentViewSchema.parse(res.json())).toEqual({
      id: intent.id,
      object: 'payment_intent',
      status: 'succeeded',
      amount: 4321,
      currency: 'gbp',
      next_action: null,
    });
    expect(await processor.retrieveIntent(intent.id)).toMatchObject({
      status: 'succeeded',
      amountRefunded: 0,
    });
    const events = await processor.eventsOf(intent.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'payment_intent.succeeded',
      deliveredAt: null,
      attempts: 0,
      payload: {
        object: 'event',
        type: 'payment_intent.succeeded',
        livemode: false,
        data: {
          object: { id: intent.id, status: 'succeeded', amount_received: 4321, metadata: { cart_id: '1' } },
        },
      },
    });
  });

  it.each([
    ['a declined card', card(TEST_CARDS.declined), 'card_declined', TEST_CARD_MESSAGES.declined],
    [
      'a card without funds',
      card(TEST_CARDS.insufficientFunds),
      'card_declined',
      TEST_CARD_MESSAGES.insufficientFunds,
    ],
    [
      'a card past its expiry',
      card(TEST_CARDS.succeeds, { exp_year: lastYear }),
      'expired_card',
      TEST_CARD_MESSAGES.expired,
    ],
    [
      'a two-digit security code',
      card(TEST_CARDS.succeeds, { cvc: '12' }),
      'invalid_cvc',
      TEST_CARD_MESSAGES.invalidCvc,
    ],
    [
      'a number failing the Luhn check',
      card('4242424242424241'),
      'incorrect_number',
      TEST_CARD_MESSAGES.incorrectNumber,
    ],
  ])(
    'refuses %s with Stripe’s message (402) and leaves the intent to pay',
    async (_, details, code, message) => {
      const intent = await newIntent();
      const res = await confirm(intent.clientSecret, details);
      expect(res.statusCode).toBe(402);
      expect(res.json()).toMatchObject({ detail: message, error: { type: 'card_error', code, message } });
      expect(await processor.retrieveIntent(intent.id)).toMatchObject({ status: 'requires_payment_method' });
      const events = await processor.eventsOf(intent.id);
      expect(events.map((event) => event.type)).toEqual(['payment_intent.payment_failed']);
      expect(events[0]!.payload).toMatchObject({
        data: { object: { status: 'requires_payment_method', last_payment_error: { code, message } } },
      });
    },
  );

  it('takes another card after a decline, and refuses to confirm a paid intent again', async () => {
    const intent = await newIntent();
    expect((await confirm(intent.clientSecret, card(TEST_CARDS.declined))).statusCode).toBe(402);
    expect((await confirm(intent.clientSecret, card(TEST_CARDS.succeeds))).json()).toMatchObject({
      status: 'succeeded',
    });
    const again = await confirm(intent.clientSecret, card(TEST_CARDS.succeeds));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state' },
    });
    expect((await processor.eventsOf(intent.id)).map((event) => event.type)).toEqual([
      'payment_intent.payment_failed',
      'payment_intent.succeeded',
    ]);
  });

  it('answers 404 for a client secret it never gave, and 400 for a malformed body', async () => {
    const unknown = await confirm('pi_test_nope_secret_nope', card());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'No such payment_intent.' });
    const intent = await newIntent();
    for (const body of [
      { ...card(), card_number: undefined },
      { ...card(), exp_month: 'twelve' },
      { ...card(), save_card: true },
    ]) {
      expect((await confirm(intent.clientSecret, body)).statusCode).toBe(400);
    }
    expect((await processor.retrieveIntent(intent.id))!.status).toBe('requires_payment_method');
  });

  it('limits the confirmations of one client address', async () => {
    const client = newClient();
    for (let i = 0; i < TEST_PROCESSOR_LIMIT.limit; i++) {
      expect((await confirm('pi_test_nope_secret_nope', card(), client)).statusCode).toBe(404);
    }
    const limited = await confirm('pi_test_nope_secret_nope', card(), client);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('POST /api/payments/test/authenticate/', () => {
  it('asks for authentication on Stripe’s 3-D Secure card and settles as the buyer answers', async () => {
    const passes = await newIntent();
    const asked = await confirm(passes.clientSecret, card(TEST_CARDS.authentication));
    expect(asked.json()).toMatchObject({
      status: 'requires_action',
      next_action: { type: 'use_test_authentication' },
    });
    expect(await processor.eventsOf(passes.id)).toEqual([]);
    expect((await authenticate(passes.clientSecret, 'complete')).json()).toMatchObject({
      status: 'succeeded',
    });

    const fails = await newIntent();
    await confirm(fails.clientSecret, card(TEST_CARDS.authentication));
    const failed = await authenticate(fails.clientSecret, 'fail');
    expect(failed.statusCode).toBe(402);
    expect(failed.json().error.message).toBe(TEST_CARD_MESSAGES.authenticationFailed);
    expect(await processor.retrieveIntent(fails.id)).toMatchObject({ status: 'requires_payment_method' });
  });

  it('refuses to authenticate an intent that does not wait for it', async () => {
    const intent = await newIntent();
    const res = await authenticate(intent.clientSecret, 'complete');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('payment_intent_unexpected_state');
    expect((await processor.retrieveIntent(intent.id))!.status).toBe('requires_payment_method');
  });
});

describe('the test processor’s own calls', () => {
  it('gives the same intent for the same idempotency key', async () => {
    const request = { amount: 500, currency: 'gbp' as const, metadata: {}, idempotencyKey: randomUUID() };
    const [a, b] = await Promise.all([processor.createIntent(request), processor.createIntent(request)]);
    expect(a).toEqual(b);
    expect((await processor.createIntent({ ...request, idempotencyKey: randomUUID() })).id).not.toBe(a!.id);
  });

  it('changes the amount of an unpaid intent only', async () => {
    const intent = await newIntent(1000);
    expect(
      await processor.updateIntent(intent.id, { amount: 2000, metadata: { cart_version: 'b' } }),
    ).toMatchObject({ amount: 2000, metadata: { cart_version: 'b' } });
    await confirm(intent.clientSecret, card());
    await expect(processor.updateIntent(intent.id, { amount: 3000, metadata: {} })).rejects.toMatchObject({
      statusCode: 400,
    });
    expect((await processor.retrieveIntent(intent.id))!.amount).toBe(2000);
  });

  it('cancels an unpaid intent, which then cannot be paid, and refuses to cancel a paid one', async () => {
    const unpaid = await newIntent();
    expect(await processor.cancelIntent(unpaid.id)).toMatchObject({ id: unpaid.id, status: 'canceled' });
    expect((await processor.eventsOf(unpaid.id)).map((event) => event.type)).toEqual([
      'payment_intent.canceled',
    ]);
    expect((await confirm(unpaid.clientSecret, card())).statusCode).toBe(400);

    const paid = await newIntent();
    await confirm(paid.clientSecret, card());
    await expect(processor.cancelIntent(paid.id)).rejects.toMatchObject({ statusCode: 400 });
    expect((await processor.retrieveIntent(paid.id))!.status).toBe('succeeded');
  });

  it('refunds once per idempotency key and never more than was paid', async () => {
    const unpaid = await newIntent(1000);
    await expect(
      processor.refund(unpaid.id, { reason: 'requested_by_customer', idempotencyKey: 'a' }),
    ).rejects.toMatchObject({ statusCode: 400 });

    const intent = await newIntent(1000);
    await confirm(intent.clientSecret, card());
    const part = { amount: 400, reason: 'requested_by_customer' as const, idempotencyKey: 'part' };
    const first = await processor.refund(intent.id, part);
    expect(await processor.refund(intent.id, part)).toEqual(first);
    expect((await processor.retrieveIntent(intent.id))!.amountRefunded).toBe(400);
    await expect(
      processor.refund(intent.id, { ...part, amount: 601, idempotencyKey: 'too much' }),
    ).rejects.toMatchObject({ statusCode: 400, body: { error: { code: 'charge_already_refunded' } } });
    const rest = await processor.refund(intent.id, {
      reason: 'requested_by_customer',
      idempotencyKey: 'rest',
    });
    expect(rest).toMatchObject({ amount: 600, status: 'succeeded' });
    expect((await processor.retrieveIntent(intent.id))!.amountRefunded).toBe(1000);
    const refunds = (await processor.eventsOf(intent.id)).filter((event) => event.type === 'charge.refunded');
    expect(refunds.map((event) => event.payload)).toMatchObject([
      {
        data: {
          object: { object: 'charge', payment_intent: intent.id, amount_refunded: 400, refunded: false },
        },
      },
      {
        data: {
          object: { object: 'charge', payment_intent: intent.id, amount_refunded: 1000, refunded: true },
        },
      },
    ]);
  });

  it('signs events so that only an unaltered, recent body verifies', async () => {
    const secret = 'whsec_test_processor_unit';
    const intent = await newIntent();
    const body = JSON.stringify({
      id: 'evt_1',
      type: 'charge.refunded',
      data: { object: { object: 'charge', payment_intent: intent.id } },
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload: body, secret });
    expect(readSignedEvent(body, header, secret)).toEqual({
      id: 'evt_1',
      type: 'charge.refunded',
      intentId: intent.id,
    });
    expect(() => readSignedEvent(body, header, `${secret}x`)).toThrow(WebhookSignatureError);
    expect(() => readSignedEvent(body, undefined, secret)).toThrow(WebhookSignatureError);
    // The shop's processor signs with the shop's secret, which this one is not.
    expect(() => readSignedEvent(body, processor.sign(body), secret)).toThrow(WebhookSignatureError);
  });

  it('waits longer before each retry of a delivery, up to an hour', () => {
    expect([1, 2, 3, 4, 10, 11, 16].map(redeliveryDelaySeconds)).toEqual([5, 10, 20, 40, 2560, 3600, 3600]);
  });
});
