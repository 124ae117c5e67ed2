import {
  CHECKOUT_MESSAGES,
  OrderViewSchema,
  TEST_CARD_MESSAGES,
  TEST_CARDS,
  type CartView,
  type OrderView,
} from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestContext } from '../../../test/helper';
import { countingDb } from '../../../test/query-counter';
import { addresses, payments } from '../../db/schema';
import { itemBySku } from '../../../test/support/carts';
import { createOrdersService } from './service';
import {
  ADDRESS_SNAPSHOT,
  card,
  checkoutShopper,
  confirmationsTo,
  deliverWebhooks,
  eventsOf,
  linesOfOrder,
  ordersOfPayment,
  paidShopper,
  paymentOf,
  pence,
  processorIntent,
  redeliver,
  setStock,
  stockOf,
} from '../../../test/support/orders';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ LOG_LEVEL: 'error' }) });
});
afterAll(() => ctx.close());

const TAPE = 'TD-PRO-75';
const WRAP = 'PW-HAND-400-CL';

describe('checkout, from a full cart to a paid order', () => {
  it('takes the payment, makes one order, takes the stock and queues one e-mail', async () => {
    const buyer = await checkoutShopper(ctx);
    await setStock(ctx, TAPE, 40);
    await buyer.addSku(TAPE, 3);
    const cart = await buyer.cart();
    const intent = await buyer.paidIntent();
    expect(intent.amount).toBe(pence(cart.total));
    const order = await buyer.placed(intent.payment_intent_id);
    expect(OrderViewSchema.parse(order)).toMatchObject({
      status: 'pending',
      payment_status: 'COMPLETED',
      payment_verified: true,
      transaction_id: intent.payment_intent_id,
      total: cart.total,
    });
    expect(order.items).toHaveLength(1);
    expect(await stockOf(ctx, TAPE)).toBe(37);
    expect((await buyer.cart()).items).toHaveLength(0);
    expect(await confirmationsTo(ctx, buyer.email)).toHaveLength(1);

    // Again, and from the webhook: the same order, nothing more.
    const again = await buyer.order(intent.payment_intent_id);
    expect(again.statusCode).toBe(200);
    expect(again.json<OrderView>().id).toBe(order.id);
    await deliverWebhooks(ctx);
    await redeliver(ctx, intent.payment_intent_id);
    expect(await buyer.orders()).toHaveLength(1);
    expect(await stockOf(ctx, TAPE)).toBe(37);
    expect(await confirmationsTo(ctx, buyer.email)).toHaveLength(1);
  });

  it('makes the order from the webhook alone when the buyer closed the tab', async () => {
    const buyer = await checkoutShopper(ctx);
    await buyer.addSku(TAPE, 1);
    const before = await stockOf(ctx, TAPE);
    const intent = await buyer.paidIntent();
    expect((await deliverWebhooks(ctx)).delivered).toBeGreaterThan(0);
    const [order] = await buyer.orders();
    expect(order).toBeDefined();
    expect(await stockOf(ctx, TAPE)).toBe(before - 1);
    const late = await buyer.order(intent.payment_intent_id);
    expect(late.statusCode).toBe(200);
    expect(late.json<OrderView>().id).toBe(order!.id);
  });

  it('declines a declined card with the processor’s message and makes no order', async () => {
    const buyer = await checkoutShopper(ctx);
    await buyer.addSku(TAPE, 1);
    const intent = (await buyer.intent()).json<{ client_secret: string; payment_intent_id: string }>();
    const res = await buyer.confirm(intent.client_secret, card(TEST_CARDS.declined));
    expect(res.statusCode).toBe(402);
    expect(res.json().error.message).toBe(TEST_CARD_MESSAGES.declined);
    const order = await buyer.order(intent.payment_intent_id);
    expect(order.statusCode).toBe(400);
    expect(order.json()).toEqual({ detail: CHECKOUT_MESSAGES.paymentNotCompleted });
    await deliverWebhooks(ctx);
    expect(await buyer.orders()).toHaveLength(0);
    expect((await paymentOf(ctx, intent.payment_intent_id)).status).toBe('requires_payment_method');
  });

  it('prices the order from the server’s cart: money, status and lines in the body are ignored', async () => {
    const buyer = await checkoutShopper(ctx);
    const tape = await itemBySku(ctx, TAPE);
    await setStock(ctx, TAPE, 40);
    await buyer.discount(tape.id, 10);
    await buyer.addSku(TAPE, 3);
    const cart = await buyer.cart();
    // 3 x £15.95 = £47.85, 10 % off (£4.79) = £43.06, £6.95 delivery, 20 % VAT on £50.01 = £10.00.
    expect(cart).toMatchObject({
      subtotal: '47.85',
      discount: '4.79',
      shipping_cost: '6.95',
      vat_amount: '10.00',
      total: '60.01',
    });
    const intent = await buyer.paidIntent();
    const res = await buyer.order(intent.payment_intent_id, {
      shipping_cost: 0,
      vat: 0,
      discount: 99,
      status: 'delivered',
      payment_status: 'REFUND',
      payment_verified: false,
      total: '0.01',
      subtotal: '0.01',
      items: [{ item: tape.id, pack_quantity: 40, price_per_pack: '0.01' }],
    });
    expect(res.statusCode).toBe(201);
    const order = OrderViewSchema.parse(res.json());
    expect(order).toMatchObject({
      status: 'pending',
      payment_status: 'COMPLETED',
      payment_verified: true,
      subtotal: cart.subtotal,
      discount: cart.discount,
      shipping_cost: cart.shipping_cost,
      vat: 20,
      vat_amount: cart.vat_amount,
      total: cart.total,
      total_packs: 3,
    });
    const [row] = await ordersOfPayment(ctx, intent.payment_intent_id);
    expect(row).toMatchObject({
      id: order.id,
      status: 'pending',
      paymentStatus: 'COMPLETED',
      paymentVerified: true,
      subtotalPence: 4785,
      discountPence: 479,
      shippingPence: 695,
      vatPence: 1000,
      totalPence: 6001,
      vatRate: 20,
      paymentMethod: 'card',
    });
    const lines = await linesOfOrder(ctx, order.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      itemId: tape.id,
      sku: TAPE,
      packQuantity: 3,
      pricePerPackPence: 1595,
      subtotalPence: 4785,
      discountPercentage: 10,
      totalPence: 4306,
    });
    expect(await stockOf(ctx, TAPE)).toBe(37);
  });

  it('answers the same order to the same payment, 201 then 200', async () => {
    const { buyer, intent } = await paidShopper(ctx);
    const first = await buyer.order(intent.payment_intent_id);
    const second = await buyer.order(intent.payment_intent_id);
    expect([first.statusCode, second.statusCode]).toEqual([201, 200]);
    expect(second.json()).toEqual(first.json());
    expect(await ordersOfPayment(ctx, intent.payment_intent_id)).toHaveLength(1);
    expect(await confirmationsTo(ctx, buyer.email)).toHaveLength(1);
  });
});

describe('3-D Secure', () => {
  it('makes the order once the buyer completes the authentication', async () => {
    const buyer = await checkoutShopper(ctx);
    await buyer.addSku(TAPE, 1);
    const intent = (await buyer.intent()).json<{ client_secret: string; payment_intent_id: string }>();
    const confirmed = await buyer.confirm(intent.client_secret, card(TEST_CARDS.authentication));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      status: 'requires_action',
      next_action: { type: 'use_test_authentication' },
    });
    const authenticated = await buyer.authenticate(intent.client_secret, 'complete');
    expect(authenticated.statusCode).toBe(200);
    expect(authenticated.json()).toMatchObject({ status: 'succeeded', next_action: null });
    const order = await buyer.order(intent.payment_intent_id);
    expect(order.statusCode).toBe(201);
    expect(await buyer.orders()).toHaveLength(1);
  });

  it('makes no order when the authentication fails, and takes the same intent again with another card', async () => {
    const buyer = await checkoutShopper(ctx);
    await buyer.addSku(TAPE, 1);
    const stock = await stockOf(ctx, TAPE);
    const intent = (await buyer.intent()).json<{ client_secret: string; payment_intent_id: string }>();
    await buyer.confirm(intent.client_secret, card(TEST_CARDS.authentication));
    const failed = await buyer.authenticate(intent.client_secret, 'fail');
    expect(failed.statusCode).toBe(402);
    expect(failed.json()).toMatchObject({
      detail: TEST_CARD_MESSAGES.authenticationFailed,
      error: {
        type: 'card_error',
        code: 'payment_intent_authentication_failure',
        message: TEST_CARD_MESSAGES.authenticationFailed,
      },
    });
    const refused = await buyer.order(intent.payment_intent_id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: CHECKOUT_MESSAGES.paymentNotCompleted });
    await deliverWebhooks(ctx);
    expect(await buyer.orders()).toHaveLength(0);
    expect(await stockOf(ctx, TAPE)).toBe(stock);

    // Stripe lets the buyer try again on the same intent.
    const retried = await buyer.confirm(intent.client_secret, card(TEST_CARDS.succeeds));
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ id: intent.payment_intent_id, status: 'succeeded' });
    expect((await buyer.order(intent.payment_intent_id)).statusCode).toBe(201);
    expect(await buyer.orders()).toHaveLength(1);
    expect(await stockOf(ctx, TAPE)).toBe(stock - 1);
  });
});

describe('POST /api/orders/ refuses', () => {
  it('a payment it does not know, with a field error', async () => {
    const buyer = await checkoutShopper(ctx);
    const res = await buyer.order('pi_test_unknown');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ transaction_id: [CHECKOUT_MESSAGES.paymentNotCompleted] });
    const blank = await buyer.order('  ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ transaction_id: [CHECKOUT_MESSAGES.paymentNotCompleted] });
    expect(await buyer.orders()).toHaveLength(0);
  });

  it('a body without addresses or card payment, with the spec’s messages', async () => {
    const { buyer, intent } = await paidShopper(ctx);
    const required = {
      shipping_address: [CHECKOUT_MESSAGES.shippingRequired],
      billing_address: [CHECKOUT_MESSAGES.billingRequired],
      payment_method: [CHECKOUT_MESSAGES.paymentMethodRequired],
    };
    const nulls = await buyer.order(intent.payment_intent_id, {
      shipping_address: null,
      billing_address: null,
      payment_method: 'cash',
    });
    expect(nulls.statusCode).toBe(400);
    expect(nulls.json()).toEqual(required);
    const noAddresses = await buyer.call('POST', '/api/orders/', {
      transaction_id: intent.payment_intent_id,
      payment_method: 'card',
    });
    expect(noAddresses.statusCode).toBe(400);
    expect(noAddresses.json()).toEqual({
      shipping_address: required.shipping_address,
      billing_address: required.billing_address,
    });
    const noShipping = await buyer.call('POST', '/api/orders/', {
      transaction_id: intent.payment_intent_id,
      payment_method: 'card',
      billing_address: buyer.addressId,
    });
    expect(noShipping.statusCode).toBe(400);
    expect(noShipping.json()).toEqual({ shipping_address: required.shipping_address });
    const bare = await buyer.call('POST', '/api/orders/', { transaction_id: intent.payment_intent_id });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ payment_method: required.payment_method });

    expect(await buyer.orders()).toHaveLength(0);
    expect((await buyer.cart()).items).toHaveLength(1);
    expect(await paymentOf(ctx, intent.payment_intent_id)).toMatchObject({ orderId: null, refundedPence: 0 });
    expect((await buyer.order(intent.payment_intent_id)).statusCode).toBe(201);
  });

  it('an intent that was never paid', async () => {
    const buyer = await checkoutShopper(ctx);
    await buyer.addSku(TAPE, 1);
    const intent = (await buyer.intent()).json<{ payment_intent_id: string }>();
    const res = await buyer.order(intent.payment_intent_id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: CHECKOUT_MESSAGES.paymentNotCompleted });
    expect(await buyer.orders()).toHaveLength(0);
  });

  it('a payment whose 3-D Secure step was left unfinished', async () => {
    const buyer = await checkoutShopper(ctx);
    await buyer.addSku(TAPE, 1);
    const stock = await stockOf(ctx, TAPE);
    const intent = (await buyer.intent()).json<{ client_secret: string; payment_intent_id: string }>();
    const confirmed = await buyer.confirm(intent.client_secret, card(TEST_CARDS.authentication));
    expect(confirmed.json()).toMatchObject({ status: 'requires_action' });
    const res = await buyer.order(intent.payment_intent_id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: CHECKOUT_MESSAGES.paymentNotCompleted });
    expect(await buyer.orders()).toHaveLength(0);
    expect(await stockOf(ctx, TAPE)).toBe(stock);
  });

  it('a payment for an old total, and refunds it in full, keeping the cart and the stock', async () => {
    const { buyer, intent } = await paidShopper(ctx);
    await buyer.addSku(WRAP, 1);
    const [tapeStock, wrapStock] = [await stockOf(ctx, TAPE), await stockOf(ctx, WRAP)];
    const res = await buyer.order(intent.payment_intent_id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: CHECKOUT_MESSAGES.paymentMismatch });
    expect(await processorIntent(ctx, intent.payment_intent_id)).toMatchObject({
      status: 'succeeded',
      amountRefunded: intent.amount,
    });
    expect(await paymentOf(ctx, intent.payment_intent_id)).toMatchObject({
      orderId: null,
      status: 'refunded',
      refundedPence: intent.amount,
      failureReason: CHECKOUT_MESSAGES.paymentMismatch,
    });
    expect(await buyer.orders()).toHaveLength(0);
    expect([await stockOf(ctx, TAPE), await stockOf(ctx, WRAP)]).toEqual([tapeStock, wrapStock]);
    expect((await buyer.cart()).items.map((line) => line.item.sku)).toEqual([TAPE, WRAP]);
    expect(await confirmationsTo(ctx, buyer.email)).toHaveLength(0);

    // The same refusal again, and the cart as it is now gets a payment of its own.
    expect((await buyer.order(intent.payment_intent_id)).json()).toEqual({
      detail: CHECKOUT_MESSAGES.paymentMismatch,
    });
    const next = await buyer.paidIntent();
    expect(next.payment_intent_id).not.toBe(intent.payment_intent_id);
    expect(next.amount).toBe(pence((await buyer.cart()).total));
    expect((await buyer.placed(next.payment_intent_id)).items).toHaveLength(2);
    expect((await processorIntent(ctx, intent.payment_intent_id)).amountRefunded).toBe(intent.amount);
  });

  it('another shopper’s payment, and leaves it to its owner', async () => {
    const [ann, bob] = await Promise.all([checkoutShopper(ctx, 'ann'), checkoutShopper(ctx, 'bob')]);
    await ann.addSku(TAPE, 1);
    const anns = await ann.paidIntent();
    const res = await bob.order(anns.payment_intent_id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ transaction_id: [CHECKOUT_MESSAGES.paymentNotCompleted] });
    expect(await bob.orders()).toHaveLength(0);
    expect(await paymentOf(ctx, anns.payment_intent_id)).toMatchObject({
      userId: ann.userId,
      orderId: null,
      refundedPence: 0,
      failureReason: null,
    });
    expect((await processorIntent(ctx, anns.payment_intent_id)).amountRefunded).toBe(0);
    expect((await ann.order(anns.payment_intent_id)).statusCode).toBe(201);
  });
});

describe('paid, but the stock went meanwhile', () => {
  it('refunds in full, makes no order and answers the same 409 again', async () => {
    const BUBBLE = 'BW-S-300-100';
    await setStock(ctx, BUBBLE, 3);
    const { buyer, intent } = await paidShopper(ctx, BUBBLE, 3);
    await setStock(ctx, BUBBLE, 1);
    const res = await buyer.order(intent.payment_intent_id);
    expect(res.statusCode).toBe(409);
    const message = CHECKOUT_MESSAGES.outOfStockRefunded([BUBBLE]);
    expect(res.json()).toEqual({ detail: message });
    expect(await processorIntent(ctx, intent.payment_intent_id)).toMatchObject({
      amount: intent.amount,
      amountRefunded: intent.amount,
    });
    const refunds = (await eventsOf(ctx, intent.payment_intent_id)).filter(
      (event) => event.type === 'charge.refunded',
    );
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.deliveredAt).toBeNull();

    expect((await deliverWebhooks(ctx)).delivered).toBeGreaterThanOrEqual(2);
    expect((await eventsOf(ctx, intent.payment_intent_id)).every((event) => event.deliveredAt)).toBe(true);
    expect(await paymentOf(ctx, intent.payment_intent_id)).toMatchObject({
      status: 'refunded',
      refundedPence: intent.amount,
      orderId: null,
      failureReason: message,
    });
    expect(await buyer.orders()).toHaveLength(0);
    expect(await stockOf(ctx, BUBBLE)).toBe(1);
    expect(await confirmationsTo(ctx, buyer.email)).toHaveLength(0);
    expect((await buyer.cart()).items).toHaveLength(1);

    const again = await buyer.order(intent.payment_intent_id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: message });
    expect((await processorIntent(ctx, intent.payment_intent_id)).amountRefunded).toBe(intent.amount);
    expect(await stockOf(ctx, BUBBLE)).toBe(1);
  });
});

describe('another shopper’s cart, lines, addresses and orders', () => {
  it('are not found, and stay as they were', async () => {
    const [ann, bob] = await Promise.all([checkoutShopper(ctx, 'ann'), checkoutShopper(ctx, 'bob')]);
    await ann.addSku(TAPE, 1);
    const annsOrder = await ann.placed((await ann.paidIntent()).payment_intent_id);
    const [annsLine] = await ann.addSku(TAPE, 2);

    const intent = await bob.call('POST', '/api/ecommerce/payment-intents/', { cart_id: ann.cartId });
    expect(intent.statusCode).toBe(404);
    expect(intent.json()).toEqual({ detail: 'Not found.' });
    const cartPayments = await ctx.database.db.select().from(payments).where(eq(payments.cartId, ann.cartId));
    expect(cartPayments).toHaveLength(1);

    const patched = await bob.call('PATCH', `/api/ecommerce/cart-items/${annsLine!.id}/`, {
      pack_quantity: 4,
    });
    expect(patched.statusCode).toBe(404);
    const deleted = await bob.call('DELETE', `/api/ecommerce/cart-items/${annsLine!.id}/`);
    expect(deleted.statusCode).toBe(404);
    expect(await ann.lines()).toMatchObject([{ id: annsLine!.id, packQuantity: 2 }]);

    const address = await bob.call('DELETE', `/api/addresses/${ann.addressId}/`);
    expect(address.statusCode).toBe(404);
    const stored = await ctx.database.db.select().from(addresses).where(eq(addresses.id, ann.addressId));
    expect(stored).toHaveLength(1);

    const order = await bob.call('GET', `/api/orders/${annsOrder.id}/`);
    expect(order.statusCode).toBe(404);
    expect(order.json()).toEqual({ detail: 'Not found.' });
    expect((await bob.call('GET', '/api/orders/')).json()).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
    // The one-order read adds who placed it.
    expect((await ann.call('GET', `/api/orders/${annsOrder.id}/`)).json()).toEqual({
      ...annsOrder,
      buyer: { id: ann.userId, email: ann.email, name: 'Ann Lee' },
      placed_by_you: true,
    });
  });

  it('refuses another shopper’s address in an intent and an order, with field errors', async () => {
    const [ann, bob] = await Promise.all([checkoutShopper(ctx, 'ann'), checkoutShopper(ctx, 'bob')]);
    await bob.addSku(TAPE, 1);
    const foreign = { billing_address: ann.addressId, shipping_address: ann.addressId };
    const errors = {
      shipping_address: [`Invalid pk "${ann.addressId}" - object does not exist.`],
      billing_address: [`Invalid pk "${ann.addressId}" - object does not exist.`],
    };
    const intent = await bob.intent(foreign);
    expect(intent.statusCode).toBe(400);
    expect(intent.json()).toEqual(errors);

    const paid = await bob.paidIntent();
    const res = await bob.order(paid.payment_intent_id, foreign);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errors);
    const onlyShipping = await bob.order(paid.payment_intent_id, { shipping_address: ann.addressId });
    expect(onlyShipping.json()).toEqual({ shipping_address: errors.shipping_address });
    expect(await bob.orders()).toHaveLength(0);
    expect(await paymentOf(ctx, paid.payment_intent_id)).toMatchObject({ orderId: null, refundedPence: 0 });

    const order = await bob.placed(paid.payment_intent_id);
    expect(order.shipping_address).toEqual(ADDRESS_SNAPSHOT);
  });
});

describe('GET /api/orders/ and /api/orders/{id}/', () => {
  it('pages the buyer’s orders newest first, counting only when a page is full', async () => {
    const buyer = await checkoutShopper(ctx);
    const placed: OrderView[] = [];
    for (const packs of [1, 2, 3]) {
      await buyer.addSku(TAPE, packs);
      placed.push(await buyer.placed((await buyer.paidIntent()).payment_intent_id));
    }
    const newestFirst = placed.map((order) => order.id).reverse();

    const all = await buyer.call('GET', '/api/orders/');
    expect(all.statusCode).toBe(200);
    expect(all.headers['cache-control']).toBe('private, no-store');
    const page = all.json<{ count: number; results: OrderView[] }>();
    expect(page.count).toBe(3);
    expect(page.results.map((order) => order.id)).toEqual(newestFirst);
    expect(page.results.map((order) => order.total_packs)).toEqual([3, 2, 1]);
    for (const order of page.results) OrderViewSchema.parse(order);

    const first = (await buyer.call('GET', '/api/orders/?page_size=2')).json();
    expect(first).toMatchObject({ count: 3, next: '/api/orders/?page_size=2&page=2', previous: null });
    expect(first.results.map((order: OrderView) => order.id)).toEqual(newestFirst.slice(0, 2));
    const second = (await buyer.call('GET', '/api/orders/?page=2&page_size=2')).json();
    expect(second).toMatchObject({ count: 3, next: null, previous: '/api/orders/?page=1&page_size=2' });
    expect(second.results.map((order: OrderView) => order.id)).toEqual(newestFirst.slice(2));

    const counter = countingDb(ctx.database);
    const service = createOrdersService(counter.db, {
      provider: ctx.app.services.payments.provider,
      log: ctx.app.log,
      rateLimiter: ctx.app.services.rateLimiter,
    });
    const counted: number[] = [];
    for (const [pageNumber, pageSize] of [
      [1, 20],
      [2, 2],
      [1, 2],
      [3, 2],
    ] as const) {
      counter.reset();
      const answer = await service.listOrders(buyer.userId, { page: pageNumber, page_size: pageSize });
      expect(answer.count).toBe(3);
      counted.push(counter.count());
    }
    // Not full (rows, lines), not full, full (rows, count, lines), past the end (rows, count).
    expect(counted).toEqual([2, 2, 3, 2]);
    expect(counter.sql.some((text) => /count\(\*\)/i.test(text))).toBe(true);
  });

  it('answers one order in the order’s shape, and 404 for an unknown one', async () => {
    const { buyer, intent } = await paidShopper(ctx, TAPE, 2);
    const cart: CartView = await buyer.cart();
    const placed = await buyer.placed(intent.payment_intent_id);
    const res = await buyer.call('GET', `/api/orders/${placed.id}/`);
    expect(res.statusCode).toBe(200);
    const order = OrderViewSchema.parse(res.json());
    expect(order).toEqual({
      ...placed,
      buyer: { id: buyer.userId, email: buyer.email, name: 'Ann Lee' },
      placed_by_you: true,
    });
    const tape = await itemBySku(ctx, TAPE);
    expect(order).toMatchObject({
      status: 'pending',
      payment_status: 'COMPLETED',
      payment_verified: true,
      payment_method: 'card',
      transaction_id: intent.payment_intent_id,
      subtotal: cart.subtotal,
      shipping_cost: cart.shipping_cost,
      vat: cart.vat,
      vat_amount: cart.vat_amount,
      total: cart.total,
      total_packs: 2,
      shipping_address: ADDRESS_SNAPSHOT,
      billing_address: ADDRESS_SNAPSHOT,
      shipping_details: cart.shipping_details,
      invoice: `/api/orders/${order.id}/invoice.pdf`,
      paid_receipt: `/api/orders/${order.id}/receipt.pdf`,
      refund_receipt: null,
      invoice_number: expect.stringMatching(/^INV-\d{6}$/),
      receipt_number: expect.stringMatching(/^RCT-\d{6}$/),
      refunds: [],
      // Paid through the test processor: the order page says "Test order".
      is_test: true,
      items: [
        {
          item: tape.id,
          sku: TAPE,
          pack_quantity: 2,
          units_per_pack: 1,
          units: 2,
          unit_type: 'pack',
          price_per_pack: '15.95',
          subtotal: '31.90',
          discount_percentage: 0,
          total: '31.90',
        },
      ],
    });
    expect(Date.parse(order.created_at)).not.toBeNaN();
    expect((await buyer.call('GET', '/api/orders/2147483647/')).statusCode).toBe(404);
    expect((await buyer.call('GET', '/api/orders/abc/')).statusCode).toBe(400);
  });

  it('answers 401 to a caller without a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/orders/'],
      ['GET', '/api/orders/1/'],
      ['POST', '/api/orders/'],
      ['POST', '/api/ecommerce/payment-intents/'],
    ] as const) {
      const res = await ctx.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
    }
  });
});
