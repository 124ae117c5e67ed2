import { TEST_CARDS, type OrderView } from '@shop/domain';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestContext } from '../../../test/helper';
import { orders, payments, testPaymentEvents } from '../../db/schema';
import {
  ADDRESS_SNAPSHOT,
  card,
  checkoutShopper,
  confirmationsTo,
  deliverWebhooks,
  eventsOf,
  ordersOfPayment,
  paidShopper,
  paymentOf,
  postWebhook,
  processorIntent,
  redeliver,
  setStock,
  stockOf,
  type CheckoutShopper,
} from '../../../test/support/orders';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ LOG_LEVEL: 'silent' }) });
  await setStock(ctx, TAPE, 100);
});
afterAll(() => ctx.close());

const TAPE = 'TD-PRO-75';
const processor = () => ctx.app.services.payments.testProcessor!;

/** Exactly one order from the payment, one pack of stock taken, one confirmation: answers the order. */
async function expectOneOrder(buyer: CheckoutShopper, intentId: string, stockBefore: number) {
  const made = await ordersOfPayment(ctx, intentId);
  expect(made).toHaveLength(1);
  expect(await buyer.orders()).toHaveLength(1);
  expect(await stockOf(ctx, TAPE)).toBe(stockBefore - 1);
  const mails = await confirmationsTo(ctx, buyer.email);
  expect(mails).toHaveLength(1);
  expect(mails[0]!.subject).toContain(`order #${made[0]!.id}`);
  expect(await paymentOf(ctx, intentId)).toMatchObject({ orderId: made[0]!.id, status: 'succeeded' });
  return made[0]!;
}

async function tableSizes() {
  const [[o], [p]] = await Promise.all([
    ctx.database.db.select({ n: count() }).from(orders),
    ctx.database.db.select({ n: count() }).from(payments),
  ]);
  return { orders: o!.n, payments: p!.n, tape: await stockOf(ctx, TAPE) };
}

describe('the payment webhook makes exactly one order', () => {
  it('when the same event is delivered three times', async () => {
    const stock = await stockOf(ctx, TAPE);
    const { buyer, intent } = await paidShopper(ctx);
    for (let i = 0; i < 3; i++) expect(await redeliver(ctx, intent.payment_intent_id)).toEqual([200]);
    const order = await expectOneOrder(buyer, intent.payment_intent_id, stock);
    const late = await buyer.order(intent.payment_intent_id);
    expect(late.statusCode).toBe(200);
    expect(late.json<OrderView>().id).toBe(order.id);
    await expectOneOrder(buyer, intent.payment_intent_id, stock);
  });

  it('when it arrives before the browser’s request, which then answers the same order', async () => {
    const stock = await stockOf(ctx, TAPE);
    const { buyer, intent } = await paidShopper(ctx);
    expect((await deliverWebhooks(ctx)).delivered).toBeGreaterThanOrEqual(1);
    const order = await expectOneOrder(buyer, intent.payment_intent_id, stock);
    const res = await buyer.order(intent.payment_intent_id);
    expect(res.statusCode).toBe(200);
    expect(res.json<OrderView>()).toMatchObject({ id: order.id, transaction_id: intent.payment_intent_id });
    await expectOneOrder(buyer, intent.payment_intent_id, stock);
  });

  it('alone, shipping to the addresses named with the intent', async () => {
    const stock = await stockOf(ctx, TAPE);
    const { buyer, intent } = await paidShopper(ctx);
    await deliverWebhooks(ctx);
    const order = await expectOneOrder(buyer, intent.payment_intent_id, stock);
    expect(order).toMatchObject({
      status: 'pending',
      paymentStatus: 'COMPLETED',
      paymentVerified: true,
      totalPence: intent.amount,
      shippingAddress: ADDRESS_SNAPSHOT,
      billingAddress: ADDRESS_SNAPSHOT,
    });
    expect((await buyer.cart()).items).toHaveLength(0);
  });

  it.each(['newest first', 'oldest first'] as const)(
    'after a declined card and a successful one, delivered %s',
    async (order) => {
      const stock = await stockOf(ctx, TAPE);
      const buyer = await checkoutShopper(ctx);
      await buyer.addSku(TAPE, 1);
      const intent = (await buyer.intent()).json<{ client_secret: string; payment_intent_id: string }>();
      expect((await buyer.confirm(intent.client_secret, card(TEST_CARDS.declined))).statusCode).toBe(402);
      expect((await buyer.confirm(intent.client_secret, card(TEST_CARDS.succeeds))).statusCode).toBe(200);
      expect((await eventsOf(ctx, intent.payment_intent_id)).map((event) => event.type)).toEqual([
        'payment_intent.payment_failed',
        'payment_intent.succeeded',
      ]);
      expect(await redeliver(ctx, intent.payment_intent_id, order)).toEqual([200, 200]);
      await expectOneOrder(buyer, intent.payment_intent_id, stock);
      const other = order === 'newest first' ? 'oldest first' : 'newest first';
      expect(await redeliver(ctx, intent.payment_intent_id, other)).toEqual([200, 200]);
      await expectOneOrder(buyer, intent.payment_intent_id, stock);
      expect((await buyer.order(intent.payment_intent_id)).statusCode).toBe(200);
    },
  );
});

describe('the payment webhook otherwise', () => {
  it('records a declined payment and makes no order', async () => {
    const stock = await stockOf(ctx, TAPE);
    const buyer = await checkoutShopper(ctx);
    await buyer.addSku(TAPE, 1);
    const intent = (await buyer.intent()).json<{ client_secret: string; payment_intent_id: string }>();
    await buyer.confirm(intent.client_secret, card(TEST_CARDS.insufficientFunds));
    expect(await redeliver(ctx, intent.payment_intent_id)).toEqual([200]);
    expect(await paymentOf(ctx, intent.payment_intent_id)).toMatchObject({
      status: 'requires_payment_method',
      orderId: null,
      refundedPence: 0,
    });
    expect(await buyer.orders()).toHaveLength(0);
    expect(await stockOf(ctx, TAPE)).toBe(stock);
  });

  it('leaves a paid payment whose intent named no address waiting for the buyer’s order (decision 009)', async () => {
    const stock = await stockOf(ctx, TAPE);
    const buyer = await checkoutShopper(ctx);
    await buyer.addSku(TAPE, 1);
    const intent = await buyer.paidIntent({});
    expect(await redeliver(ctx, intent.payment_intent_id)).toEqual([200]);
    const waiting = await paymentOf(ctx, intent.payment_intent_id);
    expect(waiting).toMatchObject({
      orderId: null,
      status: 'succeeded',
      refundedPence: 0,
      failureReason: null,
    });
    expect(waiting.awaitingDetailsSince).toBeInstanceOf(Date);
    expect((await processorIntent(ctx, intent.payment_intent_id)).amountRefunded).toBe(0);
    expect(await buyer.orders()).toHaveLength(0);
    expect(await stockOf(ctx, TAPE)).toBe(stock);
    const order = await buyer.order(intent.payment_intent_id);
    expect(order.statusCode).toBe(201);
    expect(order.json<OrderView>()).toMatchObject({ shipping_address: ADDRESS_SNAPSHOT });
    await expectOneOrder(buyer, intent.payment_intent_id, stock);
  });

  it('records refunds made at the processor on the payment and, once whole, on the order', async () => {
    const { buyer, intent } = await paidShopper(ctx);
    const order = await buyer.placed(intent.payment_intent_id);
    const half = Math.floor(intent.amount / 2);
    await processor().refund(intent.payment_intent_id, {
      amount: half,
      reason: 'requested_by_customer',
      idempotencyKey: 'back-office:1',
    });
    await redeliver(ctx, intent.payment_intent_id);
    expect(await paymentOf(ctx, intent.payment_intent_id)).toMatchObject({
      refundedPence: half,
      status: 'succeeded',
    });
    expect((await buyer.call('GET', `/api/orders/${order.id}/`)).json()).toMatchObject({
      payment_status: 'COMPLETED',
    });
    await processor().refund(intent.payment_intent_id, {
      reason: 'requested_by_customer',
      idempotencyKey: 'back-office:2',
    });
    await deliverWebhooks(ctx);
    expect(await paymentOf(ctx, intent.payment_intent_id)).toMatchObject({
      refundedPence: intent.amount,
      status: 'refunded',
      orderId: order.id,
    });
    expect((await buyer.call('GET', `/api/orders/${order.id}/`)).json()).toMatchObject({
      payment_status: 'REFUND',
      status: 'pending',
    });
  });
});

describe('POST /api/payments/webhook/', () => {
  const eventFor = (intentId: string, type = 'payment_intent.succeeded') =>
    JSON.stringify({
      id: `evt_test_${intentId}`,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: intentId, object: 'payment_intent', status: 'succeeded', amount: 1 } },
    });

  it('refuses an unsigned, forged, altered or stale event with 400 and changes nothing', async () => {
    await deliverWebhooks(ctx);
    const { buyer, intent } = await paidShopper(ctx);
    const body = JSON.stringify((await eventsOf(ctx, intent.payment_intent_id))[0]!.payload);
    const before = await tableSizes();
    const post = (signature: string | undefined) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/payments/webhook/',
        headers: {
          'content-type': 'application/json',
          ...(signature === undefined ? {} : { 'stripe-signature': signature }),
        },
        payload: body,
      });

    const unsigned = await post(undefined);
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json()).toEqual({ detail: 'No signature header.' });
    const forged = await post(`t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`);
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ detail: 'Webhook signature verification failed.' });
    expect(await postWebhook(ctx, `${body} `, processor().sign(body))).toBe(400);
    expect(await postWebhook(ctx, body, processor().sign(body, new Date(Date.now() - 10 * 60_000)))).toBe(
      400,
    );
    expect(await postWebhook(ctx, 'not json', processor().sign('not json'))).toBe(400);
    expect(await tableSizes()).toEqual(before);
    expect(await buyer.orders()).toHaveLength(0);
    // The same body, properly signed and fresh, is taken.
    expect(await postWebhook(ctx, body, processor().sign(body))).toBe(200);
    expect(await buyer.orders()).toHaveLength(1);
  });

  it('acknowledges a signed event for a payment the shop did not make, or of a type it ignores', async () => {
    await deliverWebhooks(ctx);
    const before = await tableSizes();
    for (const body of [
      eventFor('pi_test_not_ours'),
      eventFor('pi_test_not_ours', 'charge.refunded'),
      JSON.stringify({
        id: 'evt_test_other',
        object: 'event',
        type: 'customer.created',
        data: { object: {} },
      }),
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/payments/webhook/',
        headers: { 'content-type': 'application/json', 'stripe-signature': processor().sign(body) },
        payload: body,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true });
    }
    expect(await tableSizes()).toEqual(before);
  });
});

describe('the test processor’s webhook delivery', () => {
  it('retries an event the shop did not take, after a back-off, until it is delivered', async () => {
    await deliverWebhooks(ctx);
    const stock = await stockOf(ctx, TAPE);
    const { buyer, intent } = await paidShopper(ctx);
    const [event] = await eventsOf(ctx, intent.payment_intent_id);
    let calls = 0;
    const failOnce = async (body: string, signature: string) =>
      ++calls === 1 ? 500 : postWebhook(ctx, body, signature);

    expect(await processor().deliverDue(failOnce)).toEqual({ delivered: 0, retrying: 1 });
    const [waiting] = await ctx.database.db
      .select({
        attempts: testPaymentEvents.attempts,
        deliveredAt: testPaymentEvents.deliveredAt,
        lastError: testPaymentEvents.lastError,
        inFuture: sql<boolean>`${testPaymentEvents.nextAttemptAt} > now()`,
      })
      .from(testPaymentEvents)
      .where(eq(testPaymentEvents.id, event!.id));
    expect(waiting).toEqual({ attempts: 1, deliveredAt: null, lastError: 'HTTP 500', inFuture: true });
    expect(await buyer.orders()).toHaveLength(0);
    // Not due yet: nothing is sent.
    expect(await processor().deliverDue(failOnce)).toEqual({ delivered: 0, retrying: 0 });
    expect(calls).toBe(1);

    await ctx.database.db
      .update(testPaymentEvents)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(testPaymentEvents.id, event!.id));
    expect(await processor().deliverDue(failOnce)).toEqual({ delivered: 1, retrying: 0 });
    const [delivered] = await eventsOf(ctx, intent.payment_intent_id);
    expect(delivered).toMatchObject({ attempts: 2, lastError: null });
    expect(delivered!.deliveredAt).toBeInstanceOf(Date);
    await expectOneOrder(buyer, intent.payment_intent_id, stock);
  });
});
