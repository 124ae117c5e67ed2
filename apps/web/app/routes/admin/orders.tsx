import {
  type AdminOrderRow,
  formatDecimalGbp,
  PAYMENT_STATUS_LABELS,
  ukDateTime,
  ukWeekdayDate,
} from '@shop/domain';
import { Link, useLocation } from 'react-router';
import type { Route } from './+types/orders';
import { AdminLoading, adminLoad, LoadFailure } from '~/features/admin/components/admin-load';
import { AdminPage } from '~/features/admin/components/admin-page';
import { type Column, AdminTable } from '~/features/admin/components/admin-table';
import { TestOrderBadge } from '~/features/admin/components/test-order-badge';
import { DEFAULT_ORDER_ORDERING, getAdminOrders } from '~/features/admin/orders/api/get-admin-orders';
import { OrderFilters } from '~/features/admin/orders/components/order-filters';
import { OrderStatusBadge } from '~/features/admin/orders/components/order-status-badge';
import '~/styles/admin-orders.css';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminLoad(request, () => getAdminOrders(new URL(request.url).searchParams, request.signal));
}
clientLoader.hydrate = true as const;

export const HydrateFallback = AdminLoading;

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
    label: 'Dispatch by',
    sort: 'dispatch_by',
    // The day the order must leave the warehouse, and by which service (none on orders older than the delivery zones).
    cell: (row) =>
      row.dispatch_by ? (
        <>
          <time dateTime={row.dispatch_by}>{ukWeekdayDate(row.dispatch_by)}</time>
          {row.delivery_label ? (
            <>
              <br />
              {row.delivery_label}
            </>
          ) : null}
        </>
      ) : (
        ''
      ),
  },
  {
    label: 'Customer',
    cell: (row) => (
      <>
        {row.customer.name}
        <br />
        {row.customer.email}
        {row.company_account_number ? (
          <>
            <br />
            Trade account {row.company_account_number}
          </>
        ) : null}
      </>
    ),
  },
  { label: 'PO number', cell: (row) => row.purchase_order_number ?? '' },
  { label: 'Status', cell: (row) => <OrderStatusBadge status={row.status} /> },
  { label: 'Payment', cell: (row) => PAYMENT_STATUS_LABELS[row.payment_status] },
  { label: 'Lines', numeric: true, cell: (row) => row.line_count },
  { label: 'Total', sort: 'total', numeric: true, cell: (row) => formatDecimalGbp(row.total) },
  { label: 'Refunded', numeric: true, cell: (row) => formatDecimalGbp(row.refunded) },
];

/** /admin/orders: the orders, filtered and sorted by the server, with the filters in the URL. */
export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const params = new URLSearchParams(useLocation().search);
  return (
    <AdminPage title="Orders">
      <OrderFilters search={params} errors={loaderData.state === 'failed' ? loaderData.fields : {}} />
      {loaderData.state === 'loaded' ? (
        <AdminTable
          caption="Orders"
          columns={COLUMNS}
          page={loaderData.data}
          rowKey={(row) => row.id}
          defaultOrdering={DEFAULT_ORDER_ORDERING}
          empty="No orders match these filters."
        />
      ) : (
        <LoadFailure what="orders" failure={loaderData} />
      )}
    </AdminPage>
  );
}
