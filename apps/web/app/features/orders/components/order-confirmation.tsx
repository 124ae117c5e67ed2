import { formatDecimalGbp, type OrderView, ukLongDate } from '@shop/domain';
import { Link, useRevalidator } from 'react-router';
import { OrderLines, OrderTotals } from './order-details';
import { OrderDelivery } from './order-delivery';
import { DocumentDownloads } from '~/components/ui/document-downloads';

/** Whether the server holds the order as paid, or as placed on the company's account. */
export function orderConfirmed(order: OrderView): boolean {
  return order.payment_status === 'COMPLETED' || order.payment_status === 'ON_ACCOUNT';
}

/** How the order is paid for, in the server's words: by card, or on account with the PO and terms. */
function PaymentSummary({ order }: { order: OrderView }) {
  if (order.payment_status === 'ON_ACCOUNT') {
    return (
      <>
        <p>
          Placed on your company’s account: {formatDecimalGbp(order.total)}
          {order.purchase_order_number ? `, PO number ${order.purchase_order_number}` : ''}.
        </p>
        {order.invoice_due_date ? (
          <p>
            Payment is due by{' '}
            <time dateTime={order.invoice_due_date}>{ukLongDate(order.invoice_due_date)}</time>
            {order.payment_terms ? ` (${order.payment_terms})` : ''}.
          </p>
        ) : null}
      </>
    );
  }
  return (
    <p>
      Paid by card: {formatDecimalGbp(order.total)}
      {order.purchase_order_number ? `, PO number ${order.purchase_order_number}` : ''}.
    </p>
  );
}

/** A section of the confirmation with its heading. */
function Part({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="order-page__section" aria-labelledby={id}>
      <h2 id={id} className="order-page__heading">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The way on: the order's own page, and the shop. */
function NextSteps({ orderId }: { orderId: number }) {
  return (
    <div className="orders__actions order-confirmation__next">
      <Link className="button button--primary" to={`/track-order/${orderId}`}>
        Track this order
      </Link>
      <Link className="button button--outline" to="/">
        Continue shopping
      </Link>
    </div>
  );
}

/**
 * The page both ways of paying land on once the server has the order: its number and thanks, where the
 * confirmation e-mail went, what was bought, the delivery day, how it is paid, the invoice, and the way on.
 * An order whose payment the server does not hold as taken says so, and nothing more is promised.
 */
export function OrderConfirmation({ order }: { order: OrderView }) {
  if (!orderConfirmed(order)) return <PaymentNotConfirmed order={order} />;
  return (
    <div className="page order-page order-confirmation">
      <h1 className="page__title">Thank you for your order</h1>
      <div className="order-confirmation__summary" role="status">
        <p className="order-confirmation__number">
          Order number <strong>#{order.id}</strong>
        </p>
        {order.buyer ? (
          <p>
            A confirmation was e-mailed to <strong>{order.buyer.email}</strong>.
          </p>
        ) : null}
      </div>
      {order.is_test ? (
        <p className="order-page__test">
          Test order: paid through the shop’s test processor, no money was taken.
        </p>
      ) : null}
      {order.delivery ? (
        <Part id="confirmation-delivery-title" title="Delivery">
          <OrderDelivery delivery={order.delivery} />
        </Part>
      ) : null}
      <Part id="confirmation-payment-title" title="Payment">
        <PaymentSummary order={order} />
      </Part>
      <Part id="confirmation-items-title" title="What you ordered">
        <OrderLines order={order} />
        <OrderTotals order={order} />
      </Part>
      <Part id="confirmation-documents-title" title="Invoice">
        {/* On account nothing has been paid yet: the invoice, never a paid receipt. */}
        <DocumentDownloads
          order={order.payment_status === 'ON_ACCOUNT' ? { ...order, paid_receipt: null } : order}
        />
      </Part>
      <NextSteps orderId={order.id} />
    </div>
  );
}

/** An order the server does not hold as paid (refunded, or its payment not yet confirmed): said plainly. */
function PaymentNotConfirmed({ order }: { order: OrderView }) {
  const refunded = order.payment_status === 'REFUND';
  return (
    <div className="page order-page order-confirmation">
      <h1 className="page__title">Order #{order.id}</h1>
      <p className="order-confirmation__pending" role="status">
        {refunded
          ? 'This order’s payment has been refunded.'
          : 'We have not yet had the confirmation of your payment. Your order is not confirmed until it comes.'}
      </p>
      <NextSteps orderId={order.id} />
    </div>
  );
}

/**
 * Back from the card provider's page before the order is made (its webhook makes it): the payment's state
 * as the provider's redirect tells it, and a way to look again. Nothing is confirmed here.
 */
export function PaymentAwaited({ redirectStatus }: { redirectStatus: string | null }) {
  const revalidator = useRevalidator();
  const failed = redirectStatus === 'failed';
  return (
    <div className="page order-page order-confirmation">
      <h1 className="page__title">{failed ? 'Payment not taken' : 'Confirming your payment'}</h1>
      <p className="order-confirmation__pending" role="status">
        {failed
          ? 'Your payment did not go through, and no order was placed. Your cart still holds your items.'
          : 'Your payment is still being confirmed, so your order is not placed yet. This can take a minute; we e-mail you as soon as it is.'}
      </p>
      <div className="orders__actions">
        {failed ? (
          <Link className="button button--primary" to="/checkout">
            Back to checkout
          </Link>
        ) : (
          <button
            type="button"
            className="button button--primary"
            disabled={revalidator.state === 'loading'}
            onClick={() => void revalidator.revalidate()}
          >
            Check again
          </button>
        )}
        <Link className="button button--outline" to="/track-order">
          Your orders
        </Link>
      </div>
    </div>
  );
}
