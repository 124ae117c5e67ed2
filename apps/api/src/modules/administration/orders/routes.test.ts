import { type AdminOrderRow, type DeliveryExtra, type DeliveryService, ukClock } from '@shop/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, refunds } from '../../../db/schema';
import { createTestApp, type TestContext } from '../../../../test/helper';
import { ADDRESS_SNAPSHOT } from '../../../../test/support/orders';
import { countingDb } from '../../../../test/query-counter';
import { expectStaffOnly, staffMember, type StaffMember } from '../../../../test/support/administration';
import { selectOrderPage } from './queries';
import { createOrderAdminService } from './service';
import {
  detailOf,
  moved,
  placedOrder,
  SHIP,
  TAPE,
  twoLineOrder,
  WRAP,
} from '../../../../test/support/administration-orders';

let ctx: TestContext;
let staff: StaffMember;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffMember(ctx, 'staff', 'orders');
});
afterAll(() => ctx.close());

interface OrderPage {
  count: number;
  count_capped: boolean;
  next: string | null;
  previous: string | null;
  results: AdminOrderRow[];
}

async function list(query: string): Promise<OrderPage> {
  const res = await staff.admin('GET', `orders/${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<OrderPage>();
}

const ids = (page: OrderPage) => page.results.map((row) => row.id);

const setCreatedAt = (orderId: number, iso: string) =>
  ctx.database.db
    .update(orders)
    .set({ createdAt: new Date(iso) })
    .where(eq(orders.id, orderId));

describe('who may use the order endpoints', () => {
  it('answers staff only: 401 to a visitor and 403 to a customer, changing nothing', async () => {
    const { order } = await placedOrder(ctx, { name: 'roles' });
    await expectStaffOnly(ctx, 'GET', 'orders/');
    await expectStaffOnly(ctx, 'GET', `orders/${order.id}/`);
    await expectStaffOnly(ctx, 'POST', `orders/${order.id}/status/`, { status: 'cancelled' });
    await expectStaffOnly(ctx, 'POST', `orders/${order.id}/refunds/`, { amount_pence: 100, reason: 'Try' });
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 'pending', paymentStatus: 'COMPLETED', refundedPence: 0 });
    expect(await ctx.database.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
    // The buyer's own token is a customer's too.
    const owner = await staffMember(ctx, 'owner', 'orders-owner');
    expect((await owner.admin('GET', `orders/${order.id}/`)).statusCode).toBe(200);
  });
});

describe('GET /api/administration/orders/', () => {
  it('answers each order with its customer, money and line count, newest first', async () => {
    const { buyer, order } = await twoLineOrder(ctx, 'rowshape');
    const page = await list(`?customer=${buyer.userId}`);
    expect(page).toEqual({
      count: 1,
      count_capped: false,
      next: null,
      previous: null,
      results: [expect.any(Object)],
    });
    expect(page.results[0]).toEqual({
      id: order.id,
      created_at: order.created_at,
      customer: { id: buyer.userId, name: expect.any(String), email: buyer.email },
      status: 'pending',
      payment_status: 'COMPLETED',
      total: order.total,
      refunded: '0.00',
      line_count: 2,
      // Paid through the test processor.
      is_test: true,
      // A consumer's order: no PO number, no trade account.
      purchase_order_number: null,
      company_account_number: null,
      // A card order keeps the delivery it was priced for: a parcel to the mainland address.
      delivery_service: 'parcel',
      delivery_label: 'Parcel',
      dispatch_by: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      delivery_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(page.results[0]!.delivery_date! > page.results[0]!.dispatch_by!).toBe(true);
    const all = await list('');
    expect(all.results[0]!.id).toBeGreaterThanOrEqual(order.id);
    expect(all.results.map((row) => row.created_at)).toEqual(
      [...all.results.map((row) => row.created_at)].sort().reverse(),
    );
  });

  it('filters by status, payment status, customer (id or text), SKU and order number', async () => {
    const first = await placedOrder(ctx, { name: 'filterone', sku: TAPE, packs: 1 });
    const second = await placedOrder(ctx, { name: 'filtertwo', sku: WRAP, packs: 1 });
    await moved(staff, second.order.id, { status: 'processing' });
    await ctx.database.db
      .update(orders)
      .set({ paymentStatus: 'REFUND' })
      .where(eq(orders.id, first.order.id));

    const both = `&customer=filter`;
    expect(ids(await list(`?status=processing${both}`))).toEqual([second.order.id]);
    expect(ids(await list(`?status=pending${both}`))).toEqual([first.order.id]);
    expect(ids(await list(`?payment_status=REFUND${both}`))).toEqual([first.order.id]);
    expect(ids(await list(`?payment_status=COMPLETED${both}`))).toEqual([second.order.id]);
    expect(ids(await list(`?customer=${second.buyer.userId}`))).toEqual([second.order.id]);
    // Part of the e-mail, any case; % and _ are themselves.
    const local = first.buyer.email.split('@')[0]!;
    expect(ids(await list(`?customer=${encodeURIComponent(local.toUpperCase())}`))).toEqual([first.order.id]);
    expect(ids(await list(`?customer=${encodeURIComponent('filter%')}`))).toEqual([]);
    expect(ids(await list(`?sku=${WRAP}${both}`))).toEqual([second.order.id]);
    expect(ids(await list(`?sku=${TAPE}${both}`))).toEqual([first.order.id]);
    expect(ids(await list(`?sku=NO-SUCH-SKU`))).toEqual([]);
    expect(ids(await list(`?q=%23${first.order.id}`))).toEqual([first.order.id]);
    expect(ids(await list(`?q=filtertwo`))).toEqual([second.order.id]);
  });

  it('takes dates as UK calendar days, in summer time and in winter', async () => {
    const summerLate = await placedOrder(ctx, { name: 'datesa', packs: 1 });
    const summerEarly = await placedOrder(ctx, { name: 'datesb', packs: 1 });
    const winter = await placedOrder(ctx, { name: 'datesc', packs: 1 });
    // 30 June 23:30 BST, 1 July 00:30 BST, and 15 January 00:10 GMT.
    await setCreatedAt(summerLate.order.id, '2024-06-30T22:30:00Z');
    await setCreatedAt(summerEarly.order.id, '2024-06-30T23:30:00Z');
    await setCreatedAt(winter.order.id, '2024-01-15T00:10:00Z');
    const mine = '&customer=dates';
    expect(ids(await list(`?date_from=2024-07-01&date_to=2024-07-01${mine}`))).toEqual([
      summerEarly.order.id,
    ]);
    expect(ids(await list(`?date_to=2024-06-30${mine}`))).toEqual([summerLate.order.id, winter.order.id]);
    expect(ids(await list(`?date_from=2024-01-15&date_to=2024-01-15${mine}`))).toEqual([winter.order.id]);
    expect(ids(await list(`?date_from=2024-01-16${mine}`))).toEqual([
      summerEarly.order.id,
      summerLate.order.id,
    ]);
  });

  it('sorts by total, number and date either way, and pages with the DRF shape', async () => {
    const small = await placedOrder(ctx, { name: 'sortsmall', packs: 1 });
    const large = await placedOrder(ctx, { name: 'sortlarge', packs: 3 });
    const middle = await placedOrder(ctx, { name: 'sortmiddle', packs: 2 });
    const mine = '&customer=sort';
    expect(ids(await list(`?ordering=total${mine}`))).toEqual([
      small.order.id,
      middle.order.id,
      large.order.id,
    ]);
    expect(ids(await list(`?ordering=-total${mine}`))).toEqual([
      large.order.id,
      middle.order.id,
      small.order.id,
    ]);
    expect(ids(await list(`?ordering=id${mine}`))).toEqual([small.order.id, large.order.id, middle.order.id]);
    expect(ids(await list(`?ordering=-id${mine}`))).toEqual([
      middle.order.id,
      large.order.id,
      small.order.id,
    ]);
    expect(ids(await list(`?ordering=-created_at${mine}`))).toEqual([
      middle.order.id,
      large.order.id,
      small.order.id,
    ]);
    const first = await list(`?ordering=total&page_size=2${mine}`);
    expect(first).toMatchObject({ count: 3, count_capped: false, previous: null });
    expect(first.next).toBe(`/api/administration/orders/?ordering=total&page_size=2&customer=sort&page=2`);
    const second = await list(`?ordering=total&page_size=2&page=2${mine}`);
    expect(ids(second)).toEqual([large.order.id]);
    expect(second).toMatchObject({ count: 3, next: null });
    // A page past the end still counts what there is.
    expect(await list(`?page=5&page_size=2${mine}`)).toMatchObject({ count: 3, results: [] });
  });

  it('refuses bad filters with field errors, never a 5xx', async () => {
    for (const [query, field] of [
      ['?status=lost', 'status'],
      ['?payment_status=paid', 'payment_status'],
      ['?date_from=2024-02-30', 'date_from'],
      ['?date_from=0000-01-01', 'date_from'],
      ['?date_to=yesterday', 'date_to'],
      ['?date_from=2024-02-02&date_to=2024-02-01', 'date_to'],
      ['?ordering=email', 'ordering'],
      ['?ordering=dispatch', 'ordering'],
      ['?dispatch_by_from=2024-13-01', 'dispatch_by_from'],
      ['?dispatch_by_to=soon', 'dispatch_by_to'],
      ['?dispatch_by_from=2024-02-02&dispatch_by_to=2024-02-01', 'dispatch_by_to'],
      ['?due=tomorrow', 'due'],
      ['?due=', 'due'],
      ['?page_size=101', 'page_size'],
      ['?page=0', 'page'],
      [`?sku=${'X'.repeat(65)}`, 'sku'],
      ['?colour=red', 'non_field_errors'],
    ] as const) {
      const res = await staff.admin('GET', `orders/${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json<object>()), query).toEqual([field]);
    }
  });
});

/** Sets an order's delivery promise as the checkout writes it (null: an order from before delivery promises). */
const promise = (
  orderId: number,
  dispatchBy: string | null,
  {
    service = 'parcel',
    extras = [],
    deliveryDate = dispatchBy,
  }: { service?: DeliveryService; extras?: DeliveryExtra[]; deliveryDate?: string | null } = {},
) =>
  ctx.database.db
    .update(orders)
    .set(
      dispatchBy === null
        ? {
            deliveryService: null,
            deliveryExtras: [],
            deliveryZone: null,
            dispatchBy: null,
            deliveryDate: null,
          }
        : {
            deliveryService: service,
            deliveryExtras: extras,
            deliveryZone: 'mainland',
            dispatchBy,
            deliveryDate,
          },
    )
    .where(eq(orders.id, orderId));

/** The UK day `days` after the real one (the API reads what is due on the day of the request). */
function ukDayFromToday(days: number): string {
  const today = new Date(`${ukClock(new Date()).day}T12:00:00Z`);
  today.setUTCDate(today.getUTCDate() + days);
  return today.toISOString().slice(0, 10);
}

describe('the dispatch-by day', () => {
  it('sorts by dispatch-by day either way, undated orders last and the number breaking ties', async () => {
    const a = (await placedOrder(ctx, { name: 'dispatchsorta', packs: 1 })).order.id;
    const b = (await placedOrder(ctx, { name: 'dispatchsortb', packs: 1 })).order.id;
    const c = (await placedOrder(ctx, { name: 'dispatchsortc', packs: 1 })).order.id;
    const d = (await placedOrder(ctx, { name: 'dispatchsortd', packs: 1 })).order.id;
    await promise(a, '2030-01-10');
    await promise(b, '2030-01-08');
    await promise(c, '2030-01-10');
    await promise(d, null);
    const mine = '&customer=dispatchsort';
    expect(ids(await list(`?ordering=dispatch_by${mine}`))).toEqual([b, a, c, d]);
    expect(ids(await list(`?ordering=-dispatch_by${mine}`))).toEqual([c, a, b, d]);
    // Pages cut across the undated orders without losing or repeating one.
    expect(ids(await list(`?ordering=dispatch_by&page_size=3&page=2${mine}`))).toEqual([d]);
    expect(ids(await list(`?ordering=-dispatch_by&page_size=2${mine}`))).toEqual([c, a]);
    const second = await list(`?ordering=-dispatch_by&page_size=2&page=2${mine}`);
    expect(ids(second)).toEqual([b, d]);
    expect(second).toMatchObject({ count: 4, next: null });
    const [undated] = (await list(`?q=%23${d}`)).results;
    expect(undated).toMatchObject({
      delivery_service: null,
      delivery_label: null,
      dispatch_by: null,
      delivery_date: null,
    });
  });

  it('filters by dispatch-by days, both included', async () => {
    const early = (await placedOrder(ctx, { name: 'dispatchdaysa', packs: 1 })).order.id;
    const late = (await placedOrder(ctx, { name: 'dispatchdaysb', packs: 1 })).order.id;
    const undated = (await placedOrder(ctx, { name: 'dispatchdaysc', packs: 1 })).order.id;
    await promise(early, '2031-03-27');
    await promise(late, '2031-03-30');
    await promise(undated, null);
    const mine = '&customer=dispatchdays&ordering=dispatch_by';
    expect(ids(await list(`?dispatch_by_from=2031-03-27&dispatch_by_to=2031-03-27${mine}`))).toEqual([early]);
    expect(ids(await list(`?dispatch_by_from=2031-03-28${mine}`))).toEqual([late]);
    expect(ids(await list(`?dispatch_by_to=2031-03-30${mine}`))).toEqual([early, late]);
    expect(ids(await list(`?dispatch_by_from=2031-03-31${mine}`))).toEqual([]);
  });

  it('finds what is due out today and what is overdue, on the UK day, only among orders still to ship', async () => {
    const make = async (name: string) => (await placedOrder(ctx, { name: `due${name}`, packs: 1 })).order.id;
    const todayPending = await make('a');
    const todayProcessing = await make('b');
    const todayShipped = await make('c');
    const yesterday = await make('d');
    const lastWeek = await make('e');
    const yesterdayCancelled = await make('f');
    const tomorrow = await make('g');
    const undated = await make('h');
    await moved(staff, todayProcessing, { status: 'processing' });
    await moved(staff, todayShipped, { status: 'processing' });
    await moved(staff, todayShipped, SHIP);
    await moved(staff, yesterdayCancelled, { status: 'cancelled' });
    // Set on a simulated day: Friday 27 March 2026, two days before the clocks go forward.
    for (const [id, day] of [
      [todayPending, '2026-03-27'],
      [todayProcessing, '2026-03-27'],
      [todayShipped, '2026-03-27'],
      [yesterday, '2026-03-26'],
      [lastWeek, '2026-03-20'],
      [yesterdayCancelled, '2026-03-26'],
      [tomorrow, '2026-03-30'],
    ] as const) {
      await promise(id, day);
    }
    await promise(undated, null);
    const service = createOrderAdminService(ctx.database.db, {
      provider: ctx.app.services.payments.provider,
      log: ctx.app.log,
      publicUrl: 'http://localhost:3000',
    });
    const due = async (kind: 'today' | 'overdue', at: string) =>
      (
        await service.listOrders(
          {
            filters: { due: kind, customerTexts: ['due'] },
            ordering: { field: 'dispatch_by', descending: false },
            page: 1,
            page_size: 20,
          },
          new Date(at),
        )
      ).results.map((row) => row.id);
    // 23:30 UTC on 26 March is still the 26th in London (GMT).
    expect(await due('today', '2026-03-26T23:30:00Z')).toEqual([yesterday]);
    expect(await due('overdue', '2026-03-26T23:30:00Z')).toEqual([lastWeek]);
    expect(await due('today', '2026-03-27T09:00:00Z')).toEqual([todayPending, todayProcessing]);
    expect(await due('overdue', '2026-03-27T09:00:00Z')).toEqual([lastWeek, yesterday]);
    // Monday 30 March, 00:30 BST (23:30 UTC on the 29th): the Friday's orders are overdue.
    expect(await due('today', '2026-03-29T23:30:00Z')).toEqual([tomorrow]);
    expect(await due('overdue', '2026-03-29T23:30:00Z')).toEqual([
      lastWeek,
      yesterday,
      todayPending,
      todayProcessing,
    ]);

    // Through the API, on the real UK day.
    for (const [id, days] of [
      [todayPending, 0],
      [todayProcessing, 3],
      [todayShipped, 0],
      [yesterday, -1],
      [lastWeek, -7],
      [yesterdayCancelled, -1],
      [tomorrow, 1],
    ] as const) {
      await promise(id, ukDayFromToday(days));
    }
    const mine = '&customer=due&ordering=dispatch_by';
    expect(ids(await list(`?due=today${mine}`))).toEqual([todayPending]);
    expect(ids(await list(`?due=overdue${mine}`))).toEqual([lastWeek, yesterday]);
    expect(ids(await list(`?due=overdue&ordering=-dispatch_by&customer=due`))).toEqual([yesterday, lastWeek]);
  });

  it('reads a page by dispatch-by day in one statement, on orders_dispatch_by_idx', async () => {
    const counter = countingDb(ctx.database);
    const service = createOrderAdminService(counter.db, {
      provider: ctx.app.services.payments.provider,
      log: ctx.app.log,
      publicUrl: 'http://localhost:3000',
    });
    for (const descending of [false, true]) {
      counter.reset();
      const page = await service.listOrders({
        filters: {},
        ordering: { field: 'dispatch_by', descending },
        page: 2,
        page_size: 2,
      });
      expect(page.results).toHaveLength(2);
      // The page is full: its count is the second statement, as for any full page.
      expect(counter.count()).toBe(2);
    }
    counter.reset();
    await service.listOrders({
      filters: { due: 'overdue' },
      ordering: { field: 'dispatch_by', descending: false },
      page: 1,
      page_size: 20,
    });
    expect(counter.count()).toBe(1);
    // With sequential scans priced out, each ordering and the due filter read the index.
    const plans = await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const explain = async (query: { getSQL(): ReturnType<typeof sql> }) => {
        const explained = await tx.execute(sql`explain ${query.getSQL()}`);
        return explained.rows.map((row) => String(Object.values(row)[0])).join('\n');
      };
      const page = (descending: boolean, filters = {}) =>
        explain(
          selectOrderPage(
            tx,
            filters,
            { field: 'dispatch_by', descending },
            {
              limit: 20,
              offset: 40,
            },
          ),
        );
      return [
        await page(false),
        await page(true),
        await page(false, { due: { kind: 'today', today: '2026-03-27' } }),
      ];
    });
    for (const plan of plans) expect(plan).toContain('orders_dispatch_by_idx');
  });
});

describe('GET /api/administration/orders/{id}/', () => {
  it('answers everything about the order', async () => {
    const { buyer, intent, order } = await twoLineOrder(ctx, 'detail');
    const detail = await detailOf(staff, order.id);
    expect(detail).toMatchObject({
      id: order.id,
      status: 'pending',
      payment_status: 'COMPLETED',
      total: order.total,
      subtotal: order.subtotal,
      vat_amount: order.vat_amount,
      shipping_address: ADDRESS_SNAPSHOT,
      billing_address: ADDRESS_SNAPSHOT,
      carrier: null,
      tracking_number: null,
      refunded: '0.00',
      refundable: order.total,
      refundable_pence: Math.round(Number(order.total) * 100),
      next_statuses: ['processing', 'cancelled'],
      customer: { id: buyer.userId, email: buyer.email },
      payments: [
        {
          provider: 'test',
          provider_payment_id: intent.payment_intent_id,
          amount: order.total,
          refunded: '0.00',
          status: 'succeeded',
        },
      ],
      refunds: [],
      audit: [],
      status_history: [
        { status: 'pending', note: 'Order placed', created_at: order.created_at, actor_email: null },
      ],
    });
    expect(detail.items.map((line) => [line.sku, line.pack_quantity, line.refunded_packs])).toEqual([
      [TAPE, 3, 0],
      [WRAP, 2, 0],
    ]);

    await moved(staff, order.id, { status: 'processing', note: 'Picking today' });
    const after = await detailOf(staff, order.id);
    expect(after.status_history).toEqual([
      expect.objectContaining({ status: 'pending', actor_email: null }),
      {
        status: 'processing',
        note: 'Picking today',
        created_at: expect.any(String),
        actor_email: staff.email,
      },
    ]);
    expect(after.audit).toEqual([
      {
        id: expect.any(Number),
        action: 'order.process',
        actor_email: staff.email,
        before: { status: 'pending' },
        after: { status: 'processing', note: 'Picking today' },
        created_at: expect.any(String),
      },
    ]);
    expect(after.next_statuses).toEqual(['shipped', 'cancelled']);
  });

  it('carries the delivery promise: service, extras, zone, dispatch-by and promised days', async () => {
    const { order } = await placedOrder(ctx, { name: 'detaildelivery' });
    const placed = await detailOf(staff, order.id);
    // As the buyer's own order shows it.
    expect(placed.delivery).toEqual(order.delivery);
    expect(placed.delivery).toMatchObject({
      service: 'parcel',
      label: 'Parcel',
      zone: 'mainland',
      extras: [],
    });

    await promise(order.id, '2026-11-27', {
      service: 'pallet_next_day',
      extras: ['am_slot', 'tail_lift'],
      deliveryDate: '2026-11-30',
    });
    await ctx.database.db.update(orders).set({ deliveryZone: 'highlands' }).where(eq(orders.id, order.id));
    expect((await detailOf(staff, order.id)).delivery).toEqual({
      service: 'pallet_next_day',
      label: 'Pallet, next day',
      extras: [
        { code: 'am_slot', label: 'AM slot (before 12:00)' },
        { code: 'tail_lift', label: 'Tail lift (no forklift on site)' },
      ],
      zone: 'highlands',
      zone_label: 'Highlands and Islands',
      dispatch_by: '2026-11-27',
      delivery_date: '2026-11-30',
    });

    // An order from before delivery promises has none.
    await promise(order.id, null);
    expect((await detailOf(staff, order.id)).delivery).toBeNull();
  });

  it('answers 404 for an unknown order and 400 for a number that is not one', async () => {
    expect((await staff.admin('GET', 'orders/2147483647/')).json()).toEqual({ detail: 'Not found.' });
    expect((await staff.admin('GET', 'orders/2147483647/')).statusCode).toBe(404);
    expect((await staff.admin('GET', 'orders/abc/')).statusCode).toBe(400);
    expect(
      (await staff.admin('POST', 'orders/2147483647/status/', { status: 'processing' })).statusCode,
    ).toBe(404);
    expect(
      (await staff.admin('POST', 'orders/2147483647/refunds/', { amount_pence: 1, reason: 'x' })).statusCode,
    ).toBe(404);
  });
});

describe('orders paid through the test processor', () => {
  it('are marked is_test in the list and the detail; an order paid for real is not', async () => {
    const test = await placedOrder(ctx, { name: 'marked-test' });
    const real = await placedOrder(ctx, { name: 'marked-real' });
    // As an order paid through Stripe is written (the order's insert sets is_test from the payment).
    await ctx.database.db.update(orders).set({ isTest: false }).where(eq(orders.id, real.order.id));

    const [testRow] = (await list(`?q=${test.order.id}`)).results;
    const [realRow] = (await list(`?q=${real.order.id}`)).results;
    expect(testRow).toMatchObject({ id: test.order.id, is_test: true });
    expect(realRow).toMatchObject({ id: real.order.id, is_test: false });
    expect((await detailOf(staff, test.order.id)).is_test).toBe(true);
    expect((await detailOf(staff, real.order.id)).is_test).toBe(false);
  });

  it('reads the list’s page in one statement, the mark included', async () => {
    const { order } = await placedOrder(ctx, { name: 'one-statement' });
    const counter = countingDb(ctx.database);
    const service = createOrderAdminService(counter.db, {
      provider: ctx.app.services.payments.provider,
      log: ctx.app.log,
      publicUrl: 'http://localhost:3000',
    });
    const page = await service.listOrders({
      filters: { orderId: order.id },
      ordering: { field: 'created_at', descending: true },
      page: 1,
      page_size: 20,
    });
    expect(page.results).toEqual([expect.objectContaining({ id: order.id, is_test: true })]);
    expect(counter.count()).toBe(1);
  });
});
