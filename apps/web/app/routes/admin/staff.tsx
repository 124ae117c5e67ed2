import type { StaffMemberView } from '@shop/domain';
import { Link, useLocation, useRevalidator } from 'react-router';
import type { Route } from './+types/staff';
import { useStaffMe } from './layout';
import { FormOutcome } from '~/features/admin/components/admin-field';
import { AdminPage } from '~/features/admin/components/admin-page';
import { AdminTable, type Column } from '~/features/admin/components/admin-table';
import { failureOf } from '~/features/admin/components/use-form-submit';
import { getStaff } from '~/features/admin/staff/api/staff';
import { RoleByEmailForm } from '~/features/admin/staff/components/role-by-email-form';
import { RoleForm } from '~/features/admin/staff/components/role-form';
import { isAbortError } from '~/lib/api-client';
import { requireAccessToken } from '~/lib/guards';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireAccessToken(request);
  const page = Number(new URL(request.url).searchParams.get('page') ?? '1') || 1;
  try {
    return { state: 'loaded' as const, page: await getStaff(page, request.signal) };
  } catch (error) {
    if (isAbortError(error)) throw error;
    return { state: 'failed' as const, message: failureOf(error).message };
  }
}

/** /admin/staff (owners): who runs the shop, and their roles. */
export default function AdminStaff({ loaderData }: Route.ComponentProps) {
  const me = useStaffMe();
  const { revalidate } = useRevalidator();
  const reload = () => void revalidate();
  const params = new URLSearchParams(useLocation().search);
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
          page={loaderData.page}
          rowKey={(row) => row.id}
          ordering=""
          pageNumber={Number(params.get('page') ?? '1') || 1}
          empty="Nobody has a back-office role yet."
        />
      ) : (
        <FormOutcome error={`The staff could not be loaded: ${loaderData.message}`} />
      )}
      <section className="admin-panel">
        <RoleByEmailForm onChanged={reload} />
      </section>
    </AdminPage>
  );
}
