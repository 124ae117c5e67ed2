import {
  formatDecimalGbp,
  formatGbp,
  ORDER_STATUS_LABELS,
  type OrderLineView,
  type OrderView,
  PAYMENT_STATUS_LABELS,
  penceFromDecimal,
  shippingLabel,
  ukDate,
  ukLongDate,
} from '@shop/domain';
import { carrierTracking } from '../carrier-tracking';
import { OrderStatusBadge } from './order-status-badge';
import { AddressLines } from '~/features/addresses/components/address-lines';
import { type LineColumn, LinesTable } from '~/features/commerce/components/lines-table';

const refundedPence = (order: OrderView) => (order.refunded ? penceFromDecimal(order.refunded) : 0);

/** The payment's status, and what has gone back to the card when anything has. */
function PaymentStatus({ order }: { order: OrderView }) {
  const refunded = refundedPence(order);
  const onAccount = order.payment_status === 'ON_ACCOUNT';
  return (
    <>
      {PAYMENT_STATUS_LABELS[order.payment_status] ?? order.payment_status}
      {onAccount && order.invoice_due_date ? (
        <span className="order-facts__note">
          Payment due by <time dateTime={order.invoice_due_date}>{ukLongDate(order.invoice_due_date)}</time>
        </span>
      ) : null}
      {refunded > 0 ? (
        // On account no card money moves: a credit note takes the amount off the invoice.
        <span className="order-facts__note">
          {onAccount ? 'Credited' : 'Refunded'} {formatGbp(refunded)}
        </span>
      ) : null}
    </>
  );
}

/** The carrier and tracking number, the number linking to the carrier's tracking page when it is a known one. */
export function Shipment({ order }: { order: OrderView }) {
  if (!order.carrier && !order.tracking_number) return <>Not shipped yet</>;
  const tracking = carrierTracking(order.carrier, order.tracking_number);
  return (
    <>
      {order.carrier}
      {order.carrier && order.tracking_number ? ': ' : ''}
      {tracking ? (
        <a className="order-facts__tracking" href={tracking.url} rel="noopener noreferrer">
          {order.tracking_number}{' '}
          <span className="visually-hidden">(track the parcel on the {tracking.carrier} website)</span>
        </a>
      ) : order.tracking_number ? (
        <span className="order-facts__tracking">{order.tracking_number}</span>
      ) : null}
    </>
  );
}

/**
 * The order at a glance: when, where it is, the payment and how it travels; a trade buyer's purchase-order
 * number, and on account the payment terms; who placed it, when that is a colleague of the reader.
 */
export function OrderFacts({ order }: { order: OrderView }) {
  // A company administrator reading a colleague's order sees who placed it.
  const orderedBy = order.placed_by_you === false && order.buyer ? order.buyer : null;
  const rows: [string, React.ReactNode][] = [
    ['Order number', `#${order.id}`],
    ...(orderedBy
      ? ([['Ordered by', orderedBy.name || orderedBy.email]] as [string, React.ReactNode][])
      : []),
    ...(order.purchase_order_number
      ? ([['Your PO number', order.purchase_order_number]] as [string, React.ReactNode][])
      : []),
    [
      'Placed',
      <time key="placed" dateTime={order.created_at}>
        {ukDate(order.created_at)}
      </time>,
    ],
    ['Status', <OrderStatusBadge key="status" status={order.status} />],
    ['Payment', <PaymentStatus key="payment" order={order} />],
    ...(order.payment_status === 'ON_ACCOUNT' && order.payment_terms
      ? ([['Payment terms', order.payment_terms]] as [string, React.ReactNode][])
      : []),
    ['Shipment', <Shipment key="shipment" order={order} />],
  ];
  return (
    <dl className="order-facts">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The order lines' columns: the table's headings, and the label each figure shows where a line is laid out
 * as a card (a phone's width, styles/orders.css).
 */
const LINE_COLUMNS: readonly LineColumn<OrderLineView>[] = [
  { heading: 'SKU', className: 'order-lines__sku', rowHeader: true, cell: (line) => line.sku },
  { heading: 'Item', className: 'order-lines__title', unlabelled: true, cell: (line) => line.title },
  { heading: 'Packs', className: 'order-lines__packs', numeric: true, cell: (line) => line.pack_quantity },
  { heading: 'Units', className: 'order-lines__units', numeric: true, cell: (line) => line.units },
  {
    heading: 'Price per pack',
    className: 'order-lines__price',
    numeric: true,
    cell: (line) => formatDecimalGbp(line.price_per_pack),
  },
  {
    heading: 'Discount',
    className: 'order-lines__discount',
    numeric: true,
    cell: (line) => (line.discount_percentage > 0 ? `${line.discount_percentage}%` : '–'),
  },
  {
    heading: 'Line total',
    className: 'order-lines__total',
    numeric: true,
    cell: (line) => formatDecimalGbp(line.total),
  },
];

/** The lines with the prices paid. */
export function OrderLines({ order }: { order: OrderView }) {
  return (
    <LinesTable
      label={`Items in order #${order.id}`}
      scrollClassName="orders__scroll"
      className="orders__table order-lines"
      lineClassName="order-lines__line"
      columns={LINE_COLUMNS}
      lines={order.items}
      lineKey={(line) => line.id}
    />
  );
}

/** What the order cost: subtotal, discount, shipping, VAT and total, and what has been refunded. */
export function OrderTotals({ order }: { order: OrderView }) {
  const discount = penceFromDecimal(order.discount);
  const shipping = penceFromDecimal(order.shipping_cost);
  const details = order.shipping_details;
  const refunded = refundedPence(order);
  return (
    <table className="summary-table order-totals">
      <caption className="visually-hidden">Totals of order #{order.id}</caption>
      <tbody>
        <tr>
          <th scope="row">Subtotal</th>
          <td>{formatDecimalGbp(order.subtotal)}</td>
        </tr>
        {discount > 0 ? (
          <tr>
            <th scope="row">Discount</th>
            <td>−{formatGbp(discount)}</td>
          </tr>
        ) : null}
        <tr>
          <th scope="row">Shipping</th>
          <td>
            {details
              ? shippingLabel(shipping, details.parcels_needed, details.parcel_type)
              : shipping === 0
                ? 'FREE'
                : formatGbp(shipping)}
          </td>
        </tr>
        <tr>
          <th scope="row">VAT ({order.vat}%)</th>
          <td>{formatDecimalGbp(order.vat_amount)}</td>
        </tr>
        <tr className="summary-table__total">
          <th scope="row">Total</th>
          <td>{formatDecimalGbp(order.total)}</td>
        </tr>
        {refunded > 0 ? (
          <tr className="order-totals__refunded">
            <th scope="row">Refunded</th>
            <td>−{formatGbp(refunded)}</td>
          </tr>
        ) : null}
      </tbody>
    </table>
  );
}

/** Where the order goes and who pays for it. */
export function OrderAddresses({ order }: { order: OrderView }) {
  return (
    <div className="order-addresses">
      <div>
        <h3>Shipping address</h3>
        <AddressLines className="order-address" address={order.shipping_address} />
      </div>
      <div>
        <h3>Billing address</h3>
        <AddressLines className="order-address" address={order.billing_address} />
      </div>
    </div>
  );
}

/** The order's progress with dates, oldest first. */
export function OrderProgress({ order }: { order: OrderView }) {
  const history = order.status_history ?? [];
  if (history.length === 0) return <p>Placed on {ukDate(order.created_at)}.</p>;
  return (
    <ol className="order-progress">
      {history.map((entry, index) => (
        <li key={index}>
          <time dateTime={entry.created_at}>{ukDate(entry.created_at)}</time>{' '}
          <strong>{ORDER_STATUS_LABELS[entry.status] ?? entry.status}</strong>
          {entry.note ? ` – ${entry.note}` : ''}
        </li>
      ))}
    </ol>
  );
}
