import { type AdminOrderRow, formatDecimalGbp, PAYMENT_STATUS_LABELS } from '@shop/domain';
import { Link, useLocation } from 'react-router';
import type { Route } from './+types/orders';
import { AdminPage } from '~/features/admin/components/admin-page';
import { type Column, AdminTable } from '~/features/admin/components/admin-table';
import { FormOutcome } from '~/features/admin/components/admin-field';
import { TestOrderBadge } from '~/features/admin/components/test-order-badge';
import { DEFAULT_ORDER_ORDERING, getAdminOrders } from '~/features/admin/orders/api/get-admin-orders';
import { OrderFilters } from '~/features/admin/orders/components/order-filters';
import { OrderStatusBadge } from '~/features/admin/orders/components/order-status-badge';
import { failureOf } from '~/features/admin/components/use-form-submit';
import { ukDateTime } from '~/lib/dates';
import { isAbortError } from '~/lib/api-client';
import { requireAccessToken } from '~/lib/guards';
import '~/styles/admin-orders.css';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireAccessToken(request);
  const search = new URL(request.url).searchParams;
  try {
    return { state: 'loaded' as const, page: await getAdminOrders(search, request.signal) };
  } catch (error) {
    if (isAbortError(error)) throw error;
    return { state: 'failed' as const, ...failureOf(error) };
  }
}

const COLUMNS: Column<AdminOrderRow>[] = [
  {
    label: 'Order',
    sort: 'id',
    cell: (row) => (
      <>
        <Link to={`/admin/orders/${row.id}`}>#{row.id}</Link>
        {row.is_test ? (
          <>
            {' '}
            <TestOrderBadge />
          </>
        ) : null}
      </>
    ),
  },
  {
    label: 'Placed',
    sort: 'created_at',
    cell: (row) => <time dateTime={row.created_at}>{ukDateTime(row.created_at)}</time>,
  },
  {
    label: 'Customer',
    cell: (row) => (
      <>
        {row.customer.name}
        <br />
        {row.customer.email}
      </>
    ),
  },
  { label: 'Status', cell: (row) => <OrderStatusBadge status={row.status} /> },
  { label: 'Payment', cell: (row) => PAYMENT_STATUS_LABELS[row.payment_status] },
  { label: 'Lines', numeric: true, cell: (row) => row.line_count },
  { label: 'Total', sort: 'total', numeric: true, cell: (row) => formatDecimalGbp(row.total) },
  { label: 'Refunded', numeric: true, cell: (row) => formatDecimalGbp(row.refunded) },
];

/** /admin/orders: the orders, filtered and sorted by the server, with the filters in the URL. */
export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const pageSize = 20;
  return (
    <AdminPage title="Orders">
      <OrderFilters search={params} errors={loaderData.state === 'failed' ? loaderData.fields : {}} />
      {loaderData.state === 'loaded' ? (
        <AdminTable
          caption="Orders"
          columns={COLUMNS}
          page={loaderData.page}
          rowKey={(row) => row.id}
          ordering={params.get('ordering') || DEFAULT_ORDER_ORDERING}
          pageNumber={Number(params.get('page') ?? '1') || 1}
          pageSize={pageSize}
          empty="No orders match these filters."
        />
      ) : (
        <FormOutcome error={`The orders could not be loaded: ${loaderData.message}`} />
      )}
    </AdminPage>
  );
}
