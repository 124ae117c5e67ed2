import {
  CHECKOUT_MESSAGES,
  insufficientStockDetail,
  MAX_ORDER_TOTAL_PENCE,
  PaymentIntentViewSchema,
} from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestContext } from '../../../test/helper';
import { payments, rateLimits } from '../../db/schema';
import { CHECKOUT_LIMIT } from './payment-intent';
import {
  ADDRESS_SNAPSHOT,
  checkoutShopper,
  paymentOf,
  pence,
  processorIntent,
  setPrice,
  setStock,
  stockOf,
} from '../../../test/support/orders';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ LOG_LEVEL: 'silent' }) });
  await setStock(ctx, TAPE, 100);
});
afterAll(() => ctx.close());

const TAPE = 'TD-PRO-75';
const WRAP = 'PW-HAND-400-CL';

const viewOf = (res: { statusCode: number; body: string; json: () => unknown }) => {
  if (res.statusCode !== 200) throw new Error(`intent refused: ${res.statusCode} ${res.body}`);
  return PaymentIntentViewSchema.parse(res.json());
};

const paymentsOfCart = (cartId: number) =>
  ctx.database.db.select().from(payments).where(eq(payments.cartId, cartId));

describe('POST /api/ecommerce/payment-intents/', () => {
  it('asks for the cart’s total in pence, in pounds sterling, with the shipping address kept', async () => {
    const buyer = await checkoutShopper(ctx);
    await buyer.addSku(TAPE, 2);
    await buyer.addSku(WRAP, 1);
    const cart = await buyer.cart();
    const res = await buyer.intent();
    expect(res.headers['cache-control']).toBe('private, no-store');
    const intent = viewOf(res);
    expect(intent).toEqual({
      client_secret: expect.stringMatching(/^pi_test_\w+_secret_\w+$/),
      payment_intent_id: expect.stringMatching(/^pi_test_\w+$/),
      amount: pence(cart.total),
      currency: 'gbp',
      provider: 'test',
    });
    expect(intent.client_secret.startsWith(`${intent.payment_intent_id}_secret_`)).toBe(true);
    expect(await processorIntent(ctx, intent.payment_intent_id)).toMatchObject({
      amount: pence(cart.total),
      currency: 'gbp',
      status: 'requires_payment_method',
      metadata: { cart_id: String(buyer.cartId), user_id: String(buyer.userId) },
    });
    expect(await paymentOf(ctx, intent.payment_intent_id)).toMatchObject({
      userId: buyer.userId,
      cartId: buyer.cartId,
      provider: 'test',
      amountPence: pence(cart.total),
      currency: 'GBP',
      status: 'requires_payment_method',
      shippingAddress: ADDRESS_SNAPSHOT,
      billingAddress: ADDRESS_SNAPSHOT,
      orderId: null,
    });
  });

  it('answers the same intent for the same cart, asked twice or twice at once', async () => {
    const buyer = await checkoutShopper(ctx);
    await buyer.addSku(TAPE, 1);
    const first = viewOf(await buyer.intent());
    expect(viewOf(await buyer.intent())).toEqual(first);
    expect(viewOf(await buyer.intent({}))).toEqual(first);
    const together = await Promise.all([buyer.intent(), buyer.intent()]);
    expect(together.map(viewOf)).toEqual([first, first]);
    expect(await paymentsOfCart(buyer.cartId)).toHaveLength(1);

    const other = await checkoutShopper(ctx);
    await other.addSku(TAPE, 1);
    const [a, b] = (await Promise.all([other.intent(), other.intent()])).map(viewOf);
    expect(a).toEqual(b);
    expect(a!.payment_intent_id).not.toBe(first.payment_intent_id);
    expect(await paymentsOfCart(other.cartId)).toHaveLength(1);
  });

  it('changes the unpaid intent’s amount when the cart changes', async () => {
    const buyer = await checkoutShopper(ctx);
    await buyer.addSku(TAPE, 1);
    const first = viewOf(await buyer.intent());
    await buyer.addSku(WRAP, 1);
    const cart = await buyer.cart();
    const changed = viewOf(await buyer.intent());
    expect(changed).toEqual({ ...first, amount: pence(cart.total) });
    expect(changed.amount).toBeGreaterThan(first.amount);
    expect((await processorIntent(ctx, first.payment_intent_id)).amount).toBe(pence(cart.total));
    expect(await paymentsOfCart(buyer.cartId)).toMatchObject([{ amountPence: pence(cart.total) }]);

    // Paid at the new amount, it makes the order of the cart as it is now.
    expect((await buyer.confirm(changed.client_secret)).statusCode).toBe(200);
    const order = await buyer.placed(changed.payment_intent_id);
    expect(order.total).toBe(cart.total);
    expect(order.items).toHaveLength(2);
  });

  it('limits new and changed intents per user, never the same cart’s intent asked again', async () => {
    const buyer = await checkoutShopper(ctx);
    await buyer.addSku(TAPE, 1);
    const first = viewOf(await buyer.intent());
    // The user's window is full: 120 intents made or changed.
    await ctx.database.db
      .update(rateLimits)
      .set({ count: CHECKOUT_LIMIT.limit })
      .where(eq(rateLimits.key, `${CHECKOUT_LIMIT.name}:${buyer.userId}`));
    for (let i = 0; i < 3; i++) expect(viewOf(await buyer.intent())).toEqual(first);
    await buyer.addSku(TAPE, 1);
    const refused = await buyer.intent();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await processorIntent(ctx, first.payment_intent_id)).amount).toBe(first.amount);
  });

  it('makes a new intent for the next cart once an order is placed', async () => {
    const buyer = await checkoutShopper(ctx);
    await buyer.addSku(TAPE, 1);
    const paid = await buyer.paidIntent();
    await buyer.placed(paid.payment_intent_id);
    await buyer.addSku(TAPE, 1);
    const next = viewOf(await buyer.intent());
    expect(next.payment_intent_id).not.toBe(paid.payment_intent_id);
    expect(next.client_secret).not.toBe(paid.client_secret);
    expect(next.amount).toBe(paid.amount);
    expect((await processorIntent(ctx, next.payment_intent_id)).status).toBe('requires_payment_method');
    expect(await paymentsOfCart(buyer.cartId)).toHaveLength(2);
  });

  it('makes a new intent when the cart changes after it was paid for', async () => {
    const buyer = await checkoutShopper(ctx);
    await buyer.addSku(TAPE, 1);
    const paid = await buyer.paidIntent();
    await buyer.addSku(WRAP, 1);
    const next = viewOf(await buyer.intent());
    expect(next.payment_intent_id).not.toBe(paid.payment_intent_id);
    expect(next.amount).toBe(pence((await buyer.cart()).total));
    // The paid intent keeps its amount.
    expect(await processorIntent(ctx, paid.payment_intent_id)).toMatchObject({
      status: 'succeeded',
      amount: paid.amount,
    });
  });

  it('refuses an empty cart, a cart short of stock and a cart too large to pay by card', async () => {
    const buyer = await checkoutShopper(ctx);
    const empty = await buyer.intent();
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ cart: [CHECKOUT_MESSAGES.cartEmpty] });

    const BUBBLE = 'BW-S-500-100';
    await setStock(ctx, BUBBLE, 10);
    await buyer.addSku(BUBBLE, 4);
    await setStock(ctx, BUBBLE, 3);
    const short = await buyer.intent();
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ cart: [insufficientStockDetail(BUBBLE, 3)] });
    await setStock(ctx, BUBBLE, 10);

    const restorePrices = await setPrice(ctx, BUBBLE, Math.ceil(MAX_ORDER_TOTAL_PENCE / 4));
    try {
      const large = await buyer.intent();
      expect(large.statusCode).toBe(400);
      expect(large.json()).toEqual({ cart: [CHECKOUT_MESSAGES.orderTooLarge] });
    } finally {
      await restorePrices();
    }
    expect(await paymentsOfCart(buyer.cartId)).toHaveLength(0);
    expect(await stockOf(ctx, BUBBLE)).toBe(10);
    expect(viewOf(await buyer.intent()).amount).toBe(pence((await buyer.cart()).total));
  });

  it('answers 404 for a cart that is not the caller’s, and 401 without a token', async () => {
    const buyer = await checkoutShopper(ctx);
    const missing = await buyer.call('POST', '/api/ecommerce/payment-intents/', { cart_id: 2_147_483_647 });
    expect(missing.statusCode).toBe(404);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/ecommerce/payment-intents/',
      payload: { cart_id: buyer.cartId },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await paymentsOfCart(buyer.cartId)).toHaveLength(0);
  });
});

describe('GET /api/payments/config/', () => {
  it('names the test processor, which needs no publishable key', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/payments/config/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ provider: 'test', publishable_key: null });
  });
});
