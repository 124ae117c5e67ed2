import {
  bankDetailsMissingWarning,
  companyAccountNumber,
  type Dashboard,
  type DashboardCharts,
} from '@shop/domain';
import type { Db } from '../../../db/client';
import { selectDashboard, selectDashboardCharts, SHOP_TIME_ZONE } from './queries';

const iso = (value: string) => new Date(value).toISOString();

export function createDashboardService(db: Db) {
  return {
    /** The dashboard's figures as they are at `now` (one statement). */
    async read(now: Date = new Date()): Promise<Dashboard> {
      const row = await selectDashboard(db, now);
      return {
        generated_at: now.toISOString(),
        time_zone: SHOP_TIME_ZONE,
        // The database writes timestamps in its session's zone; the API answers them in UTC.
        today: { ...row.today, from: iso(row.today.from), to: iso(row.today.to) },
        this_month: { ...row.this_month, from: iso(row.this_month.from), to: iso(row.this_month.to) },
        waiting_to_ship: {
          pending: row.waiting.pending,
          processing: row.waiting.processing,
          total: row.waiting.pending + row.waiting.processing,
        },
        due_out_today: { total: row.waiting.due, overdue: row.waiting.overdue },
        low_stock: { count: row.low_stock.count, items: row.low_stock.items ?? [] },
        unanswered_messages: row.unanswered_messages,
        trade_applications: row.trade_applications,
        quotes_to_price: row.quotes_to_price,
        warnings:
          Number(row.credit_without_bank) > 0
            ? [bankDetailsMissingWarning(Number(row.credit_without_bank))]
            : [],
      };
    },

    /** The charts' figures as they are at `now`: revenue by day and month, aged debt, most overdue (one statement). */
    async charts(now: Date = new Date()): Promise<DashboardCharts> {
      const row = await selectDashboardCharts(db, now);
      const point = <T extends { net_pence: number; vat_pence: number; orders: number }>(p: T): T => ({
        ...p,
        // Sums come back as numeric; the pence and counts are whole numbers.
        net_pence: Number(p.net_pence),
        vat_pence: Number(p.vat_pence),
        orders: Number(p.orders),
      });
      return {
        generated_at: now.toISOString(),
        time_zone: SHOP_TIME_ZONE,
        as_of: row.as_of,
        days: row.days.map(point),
        months: row.months.map(point),
        aged: {
          current: Number(row.aged.current),
          '1_30': Number(row.aged['1_30']),
          '31_60': Number(row.aged['31_60']),
          '61_90': Number(row.aged['61_90']),
          over_90: Number(row.aged.over_90),
        },
        most_overdue: row.most_overdue.map((company) => ({
          id: company.id,
          trading_name: company.trading_name,
          account_number: companyAccountNumber(company.id),
          overdue_pence: Number(company.overdue_pence),
          oldest_days_past_due: Number(company.oldest_days_past_due),
          on_hold: company.on_hold,
        })),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
