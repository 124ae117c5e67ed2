import {
  type AdminOrderDetail,
  companyAccountNumber,
  formatDecimalGbp,
  ORDER_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
  ukDate,
  ukDateTime,
  ukWeekdayDate,
} from '@shop/domain';
import { Link } from 'react-router';
import { OrderStatusBadge } from './order-status-badge';
import { TestOrderBadge } from '../../components/test-order-badge';
import { ScrollRegion } from '~/components/ui/scroll-region';
import { AddressLines } from '~/features/addresses/components/address-lines';

/** Said above everything else about an order paid through the test processor. */
export function TestOrderNotice() {
  return (
    <p className="admin-orders__test-notice">
      Test order: paid through the test processor, no money was taken. It is left out of the dashboard’s
      revenue, and its documents say they are not VAT invoices.
    </p>
  );
}

/**
 * A trade order's facts: the buyer's PO number, the company's account (a link to it) and, on account, the
 * payment terms and the day the invoice falls due.
 */
function tradeFacts(order: AdminOrderDetail): [string, React.ReactNode][] {
  const rows: [string, React.ReactNode][] = [];
  if (order.company != null) {
    rows.push([
      'Trade account',
      <Link key="company" to={`/admin/companies/${order.company}`}>
        {companyAccountNumber(order.company)}
      </Link>,
    ]);
  }
  if (order.purchase_order_number) rows.push(['PO number', order.purchase_order_number]);
  // Only an order on account has terms and a due date.
  if (order.payment_terms) rows.push(['Payment terms', order.payment_terms]);
  if (order.invoice_due_date) {
    rows.push([
      'Invoice due',
      <time key="due" dateTime={order.invoice_due_date}>
        {ukDate(order.invoice_due_date)}
      </time>,
    ]);
  }
  return rows;
}

/** The order at a glance: status, payment, customer, money and shipping. */
export function OrderSummary({ order }: { order: AdminOrderDetail }) {
  const rows: [string, React.ReactNode][] = [
    ['Status', <OrderStatusBadge key="status" status={order.status} />],
    [
      'Payment',
      <>
        {PAYMENT_STATUS_LABELS[order.payment_status]}
        {order.is_test ? (
          <>
            {' '}
            <TestOrderBadge />
          </>
        ) : null}
      </>,
    ],
    [
      'Placed',
      <time key="placed" dateTime={order.created_at}>
        {ukDateTime(order.created_at)}
      </time>,
    ],
    ['Customer', `${order.customer.first_name} ${order.customer.last_name} (${order.customer.email})`],
    ...tradeFacts(order),
    ['Total', formatDecimalGbp(order.total)],
    ['Refunded', formatDecimalGbp(order.refunded)],
    ['Refundable', formatDecimalGbp(order.refundable)],
    ['Carrier', order.carrier ?? 'Not shipped yet'],
    ['Tracking number', order.tracking_number ?? 'Not shipped yet'],
  ];
  return (
    <dl className="admin-orders__facts">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The delivery promised: the service and its extras, the days, the zone. */
export function OrderDelivery({ order }: { order: AdminOrderDetail }) {
  const delivery = order.delivery;
  if (!delivery) {
    return <p>No delivery date was promised: the order was placed before the shop promised dates.</p>;
  }
  const rows: [string, React.ReactNode][] = [
    [
      'Service',
      delivery.extras.length > 0
        ? `${delivery.label}, with ${delivery.extras.map((extra) => extra.label).join(' and ')}`
        : delivery.label,
    ],
    [
      'Promised delivery',
      <time key="delivery" dateTime={delivery.delivery_date}>
        {ukWeekdayDate(delivery.delivery_date)}
      </time>,
    ],
    [
      'Dispatch by',
      <time key="dispatch" dateTime={delivery.dispatch_by}>
        {ukWeekdayDate(delivery.dispatch_by)}
      </time>,
    ],
    ['Zone', delivery.zone_label],
  ];
  return (
    <dl className="admin-orders__facts">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function OrderLines({ order }: { order: AdminOrderDetail }) {
  return (
    <div className="admin-table">
      <ScrollRegion className="admin-table__scroll" label="Order lines table">
        <table>
          <caption className="visually-hidden">Lines of order #{order.id}</caption>
          <thead>
            <tr>
              <th scope="col">SKU</th>
              <th scope="col">Item</th>
              <th scope="col" className="admin-table__num">
                Packs
              </th>
              <th scope="col" className="admin-table__num">
                Refunded packs
              </th>
              <th scope="col" className="admin-table__num">
                Price per pack
              </th>
              <th scope="col" className="admin-table__num">
                Line total
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((line) => (
              <tr key={line.id}>
                <td>{line.sku}</td>
                <td>{line.title}</td>
                <td className="admin-table__num">{line.pack_quantity}</td>
                <td className="admin-table__num">{line.refunded_packs}</td>
                <td className="admin-table__num">{formatDecimalGbp(line.price_per_pack)}</td>
                <td className="admin-table__num">{formatDecimalGbp(line.total)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={5}>
                Subtotal
              </th>
              <td className="admin-table__num">{formatDecimalGbp(order.subtotal)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={5}>
                Shipping
              </th>
              <td className="admin-table__num">{formatDecimalGbp(order.shipping_cost)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={5}>
                VAT ({order.vat}%)
              </th>
              <td className="admin-table__num">{formatDecimalGbp(order.vat_amount)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={5}>
                Total
              </th>
              <td className="admin-table__num">{formatDecimalGbp(order.total)}</td>
            </tr>
          </tfoot>
        </table>
      </ScrollRegion>
    </div>
  );
}

export function OrderAddresses({ order }: { order: AdminOrderDetail }) {
  return (
    <div className="admin-grid">
      <div>
        <h3>Shipping address</h3>
        <AddressLines address={order.shipping_address} country={false} />
      </div>
      <div>
        <h3>Billing address</h3>
        <AddressLines address={order.billing_address} country={false} />
      </div>
    </div>
  );
}

export function OrderPayments({ order }: { order: AdminOrderDetail }) {
  return (
    <>
      {order.payments.length === 0 ? (
        <p>No card payment is recorded for this order.</p>
      ) : (
        <ul className="admin-orders__list">
          {order.payments.map((payment) => (
            <li key={payment.id}>
              {formatDecimalGbp(payment.amount)} by {payment.provider} ({payment.provider_payment_id}),{' '}
              {payment.status}; refunded {formatDecimalGbp(payment.refunded)}
            </li>
          ))}
        </ul>
      )}
      <h3>Refunds</h3>
      {order.refunds.length === 0 ? (
        <p>No refunds.</p>
      ) : (
        <ul className="admin-orders__list">
          {order.refunds.map((refund) => (
            <li key={refund.id}>
              <time dateTime={refund.created_at}>{ukDateTime(refund.created_at)}</time>:{' '}
              {formatDecimalGbp(refund.amount)}, {refund.status}
              {refund.lines
                ? ` (${refund.lines.map((line) => `${line.pack_quantity} pack(s) of line ${line.order_item_id}`).join(', ')})`
                : ''}
              {' — '}
              {refund.reason}
              {refund.actor_email ? ` (by ${refund.actor_email})` : ''}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export function OrderHistory({ order }: { order: AdminOrderDetail }) {
  return (
    <ol className="admin-orders__list">
      {order.status_history.map((entry, index) => (
        <li key={index}>
          <time dateTime={entry.created_at}>{ukDateTime(entry.created_at)}</time>:{' '}
          {ORDER_STATUS_LABELS[entry.status]}
          {entry.note ? ` — ${entry.note}` : ''}
          {entry.actor_email ? ` (by ${entry.actor_email})` : ''}
        </li>
      ))}
    </ol>
  );
}

const changes = (value: unknown) =>
  value && typeof value === 'object'
    ? Object.entries(value as Record<string, unknown>)
        .map(([key, item]) => `${key}: ${typeof item === 'object' ? JSON.stringify(item) : String(item)}`)
        .join('; ')
    : '';

export function OrderAudit({ order }: { order: AdminOrderDetail }) {
  if (order.audit.length === 0) return <p>No changes yet.</p>;
  return (
    <ul className="admin-orders__list">
      {order.audit.map((entry) => (
        <li key={entry.id}>
          <time dateTime={entry.created_at}>{ukDateTime(entry.created_at)}</time>: {entry.action} by{' '}
          {entry.actor_email}
          {entry.before ? ` — was ${changes(entry.before)}` : ''}
          {entry.after ? ` — now ${changes(entry.after)}` : ''}
        </li>
      ))}
    </ul>
  );
}
