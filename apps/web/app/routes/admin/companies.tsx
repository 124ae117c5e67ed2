import {
  type AdminCompanyRow,
  BUSINESS_TYPE_LABELS,
  COMPANY_STATUS_LABELS,
  formatDecimalGbp,
  ukDate,
} from '@shop/domain';
import { Link, useLocation } from 'react-router';
import type { Route } from './+types/companies';
import { DEFAULT_COMPANY_ORDERING, getCompanies } from '~/features/admin/companies/api/companies';
import { CompanyFilters } from '~/features/admin/companies/components/company-filters';
import { AdminLoading, adminLoad, LoadFailure } from '~/features/admin/components/admin-load';
import { AdminPage } from '~/features/admin/components/admin-page';
import { AdminTable, type Column } from '~/features/admin/components/admin-table';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminLoad(request, () => getCompanies(new URL(request.url).searchParams, request.signal));
}
clientLoader.hydrate = true as const;

export const HydrateFallback = AdminLoading;

const COLUMNS: Column<AdminCompanyRow>[] = [
  {
    label: 'Account',
    cell: (row) => <Link to={`/admin/companies/${row.id}`}>{row.account_number}</Link>,
  },
  {
    label: 'Company',
    sort: 'legal_name',
    cell: (row) => (
      <>
        {row.legal_name}
        {row.trading_name !== row.legal_name ? (
          <>
            <br />
            <span className="admin-field__hint">Trading as {row.trading_name}</span>
          </>
        ) : null}
        <br />
        <span className="admin-field__hint">{BUSINESS_TYPE_LABELS[row.business_type]}</span>
      </>
    ),
  },
  { label: 'Applicant', cell: (row) => row.applicant_email ?? 'Account removed' },
  {
    label: 'Status',
    cell: (row) => <span className="admin-badge">{COMPANY_STATUS_LABELS[row.status]}</span>,
  },
  {
    label: 'Credit limit',
    numeric: true,
    cell: (row) =>
      row.status === 'pending'
        ? `${formatDecimalGbp(row.requested_credit_limit)} asked`
        : formatDecimalGbp(row.credit_limit),
  },
  { label: 'Members', numeric: true, cell: (row) => row.members },
  { label: 'On hold', cell: (row) => (row.on_hold ? 'On hold' : 'No') },
  {
    label: 'Applied',
    sort: 'created_at',
    cell: (row) => <time dateTime={row.created_at}>{ukDate(row.created_at)}</time>,
  },
];

/** /admin/companies: the trade accounts, the applications awaiting a decision first, sorted and paged by the server. */
export default function AdminCompanies({ loaderData }: Route.ComponentProps) {
  const params = new URLSearchParams(useLocation().search);
  return (
    <AdminPage title="Trade accounts">
      <CompanyFilters search={params} errors={loaderData.state === 'failed' ? loaderData.fields : {}} />
      {loaderData.state === 'loaded' ? (
        <AdminTable
          caption="Trade accounts"
          columns={COLUMNS}
          page={loaderData.data}
          rowKey={(row) => row.id}
          defaultOrdering={DEFAULT_COMPANY_ORDERING}
          empty="No trade accounts match this search."
        />
      ) : (
        <LoadFailure what="trade accounts" failure={loaderData} />
      )}
    </AdminPage>
  );
}
