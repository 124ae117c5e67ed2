import { formatDecimalGbp, ORDER_STATUS_LABELS, type OrderView, ukDate } from '@shop/domain';
import { Link } from 'react-router';
import { MY_ACCOUNT_MESSAGES } from '../my-account-messages';
import { newestFirst } from '~/lib/newest-first';
import { AccountSection, SectionUnavailable } from './account-section';

/** How many orders the account page shows; the order tracking page has them all. */
export const RECENT_ORDERS = 5;

export type RecentOrders = { orders: OrderView[] } | { failure: string };

/**
 * The buyer's newest orders: date, number, status and total, each opening its own page, and a link
 * to all of them. The status is said in words beside its colour.
 */
export function RecentOrdersSection({ recent }: { recent: RecentOrders }) {
  return (
    <AccountSection title="Recent orders">
      {'failure' in recent ? (
        <SectionUnavailable message={recent.failure} />
      ) : recent.orders.length === 0 ? (
        <p className="recent-orders__none">{MY_ACCOUNT_MESSAGES.noOrders}</p>
      ) : (
        <table className="recent-orders">
          <caption className="visually-hidden">Your {RECENT_ORDERS} newest orders</caption>
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Date</th>
              <th scope="col">Status</th>
              <th scope="col" className="numeric">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {newestFirst(recent.orders)
              .slice(0, RECENT_ORDERS)
              .map((order) => (
                <tr key={order.id}>
                  <th scope="row">
                    <Link to={`/track-order/${order.id}`} aria-label={`Order #${order.id}`}>
                      #{order.id}
                    </Link>
                  </th>
                  <td>
                    <time dateTime={order.created_at}>{ukDate(order.created_at)}</time>
                  </td>
                  <td>
                    <span className={`order-status order-status--${order.status}`}>
                      <span className="order-status__dot" aria-hidden="true" />
                      {ORDER_STATUS_LABELS[order.status] ?? order.status}
                    </span>
                  </td>
                  <td className="numeric">{formatDecimalGbp(order.total)}</td>
                </tr>
              ))}
          </tbody>
        </table>
      )}
      <p className="account-section__links">
        <Link to="/track-order">All orders</Link>
      </p>
    </AccountSection>
  );
}
