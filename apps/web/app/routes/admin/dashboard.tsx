import type { Route } from './+types/dashboard';
import { AdminLoading, adminLoad, LoadFailed } from '~/features/admin/components/admin-load';
import { AdminPage } from '~/features/admin/components/admin-page';
import { getDashboard } from '~/features/admin/dashboard/api';
import { DashboardFigures } from '~/features/admin/dashboard/components/dashboard-figures';

// The back office loads in the browser with the stored token (DESIGN §2); the layout has checked the role.
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminLoad(request, () => getDashboard(request.signal));
}
clientLoader.hydrate = true as const;

export const HydrateFallback = AdminLoading;

/** /admin: today's and this month's trade, and what is waiting for staff. */
export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  if (loaderData.state === 'failed') {
    return <LoadFailed title="Dashboard" what="dashboard" failure={loaderData} />;
  }
  return (
    <AdminPage title="Dashboard">
      <DashboardFigures dashboard={loaderData.data} />
    </AdminPage>
  );
}
