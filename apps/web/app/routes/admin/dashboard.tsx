import type { Route } from './+types/dashboard';
import { AdminLoading, adminLoad, LoadFailed, LoadFailure } from '~/features/admin/components/admin-load';
import { AdminPage } from '~/features/admin/components/admin-page';
import { getDashboard, getDashboardCharts } from '~/features/admin/dashboard/api';
import { DashboardCharts } from '~/features/admin/dashboard/components/dashboard-charts';
import { DashboardFigures } from '~/features/admin/dashboard/components/dashboard-figures';
import { DashboardWarnings } from '~/features/admin/dashboard/components/dashboard-warnings';

// The back office loads in the browser with the stored token (DESIGN §2); the layout has checked the role.
// The figures and the charts are read side by side; charts that fail leave the figures shown.
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const [figures, charts] = await Promise.all([
    adminLoad(request, () => getDashboard(request.signal)),
    adminLoad(request, () => getDashboardCharts(request.signal)),
  ]);
  return { figures, charts };
}
clientLoader.hydrate = true as const;

export const HydrateFallback = AdminLoading;

/**
 * /admin: today's and this month's trade, what is waiting for staff, and the charts. Chart.js is
 * fetched by the charts once they mount in the browser, so it is never part of a storefront page.
 */
export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { figures, charts } = loaderData;
  if (figures.state === 'failed') {
    return <LoadFailed title="Dashboard" what="dashboard" failure={figures} />;
  }
  return (
    <AdminPage title="Dashboard">
      <DashboardWarnings warnings={figures.data.warnings} />
      <DashboardFigures dashboard={figures.data} />
      {charts.state === 'failed' ? (
        <LoadFailure what="charts" failure={charts} />
      ) : (
        <DashboardCharts charts={charts.data} />
      )}
    </AdminPage>
  );
}
