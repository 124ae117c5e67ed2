import type { DashboardLowStockItem, DashboardPeriod } from '@shop/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { rowsOf } from '../../../db/rows-of';
import { contactQueries, items, orders } from '../../../db/schema';

/** The shop's days and months (UK time: GMT in winter, BST in summer). */
export const SHOP_TIME_ZONE = 'Europe/London' as const;
/** How many of the items furthest under their low-stock threshold the dashboard names. */
export const LOW_STOCK_SHOWN = 5;

export interface DashboardRow {
  today: DashboardPeriod;
  this_month: DashboardPeriod;
  waiting: { pending: number; processing: number };
  low_stock: { count: number; items: DashboardLowStockItem[] | null };
  unanswered_messages: number;
}

/**
 * Paid orders of [from, to): count, net (total less VAT: goods after discounts, plus delivery), VAT, total,
 * and what has been refunded of them. Paid means the payment was taken (COMPLETED, or REFUND: paid, then
 * refunded in full); cancelled orders are left out, their money having gone back. Orders paid through the
 * test processor took no money: only their number is given, apart.
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
    and o.payment_status in ('COMPLETED', 'REFUND') and o.status <> 'cancelled')`;

/**
 * Every figure of the dashboard in one statement: today's and this month's paid orders (UK days and months
 * around `now`), orders waiting to ship, tracked items at or under their low-stock threshold (the
 * items_low_stock_idx index serves both the count and the five shortest) and unanswered messages.
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
        (date_trunc('month', ${local}) + interval '1 month') at time zone ${zone} as month_end
    )
    select json_build_object(
      'today', ${period('bounds.day_start', 'bounds.day_end')},
      'this_month', ${period('bounds.month_start', 'bounds.month_end')},
      'waiting', (
        select json_build_object(
          'pending', count(*) filter (where ${orders.status} = 'pending'),
          'processing', count(*) filter (where ${orders.status} = 'processing'))
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
      'unanswered_messages', (select count(*) from ${contactQueries} where ${contactQueries.handledAt} is null)
    ) as dashboard
    from bounds`);
  const value = rowsOf<{ dashboard: DashboardRow | string }>(result)[0]!.dashboard;
  return typeof value === 'string' ? (JSON.parse(value) as DashboardRow) : value;
}
