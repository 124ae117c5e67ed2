import type { Dashboard, DashboardCharts } from '@shop/domain';
import { adminRequest } from '../api';

/** The dashboard's figures: today's and this month's trade (UK time) and what needs doing. */
export function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return adminRequest<Dashboard>('dashboard/', { signal });
}

/** The charts' figures: sales invoiced by day and month, aged debt, the companies most overdue. */
export function getDashboardCharts(signal?: AbortSignal): Promise<DashboardCharts> {
  return adminRequest<DashboardCharts>('dashboard/charts/', { signal });
}
