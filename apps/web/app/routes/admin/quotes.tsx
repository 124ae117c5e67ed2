import { formatDecimalGbp, type QuoteRow, ukDate, ukDateTime } from '@shop/domain';
import { Link, useLocation } from 'react-router';
import type { Route } from './+types/quotes';
import { AdminLoading, adminLoad, LoadFailure } from '~/features/admin/components/admin-load';
import { AdminPage } from '~/features/admin/components/admin-page';
import { type Column, AdminTable } from '~/features/admin/components/admin-table';
import { getAdminQuotes } from '~/features/admin/quotes/api/quotes';
import { QuoteFilters } from '~/features/admin/quotes/components/quote-filters';
import { AdminQuoteStatus } from '~/features/admin/quotes/components/quote-status-badge';
import '~/styles/admin-orders.css';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminLoad(request, () => getAdminQuotes(new URL(request.url).searchParams, request.signal));
}
clientLoader.hydrate = true as const;

export const HydrateFallback = AdminLoading;

const columns = (now: Date): Column<QuoteRow>[] => [
  { label: 'Quote', cell: (row) => <Link to={`/admin/quotes/${row.id}`}>{row.number}</Link> },
  {
    label: 'Requested',
    cell: (row) => <time dateTime={row.created_at}>{ukDateTime(row.created_at)}</time>,
  },
  {
    label: 'Customer',
    cell: (row) => (
      <>
        {row.customer.name}
        <br />
        {row.customer.email}
        {row.customer.company ? (
          <>
            <br />
            {row.customer.company}
          </>
        ) : null}
      </>
    ),
  },
  { label: 'Status', cell: (row) => <AdminQuoteStatus quote={row} now={now} /> },
  { label: 'Version', numeric: true, cell: (row) => (row.version === 0 ? '–' : row.version) },
  { label: 'Lines', numeric: true, cell: (row) => row.lines },
  { label: 'Total', numeric: true, cell: (row) => (row.total === null ? '–' : formatDecimalGbp(row.total)) },
  {
    label: 'Valid until',
    cell: (row) => (row.expires_on ? <time dateTime={row.expires_on}>{ukDate(row.expires_on)}</time> : '–'),
  },
];

/** /admin/quotes: requests for quote and the quotes sent, by status, newest first, paged by the server. */
export default function AdminQuotes({ loaderData }: Route.ComponentProps) {
  const params = new URLSearchParams(useLocation().search);
  return (
    <AdminPage title="Quotes">
      <QuoteFilters search={params} errors={loaderData.state === 'failed' ? loaderData.fields : {}} />
      {loaderData.state === 'loaded' ? (
        <AdminTable
          caption="Quotes"
          columns={columns(new Date())}
          page={loaderData.data}
          rowKey={(row) => row.id}
          empty="No quotes match this filter."
        />
      ) : (
        <LoadFailure what="quotes" failure={loaderData} />
      )}
    </AdminPage>
  );
}
