import type { Dashboard } from '@shop/domain';
import { and, count, eq, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/helper';
import { countingDb } from '../../../../test/query-counter';
import {
  contactQueries,
  items,
  orders,
  quotes,
  type OrderStatus,
  type PaymentStatus,
} from '../../../db/schema';
import { ADDRESS_SNAPSHOT, tradeCompany } from '../../../../test/support/orders';
import { expectStaffOnly, staffMember } from '../../../../test/support/administration';
import { createDashboardService } from './service';

let ctx: TestContext;
let buyerId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  buyerId = (await staffMember(ctx, 'customer', 'buyer')).userId;
});
afterAll(() => ctx.close());

/** An order straight in the database, placed at a known instant. */
async function placeOrder(
  at: string,
  money: { total: number; vat: number; refunded?: number },
  status: OrderStatus,
  paymentStatus: PaymentStatus,
  { isTest = false, dispatchBy = null }: { isTest?: boolean; dispatchBy?: string | null } = {},
) {
  await ctx.database.db.insert(orders).values({
    userId: buyerId,
    status,
    paymentStatus,
    subtotalPence: money.total - money.vat,
    vatPence: money.vat,
    totalPence: money.total,
    refundedPence: money.refunded ?? 0,
    vatRate: 20,
    paymentMethod: 'card',
    shippingAddress: ADDRESS_SNAPSHOT,
    billingAddress: ADDRESS_SNAPSHOT,
    createdAt: new Date(at),
    isTest,
    // The delivery promise: a parcel to dispatch that UK day and deliver the next.
    ...(dispatchBy
      ? {
          deliveryService: 'parcel' as const,
          deliveryZone: 'mainland' as const,
          dispatchBy,
          deliveryDate: dispatchBy,
        }
      : {}),
  });
}

const read = (now: string) => createDashboardService(ctx.database.db).read(new Date(now));

const none = { orders: 0, net_pence: 0, vat_pence: 0, total_pence: 0, refunded_pence: 0, test_orders: 0 };

describe('the dashboard’s figures', () => {
  beforeAll(async () => {
    // 1 July 2025 begins at 23:00 UTC on 30 June (BST).
    // Each with the UK day it must leave the warehouse by.
    await placeOrder('2025-06-30T23:30:00Z', { total: 12_000, vat: 2_000 }, 'processing', 'COMPLETED', {
      dispatchBy: '2025-07-01',
    });
    await placeOrder('2025-06-30T22:30:00Z', { total: 3_000, vat: 500 }, 'pending', 'COMPLETED', {
      dispatchBy: '2025-06-30',
    });
    await placeOrder(
      '2025-07-01T09:00:00Z',
      { total: 6_000, vat: 1_000, refunded: 6_000 },
      'delivered',
      'REFUND',
      { dispatchBy: '2025-07-01' },
    );
    await placeOrder(
      '2025-07-01T08:00:00Z',
      { total: 9_000, vat: 1_500, refunded: 9_000 },
      'cancelled',
      'REFUND',
      { dispatchBy: '2025-06-30' },
    );
    await placeOrder('2025-07-01T07:00:00Z', { total: 4_800, vat: 800 }, 'pending', 'PENDING', {
      dispatchBy: '2025-07-02',
    });
    await placeOrder(
      '2025-07-02T11:00:00Z',
      { total: 2_400, vat: 400, refunded: 400 },
      'shipped',
      'COMPLETED',
      { dispatchBy: '2025-07-01' },
    );
    // January is GMT: UK and UTC midnights agree.
    await placeOrder('2025-01-01T00:30:00Z', { total: 1_200, vat: 200 }, 'delivered', 'COMPLETED');
    await placeOrder('2024-12-31T23:30:00Z', { total: 600, vat: 100 }, 'delivered', 'COMPLETED');
    // Paid through the test processor: no money moved, so counted apart and never as revenue.
    const test = { isTest: true };
    await placeOrder('2025-07-01T09:30:00Z', { total: 50_000, vat: 8_000 }, 'delivered', 'COMPLETED', test);
    await placeOrder(
      '2025-07-02T10:00:00Z',
      { total: 7_000, vat: 1_000, refunded: 1_000 },
      'delivered',
      'REFUND',
      test,
    );
  });

  it('counts paid, uncancelled orders of the UK day and month, net and VAT', async () => {
    const first = await read('2025-07-01T10:00:00Z');
    expect(first.today).toEqual({
      from: '2025-06-30T23:00:00.000Z',
      to: '2025-07-01T23:00:00.000Z',
      orders: 2,
      net_pence: 15_000,
      vat_pence: 3_000,
      total_pence: 18_000,
      refunded_pence: 6_000,
      test_orders: 1,
    });
    // The month is the whole of July, 2 July's order too.
    expect(first.this_month).toEqual({
      from: '2025-06-30T23:00:00.000Z',
      to: '2025-07-31T23:00:00.000Z',
      orders: 3,
      net_pence: 17_000,
      vat_pence: 3_400,
      total_pence: 20_400,
      refunded_pence: 6_400,
      test_orders: 2,
    });
    expect(first.time_zone).toBe('Europe/London');

    const second = await read('2025-07-02T12:00:00Z');
    expect(second.today).toMatchObject({ orders: 1, net_pence: 2_000, vat_pence: 400, refunded_pence: 400 });
    expect(second.this_month).toEqual(first.this_month);

    // 23:45 on 30 June in London: the order at 23:30 UTC is already July's.
    const june = await read('2025-06-30T22:45:00Z');
    expect(june.today).toMatchObject({ from: '2025-06-29T23:00:00.000Z', orders: 1, total_pence: 3_000 });
    expect(june.this_month).toMatchObject({ from: '2025-05-31T23:00:00.000Z', orders: 1 });

    const january = await read('2025-01-01T12:00:00Z');
    expect(january.today).toMatchObject({ from: '2025-01-01T00:00:00.000Z', orders: 1, total_pence: 1_200 });
    expect(january.this_month).toMatchObject({ orders: 1, net_pence: 1_000, vat_pence: 200 });
    const quiet = await read('2025-03-10T12:00:00Z');
    expect(quiet.today).toMatchObject(none);
    expect(quiet.this_month).toMatchObject(none);
  });

  it('leaves test orders out of the revenue and counts them apart', async () => {
    const second = await read('2025-07-02T12:00:00Z');
    expect(second.today).toMatchObject({
      orders: 1,
      total_pence: 2_400,
      refunded_pence: 400,
      test_orders: 1,
    });
    const june = await read('2025-06-30T22:45:00Z');
    expect(june.today.test_orders).toBe(0);
  });

  it('counts orders waiting to ship, whenever they were placed', async () => {
    const figures = await read('2025-07-01T10:00:00Z');
    expect(figures.waiting_to_ship).toEqual({ pending: 2, processing: 1, total: 3 });
  });

  it('counts the orders due out today, those overdue among them, on the UK day', async () => {
    // Still to ship: dispatch by 30 June (pending), 1 July (processing) and 2 July (pending, not yet paid);
    // the shipped, delivered and cancelled orders' days are past, but they have left or will not.
    const july1 = await read('2025-07-01T10:00:00Z');
    expect(july1.due_out_today).toEqual({ total: 2, overdue: 1 });
    // 23:45 on 30 June in London (BST): only 30 June's order, not yet overdue.
    expect((await read('2025-06-30T22:45:00Z')).due_out_today).toEqual({ total: 1, overdue: 0 });
    // 00:30 on 2 July in London: everything still to ship is due, two of them overdue.
    expect((await read('2025-07-01T23:30:00Z')).due_out_today).toEqual({ total: 3, overdue: 2 });
    expect((await read('2025-06-29T12:00:00Z')).due_out_today).toEqual({ total: 0, overdue: 0 });
  });

  it('counts tracked items at or under their threshold and names the five furthest under', async () => {
    const db = ctx.database.db;
    const lowNow = async () =>
      (
        await db
          .select({ n: count() })
          .from(items)
          .where(
            and(eq(items.trackInventory, true), lte(sql`${items.stock} - ${items.lowStockThreshold}`, 0)),
          )
      )[0]!.n;
    const before = await read('2025-07-01T10:00:00Z');
    expect(before.low_stock.count).toBe(await lowNow());

    const [a, b, c, ...more] = await db
      .select({ id: items.id, sku: items.sku })
      .from(items)
      .where(sql`${items.stock} > ${items.lowStockThreshold}`)
      .orderBy(items.id)
      .limit(8);
    for (const item of more) {
      await db.update(items).set({ stock: 0, lowStockThreshold: 100 }).where(eq(items.id, item.id));
    }
    await db.update(items).set({ stock: 0, lowStockThreshold: 1_000_000 }).where(eq(items.id, a!.id));
    await db.update(items).set({ stock: 2, lowStockThreshold: 999_999 }).where(eq(items.id, b!.id));
    // Not tracked: never low, whatever its stock.
    await db
      .update(items)
      .set({ stock: 0, lowStockThreshold: 1_000_000, trackInventory: false })
      .where(eq(items.id, c!.id));

    const after = await read('2025-07-01T10:00:00Z');
    expect(after.low_stock.count).toBe(before.low_stock.count + 7);
    expect(after.low_stock.count).toBe(await lowNow());
    expect(after.low_stock.items).toHaveLength(5);
    expect(after.low_stock.items.slice(0, 2)).toEqual([
      expect.objectContaining({ id: a!.id, sku: a!.sku, stock: 0, low_stock_threshold: 1_000_000 }),
      expect.objectContaining({ id: b!.id, sku: b!.sku, stock: 2, low_stock_threshold: 999_999 }),
    ]);
    expect(after.low_stock.items.map((item) => item.id)).not.toContain(c!.id);
  });

  it('counts the contact queries nobody has handled', async () => {
    const before = (await read('2025-07-01T10:00:00Z')).unanswered_messages;
    const query = { email: 'a@example.com', fullName: 'A B', subject: 'Pallets', message: 'How many?' };
    await ctx.database.db.insert(contactQueries).values([query, query, query]);
    await ctx.database.db.insert(contactQueries).values({ ...query, handledAt: new Date() });
    expect((await read('2025-07-01T10:00:00Z')).unanswered_messages).toBe(before + 3);
  });

  it('reads everything in one statement', async () => {
    const counter = countingDb(ctx.database);
    const figures = await createDashboardService(counter.db).read(new Date('2025-07-01T10:00:00Z'));
    expect(counter.count()).toBe(1);
    expect(figures.today.orders).toBe(2);
  });
});

describe('what is waiting for staff in the trade', () => {
  it('counts the trade applications to decide and the requests for quote to price', async () => {
    const staff = await staffMember(ctx, 'staff', 'trade-desk');
    const figures = async () => (await staff.admin('GET', 'dashboard/')).json<Dashboard>();
    const before = await figures();
    await tradeCompany(ctx, { status: 'pending' });
    await tradeCompany(ctx, { status: 'pending' });
    await tradeCompany(ctx, { status: 'declined' });
    await tradeCompany(ctx, {});
    const db = ctx.database.db;
    await db.insert(quotes).values([
      { userId: buyerId, status: 'requested' },
      { userId: buyerId, status: 'requested' },
      { userId: buyerId, status: 'requested' },
      { userId: buyerId, status: 'sent', version: 1 },
      { userId: buyerId, status: 'withdrawn' },
    ]);
    const after = await figures();
    expect(after.trade_applications).toBe(before.trade_applications + 2);
    expect(after.quotes_to_price).toBe(before.quotes_to_price + 3);
  });
});

describe('GET /api/administration/dashboard/', () => {
  it('answers staff with today’s figures, and visitors 401 and customers 403', async () => {
    await expectStaffOnly(ctx, 'GET', 'dashboard/');
    const staff = await staffMember(ctx, 'staff', 'dashboard');
    const res = await staff.admin('GET', 'dashboard/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json<Dashboard>();
    expect(body).toMatchObject({
      time_zone: 'Europe/London',
      today: { orders: expect.any(Number), net_pence: expect.any(Number) },
      waiting_to_ship: { pending: 2, processing: 1, total: 3 },
      due_out_today: { total: expect.any(Number), overdue: expect.any(Number) },
      low_stock: { count: expect.any(Number), items: expect.any(Array) },
      unanswered_messages: expect.any(Number),
    });
    expect(Date.parse(body.today.from)).toBeLessThanOrEqual(Date.parse(body.generated_at));
    expect(Date.parse(body.today.to)).toBeGreaterThan(Date.parse(body.generated_at));
  });
});
