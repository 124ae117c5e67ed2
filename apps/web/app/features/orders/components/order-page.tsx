import type { OrderView } from '@shop/domain';
import { Link } from 'react-router';
import { DocumentDownloads } from '~/components/ui/document-downloads';
import { OrderAddresses, OrderFacts, OrderLines, OrderProgress, OrderTotals } from './order-details';
import { OrderDelivery } from './order-delivery';
import { ReorderPanel } from './reorder-panel';

/** A section of the order page with its heading. */
function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="order-page__section" aria-labelledby={id}>
      <h2 id={id} className="order-page__heading">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The way back to the order list, above the page's title: the reader's own orders, or the company's, where an
 * administrator opened a colleague's order.
 */
export function OrdersBreadcrumb({ current, company = false }: { current: string; company?: boolean }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <ol>
        <li>
          {company ? (
            <Link to="/account/company">Trade account</Link>
          ) : (
            <Link to="/track-order">Your orders</Link>
          )}
        </li>
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}

/**
 * One of the customer's orders: its facts, the delivery promised, the lines with the prices paid, the totals,
 * the addresses, its progress, the documents to download, Reorder and Save as list. An order on a trade account shows its
 * purchase-order number, "On account", the terms and the due day, and its invoice without a paid receipt.
 */
export function OrderPage({
  order,
  saveAsList,
}: {
  order: OrderView;
  /** Save as list beside Reorder (the route composes the saved-lists feature). */
  saveAsList?: React.ReactNode;
}) {
  const colleagues = order.placed_by_you === false;
  return (
    <div className="page order-page">
      <OrdersBreadcrumb current={`Order #${order.id}`} company={colleagues} />
      <h1 className="page__title">Order #{order.id}</h1>
      {order.is_test ? (
        <p className="order-page__test">
          Test order: paid through the shop’s test processor, no money was taken.
        </p>
      ) : null}
      <OrderFacts order={order} />
      {/* Orders from before the delivery promise have none. */}
      {order.delivery ? (
        <Section id="order-delivery-title" title="Delivery">
          <OrderDelivery delivery={order.delivery} />
        </Section>
      ) : null}
      <Section id="order-items-title" title="Items">
        <OrderLines order={order} />
      </Section>
      <div className="order-page__columns">
        <Section id="order-totals-title" title="Totals">
          <OrderTotals order={order} />
          {order.shipping_details?.explanation ? (
            <p className="order-page__note">{order.shipping_details.explanation}</p>
          ) : null}
        </Section>
        <Section id="order-again-title" title="Order again">
          <ReorderPanel orderId={order.id} />
          {saveAsList}
        </Section>
      </div>
      <Section id="order-addresses-title" title="Addresses">
        <OrderAddresses order={order} />
      </Section>
      <Section id="order-progress-title" title="Progress">
        <OrderProgress order={order} />
      </Section>
      <Section id="order-documents-title" title="Documents">
        {/* On account nothing has been paid yet: the invoice, never a paid receipt; and the paid receipt of
            a card stays its buyer's, so a colleague reading the order has the invoice and credit notes. */}
        <DocumentDownloads
          order={
            order.payment_status === 'ON_ACCOUNT' || colleagues ? { ...order, paid_receipt: null } : order
          }
        />
      </Section>
    </div>
  );
}
