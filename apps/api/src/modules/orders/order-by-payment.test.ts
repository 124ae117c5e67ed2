import type { OrderView } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestContext } from '../../../test/helper';
import { countingDb, statementKind, statementsOf } from '../../../test/query-counter';
import { placedOrder } from '../../../test/support/administration-orders';
import { newShopper } from '../../../test/support/carts';
import { createOrdersService } from './service';

// The confirmation page, back from a payment the provider took off the page (a redirect), knows only the
// payment's id: GET orders/?transaction_id= finds the order that payment made, the caller's own only.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ LOG_LEVEL: 'silent' }) });
});
afterAll(() => ctx.close());

type OrdersPage = { count: number; results: OrderView[] };

describe('GET orders/?transaction_id=', () => {
  it('answers the order of the caller’s payment, nothing for another’s or one not yet made', async () => {
    const { buyer, order, intent } = await placedOrder(ctx, { name: 'by-payment' });
    // Another order of the same buyer's name is not it.
    await placedOrder(ctx, { name: 'by-payment' });
    const path = `/api/orders/?transaction_id=${intent.payment_intent_id}`;

    const found = await buyer.call('GET', path);
    expect(found.statusCode, found.body).toBe(200);
    const page = found.json<OrdersPage>();
    expect(page.count).toBe(1);
    expect(page.results.map((row) => row.id)).toEqual([order.id]);

    const stranger = await newShopper(ctx, 'by-payment-stranger');
    expect((await stranger.call('GET', path)).json<OrdersPage>()).toMatchObject({ count: 0, results: [] });
    expect(
      (await buyer.call('GET', '/api/orders/?transaction_id=pi_not_made_yet')).json<OrdersPage>(),
    ).toMatchObject({ count: 0, results: [] });
  });

  it('refuses an empty or overlong payment id with a field error', async () => {
    const buyer = await newShopper(ctx, 'by-payment-bad');
    for (const value of ['', 'x'.repeat(256)]) {
      const res = await buyer.call('GET', `/api/orders/?transaction_id=${value}`);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json())).toEqual(['transaction_id']);
    }
  });

  it('finds it in two statements: the order, then its lines', async () => {
    const { buyer, intent } = await placedOrder(ctx, { name: 'by-payment-counted' });
    const counter = countingDb(ctx.database);
    const service = createOrdersService(counter.db, {
      provider: ctx.app.services.payments.provider,
      log: ctx.app.log,
      rateLimiter: ctx.app.services.rateLimiter,
    });
    await service.listOrders(buyer.userId, { page: 1, page_size: 20 }, intent.payment_intent_id);
    expect(statementsOf(counter.sql).map(statementKind)).toEqual(['select orders', 'select order_items']);
  });
});
