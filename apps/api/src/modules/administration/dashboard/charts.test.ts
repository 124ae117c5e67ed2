import { accountPosition, agedDebt, AGED_BUCKETS, invoiceStates, type DashboardCharts } from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/helper';
import { countingDb } from '../../../../test/query-counter';
import { ADDRESS_SNAPSHOT } from '../../../../test/support/orders';
import { expectStaffOnly, staffMember } from '../../../../test/support/administration';
import { approvedCompany } from '../../../../test/support/on-account-orders';
import {
  companies,
  creditAllocations,
  orders,
  paymentAllocations,
  paymentsReceived,
  refunds,
  type OrderStatus,
  type PaymentStatus,
} from '../../../db/schema';
import { selectLedger } from '../../receivables/ledger';
import { createDashboardService } from './service';

// The charts' figures are as of 12:00 UTC on 31 March 2031 (13:00 BST): the 30 days run from 2 March to
// 31 March, across the clocks going forward on Sunday 30 March; the 12 months from April 2030 to March 2031,
// across the clocks going back on Sunday 27 October 2030.
const NOW = new Date('2031-03-31T12:00:00Z');

let ctx: TestContext;
let buyerId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  buyerId = (await staffMember(ctx, 'customer', 'chart-buyer')).userId;
});
afterAll(() => ctx.close());

interface Placed {
  at: string;
  total: number;
  vat: number;
  status?: OrderStatus;
  paymentStatus?: PaymentStatus;
  isTest?: boolean;
  companyId?: number | null;
  dueOn?: string | null;
}

/** An order straight in the database at a known instant: on account when it names a company. */
async function place(order: Placed) {
  const onAccount = order.companyId != null;
  const [row] = await ctx.database.db
    .insert(orders)
    .values({
      userId: buyerId,
      status: order.status ?? 'delivered',
      paymentStatus: order.paymentStatus ?? (onAccount ? 'ON_ACCOUNT' : 'COMPLETED'),
      subtotalPence: order.total - order.vat,
      vatPence: order.vat,
      totalPence: order.total,
      vatRate: 20,
      paymentMethod: onAccount ? 'account' : 'card',
      companyId: order.companyId ?? null,
      // The revenue charts' invoices fall due after the charts' day, so they age as current.
      invoiceDueDate: onAccount ? (order.dueOn === undefined ? '2031-06-30' : order.dueOn) : null,
      shippingAddress: ADDRESS_SNAPSHOT,
      billingAddress: ADDRESS_SNAPSHOT,
      createdAt: new Date(order.at),
      isTest: order.isTest ?? false,
    })
    .returning({ id: orders.id });
  return row!.id;
}

const charts = () => createDashboardService(ctx.database.db).charts(NOW);

describe('the dashboard’s revenue charts', () => {
  /** Sales invoiced: [UK day, net, vat]. */
  const counted: [string, number, number][] = [];
  let companyId: number;

  beforeAll(async () => {
    companyId = (await approvedCompany(ctx, 'Chart Joinery')).id;
    const sale = async (day: string, order: Placed) => {
      const id = await place(order);
      counted.push([day, order.total - order.vat, order.vat]);
      return id;
    };
    // 00:30 BST on 31 March: today.
    await sale('2031-03-31', { at: '2031-03-30T23:30:00Z', total: 12_000, vat: 2_000 });
    // 23:30 GMT on 29 March, before the clocks went forward.
    await sale('2031-03-29', { at: '2031-03-29T23:30:00Z', total: 3_600, vat: 600 });
    // On account, not yet paid: 23:59 BST on 30 March.
    await sale('2031-03-30', { at: '2031-03-30T22:59:00Z', total: 24_000, vat: 4_000, companyId });
    // On account and since paid; the first day charted.
    const paidId = await sale('2031-03-02', {
      at: '2031-03-02T00:00:00Z',
      total: 6_000,
      vat: 1_000,
      companyId,
      paymentStatus: 'COMPLETED',
    });
    // Paid as the ledger records it: a payment received allocated to it in full (COMPLETED means covered).
    const [payment] = await ctx.database.db
      .insert(paymentsReceived)
      .values({ companyId, amountPence: 6_000, receivedOn: '2031-03-20', method: 'bank_transfer' })
      .returning({ id: paymentsReceived.id });
    await ctx.database.db
      .insert(paymentAllocations)
      .values({ paymentId: payment!.id, orderId: paidId, amountPence: 6_000 });
    // Refunded in full after payment: still a sale invoiced (refunds are shown apart).
    await sale('2031-03-10', { at: '2031-03-10T10:00:00Z', total: 1_200, vat: 200, paymentStatus: 'REFUND' });
    // 1 March: in March's month, before the 30 days.
    await sale('2031-03-01', { at: '2031-03-01T23:59:00Z', total: 2_400, vat: 400 });
    // 00:30 BST on 27 October 2030, the day the clocks went back; and 23:30 GMT on 31 October.
    await sale('2030-10-27', { at: '2030-10-26T23:30:00Z', total: 4_800, vat: 800 });
    await sale('2030-10-31', { at: '2030-10-31T23:30:00Z', total: 600, vat: 100, companyId });
    // 00:30 BST on 1 October 2030.
    await sale('2030-10-01', { at: '2030-09-30T23:30:00Z', total: 1_800, vat: 300 });
    // 00:30 BST on 1 April 2030: the first month charted.
    await sale('2030-04-01', { at: '2030-03-31T23:30:00Z', total: 7_200, vat: 1_200 });

    // Not sales: 23:30 BST on 31 March 2030 (before the 12 months), a test order, cancelled orders (card and
    // on account), and an order whose payment is pending.
    await place({ at: '2030-03-31T22:30:00Z', total: 9_999, vat: 999 });
    await place({ at: '2031-03-31T09:00:00Z', total: 50_000, vat: 8_000, isTest: true });
    await place({ at: '2031-03-31T09:00:00Z', total: 50_000, vat: 8_000, companyId, isTest: true });
    await place({ at: '2031-03-20T09:00:00Z', total: 7_000, vat: 1_000, status: 'cancelled' });
    await place({ at: '2031-03-20T09:00:00Z', total: 7_000, vat: 1_000, companyId, status: 'cancelled' });
    await place({ at: '2031-03-20T09:00:00Z', total: 7_000, vat: 1_000, paymentStatus: 'PENDING' });
    // Tomorrow: after the charts.
    await place({ at: '2031-03-31T23:30:00Z', total: 1_000, vat: 100 });
  });

  it('has every UK day of the last 30, zeros included, summing the day’s sales', async () => {
    const { days, as_of } = await charts();
    expect(as_of).toBe('2031-03-31');
    expect(days).toHaveLength(30);
    expect(days[0]!.date).toBe('2031-03-02');
    expect(days.at(-1)!.date).toBe('2031-03-31');
    for (const [index, day] of days.entries()) {
      const expected = new Date(Date.UTC(2031, 2, 2 + index)).toISOString().slice(0, 10);
      expect(day.date).toBe(expected);
      const sales = counted.filter(([date]) => date === day.date);
      expect(day).toEqual({
        date: expected,
        orders: sales.length,
        net_pence: sales.reduce((sum, [, net]) => sum + net, 0),
        vat_pence: sales.reduce((sum, [, , vat]) => sum + vat, 0),
      });
    }
    expect(days.find((day) => day.date === '2031-03-30')).toEqual({
      date: '2031-03-30',
      orders: 1,
      net_pence: 20_000,
      vat_pence: 4_000,
    });
    expect(days.find((day) => day.date === '2031-03-15')).toEqual({
      date: '2031-03-15',
      orders: 0,
      net_pence: 0,
      vat_pence: 0,
    });
  });

  it('has every UK month of the last 12, zeros included, summing the month’s sales', async () => {
    const { months } = await charts();
    expect(months.map((month) => month.month)).toEqual([
      '2030-04',
      '2030-05',
      '2030-06',
      '2030-07',
      '2030-08',
      '2030-09',
      '2030-10',
      '2030-11',
      '2030-12',
      '2031-01',
      '2031-02',
      '2031-03',
    ]);
    for (const month of months) {
      const sales = counted.filter(([date]) => date.startsWith(month.month));
      expect(month).toEqual({
        month: month.month,
        orders: sales.length,
        net_pence: sales.reduce((sum, [, net]) => sum + net, 0),
        vat_pence: sales.reduce((sum, [, , vat]) => sum + vat, 0),
      });
    }
    expect(months.find((month) => month.month === '2030-10')).toMatchObject({ orders: 3, vat_pence: 1_200 });
    expect(months.find((month) => month.month === '2030-09')).toMatchObject({ orders: 0, net_pence: 0 });
    const total = counted.reduce((sum, [, net]) => sum + net, 0);
    expect(months.reduce((sum, month) => sum + month.net_pence, 0)).toBe(total);
  });

  it('counts on-account sales in today’s and this month’s figures too', async () => {
    const figures = await createDashboardService(ctx.database.db).read(NOW);
    // Today: the card order at 00:30 BST (the test orders counted apart).
    expect(figures.today).toMatchObject({ orders: 1, net_pence: 10_000, vat_pence: 2_000, test_orders: 2 });
    const march = counted.filter(([date]) => date.startsWith('2031-03'));
    expect(figures.this_month).toMatchObject({
      orders: march.length,
      net_pence: march.reduce((sum, [, net]) => sum + net, 0),
      vat_pence: march.reduce((sum, [, , vat]) => sum + vat, 0),
    });
  });
});

describe('the dashboard’s aged debt and most overdue companies', () => {
  beforeAll(async () => {
    const db = ctx.database.db;
    const staff = await staffMember(ctx, 'staff', 'chart-clerk');
    const company = async (name: string, onHold = false) => {
      const made = await approvedCompany(ctx, name);
      if (onHold) {
        await db.update(companies).set({ onHold: true, holdSetBy: 'staff' }).where(eq(companies.id, made.id));
      }
      return made.id;
    };
    // Invoices made long before the charts' months, so only their debts count here.
    const invoice = (companyId: number, total: number, dueOn: string | null, at = '2029-06-01T10:00:00Z') =>
      place({ at, total, vat: Math.round(total / 6), companyId, dueOn });
    const pay = async (companyId: number, amount: number, to: [number, number][], reversed = false) => {
      const [payment] = await db
        .insert(paymentsReceived)
        .values({ companyId, amountPence: amount, receivedOn: '2031-03-01', method: 'bank_transfer' })
        .returning({ id: paymentsReceived.id });
      for (const [orderId, amountPence] of to) {
        await db.insert(paymentAllocations).values({ paymentId: payment!.id, orderId, amountPence });
      }
      if (reversed) {
        await db.insert(paymentsReceived).values({
          companyId,
          amountPence: amount,
          receivedOn: '2031-03-05',
          method: 'bank_transfer',
          reversesId: payment!.id,
          reason: 'Bounced',
          recordedBy: staff.userId,
        });
      }
    };
    const credit = (orderId: number, amount: number, status = 'succeeded') =>
      db.insert(refunds).values({ orderId, amountPence: amount, status, issuedAt: new Date('2031-03-01') });

    // Every bucket's edges, as of 31 March 2031.
    const a = await company('Aged Alpha');
    await invoice(a, 1_000, '2031-04-10'); // current
    await invoice(a, 2_000, '2031-03-31'); // due today: current
    await invoice(a, 3_000, '2031-03-30'); // 1 day
    await invoice(a, 4_000, '2031-03-01'); // 30 days
    await invoice(a, 5_000, '2031-02-28'); // 31 days
    const b = await company('Aged Bravo', true);
    await invoice(b, 6_000, '2031-01-30'); // 60 days
    await invoice(b, 7_000, '2031-01-29'); // 61 days
    await invoice(b, 8_000, '2030-12-31'); // 90 days
    const overNinety = await invoice(b, 9_000, '2030-12-30'); // 91 days
    // No due day: due the UK day it was made, 23:30 BST on 31 March 2030 (365 days).
    await invoice(b, 500, null, '2030-03-31T22:30:00Z');
    // Part paid, credited, a reversed payment and a failed refund that count for nothing.
    await pay(b, 2_500, [[overNinety, 2_500]]);
    await credit(overNinety, 1_000);
    await credit(overNinety, 4_000, 'failed');
    await pay(b, 5_000, [[overNinety, 5_000]], true);
    // Paid in full, and over-paid: nothing open.
    const c = await company('Aged Charlie');
    const paid = await invoice(c, 10_000, '2031-01-01');
    await pay(c, 12_000, [[paid, 10_000]]);
    const credited = await invoice(c, 3_000, '2030-06-01');
    await credit(credited, 3_000);
    // A credit note on a paid invoice, its credit set against a later invoice: 4,000 − 1,500 is open.
    const d = await company('Aged Delta');
    const settled = await invoice(d, 2_000, '2031-01-01');
    await pay(d, 2_000, [[settled, 2_000]]);
    const [note] = await db
      .insert(refunds)
      .values({ orderId: settled, amountPence: 1_500, status: 'succeeded', issuedAt: new Date('2031-03-02') })
      .returning({ id: refunds.id });
    const later = await invoice(d, 4_000, '2031-03-20');
    await db.insert(creditAllocations).values({ refundId: note!.id, orderId: later, amountPence: 1_500 });
    // Small debts of many companies, to rank.
    for (let i = 0; i < 11; i++) {
      const id = await company(`Aged Small ${i}`);
      await invoice(id, 100 + i * 10, '2031-03-20');
    }
  });

  it('totals every company’s open invoices by bucket, as the domain ages each ledger', async () => {
    const db = ctx.database.db;
    const { aged, as_of } = await charts();
    const all = await db.select({ id: companies.id }).from(companies);
    const expected = Object.fromEntries(AGED_BUCKETS.map((bucket) => [bucket, 0]));
    for (const { id } of all) {
      const debt = agedDebt(invoiceStates(await selectLedger(db, id)), as_of);
      for (const bucket of AGED_BUCKETS) expected[bucket]! += debt[bucket];
    }
    expect(aged).toEqual(expected);
    // The edges: current 1,000 + 2,000 (and the revenue charts' invoices, not yet due); 1-30 3,000 + 4,000
    // + 2,500 + the small debts; 31-60 5,000 + 6,000; 61-90 7,000 + 8,000; over 90 9,000 − 2,500 − 1,000, and 500.
    const smalls = Array.from({ length: 11 }, (_, i) => 100 + i * 10).reduce((s, v) => s + v, 0);
    expect(aged.current).toBeGreaterThanOrEqual(3_000);
    expect(aged).toMatchObject({
      '1_30': 7_000 + 2_500 + smalls,
      '31_60': 11_000,
      '61_90': 15_000,
      over_90: 6_000,
    });
  });

  it('names the ten companies with most past due, most first', async () => {
    const db = ctx.database.db;
    const { most_overdue, as_of } = await charts();
    const all = await db
      .select({ id: companies.id, name: companies.tradingName, onHold: companies.onHold })
      .from(companies);
    const ranked = [];
    for (const company of all) {
      const position = accountPosition(await selectLedger(db, company.id), as_of);
      if (position.overduePence > 0) {
        ranked.push({
          id: company.id,
          trading_name: company.name,
          account_number: `TA-${String(company.id).padStart(6, '0')}`,
          overdue_pence: position.overduePence,
          oldest_days_past_due: position.mostDaysOverdue,
          on_hold: company.onHold,
        });
      }
    }
    ranked.sort(
      (x, y) =>
        y.overdue_pence - x.overdue_pence || y.oldest_days_past_due - x.oldest_days_past_due || x.id - y.id,
    );
    expect(most_overdue).toEqual(ranked.slice(0, 10));
    expect(most_overdue).toHaveLength(10);
    expect(most_overdue[0]).toMatchObject({
      trading_name: 'Aged Bravo',
      overdue_pence: 6_000 + 7_000 + 8_000 + 5_500 + 500,
      oldest_days_past_due: 365,
      on_hold: true,
    });
    expect(most_overdue[1]).toMatchObject({ trading_name: 'Aged Alpha', overdue_pence: 12_000 });
    expect(most_overdue.map((company) => company.trading_name)).not.toContain('Aged Charlie');
    // The smallest of the eleven small debtors is left out.
    expect(most_overdue.map((company) => company.trading_name)).not.toContain('Aged Small 0');
  });

  it('reads everything in one statement', async () => {
    const counter = countingDb(ctx.database);
    const figures = await createDashboardService(counter.db).charts(NOW);
    expect(counter.count()).toBe(1);
    expect(figures.days).toHaveLength(30);
  });
});

describe('GET /api/administration/dashboard/charts/', () => {
  it('answers staff, and visitors 401 and customers 403', async () => {
    await expectStaffOnly(ctx, 'GET', 'dashboard/charts/');
    const staff = await staffMember(ctx, 'staff', 'chart-reader');
    const res = await staff.admin('GET', 'dashboard/charts/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json<DashboardCharts>();
    expect(body.time_zone).toBe('Europe/London');
    expect(body.days).toHaveLength(30);
    expect(body.months).toHaveLength(12);
    expect(body.days.at(-1)!.date).toBe(body.as_of);
    expect(body.months.at(-1)!.month).toBe(body.as_of.slice(0, 7));
    expect(Object.keys(body.aged)).toEqual([...AGED_BUCKETS]);
  });
});
