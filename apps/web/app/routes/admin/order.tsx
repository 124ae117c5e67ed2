import { Link, useRevalidator } from 'react-router';
import type { Route } from './+types/order';
import { AdminLoading, adminLoad, LoadFailed, routeId } from '~/features/admin/components/admin-load';
import { AdminPage } from '~/features/admin/components/admin-page';
import { getAdminOrder } from '~/features/admin/orders/api/get-admin-order';
import {
  OrderAddresses,
  OrderAudit,
  OrderDelivery,
  OrderHistory,
  OrderLines,
  OrderPayments,
  OrderSummary,
  TestOrderNotice,
} from '~/features/admin/orders/components/order-detail';
import { OrderDocuments } from '~/features/admin/orders/components/order-documents';
import { OrderRefundForm } from '~/features/admin/orders/components/order-refund-form';
import { OrderStatusForm } from '~/features/admin/orders/components/order-status-form';
import '~/styles/admin-orders.css';

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  return adminLoad(request, () => getAdminOrder(routeId(params.id), request.signal));
}
clientLoader.hydrate = true as const;

export const HydrateFallback = AdminLoading;

const BACK = (
  <Link to="/admin/orders" className="admin-button admin-button--secondary">
    All orders
  </Link>
);

/** /admin/orders/:id: one order, with its status change and refund forms. */
export default function AdminOrder({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  if (loaderData.state === 'failed') {
    return (
      <LoadFailed
        title="Order"
        actions={BACK}
        what="order"
        failure={loaderData}
        missing="There is no such order."
      />
    );
  }
  const order = loaderData.data;
  const reload = () => void revalidator.revalidate();
  return (
    <AdminPage title={`Order #${order.id}`} actions={BACK}>
      {order.is_test ? <TestOrderNotice /> : null}
      <section className="admin-panel" aria-labelledby="order-summary">
        <h2 id="order-summary">Summary</h2>
        <OrderSummary order={order} />
      </section>
      <section className="admin-panel" aria-labelledby="order-delivery-title">
        <h2 id="order-delivery-title">Delivery</h2>
        <OrderDelivery order={order} />
      </section>
      <section className="admin-panel" aria-labelledby="order-status-title">
        <h2 id="order-status-title">Change status</h2>
        <OrderStatusForm order={order} onChanged={reload} />
      </section>
      <section className="admin-panel" aria-labelledby="order-refund-title">
        <h2 id="order-refund-title">Refund</h2>
        <OrderRefundForm order={order} onRefunded={reload} />
      </section>
      <section className="admin-panel" aria-labelledby="order-lines-title">
        <h2 id="order-lines-title">Lines</h2>
        <OrderLines order={order} />
      </section>
      <section className="admin-panel" aria-labelledby="order-addresses-title">
        <h2 id="order-addresses-title">Addresses</h2>
        <OrderAddresses order={order} />
      </section>
      <section className="admin-panel" aria-labelledby="order-documents-title">
        <h2 id="order-documents-title">Documents</h2>
        <OrderDocuments order={order} />
      </section>
      <section className="admin-panel" aria-labelledby="order-payments-title">
        <h2 id="order-payments-title">Payments and refunds</h2>
        <OrderPayments order={order} />
      </section>
      <section className="admin-panel" aria-labelledby="order-history-title">
        <h2 id="order-history-title">Status history</h2>
        <OrderHistory order={order} />
      </section>
      <section className="admin-panel" aria-labelledby="order-audit-title">
        <h2 id="order-audit-title">Audit log</h2>
        <OrderAudit order={order} />
      </section>
    </AdminPage>
  );
}
