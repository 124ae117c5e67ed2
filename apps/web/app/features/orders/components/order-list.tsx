import {
  formatDecimalGbp,
  formatGbp,
  ORDER_STATUS_LABELS,
  type OrderView,
  PAYMENT_STATUS_LABELS,
  penceFromDecimal,
  ukDate,
} from '@shop/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { getOrders, type OrdersPage, ordersFailure } from '../api/get-orders';
import { newestFirst } from '~/lib/newest-first';
import { OrderStatusBadge } from './order-status-badge';
import { ScrollRegion } from '~/components/ui/scroll-region';

/** How the order travels, once it has shipped: the carrier and its tracking number. */
function Shipment({ order }: { order: OrderView }) {
  if (!order.carrier && !order.tracking_number) return null;
  return (
    <p className="order-extra">
      {order.carrier}
      {order.carrier && order.tracking_number ? ': ' : ''}
      {order.tracking_number ? (
        <>
          <span className="visually-hidden">tracking number </span>
          <span className="order-extra__tracking">{order.tracking_number}</span>
        </>
      ) : null}
    </p>
  );
}

/** What has been refunded to the card, when anything has. */
function Refunded({ order }: { order: OrderView }) {
  const pence = order.refunded ? penceFromDecimal(order.refunded) : 0;
  if (!(pence > 0)) return null;
  return <p className="order-extra">{formatGbp(pence)} refunded</p>;
}

/** The order's progress with dates, folded away until asked for. */
function StatusHistory({ order }: { order: OrderView }) {
  const history = order.status_history ?? [];
  if (history.length === 0) return null;
  return (
    <details className="order-history">
      <summary>
        History<span className="visually-hidden"> of order #{order.id}</span>
      </summary>
      <ol>
        {history.map((entry, index) => (
          <li key={index}>
            <time dateTime={entry.created_at}>{ukDate(entry.created_at)}</time>{' '}
            {ORDER_STATUS_LABELS[entry.status] ?? entry.status}
            {entry.note ? ` – ${entry.note}` : ''}
          </li>
        ))}
      </ol>
    </details>
  );
}

/**
 * The customer's orders (spec 2, §2 Order tracking screen), newest first: number, date, items (the
 * number of lines), total, status with its colour and words, and payment status. Later pages come with
 * Load more orders. Under the status: the carrier and tracking number once shipped, and the status history
 * with dates; under the payment: what has been refunded. Each number opens the order's page.
 */
export function OrderList({ initial }: { initial: OrdersPage }) {
  const [orders, setOrders] = useState<OrderView[]>(() => newestFirst(initial.orders));
  const [next, setNext] = useState<string | null>(initial.next);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const loadMore = async () => {
    if (!next || loading) return;
    setLoading(true);
    setFailure(null);
    try {
      const page = await getOrders(next);
      setOrders((shown) => {
        const known = new Set(shown.map((order) => order.id));
        return newestFirst([...shown, ...page.orders.filter((order) => !known.has(order.id))]);
      });
      setNext(page.next);
    } catch (error) {
      setFailure(ordersFailure(error));
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="orders">
      {orders.length === 0 ? (
        <p className="orders__empty">You have no orders yet.</p>
      ) : (
        <ScrollRegion className="orders__scroll" label="Your orders">
          <table className="orders__table">
            <caption className="visually-hidden">Your orders</caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Date</th>
                <th scope="col" className="numeric">
                  Items
                </th>
                <th scope="col" className="numeric">
                  Total
                </th>
                <th scope="col">Status</th>
                <th scope="col">Payment</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
                  <th scope="row">
                    <Link to={`/track-order/${order.id}`}>#{order.id}</Link>
                  </th>
                  <td>
                    <time dateTime={order.created_at}>{ukDate(order.created_at)}</time>
                  </td>
                  <td className="numeric">{order.items?.length ?? 0}</td>
                  <td className="numeric">{formatDecimalGbp(order.total)}</td>
                  <td>
                    <OrderStatusBadge status={order.status} />
                    <Shipment order={order} />
                    <StatusHistory order={order} />
                  </td>
                  <td>
                    {PAYMENT_STATUS_LABELS[order.payment_status] ?? order.payment_status}
                    <Refunded order={order} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <p className="form__failure" role="alert">
        {failure}
      </p>
      <div className="orders__actions">
        {next ? (
          <button
            type="button"
            className="button button--outline"
            disabled={loading}
            onClick={() => void loadMore()}
          >
            {loading ? 'Loading more orders…' : 'Load more orders'}
          </button>
        ) : null}
        <Link className="button button--primary" to="/">
          Continue Shopping
        </Link>
      </div>
    </div>
  );
}
