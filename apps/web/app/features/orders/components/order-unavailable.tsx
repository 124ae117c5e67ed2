import { ORDER_MESSAGES } from '@shop/domain';
import { Link, useRevalidator } from 'react-router';
import { OrdersBreadcrumb } from './order-page';

export const ORDER_NOT_FOUND = 'Order not found';
export const ORDER_LOAD_FAILED = 'Failed to load the order. Please try again later.';

/** The order page without its order: none of the customer's has that number. */
export function OrderNotFound() {
  return (
    <div className="page order-page">
      <OrdersBreadcrumb current={ORDER_NOT_FOUND} />
      <h1 className="page__title">{ORDER_NOT_FOUND}</h1>
      <p>There is no order with this number among your orders.</p>
      <p>
        <Link className="button button--primary" to="/track-order">
          Back to your orders
        </Link>
      </p>
    </div>
  );
}

/**
 * The order page when the order could not be read: why, and the way on. A session that ended meanwhile
 * offers to log in and come back to this page.
 */
export function OrderUnavailable({ orderId, message }: { orderId: string; message: string }) {
  const revalidator = useRevalidator();
  const loggedOut = message === ORDER_MESSAGES.loginToView;
  return (
    <div className="page order-page">
      <OrdersBreadcrumb current={`Order #${orderId}`} />
      <h1 className="page__title">Order #{orderId}</h1>
      <p className="form__failure" role="alert">
        {message}
      </p>
      <div className="orders__actions">
        {loggedOut ? (
          <Link
            className="button button--primary"
            to={`/login?from=${encodeURIComponent(`/track-order/${orderId}`)}`}
          >
            Log in
          </Link>
        ) : (
          <button
            type="button"
            className="button button--primary"
            disabled={revalidator.state === 'loading'}
            onClick={() => void revalidator.revalidate()}
          >
            Try again
          </button>
        )}
        <Link className="button button--outline" to="/track-order">
          Back to your orders
        </Link>
      </div>
    </div>
  );
}
