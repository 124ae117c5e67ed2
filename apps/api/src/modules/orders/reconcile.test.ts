import { CHECKOUT_MESSAGES, TEST_CARDS, type OrderView, type PaymentIntentView } from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestContext } from '../../../test/helper';
import { countingDb } from '../../../test/query-counter';
import { payments } from '../../db/schema';
import { reconcileOnce, startReconciliation, type ReconcileOptions } from './reconcile';
import {
  ADDRESS_SNAPSHOT,
  agePayment,
  card,
  checkoutShopper,
  confirmationsTo,
  deliverWebhooks,
  ordersOfPayment,
  outcomeOf,
  paidShopper,
  paymentOf,
  processorIntent,
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

const options = (overrides: Partial<ReconcileOptions> = {}): ReconcileOptions => ({
  db: ctx.database.db,
  orders: ctx.app.services.orders,
  provider: ctx.app.services.payments.provider,
  log: ctx.app.log,
  ...overrides,
});
const age = (intentId: string, minutes: number) => agePayment(ctx, intentId, minutes);

describe('reconciliation', () => {
  it('makes the order of a paid payment the browser and the webhook never settled, exactly once', async () => {
    const stock = await stockOf(ctx, TAPE);
    const { buyer, intent } = await paidShopper(ctx);
    await age(intent.payment_intent_id, 3);

    const first = await reconcileOnce(options());
    expect(outcomeOf(first, intent.payment_intent_id)).toBe('ordered');
    const [order] = await ordersOfPayment(ctx, intent.payment_intent_id);
    expect(order).toMatchObject({ totalPence: intent.amount, paymentStatus: 'COMPLETED' });
    expect(await stockOf(ctx, TAPE)).toBe(stock - 1);
    expect(await confirmationsTo(ctx, buyer.email)).toHaveLength(1);
    expect((await buyer.cart()).items).toHaveLength(0);

    // Settled: not asked about again, and the late browser request and webhook answer the same order.
    await age(intent.payment_intent_id, 30);
    expect(outcomeOf(await reconcileOnce(options()), intent.payment_intent_id)).toBeUndefined();
    const late = await buyer.order(intent.payment_intent_id);
    expect(late.statusCode).toBe(200);
    expect(late.json<OrderView>().id).toBe(order!.id);
    await deliverWebhooks(ctx);
    expect(await ordersOfPayment(ctx, intent.payment_intent_id)).toHaveLength(1);
    expect(await stockOf(ctx, TAPE)).toBe(stock - 1);
    expect(await confirmationsTo(ctx, buyer.email)).toHaveLength(1);
  });

  it('leaves a payment touched within the grace period to the checkout in progress', async () => {
    const { buyer, intent } = await paidShopper(ctx);
    await age(intent.payment_intent_id, 1);
    expect(outcomeOf(await reconcileOnce(options()), intent.payment_intent_id)).toBeUndefined();
    expect(await ordersOfPayment(ctx, intent.payment_intent_id)).toHaveLength(0);
    // The browser's request comes, as it would have.
    expect((await buyer.order(intent.payment_intent_id)).statusCode).toBe(201);
  });

  it('refunds in full, as the webhook does, a paid payment whose stock sold out meanwhile', async () => {
    const { intent } = await paidShopper(ctx);
    await setStock(ctx, TAPE, 0);
    try {
      await age(intent.payment_intent_id, 3);
      expect(outcomeOf(await reconcileOnce(options()), intent.payment_intent_id)).toBe('refunded');
    } finally {
      await setStock(ctx, TAPE, 100);
    }
    expect(await ordersOfPayment(ctx, intent.payment_intent_id)).toHaveLength(0);
    expect(await paymentOf(ctx, intent.payment_intent_id)).toMatchObject({
      orderId: null,
      status: 'refunded',
      refundedPence: intent.amount,
      failureReason: CHECKOUT_MESSAGES.outOfStockRefunded([TAPE]),
    });
    expect((await processorIntent(ctx, intent.payment_intent_id)).amountRefunded).toBe(intent.amount);
  });

  it('makes the order of a paid payment that never named where to ship from the account’s address', async () => {
    const buyer = await checkoutShopper(ctx);
    await buyer.addSku(TAPE, 1);
    const intent = await buyer.paidIntent({});
    await age(intent.payment_intent_id, 3);
    expect(outcomeOf(await reconcileOnce(options()), intent.payment_intent_id)).toBe('ordered');
    const [order] = await ordersOfPayment(ctx, intent.payment_intent_id);
    expect(order).toMatchObject({ shippingAddress: ADDRESS_SNAPSHOT, billingAddress: ADDRESS_SNAPSHOT });
    expect((await processorIntent(ctx, intent.payment_intent_id)).amountRefunded).toBe(0);
  });

  it('finishes a refund that could not be made at the time', async () => {
    const { intent } = await paidShopper(ctx);
    // What a refund that failed at the provider leaves: the reason recorded, nothing refunded.
    await ctx.database.db
      .update(payments)
      .set({ failureReason: CHECKOUT_MESSAGES.paymentMismatch })
      .where(eq(payments.providerPaymentId, intent.payment_intent_id));
    await age(intent.payment_intent_id, 3);
    expect(outcomeOf(await reconcileOnce(options()), intent.payment_intent_id)).toBe('refunded');
    expect(await paymentOf(ctx, intent.payment_intent_id)).toMatchObject({
      status: 'refunded',
      refundedPence: intent.amount,
    });
    expect((await processorIntent(ctx, intent.payment_intent_id)).amountRefunded).toBe(intent.amount);
    await age(intent.payment_intent_id, 30);
    expect(outcomeOf(await reconcileOnce(options()), intent.payment_intent_id)).toBeUndefined();
  });

  it('records a declined card, asks again less often, and cancels the intent a day on', async () => {
    const buyer = await checkoutShopper(ctx);
    await buyer.addSku(TAPE, 1);
    const intent = (await buyer.intent()).json<PaymentIntentView>();
    expect((await buyer.confirm(intent.client_secret, card(TEST_CARDS.declined))).statusCode).toBe(402);

    await age(intent.payment_intent_id, 3);
    const first = await reconcileOnce(options());
    expect(first.payments.find((entry) => entry.intentId === intent.payment_intent_id)).toMatchObject({
      outcome: 'unpaid',
      status: 'requires_payment_method',
    });
    // Checked a moment ago: not due again yet.
    expect(outcomeOf(await reconcileOnce(options()), intent.payment_intent_id)).toBeUndefined();
    await age(intent.payment_intent_id, 4);
    expect(outcomeOf(await reconcileOnce(options()), intent.payment_intent_id)).toBe('unpaid');

    await age(intent.payment_intent_id, 24 * 60);
    expect(outcomeOf(await reconcileOnce(options()), intent.payment_intent_id)).toBe('canceled');
    expect((await processorIntent(ctx, intent.payment_intent_id)).status).toBe('canceled');
    expect((await paymentOf(ctx, intent.payment_intent_id)).status).toBe('canceled');
    await age(intent.payment_intent_id, 60);
    expect(outcomeOf(await reconcileOnce(options()), intent.payment_intent_id)).toBeUndefined();

    // The canceled intent cannot be paid; the checkout gets a new one for the same cart.
    expect((await buyer.confirm(intent.client_secret)).statusCode).toBe(400);
    const fresh = await buyer.intent();
    expect(fresh.statusCode).toBe(200);
    const next = fresh.json<PaymentIntentView>();
    expect(next.payment_intent_id).not.toBe(intent.payment_intent_id);
    expect((await buyer.confirm(next.client_secret)).statusCode).toBe(200);
    expect((await buyer.order(next.payment_intent_id)).statusCode).toBe(201);
  });

  it('settles each payment once when two reconcilers run at the same time', async () => {
    const stock = await stockOf(ctx, TAPE);
    const paid = await Promise.all(
      ['r1', 'r2', 'r3'].map(async (name) => (await paidShopper(ctx, TAPE, 1, name)).intent),
    );
    for (const intent of paid) await age(intent.payment_intent_id, 3);

    const reports = await Promise.all([
      reconcileOnce(options({ batchSize: 2 })),
      reconcileOnce(options({ batchSize: 2 })),
    ]);
    for (const intent of paid) {
      const outcomes = reports.map((report) => outcomeOf(report, intent.payment_intent_id)).filter(Boolean);
      expect(outcomes).toEqual(['ordered']);
      expect(await ordersOfPayment(ctx, intent.payment_intent_id)).toHaveLength(1);
    }
    expect(await stockOf(ctx, TAPE)).toBe(stock - 3);
  });

  it('costs one statement when nothing is due', async () => {
    // Whatever earlier tests left is settled first.
    for (let i = 0; i < 3; i++) await reconcileOnce(options());
    const counter = countingDb(ctx.database);
    const report = await reconcileOnce(options({ db: counter.db }));
    expect(report.checked).toBe(0);
    expect(counter.sql).toHaveLength(1);
    expect(counter.sql[0]).toMatch(/^update "payments" .* for update skip locked/s);
  });

  it('runs its first pass soon after it starts, and stops cleanly', async () => {
    const { intent } = await paidShopper(ctx);
    await age(intent.payment_intent_id, 3);
    const running = startReconciliation({ ...options(), firstRunMs: 10, intervalMs: 60_000 });
    try {
      await expect
        .poll(async () => (await ordersOfPayment(ctx, intent.payment_intent_id)).length, { timeout: 10_000 })
        .toBe(1);
    } finally {
      await running.stop();
    }
  });
});
