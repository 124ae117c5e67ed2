import { Outlet, useNavigate, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/layout';
import { logout } from '~/features/account/api/logout';
import { getStaffMe, type StaffMe } from '~/features/admin/api';
import { AdminLoading, adminLoad, LoadFailed } from '~/features/admin/components/admin-load';
import { type AdminSection, AdminShell } from '~/features/admin/components/admin-shell';
import { ADMIN_LAYOUT_ROUTE } from '~/lib/back-office';
import { RouteErrorPage } from '~/lib/route-error';
import { pageMeta } from '~/lib/seo';
import '~/styles/admin.css';

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: 'Back office', description: 'PackRight Supplies back office.', noIndex: true });

/** The back office's sections; owners also manage staff and read the audit log. */
const SECTIONS: (AdminSection & { owner?: true })[] = [
  { to: '/admin', label: 'Dashboard' },
  { to: '/admin/orders', label: 'Orders' },
  { to: '/admin/quotes', label: 'Quotes' },
  { to: '/admin/products', label: 'Products' },
  { to: '/admin/categories', label: 'Categories' },
  { to: '/admin/stock', label: 'Stock' },
  { to: '/admin/import', label: 'Import and export' },
  { to: '/admin/customers', label: 'Customers' },
  { to: '/admin/companies', label: 'Trade accounts' },
  { to: '/admin/vat-return', label: 'VAT and exports' },
  { to: '/admin/messages', label: 'Messages' },
  { to: '/admin/newsletter', label: 'Newsletter' },
  { to: '/admin/settings', label: 'Settings' },
  { to: '/admin/staff', label: 'Staff', owner: true },
  { to: '/admin/audit', label: 'Audit log', owner: true },
];

// The back office loads in the browser, with the stored token, like the account pages (DESIGN §2); the
// server checks the role on every call, this only decides what to show (a customer's token answers 403).
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const loaded = await adminLoad(request, () => getStaffMe(request.signal));
  return loaded.state === 'loaded' ? { state: 'staff' as const, me: loaded.data } : loaded;
}
clientLoader.hydrate = true as const;

/** The frame at once, the screen when the browser has read who is signed in. */
export function HydrateFallback() {
  return (
    <AdminShell me={null}>
      <AdminLoading />
    </AdminShell>
  );
}

/** A screen's error (a render that failed, a chunk that did not load), inside the back office's frame. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminShell me={null}>
      <RouteErrorPage error={error} />
    </AdminShell>
  );
}

/** The signed-in staff member, for screens that show owner-only actions. */
export function useStaffMe(): StaffMe | null {
  const data = useRouteLoaderData<typeof clientLoader>(ADMIN_LAYOUT_ROUTE);
  return data?.state === 'staff' ? data.me : null;
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  if (loaderData.state === 'failed') {
    return (
      <AdminShell me={null}>
        {loaderData.status === 403 ? (
          <div className="page">
            <h1 className="page__title">Back office</h1>
            <p>Your account does not have access to the back office.</p>
          </div>
        ) : (
          <LoadFailed title="Back office" what="back office" failure={loaderData} />
        )}
      </AdminShell>
    );
  }
  const { me } = loaderData;
  // As the storefront's Logout: the server ends the session, this browser forgets it, and the shop opens.
  const signOut = async () => {
    await logout();
    await navigate('/', { replace: true });
  };
  return (
    <AdminShell
      me={me}
      sections={SECTIONS.filter((section) => !section.owner || me.role === 'owner')}
      onSignOut={() => void signOut()}
    >
      <Outlet />
    </AdminShell>
  );
}
