import { ukDate } from '@shop/domain';
import type { CustomerSummary } from '@shop/domain';
import { Link, useLocation } from 'react-router';
import type { Route } from './+types/customers';
import { AdminLoading, adminLoad, LoadFailure } from '~/features/admin/components/admin-load';
import { AdminPage } from '~/features/admin/components/admin-page';
import { AdminTable, type Column } from '~/features/admin/components/admin-table';
import { DEFAULT_CUSTOMER_ORDERING, getCustomers } from '~/features/admin/customers/api/customers';
import { CustomerFilters } from '~/features/admin/customers/components/customer-filters';
import { ROLE_WORDS } from '~/features/admin/customers/labels';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminLoad(request, () => getCustomers(new URL(request.url).searchParams, request.signal));
}
clientLoader.hydrate = true as const;

export const HydrateFallback = AdminLoading;

const COLUMNS: Column<CustomerSummary>[] = [
  {
    label: 'Name',
    sort: 'last_name',
    cell: (row) => <Link to={`/admin/customers/${row.id}`}>{`${row.first_name} ${row.last_name}`}</Link>,
  },
  { label: 'E-mail', sort: 'email', cell: (row) => row.email },
  { label: 'Company', cell: (row) => row.company_name ?? '' },
  { label: 'Role', cell: (row) => ROLE_WORDS[row.role] },
  {
    label: 'Account',
    cell: (row) => <span className="admin-badge">{row.is_active ? 'Active' : 'Deactivated'}</span>,
  },
  {
    label: 'Joined',
    sort: 'created_at',
    cell: (row) => <time dateTime={row.created_at}>{ukDate(row.created_at)}</time>,
  },
];

/** /admin/customers: search and list the shop's accounts, sorted and paged by the server. */
export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const params = new URLSearchParams(useLocation().search);
  return (
    <AdminPage title="Customers">
      <CustomerFilters search={params} errors={loaderData.state === 'failed' ? loaderData.fields : {}} />
      {loaderData.state === 'loaded' ? (
        <AdminTable
          caption="Customers"
          columns={COLUMNS}
          page={loaderData.data}
          rowKey={(row) => row.id}
          defaultOrdering={DEFAULT_CUSTOMER_ORDERING}
          empty="No customers match this search."
        />
      ) : (
        <LoadFailure what="customers" failure={loaderData} />
      )}
    </AdminPage>
  );
}
