import type { StaffMemberView } from '@shop/domain';
import { Link, useRevalidator } from 'react-router';
import type { Route } from './+types/staff';
import { useStaffMe } from './layout';
import { AdminLoading, adminLoad, LoadFailure } from '~/features/admin/components/admin-load';
import { AdminPage } from '~/features/admin/components/admin-page';
import { AdminTable, type Column } from '~/features/admin/components/admin-table';
import { listParams } from '~/features/admin/components/list-params';
import { getStaff } from '~/features/admin/staff/api/staff';
import { RoleByEmailForm } from '~/features/admin/staff/components/role-by-email-form';
import { RoleForm } from '~/features/admin/staff/components/role-form';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminLoad(request, () => getStaff(listParams(request).page, request.signal));
}
clientLoader.hydrate = true as const;

export const HydrateFallback = AdminLoading;

/** /admin/staff (owners): who runs the shop, and their roles. */
export default function AdminStaff({ loaderData }: Route.ComponentProps) {
  const me = useStaffMe();
  const { revalidate } = useRevalidator();
  const reload = () => void revalidate();
  if (me && me.role !== 'owner') {
    return (
      <AdminPage title="Staff">
        <p>Only an owner can manage staff.</p>
      </AdminPage>
    );
  }
  const columns: Column<StaffMemberView>[] = [
    {
      label: 'Name',
      cell: (row) => <Link to={`/admin/customers/${row.id}`}>{`${row.first_name} ${row.last_name}`}</Link>,
    },
    { label: 'E-mail', cell: (row) => row.email },
    {
      label: 'Account',
      cell: (row) => <span className="admin-badge">{row.is_active ? 'Active' : 'Deactivated'}</span>,
    },
    { label: 'Role', cell: (row) => <RoleForm user={row} idPrefix={`staff-${row.id}`} onChanged={reload} /> },
  ];
  return (
    <AdminPage title="Staff">
      <p>
        Owners manage staff and read the audit log; staff run everything else. A change applies to the
        person’s next request. To give a customer a role, enter their e-mail below or open them from{' '}
        <Link to="/admin/customers">Customers</Link>.
      </p>
      {loaderData.state === 'loaded' ? (
        <AdminTable
          caption="Staff and owners"
          columns={columns}
          page={loaderData.data}
          rowKey={(row) => row.id}
          empty="Nobody has a back-office role yet."
        />
      ) : (
        <LoadFailure what="staff" failure={loaderData} />
      )}
      <section className="admin-panel">
        <RoleByEmailForm onChanged={reload} />
      </section>
    </AdminPage>
  );
}
