import { z } from 'zod';

const count = z.number().int();

/**
 * Paid, uncancelled orders placed in a UK day or month (docs/back-office-dashboard.md). Orders paid through
 * the test processor moved no money: they are only counted in `test_orders`.
 */
export const DashboardPeriodSchema = z.object({
  /** The period's first instant (UK midnight), ISO 8601 in UTC. */
  from: z.string(),
  /** The instant after the period. */
  to: z.string(),
  orders: count,
  /** The orders' totals less VAT: goods after discounts, plus delivery. */
  net_pence: count,
  vat_pence: count,
  total_pence: count,
  /** Refunded so far of these orders (not taken off the figures above). */
  refunded_pence: count,
  /** Paid, uncancelled orders of the period paid through the test processor, left out of the figures above. */
  test_orders: count,
});
export type DashboardPeriod = z.infer<typeof DashboardPeriodSchema>;

export const DashboardLowStockItemSchema = z.object({
  id: count,
  sku: z.string(),
  title: z.string(),
  stock: count,
  low_stock_threshold: count,
});
export type DashboardLowStockItem = z.infer<typeof DashboardLowStockItemSchema>;

/** GET administration/dashboard/. */
export const DashboardSchema = z.object({
  generated_at: z.string(),
  time_zone: z.literal('Europe/London'),
  today: DashboardPeriodSchema,
  this_month: DashboardPeriodSchema,
  waiting_to_ship: z.object({ pending: count, processing: count, total: count }),
  /** Tracked items at or under their low-stock threshold, and the five furthest under it. */
  low_stock: z.object({ count, items: z.array(DashboardLowStockItemSchema) }),
  /** Contact queries nobody has marked handled. */
  unanswered_messages: count,
});
export type Dashboard = z.infer<typeof DashboardSchema>;
