import { ORDER_MESSAGES } from '@shop/domain';
import { Link, useRevalidator } from 'react-router';

/**
 * The order list when it could not be read: why, and the way on. A session that ended meanwhile says
 * 'Please log in to view your orders.' (spec 2, §2) with a link to log in and come back.
 */
export function OrdersUnavailable({ message }: { message: string }) {
  const revalidator = useRevalidator();
  const loggedOut = message === ORDER_MESSAGES.loginToView;
  return (
    <div className="orders">
      <p className="form__failure" role="alert">
        {message}
      </p>
      <div className="orders__actions">
        {loggedOut ? (
          <Link className="button button--primary" to={`/login?from=${encodeURIComponent('/track-order')}`}>
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
        <Link className="button button--outline" to="/">
          Continue Shopping
        </Link>
      </div>
    </div>
  );
}
