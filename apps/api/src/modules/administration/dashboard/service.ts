import type { Dashboard } from '@shop/domain';
import type { Db } from '../../../db/client';
import { selectDashboard, SHOP_TIME_ZONE } from './queries';

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
        waiting_to_ship: { ...row.waiting, total: row.waiting.pending + row.waiting.processing },
        low_stock: { count: row.low_stock.count, items: row.low_stock.items ?? [] },
        unanswered_messages: row.unanswered_messages,
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
