import type { Route } from './+types/dashboard';
import { LoadingState } from '~/components/ui/loading-state';
import { AdminPage } from '~/features/admin/components/admin-page';
import { getDashboard } from '~/features/admin/dashboard/api';
import { DashboardFigures } from '~/features/admin/dashboard/components/dashboard-figures';
import { isAbortError } from '~/lib/api-client';

// The back office loads in the browser with the stored token (DESIGN §2); the layout has checked the role.
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  try {
    return { state: 'loaded' as const, dashboard: await getDashboard(request.signal) };
  } catch (error) {
    if (isAbortError(error)) throw error;
    return { state: 'failed' as const, message: error instanceof Error ? error.message : 'Error' };
  }
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingState title="Dashboard" label="Loading the dashboard…" />;
}

/** /admin: today's and this month's trade, and what is waiting for staff. */
export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage title="Dashboard">
      {loaderData.state === 'loaded' ? (
        <DashboardFigures dashboard={loaderData.dashboard} />
      ) : (
        <p role="alert">The dashboard could not be loaded: {loaderData.message}</p>
      )}
    </AdminPage>
  );
}
