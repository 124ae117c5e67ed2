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
import { type LineColumn, LinesTable } from '~/features/commerce/components/lines-table';

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
 * The list's columns; at a phone's width each order is a card (styles/orders.css), each figure labelled by
 * its heading.
 */
const ORDER_COLUMNS: readonly LineColumn<OrderView>[] = [
  {
    heading: 'Order',
    className: 'order-list__number',
    rowHeader: true,
    cell: (order) => <Link to={`/track-order/${order.id}`}>#{order.id}</Link>,
  },
  {
    heading: 'Date',
    className: 'order-list__date',
    cell: (order) => <time dateTime={order.created_at}>{ukDate(order.created_at)}</time>,
  },
  {
    heading: 'Items',
    className: 'order-list__items',
    numeric: true,
    cell: (order) => order.items?.length ?? 0,
  },
  {
    heading: 'Total',
    className: 'order-list__total',
    numeric: true,
    cell: (order) => formatDecimalGbp(order.total),
  },
  {
    heading: 'Status',
    className: 'order-list__status',
    cell: (order) => (
      <>
        <OrderStatusBadge status={order.status} />
        <Shipment order={order} />
        <StatusHistory order={order} />
      </>
    ),
  },
  {
    heading: 'Payment',
    className: 'order-list__payment',
    cell: (order) => (
      <>
        {PAYMENT_STATUS_LABELS[order.payment_status] ?? order.payment_status}
        <Refunded order={order} />
      </>
    ),
  },
];

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
        <LinesTable
          label="Your orders"
          scrollClassName="orders__scroll"
          className="orders__table order-list"
          lineClassName="order-list__line"
          columns={ORDER_COLUMNS}
          lines={orders}
          lineKey={(order) => order.id}
        />
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
