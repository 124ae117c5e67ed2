import { type AdminRefundView, lineRefundPence } from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { orders, payments } from '../../../db/schema';
import { createTestApp, type TestContext } from '../../../../test/helper';
import { deliverWebhooks, processorIntent, reconcile, stockOf } from '../../../../test/support/orders';
import { ProviderUnavailable } from '../../payments/provider';
import { staffMember, type StaffMember } from '../../../../test/support/administration';
import {
  auditOf,
  detailOf,
  emailsTo,
  moved,
  placedOrder,
  refundsOf,
  TAPE,
  twoLineOrder,
  WRAP,
} from '../../../../test/support/administration-orders';

let ctx: TestContext;
let staff: StaffMember;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffMember(ctx, 'staff', 'refunders');
});
afterAll(() => ctx.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const UNAVAILABLE = { detail: 'The payment provider could not be reached. Please try again.' };

const refund = (orderId: number, body: object) => staff.admin('POST', `orders/${orderId}/refunds/`, body);

async function rowsOf(orderId: number) {
  const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
  const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.orderId, orderId));
  return { order: order!, payment: payment! };
}

const refundEmails = async (email: string) =>
  (await emailsTo(ctx, email)).filter((mail) => mail.subject.startsWith('Refund of'));

/** The provider's refund call fails as if Stripe could not be reached. */
const providerDown = () =>
  vi
    .spyOn(ctx.app.services.payments.provider, 'refund')
    .mockRejectedValueOnce(new ProviderUnavailable('connection refused'));

describe('POST /api/administration/orders/{id}/refunds/', () => {
  it('refunds part of an amount through the provider, e-mails the buyer, and counts it once', async () => {
    const { buyer, intent, order, totalPence } = await placedOrder(ctx, { name: 'partial' });
    const res = await refund(order.id, { amount_pence: 500, reason: 'Box arrived dented' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<AdminRefundView>()).toEqual({
      id: expect.any(Number),
      amount: '5.00',
      amount_pence: 500,
      reason: 'Box arrived dented',
      lines: null,
      status: 'succeeded',
      provider_refund_id: expect.stringMatching(/^re_test_/),
      actor_email: staff.email,
      created_at: expect.any(String),
    });
    expect((await processorIntent(ctx, intent.payment_intent_id)).amountRefunded).toBe(500);
    const { order: row, payment } = await rowsOf(order.id);
    expect(row).toMatchObject({ refundedPence: 500, paymentStatus: 'COMPLETED' });
    expect(payment).toMatchObject({ refundedPence: 500, status: 'succeeded' });
    const [mail] = await refundEmails(buyer.email);
    expect(mail).toMatchObject({ subject: `Refund of £5.00 for your PackRight Supplies order #${order.id}` });
    expect(mail!.textBody).toContain('Reason: Box arrived dented');
    expect((await auditOf(ctx, order.id)).map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      [
        'order.refund',
        { refunded: '0.00' },
        { refunded: '5.00', refund_id: expect.any(Number), amount: '5.00', reason: 'Box arrived dented' },
      ],
      ['order.refund_succeeded', null, expect.objectContaining({ payment_status: 'COMPLETED' })],
    ]);

    // The webhook and the reconciliation after a staff refund change nothing.
    await deliverWebhooks(ctx);
    await reconcile(ctx);
    expect(await rowsOf(order.id)).toMatchObject({
      order: { refundedPence: 500, paymentStatus: 'COMPLETED' },
      payment: { refundedPence: 500 },
    });
    expect((await buyer.call('GET', `/api/orders/${order.id}/`)).json()).toMatchObject({
      refunded: '5.00',
      payment_status: 'COMPLETED',
    });

    // The rest: the order is then refunded in full (REFUND).
    const rest = await refund(order.id, { amount_pence: totalPence - 500, reason: 'Goodwill' });
    expect(rest.statusCode, rest.body).toBe(201);
    await deliverWebhooks(ctx);
    expect(await rowsOf(order.id)).toMatchObject({
      order: { refundedPence: totalPence, paymentStatus: 'REFUND' },
      payment: { refundedPence: totalPence, status: 'refunded' },
    });
    expect((await processorIntent(ctx, intent.payment_intent_id)).amountRefunded).toBe(totalPence);
    expect((await refundEmails(buyer.email)).at(-1)!.textBody).toContain('refunded in full');
    const nothing = await refund(order.id, { amount_pence: 1, reason: 'Again' });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toEqual({ detail: 'Everything paid for this order has been refunded.' });
  });

  it('never refunds more than was paid, saying how much is left', async () => {
    const { intent, order, totalPence } = await placedOrder(ctx, { name: 'over' });
    const over = await refund(order.id, { amount_pence: totalPence + 1, reason: 'Too much' });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ amount_pence: [`At most £${order.total} can be refunded.`] });
    expect((await refund(order.id, { amount_pence: 1000, reason: 'Some' })).statusCode).toBe(201);
    const left = ((totalPence - 1000) / 100).toFixed(2);
    const again = await refund(order.id, { amount_pence: totalPence - 999, reason: 'Rest and a penny' });
    expect(again.json()).toEqual({ amount_pence: [`At most £${left} can be refunded.`] });
    expect((await processorIntent(ctx, intent.payment_intent_id)).amountRefunded).toBe(1000);
    expect((await refundsOf(ctx, order.id)).map((row) => row.status)).toEqual(['succeeded']);
  });

  it('gives back at most what was paid when two refunds of 60% each come at once', async () => {
    const { intent, order, totalPence } = await placedOrder(ctx, { name: 'race' });
    const sixty = Math.round(totalPence * 0.6);
    const answers = await Promise.all([
      refund(order.id, { amount_pence: sixty, reason: 'First' }),
      refund(order.id, { amount_pence: sixty, reason: 'Second' }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 400]);
    expect((await processorIntent(ctx, intent.payment_intent_id)).amountRefunded).toBe(sixty);
    expect(await rowsOf(order.id)).toMatchObject({
      order: { refundedPence: sixty },
      payment: { refundedPence: sixty },
    });
    expect(await refundsOf(ctx, order.id)).toHaveLength(1);
  });

  it('refunds packs of lines, each its share with VAT, and no more packs than the line had', async () => {
    const { buyer, intent, order } = await twoLineOrder(ctx, 'bylines');
    const [tape, wrap] = order.items;
    const lineTotal = (line: typeof tape) => ({
      total_pence: Math.round(Number(line!.total) * 100),
      pack_quantity: line!.pack_quantity,
    });
    const expected =
      lineRefundPence(lineTotal(tape), 1, order.vat) + lineRefundPence(lineTotal(wrap), 2, order.vat);
    const res = await refund(order.id, {
      lines: [
        { order_item_id: tape!.id, pack_quantity: 1 },
        { order_item_id: wrap!.id, pack_quantity: 2 },
      ],
      reason: 'Returned unopened',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<AdminRefundView>()).toMatchObject({
      amount_pence: expected,
      lines: [
        { order_item_id: tape!.id, pack_quantity: 1, amount: expect.any(String) },
        { order_item_id: wrap!.id, pack_quantity: 2, amount: expect.any(String) },
      ],
      status: 'succeeded',
    });
    expect((await processorIntent(ctx, intent.payment_intent_id)).amountRefunded).toBe(expected);
    // A refund gives money back; the goods are not restocked by it.
    expect(await stockOf(ctx, TAPE)).toBe(1000 - tape!.units);
    expect(await stockOf(ctx, WRAP)).toBe(1000 - wrap!.units);

    const detail = await detailOf(staff, order.id);
    expect(detail.items.map((line) => line.refunded_packs)).toEqual([1, 2]);
    expect(detail.refundable_pence).toBe(Math.round(Number(order.total) * 100) - expected);

    const tooMany = await refund(order.id, {
      lines: [{ order_item_id: tape!.id, pack_quantity: 3 }],
      reason: 'More',
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ lines: [`At most 2 packs of line ${tape!.id} can be refunded.`] });
    const spent = await refund(order.id, {
      lines: [{ order_item_id: wrap!.id, pack_quantity: 1 }],
      reason: 'More',
    });
    expect(spent.json()).toEqual({ lines: [`Every pack of line ${wrap!.id} has been refunded.`] });
    const stranger = await placedOrder(ctx, { name: 'otherlines', packs: 1 });
    const foreign = await refund(order.id, {
      lines: [{ order_item_id: stranger.order.items[0]!.id, pack_quantity: 1 }],
      reason: 'Wrong order',
    });
    expect(foreign.json()).toEqual({
      lines: [`Line ${stranger.order.items[0]!.id} is not part of this order.`],
    });
    expect(await refundEmails(buyer.email)).toHaveLength(1);
  });

  it('leaves no reservation when the provider fails, answers 503, and the refund can be made again', async () => {
    const { buyer, intent, order } = await placedOrder(ctx, { name: 'down' });
    providerDown();
    const res = await refund(order.id, { amount_pence: 700, reason: 'Damaged' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(UNAVAILABLE);
    expect(await rowsOf(order.id)).toMatchObject({
      order: { refundedPence: 0, paymentStatus: 'COMPLETED' },
      payment: { refundedPence: 0 },
    });
    expect(await refundsOf(ctx, order.id)).toMatchObject([
      { amountPence: 700, status: 'failed', providerRefundId: null },
    ]);
    expect((await processorIntent(ctx, intent.payment_intent_id)).amountRefunded).toBe(0);
    expect(await refundEmails(buyer.email)).toEqual([]);
    expect((await auditOf(ctx, order.id)).map((entry) => entry.action)).toEqual([
      'order.refund',
      'order.refund_failed',
    ]);
    expect((await detailOf(staff, order.id)).refundable).toBe(order.total);

    const retry = await refund(order.id, { amount_pence: 700, reason: 'Damaged' });
    expect(retry.statusCode).toBe(201);
    expect((await processorIntent(ctx, intent.payment_intent_id)).amountRefunded).toBe(700);
  });

  it('keeps a cancellation when its refund fails, and says to refund it from the order page', async () => {
    const { intent, order, totalPence } = await placedOrder(ctx, { name: 'canceldown' });
    providerDown();
    const res = await staff.admin('POST', `orders/${order.id}/status/`, { status: 'cancelled' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      detail: `Order #${order.id} was cancelled, but its refund failed: The payment provider could not be reached. Please try again. Refund it from the order page.`,
    });
    const detail = await detailOf(staff, order.id);
    expect(detail).toMatchObject({ status: 'cancelled', refundable_pence: totalPence, refunded: '0.00' });
    expect(await stockOf(ctx, TAPE)).toBe(1000);
    const retry = await refund(order.id, { amount_pence: totalPence, reason: 'Order cancelled' });
    expect(retry.statusCode).toBe(201);
    expect((await processorIntent(ctx, intent.payment_intent_id)).amountRefunded).toBe(totalPence);
    expect((await rowsOf(order.id)).order.paymentStatus).toBe('REFUND');
  });

  it('refuses bodies that are not one refund: both or neither, no reason, unknown fields, bad numbers', async () => {
    const { order } = await placedOrder(ctx, { name: 'badbodies', packs: 1 });
    for (const [body, errors] of [
      [{ reason: 'x' }, { amount_pence: ['Enter an amount or the lines to refund.'] }],
      [
        { amount_pence: 1, lines: [{ order_item_id: order.items[0]!.id, pack_quantity: 1 }], reason: 'x' },
        { non_field_errors: ['Refund either an amount or lines of the order, not both.'] },
      ],
      [{ amount_pence: 1, reason: '  ' }, { reason: ['Enter the reason for the refund.'] }],
      [{ amount_pence: 1, reason: 'x', status: 'succeeded' }, null],
      [{ amount_pence: -5, reason: 'x' }, null],
      [{ amount_pence: 1.5, reason: 'x' }, null],
      [{ amount_pence: '100', reason: 'x' }, null],
      [{ lines: [{ order_item_id: order.items[0]!.id, pack_quantity: 0 }], reason: 'x' }, null],
    ] as const) {
      const res = await refund(order.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (errors) expect(res.json()).toEqual(errors);
    }
    expect(await refundsOf(ctx, order.id)).toEqual([]);
  });
});

describe('a refund made at the provider, outside the shop', () => {
  it('is counted on the order from its webhook, and staff can refund only the rest', async () => {
    const { intent, order, totalPence } = await placedOrder(ctx, { name: 'dashboard' });
    // As if made in Stripe's dashboard: the shop only learns of it from charge.refunded.
    await ctx.app.services.payments.provider.refund(intent.payment_intent_id, {
      amount: 300,
      reason: 'requested_by_customer',
      idempotencyKey: 'dashboard-refund',
    });
    await deliverWebhooks(ctx);
    expect(await rowsOf(order.id)).toMatchObject({
      order: { refundedPence: 300, paymentStatus: 'COMPLETED' },
      payment: { refundedPence: 300 },
    });
    expect((await detailOf(staff, order.id)).refundable_pence).toBe(totalPence - 300);
    const over = await refund(order.id, { amount_pence: totalPence - 299, reason: 'All' });
    expect(over.statusCode).toBe(400);
    expect((await refund(order.id, { amount_pence: totalPence - 300, reason: 'All' })).statusCode).toBe(201);
    await deliverWebhooks(ctx);
    expect(await rowsOf(order.id)).toMatchObject({
      order: { refundedPence: totalPence, paymentStatus: 'REFUND' },
      payment: { refundedPence: totalPence, status: 'refunded' },
    });
  });
});

describe('moving a refunded order on', () => {
  it('ships an order that was partly refunded', async () => {
    const { order } = await placedOrder(ctx, { name: 'partship', packs: 1 });
    expect((await refund(order.id, { amount_pence: 100, reason: 'Late' })).statusCode).toBe(201);
    await moved(staff, order.id, { status: 'processing' });
    const shipped = await moved(staff, order.id, {
      status: 'shipped',
      carrier: 'DPD',
      tracking_number: '1550',
    });
    expect(shipped).toMatchObject({ status: 'shipped', refunded: '1.00' });
  });
});
