import {
  DASHBOARD_CHART_DAYS,
  DASHBOARD_CHART_MONTHS,
  DASHBOARD_OVERDUE_SHOWN,
  type AgedBucket,
  type DashboardLowStockItem,
  type DashboardPeriod,
} from '@shop/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { rowsOf } from '../../../db/rows-of';
import { companies, contactQueries, items, orders, quotes } from '../../../db/schema';
import { bankDetailsSet } from '../../documents/numbering';

/** The shop's days and months (UK time: GMT in winter, BST in summer). */
export const SHOP_TIME_ZONE = 'Europe/London' as const;
/** How many of the items furthest under their low-stock threshold the dashboard names. */
export const LOW_STOCK_SHOWN = 5;

export interface DashboardRow {
  today: DashboardPeriod;
  this_month: DashboardPeriod;
  waiting: { pending: number; processing: number; due: number; overdue: number };
  low_stock: { count: number; items: DashboardLowStockItem[] | null };
  unanswered_messages: number;
  trade_applications: number;
  quotes_to_price: number;
  /** Approved companies with credit while the shop has no bank details set (0 once they are set). */
  credit_without_bank: number;
}

/**
 * SQL: an order is a sale invoiced: its card payment was taken (COMPLETED, or REFUND: paid, then refunded in
 * full), or it was placed on account (ON_ACCOUNT, or COMPLETED once paid), and it was not
 * cancelled (a cancelled order's money went back). The dashboard's periods and its charts count these alike
 * (the charts write it `payment_status <> 'PENDING'`, the same set, as orders_sales_idx's predicate).
 */
const invoicedSale = (o: string) =>
  sql.raw(`${o}.payment_status in ('COMPLETED', 'REFUND', 'ON_ACCOUNT') and ${o}.status <> 'cancelled'`);

/**
 * Sales invoiced of [from, to): count, net (total less VAT: goods after discounts, plus delivery), VAT,
 * total, and what has been refunded of them. Orders paid through the test processor took no money: only their
 * number is given, apart.
 */
const period = (from: string, to: string) => sql`(
  select json_build_object(
    'from', ${sql.raw(from)}, 'to', ${sql.raw(to)},
    'orders', count(*) filter (where not o.is_test),
    'net_pence', coalesce(sum(o.total_pence - o.vat_pence) filter (where not o.is_test), 0),
    'vat_pence', coalesce(sum(o.vat_pence) filter (where not o.is_test), 0),
    'total_pence', coalesce(sum(o.total_pence) filter (where not o.is_test), 0),
    'refunded_pence', coalesce(sum(o.refunded_pence) filter (where not o.is_test), 0),
    'test_orders', count(*) filter (where o.is_test))
  from ${orders} o
  where o.created_at >= ${sql.raw(from)} and o.created_at < ${sql.raw(to)}
    and ${invoicedSale('o')})`;

/**
 * Every figure of the dashboard in one statement: today's and this month's paid orders (UK days and months
 * around `now`), orders waiting to ship and those of them due out today or overdue (UK days), tracked items at or under their low-stock threshold (the
 * items_low_stock_idx index serves both the count and the five shortest), unanswered messages, trade
 * applications to decide and requests for quote to price.
 */
export async function selectDashboard(db: Db, now: Date): Promise<DashboardRow> {
  const zone = sql`${SHOP_TIME_ZONE}::text`;
  const local = sql`(${now.toISOString()}::timestamptz at time zone ${zone})`;
  const shortfall = sql`(${items.stock} - ${items.lowStockThreshold})`;
  const result = await db.execute(sql`
    with bounds as (
      select
        date_trunc('day', ${local}) at time zone ${zone} as day_start,
        (date_trunc('day', ${local}) + interval '1 day') at time zone ${zone} as day_end,
        date_trunc('month', ${local}) at time zone ${zone} as month_start,
        (date_trunc('month', ${local}) + interval '1 month') at time zone ${zone} as month_end,
        ${local}::date as today
    )
    select json_build_object(
      'today', ${period('bounds.day_start', 'bounds.day_end')},
      'this_month', ${period('bounds.month_start', 'bounds.month_end')},
      'waiting', (
        select json_build_object(
          'pending', count(*) filter (where ${orders.status} = 'pending'),
          'processing', count(*) filter (where ${orders.status} = 'processing'),
          'due', count(*) filter (where ${orders.dispatchBy} <= bounds.today),
          'overdue', count(*) filter (where ${orders.dispatchBy} < bounds.today))
        from ${orders} where ${orders.status} in ('pending', 'processing')),
      'low_stock', json_build_object(
        'count', (select count(*) from ${items} where ${items.trackInventory} and ${shortfall} <= 0),
        'items', (
          select json_agg(json_build_object('id', s.id, 'sku', s.sku, 'title', s.title, 'stock', s.stock,
            'low_stock_threshold', s.low_stock_threshold) order by s.shortfall, s.id)
          from (
            select ${items.id} as id, ${items.sku} as sku, ${items.title} as title, ${items.stock} as stock,
              ${items.lowStockThreshold} as low_stock_threshold, ${shortfall} as shortfall
            from ${items} where ${items.trackInventory} and ${shortfall} <= 0
            order by ${shortfall}, ${items.id} limit ${LOW_STOCK_SHOWN}) s)),
      'unanswered_messages', (select count(*) from ${contactQueries} where ${contactQueries.handledAt} is null),
      -- companies_status_idx and quotes_status_idx lead with the status: each count reads its own entries.
      'trade_applications', (select count(*) from ${companies} where ${companies.status} = 'pending'),
      'quotes_to_price', (select count(*) from ${quotes} where ${quotes.status} = 'requested'),
      'credit_without_bank', (select count(*) from ${companies} where not ${bankDetailsSet()}
        and ${companies.status} = 'approved' and ${companies.creditLimitPence} > 0)
    ) as dashboard
    from bounds`);
  const value = rowsOf<{ dashboard: DashboardRow | string }>(result)[0]!.dashboard;
  return typeof value === 'string' ? (JSON.parse(value) as DashboardRow) : value;
}

export interface DashboardChartsRow {
  as_of: string;
  days: { date: string; net_pence: number; vat_pence: number; orders: number }[];
  months: { month: string; net_pence: number; vat_pence: number; orders: number }[];
  aged: Record<AgedBucket, number>;
  most_overdue: {
    id: number;
    trading_name: string;
    overdue_pence: number;
    oldest_days_past_due: number;
    on_hold: boolean;
  }[];
}

/**
 * The dashboard's charts in one statement (docs/back-office-dashboard.md):
 * - sales invoiced (not test orders) per UK day of the last 30 and per UK month of the last 12, every day and
 *   month present: the orders of the 12 months are read once through orders_created_idx, summed by UK day,
 *   and the days' sums summed again by month (the 30 days lie within the 12 months);
 * - every company's open on-account invoices, as the ledger defines them (receivables/ledger.ts and the
 *   domain's invoiceStates): open = total − what covers it (its succeeded credit notes, the allocations to it
 *   of payments received that are not reversed, credit notes' credit set against it less credit moved off its
 *   own notes: orders.covered_pence), never below zero; due on its due day (or the UK day it was made); aged
 *   by the UK days from then to today (the domain's bucketOf);
 * - the ten companies with most past due (then the oldest, then id).
 * Days are generated as UK calendar days (timestamps without a zone, so a clock change shifts nothing) and
 * each bound is turned into an instant in Europe/London.
 */
export function dashboardChartsStatement(now: Date): SQL {
  const zone = sql`${SHOP_TIME_ZONE}::text`;
  return sql`
    with bounds as (
      select today, today - ${sql.raw(String(DASHBOARD_CHART_DAYS - 1))} as first_day,
        date_trunc('month', today::timestamp) as this_month,
        date_trunc('month', today::timestamp) - interval '${sql.raw(String(DASHBOARD_CHART_MONTHS - 1))} months' as first_month
      from (select (${now.toISOString()}::timestamptz at time zone ${zone})::date as today) t
    ),
    sales as (
      select (o.created_at at time zone ${zone})::date as day, count(*) as orders,
        sum(o.total_pence - o.vat_pence) as net_pence, sum(o.vat_pence) as vat_pence
      from ${orders} o
      where o.created_at >= (select first_month at time zone ${zone} from bounds)
        and o.created_at < (select (this_month + interval '1 month') at time zone ${zone} from bounds)
        and o.payment_status <> 'PENDING' and o.status <> 'cancelled' and not o.is_test
      group by 1
    ),
    -- Only ON_ACCOUNT orders can be open: the ledger marks an invoice COMPLETED in the transaction that covers
    -- it, and ON_ACCOUNT again when a reversal reopens it (receivables/service.ts); REFUND means credited in
    -- full. Each one's open amount is its total less what covers it (orders.covered_pence, which the ledger's
    -- triggers keep: its credit notes, the live allocations of payments, credit set against it less credit
    -- moved off its notes). orders_account_due_idx holds these with every column read here, so they are read
    -- index-only: the order rows are wide, and the history's pages would not stay cached.
    open_invoices as materialized (
      select o.company_id, o.total_pence - o.covered_pence as open_pence,
        (select today from bounds)
          - coalesce(o.invoice_due_date, (o.created_at at time zone ${zone})::date) as past_due
      from ${orders} o
      where o.payment_method = 'account' and o.payment_status not in ('COMPLETED', 'REFUND')
        and o.payment_status = 'ON_ACCOUNT' and o.company_id is not null
        and o.total_pence - o.covered_pence > 0
    )
    select json_build_object(
      'as_of', (select to_char(today, 'YYYY-MM-DD') from bounds),
      'days', (
        select json_agg(json_build_object('date', to_char(d.day, 'YYYY-MM-DD'),
            'net_pence', coalesce(s.net_pence, 0), 'vat_pence', coalesce(s.vat_pence, 0),
            'orders', coalesce(s.orders, 0)) order by d.day)
        from (select g::date as day from bounds,
            generate_series(first_day::timestamp, today::timestamp, interval '1 day') g) d
          left join sales s on s.day = d.day),
      'months', (
        select json_agg(json_build_object('month', to_char(m.month, 'YYYY-MM'),
            'net_pence', coalesce(s.net_pence, 0), 'vat_pence', coalesce(s.vat_pence, 0),
            'orders', coalesce(s.orders, 0)) order by m.month)
        from (select g::date as month from bounds,
            generate_series(first_month, this_month, interval '1 month') g) m
          left join (select date_trunc('month', day)::date as month, sum(orders) as orders,
              sum(net_pence) as net_pence, sum(vat_pence) as vat_pence
            from sales group by 1) s on s.month = m.month),
      'aged', (
        select json_build_object(
          'current', coalesce(sum(open_pence) filter (where past_due <= 0), 0),
          '1_30', coalesce(sum(open_pence) filter (where past_due between 1 and 30), 0),
          '31_60', coalesce(sum(open_pence) filter (where past_due between 31 and 60), 0),
          '61_90', coalesce(sum(open_pence) filter (where past_due between 61 and 90), 0),
          'over_90', coalesce(sum(open_pence) filter (where past_due > 90), 0))
        from open_invoices),
      'most_overdue', (
        select coalesce(json_agg(json_build_object('id', c.id, 'trading_name', c.trading_name,
            'overdue_pence', x.overdue_pence, 'oldest_days_past_due', x.oldest_days_past_due,
            'on_hold', c.on_hold) order by x.overdue_pence desc, x.oldest_days_past_due desc, c.id), '[]'::json)
        from (
          select company_id, sum(open_pence) filter (where past_due > 0) as overdue_pence,
            max(past_due) as oldest_days_past_due
          from open_invoices group by company_id
          having sum(open_pence) filter (where past_due > 0) > 0
          order by overdue_pence desc, oldest_days_past_due desc, company_id
          limit ${DASHBOARD_OVERDUE_SHOWN}) x
          join ${companies} c on c.id = x.company_id)
    ) as charts`;
}

/** The charts' figures at `now` (dashboardChartsStatement). */
export async function selectDashboardCharts(db: Db, now: Date): Promise<DashboardChartsRow> {
  const result = await db.execute(dashboardChartsStatement(now));
  const value = rowsOf<{ charts: DashboardChartsRow | string }>(result)[0]!.charts;
  return typeof value === 'string' ? (JSON.parse(value) as DashboardChartsRow) : value;
}
