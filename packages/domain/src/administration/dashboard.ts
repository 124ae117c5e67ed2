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

/** A warning on the dashboard: what is wrong, in words, and the back-office page that puts it right. */
export const DashboardWarningSchema = z.object({
  kind: z.literal('bank_details_missing'),
  message: z.string(),
  /** The back-office path, e.g. /admin/settings. */
  href: z.string(),
});
export type DashboardWarning = z.infer<typeof DashboardWarningSchema>;

/** The dashboard's warning while approved companies have credit and no bank details are set. */
export function bankDetailsMissingWarning(companies: number): DashboardWarning {
  const who = companies === 1 ? '1 company has' : `${companies} companies have`;
  return {
    kind: 'bank_details_missing',
    message: `${who} credit on account, but no bank details are set: their invoices and statements tell them to ask our accounts team how to pay.`,
    href: '/admin/settings',
  };
}

/** GET administration/dashboard/. */
export const DashboardSchema = z.object({
  generated_at: z.string(),
  time_zone: z.literal('Europe/London'),
  today: DashboardPeriodSchema,
  this_month: DashboardPeriodSchema,
  waiting_to_ship: z.object({ pending: count, processing: count, total: count }),
  /**
   * Orders waiting to ship (pending or processing) whose dispatch-by day is today or has passed (UK days):
   * `total` of them, `overdue` of those past it. Orders from before the delivery promise have no such day.
   */
  due_out_today: z.object({ total: count, overdue: count }),
  /** Tracked items at or under their low-stock threshold, and the five furthest under it. */
  low_stock: z.object({ count, items: z.array(DashboardLowStockItemSchema) }),
  /** Contact queries nobody has marked handled. */
  unanswered_messages: count,
  /** Trade account applications waiting for a decision (pending). */
  trade_applications: count,
  /** Requests for quote not yet priced (requested: no version sent). */
  quotes_to_price: count,
  /** What needs putting right: companies given credit while no bank details are set. */
  warnings: z.array(DashboardWarningSchema),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

/**
 * One UK day's or month's sales invoiced: paid card orders and on-account orders, not test orders,
 * not cancelled ones (docs/back-office-dashboard.md). Every day or month of the range is present, zeros too.
 */
export const RevenuePointSchema = z.object({
  net_pence: count,
  vat_pence: count,
  orders: count,
});
export const RevenueDaySchema = RevenuePointSchema.extend({
  /** The UK calendar day, YYYY-MM-DD. */
  date: z.string(),
});
export type RevenueDay = z.infer<typeof RevenueDaySchema>;
export const RevenueMonthSchema = RevenuePointSchema.extend({
  /** The UK calendar month, YYYY-MM. */
  month: z.string(),
});
export type RevenueMonth = z.infer<typeof RevenueMonthSchema>;

/** The open on-account invoices of every company by days past due (the receivables' AGED_BUCKETS). */
export const DashboardAgedSchema = z.object({
  current: count,
  '1_30': count,
  '31_60': count,
  '61_90': count,
  over_90: count,
});

/** A company with invoices past due, as the dashboard lists the ten most overdue. */
export const OverdueCompanySchema = z.object({
  id: count,
  trading_name: z.string(),
  /** TA-000042. */
  account_number: z.string(),
  /** The open amounts of its invoices past due. */
  overdue_pence: count,
  /** Days past due of its oldest open invoice. */
  oldest_days_past_due: count,
  on_hold: z.boolean(),
});
export type OverdueCompany = z.infer<typeof OverdueCompanySchema>;

/** How many days and months the charts show, and how many overdue companies are named. */
export const DASHBOARD_CHART_DAYS = 30;
export const DASHBOARD_CHART_MONTHS = 12;
export const DASHBOARD_OVERDUE_SHOWN = 10;

/** GET administration/dashboard/charts/. */
export const DashboardChartsSchema = z.object({
  generated_at: z.string(),
  time_zone: z.literal('Europe/London'),
  /** The UK day the figures are as of (YYYY-MM-DD): the last day charted, and the day debts are aged on. */
  as_of: z.string(),
  /** The last 30 UK days, oldest first, today last. */
  days: z.array(RevenueDaySchema),
  /** The last 12 UK months, oldest first, this month last. */
  months: z.array(RevenueMonthSchema),
  /** The aged-debt total of every company, by bucket. */
  aged: DashboardAgedSchema,
  /** The ten companies with most past due, most first. */
  most_overdue: z.array(OverdueCompanySchema),
});
export type DashboardCharts = z.infer<typeof DashboardChartsSchema>;
