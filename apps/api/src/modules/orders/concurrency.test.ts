import { CHECKOUT_MESSAGES, type OrderView } from '@shop/domain';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestContext } from '../../../test/helper';
import { orderItems, orders } from '../../db/schema';
import {
  checkoutShoppers,
  confirmationsTo,
  deliverWebhooks,
  paidShopper,
  paymentOf,
  processorIntent,
  redeliver,
  setStock,
  stockOf,
} from '../../../test/support/orders';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ LOG_LEVEL: 'silent' }) });
});
afterAll(() => ctx.close());

const TAPE = 'TD-PRO-75';

describe('orders placed at the same time', () => {
  it('makes one order from five simultaneous requests and two webhook deliveries for one payment', async () => {
    await setStock(ctx, TAPE, 10);
    const { buyer, intent } = await paidShopper(ctx);
    const [answers] = await Promise.all([
      Promise.all(Array.from({ length: 5 }, () => buyer.order(intent.payment_intent_id))),
      redeliver(ctx, intent.payment_intent_id),
      deliverWebhooks(ctx),
    ]);
    const statuses = answers.map((res) => res.statusCode).sort();
    // The webhook may win, and then every request answers the order it made with 200.
    expect(statuses.filter((status) => status === 201).length).toBeLessThanOrEqual(1);
    expect(statuses.every((status) => status === 200 || status === 201)).toBe(true);
    expect(new Set(answers.map((res) => res.json<OrderView>().id)).size).toBe(1);
    expect(await buyer.orders()).toHaveLength(1);
    expect(await stockOf(ctx, TAPE)).toBe(9);
    expect(await confirmationsTo(ctx, buyer.email)).toHaveLength(1);
  });

  it('answers five simultaneous requests for one payment with one 201 and four 200s', async () => {
    await setStock(ctx, TAPE, 10);
    const { buyer, intent } = await paidShopper(ctx);
    const answers = await Promise.all(Array.from({ length: 5 }, () => buyer.order(intent.payment_intent_id)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    const ids = new Set(answers.map((res) => res.json<OrderView>().id));
    expect(ids.size).toBe(1);
    const [order] = await buyer.orders();
    expect(order!.id).toBe([...ids][0]);
    expect(await buyer.orders()).toHaveLength(1);
    expect(await stockOf(ctx, TAPE)).toBe(9);
    expect(await confirmationsTo(ctx, buyer.email)).toHaveLength(1);
  });

  it('sells exactly the stock to twenty buyers paying at once, and refunds the others in full', async () => {
    const buyers = await checkoutShoppers(ctx, 20);
    // Enough stock while they fill their carts and pay; then only five left.
    await setStock(ctx, TAPE, 100);
    const intents = await Promise.all(
      buyers.map(async (buyer) => {
        await buyer.addSku(TAPE, 1);
        return buyer.paidIntent();
      }),
    );
    await setStock(ctx, TAPE, 5);

    const answers = await Promise.all(buyers.map((buyer, i) => buyer.order(intents[i]!.payment_intent_id)));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(15);
    const soldOut = CHECKOUT_MESSAGES.outOfStockRefunded([TAPE]);
    for (const res of answers.filter((answer) => answer.statusCode === 409)) {
      expect(res.json()).toEqual({ detail: soldOut });
    }
    expect(await stockOf(ctx, TAPE)).toBe(0);

    const made = await ctx.database.db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.transactionId,
          intents.map((intent) => intent.payment_intent_id),
        ),
      );
    expect(made).toHaveLength(5);
    const lines = await ctx.database.db
      .select()
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          made.map((order) => order.id),
        ),
      );
    expect(lines.reduce((packs, line) => packs + line.packQuantity, 0)).toBe(5);

    let mails = 0;
    for (const [i, buyer] of buyers.entries()) {
      const { payment_intent_id: intentId, amount } = intents[i]!;
      const sent = (await confirmationsTo(ctx, buyer.email)).length;
      mails += sent;
      if (answers[i]!.statusCode === 201) {
        expect(sent).toBe(1);
        expect((await paymentOf(ctx, intentId)).orderId).toBe(answers[i]!.json<OrderView>().id);
        expect((await processorIntent(ctx, intentId)).amountRefunded).toBe(0);
      } else {
        expect(sent).toBe(0);
        expect(await paymentOf(ctx, intentId)).toMatchObject({
          orderId: null,
          status: 'refunded',
          refundedPence: amount,
          failureReason: soldOut,
        });
        expect((await processorIntent(ctx, intentId)).amountRefunded).toBe(amount);
      }
    }
    expect(mails).toBe(5);

    // The webhooks that follow change nothing.
    await deliverWebhooks(ctx);
    expect(await stockOf(ctx, TAPE)).toBe(0);
    expect(
      await ctx.database.db
        .select()
        .from(orders)
        .where(
          inArray(
            orders.transactionId,
            intents.map((intent) => intent.payment_intent_id),
          ),
        ),
    ).toHaveLength(5);
  });
});
