import type { OrderView } from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatusHistory, orders, payments } from '../../../db/schema';
import { createTestApp, type TestContext } from '../../../../test/helper';
import { newShopper } from '../../../../test/support/carts';
import { deliverWebhooks, processorIntent, stockOf } from '../../../../test/support/orders';
import { staffMember, type StaffMember } from '../../../../test/support/administration';
import {
  auditOf,
  emailsTo,
  movementsOf,
  moved,
  placedOrder,
  refundsOf,
  SHIP,
  TAPE,
} from '../../../../test/support/administration-orders';

let ctx: TestContext;
let staff: StaffMember;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffMember(ctx, 'staff', 'movers');
});
afterAll(() => ctx.close());

const orderRow = async (orderId: number) =>
  (await ctx.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;

describe('POST /api/administration/orders/{id}/status/', () => {
  it('moves an order pending → processing → shipped → delivered, e-mailing the buyer each time', async () => {
    const { buyer, order } = await placedOrder(ctx, { name: 'journey' });
    const mailsBefore = (await emailsTo(ctx, buyer.email)).length;

    const processing = await moved(staff, order.id, { status: 'processing' });
    expect(processing).toMatchObject({ status: 'processing', next_statuses: ['shipped', 'cancelled'] });
    const shipped = await moved(staff, order.id, SHIP);
    expect(shipped).toMatchObject({
      status: 'shipped',
      carrier: 'Royal Mail',
      tracking_number: 'RM123456789GB',
      next_statuses: ['delivered'],
    });
    const delivered = await moved(staff, order.id, { status: 'delivered', note: 'Left with reception' });
    expect(delivered).toMatchObject({ status: 'delivered', next_statuses: [] });
    expect(delivered.status_history.map((entry) => [entry.status, entry.note, entry.actor_email])).toEqual([
      ['pending', 'Order placed', null],
      ['processing', '', staff.email],
      ['shipped', 'Sent with Royal Mail, tracking number RM123456789GB', staff.email],
      ['delivered', 'Left with reception', staff.email],
    ]);

    const mails = (await emailsTo(ctx, buyer.email)).slice(mailsBefore);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Your PackRight Supplies order #${order.id} is being prepared`,
      `Your PackRight Supplies order #${order.id} has shipped`,
      `Your PackRight Supplies order #${order.id} has been delivered`,
    ]);
    expect(mails[1]!.textBody).toContain('Carrier: Royal Mail\nTracking number: RM123456789GB');
    expect(mails[2]!.textBody).toContain('Note from us: Left with reception');

    expect(
      (await auditOf(ctx, order.id)).map((entry) => [entry.action, entry.actorId, entry.before, entry.after]),
    ).toEqual([
      ['order.process', staff.userId, { status: 'pending' }, { status: 'processing' }],
      [
        'order.ship',
        staff.userId,
        { status: 'processing', carrier: null, tracking_number: null },
        {
          status: 'shipped',
          carrier: 'Royal Mail',
          tracking_number: 'RM123456789GB',
          note: 'Sent with Royal Mail, tracking number RM123456789GB',
        },
      ],
      [
        'order.deliver',
        staff.userId,
        { status: 'shipped' },
        { status: 'delivered', note: 'Left with reception' },
      ],
    ]);
  });

  it('shows the buyer the status, carrier, tracking number and history; other buyers still get 404', async () => {
    const { buyer, order } = await placedOrder(ctx, { name: 'watcher' });
    await moved(staff, order.id, { status: 'processing' });
    await moved(staff, order.id, { ...SHIP, note: 'Two boxes' });

    const own = await buyer.call('GET', `/api/orders/${order.id}/`);
    expect(own.statusCode).toBe(200);
    const view = own.json<OrderView>();
    expect(view).toMatchObject({
      status: 'shipped',
      carrier: 'Royal Mail',
      tracking_number: 'RM123456789GB',
      refunded: '0.00',
      payment_status: 'COMPLETED',
    });
    expect(view.status_history).toEqual([
      { status: 'pending', note: 'Order placed', created_at: order.created_at },
      { status: 'processing', note: '', created_at: expect.any(String) },
      { status: 'shipped', note: 'Two boxes', created_at: expect.any(String) },
    ]);
    // No staff e-mail reaches the buyer's view.
    expect(JSON.stringify(view)).not.toContain(staff.email);
    const listed = (await buyer.call('GET', '/api/orders/')).json<{ results: OrderView[] }>().results;
    // The list leaves out who placed each order (the one-order read names them).
    const { buyer: _buyer, placed_by_you: _yours, ...asListed } = view;
    expect(listed).toEqual([asListed]);
    // The order as placed already had the new fields.
    expect(order).toMatchObject({ carrier: null, tracking_number: null, refunded: '0.00' });
    expect(order.status_history).toEqual([
      { status: 'pending', note: 'Order placed', created_at: order.created_at },
    ]);

    const stranger = await newShopper(ctx, 'stranger');
    const theirs = await stranger.call('GET', `/api/orders/${order.id}/`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ detail: 'Not found.' });
    expect((await stranger.call('GET', '/api/orders/')).json()).toMatchObject({ count: 0, results: [] });
  });

  it('needs the carrier and the tracking number to ship, as field errors, and changes nothing without them', async () => {
    const { buyer, order } = await placedOrder(ctx, { name: 'notracking' });
    await moved(staff, order.id, { status: 'processing' });
    const mails = (await emailsTo(ctx, buyer.email)).length;
    const bare = await staff.admin('POST', `orders/${order.id}/status/`, { status: 'shipped' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toEqual({
      carrier: ['Enter the carrier to ship the order.'],
      tracking_number: ['Enter the tracking number to ship the order.'],
    });
    const blank = await staff.admin('POST', `orders/${order.id}/status/`, {
      status: 'shipped',
      carrier: 'DPD',
      tracking_number: '   ',
    });
    expect(blank.json()).toEqual({ tracking_number: ['Enter the tracking number to ship the order.'] });
    expect(await orderRow(order.id)).toMatchObject({
      status: 'processing',
      carrier: null,
      trackingNumber: null,
    });
    expect(await emailsTo(ctx, buyer.email)).toHaveLength(mails);
  });

  it('refuses every illegal move with a 409 naming it, and unknown statuses and fields with a 400', async () => {
    const delivered = await placedOrder(ctx, { name: 'illegalone', packs: 1 });
    await moved(staff, delivered.order.id, { status: 'processing' });
    await moved(staff, delivered.order.id, SHIP);
    await moved(staff, delivered.order.id, { status: 'delivered' });
    const shipped = await placedOrder(ctx, { name: 'illegaltwo', packs: 1 });
    await moved(staff, shipped.order.id, { status: 'processing' });
    await moved(staff, shipped.order.id, SHIP);
    const cancelled = await placedOrder(ctx, { name: 'illegalthree', packs: 1 });
    await moved(staff, cancelled.order.id, { status: 'cancelled' });
    const pending = await placedOrder(ctx, { name: 'illegalfour', packs: 1 });

    for (const [orderId, body, detail] of [
      [
        delivered.order.id,
        { status: 'pending' },
        'An order cannot move from delivered to pending: a delivered order does not change status.',
      ],
      [
        delivered.order.id,
        { status: 'cancelled' },
        'An order cannot move from delivered to cancelled: a delivered order does not change status.',
      ],
      [
        shipped.order.id,
        { status: 'cancelled' },
        'An order cannot move from shipped to cancelled; from shipped it can only move to delivered.',
      ],
      [
        shipped.order.id,
        { status: 'processing' },
        'An order cannot move from shipped to processing; from shipped it can only move to delivered.',
      ],
      [
        cancelled.order.id,
        { status: 'processing' },
        'An order cannot move from cancelled to processing: a cancelled order does not change status.',
      ],
      [
        pending.order.id,
        SHIP,
        'An order cannot move from pending to shipped; from pending it can only move to processing or cancelled.',
      ],
      [
        pending.order.id,
        { status: 'delivered' },
        'An order cannot move from pending to delivered; from pending it can only move to processing or cancelled.',
      ],
      [pending.order.id, { status: 'pending' }, 'The order is already pending.'],
    ] as const) {
      const res = await staff.admin('POST', `orders/${orderId}/status/`, body);
      expect(res.statusCode, detail).toBe(409);
      expect(res.json()).toEqual({ detail });
    }
    expect((await orderRow(delivered.order.id)).status).toBe('delivered');
    expect((await orderRow(shipped.order.id)).status).toBe('shipped');
    expect((await orderRow(cancelled.order.id)).status).toBe('cancelled');
    expect((await orderRow(pending.order.id)).status).toBe('pending');
    const history = await ctx.database.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, pending.order.id));
    expect(history).toEqual([]);

    for (const body of [
      { status: 'lost' },
      { status: 'processing', paid: true },
      {},
      { status: 'processing', note: 'x'.repeat(501) },
    ]) {
      const res = await staff.admin('POST', `orders/${pending.order.id}/status/`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('records a stock movement for each tracked item sold, in the order’s own statement', async () => {
    const { order } = await placedOrder(ctx, { name: 'sold', packs: 2 });
    const units = order.items[0]!.units;
    expect(await stockOf(ctx, TAPE)).toBe(1000 - units);
    const [sale] = await movementsOf(ctx, TAPE);
    expect(sale).toMatchObject({
      delta: -units,
      stockAfter: 1000 - units,
      reason: `Order #${order.id} placed`,
      orderId: order.id,
      actorId: null,
    });
  });

  it('cancels a paid order: refunds it at the provider, restocks it, e-mails the buyer, once', async () => {
    const { buyer, intent, order, totalPence } = await placedOrder(ctx, { name: 'cancel', packs: 2 });
    const units = order.items[0]!.units;
    const mailsBefore = (await emailsTo(ctx, buyer.email)).length;
    await moved(staff, order.id, { status: 'processing' });

    const cancelled = await moved(staff, order.id, {
      status: 'cancelled',
      note: 'Out of stock at the supplier',
    });
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      payment_status: 'REFUND',
      refunded: order.total,
      refundable: '0.00',
      refundable_pence: 0,
      next_statuses: [],
    });
    expect(cancelled.refunds).toEqual([
      expect.objectContaining({
        amount: order.total,
        reason: 'Order cancelled',
        status: 'succeeded',
        provider_refund_id: expect.stringMatching(/^re_test_/),
        actor_email: staff.email,
        lines: null,
      }),
    ]);
    expect(await processorIntent(ctx, intent.payment_intent_id)).toMatchObject({
      amount: totalPence,
      amountRefunded: totalPence,
    });
    expect(await stockOf(ctx, TAPE)).toBe(1000);
    const [restock] = await movementsOf(ctx, TAPE);
    expect(restock).toMatchObject({
      delta: units,
      stockAfter: 1000,
      reason: `Order #${order.id} cancelled`,
      orderId: order.id,
      actorId: staff.userId,
    });

    const mails = (await emailsTo(ctx, buyer.email)).slice(mailsBefore).map((mail) => mail.subject);
    expect(mails).toEqual([
      `Your PackRight Supplies order #${order.id} is being prepared`,
      `Your PackRight Supplies order #${order.id} has been cancelled`,
      `Refund of £${order.total} for your PackRight Supplies order #${order.id}`,
    ]);
    expect((await auditOf(ctx, order.id)).map((entry) => entry.action)).toEqual([
      'order.process',
      'order.refund',
      'order.cancel',
      'order.refund_succeeded',
    ]);

    // The provider's charge.refunded webhook comes after: nothing is counted twice.
    await deliverWebhooks(ctx);
    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment).toMatchObject({ refundedPence: totalPence, status: 'refunded' });
    expect(await orderRow(order.id)).toMatchObject({ refundedPence: totalPence, paymentStatus: 'REFUND' });
    expect(await refundsOf(ctx, order.id)).toHaveLength(1);
    expect((await buyer.call('GET', `/api/orders/${order.id}/`)).json()).toMatchObject({
      status: 'cancelled',
      payment_status: 'REFUND',
      refunded: order.total,
    });
  });

  it('cancels an order straight from pending, and a second cancel is refused', async () => {
    const { order } = await placedOrder(ctx, { name: 'cancelpending', packs: 1 });
    await moved(staff, order.id, { status: 'cancelled' });
    const again = await staff.admin('POST', `orders/${order.id}/status/`, { status: 'cancelled' });
    expect(again.statusCode).toBe(409);
    expect(await refundsOf(ctx, order.id)).toHaveLength(1);
  });
});
