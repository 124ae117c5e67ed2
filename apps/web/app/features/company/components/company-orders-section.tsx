import {
  type CompanyMemberView,
  type CompanyOrderView,
  formatDecimalGbp,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type Page,
  ukDate,
} from '@shop/domain';
import { useId } from 'react';
import { Form, Link, useSearchParams } from 'react-router';
import { COMPANY_PAGE_MESSAGES } from '../company-messages';
import { memberName } from '../company-rules';
import { CompanySection } from './company-section';
import { Pager, pageParam } from './pager';
import { ScrollRegion } from '~/components/ui/scroll-region';

export type CompanyOrders = { page: Page<CompanyOrderView> } | { failure: string };

/**
 * The company's orders for its administrators, newest first as the API gives them, with who placed each and
 * its PO number; filtered by buyer, PO number and status through the page's URL, each opening its order page.
 */
export function CompanyOrdersSection({
  orders,
  members,
}: {
  orders: CompanyOrders;
  members: CompanyMemberView[];
}) {
  const id = useId();
  const [search] = useSearchParams();
  return (
    <CompanySection title="Orders">
      <Form method="get" className="company-filters" aria-label="Filter the orders" preventScrollReset>
        <div className="form__field">
          <label htmlFor={`${id}-buyer`} className="form__label">
            Buyer
          </label>
          <select
            id={`${id}-buyer`}
            name="buyer"
            className="form__control"
            defaultValue={search.get('buyer') ?? ''}
          >
            <option value="">Anyone</option>
            {members.map((member) => (
              <option key={member.id} value={member.user}>
                {memberName(member)}
              </option>
            ))}
          </select>
        </div>
        <div className="form__field">
          <label htmlFor={`${id}-po`} className="form__label">
            PO number
          </label>
          <input
            id={`${id}-po`}
            name="purchase_order_number"
            className="form__control"
            maxLength={50}
            defaultValue={search.get('purchase_order_number') ?? ''}
          />
        </div>
        <div className="form__field">
          <label htmlFor={`${id}-status`} className="form__label">
            Status
          </label>
          <select
            id={`${id}-status`}
            name="status"
            className="form__control"
            defaultValue={search.get('status') ?? ''}
          >
            <option value="">Any</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {ORDER_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--outline">
          Filter orders
        </button>
      </Form>
      {'failure' in orders ? (
        <p className="form__failure" role="alert">
          {orders.failure}
        </p>
      ) : orders.page.results.length === 0 ? (
        <p>{COMPANY_PAGE_MESSAGES.noOrders}</p>
      ) : (
        <>
          <ScrollRegion className="company-table-scroll" label="Orders, scrolls sideways">
            <table className="company-table">
              <caption className="visually-hidden">The company’s orders ({orders.page.count} in all)</caption>
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Date</th>
                  <th scope="col">Buyer</th>
                  <th scope="col">PO number</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="numeric">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody>
                {orders.page.results.map((order) => (
                  <tr key={order.id}>
                    <th scope="row">
                      <Link to={`/track-order/${order.id}`} aria-label={`Order #${order.id}`}>
                        #{order.id}
                      </Link>
                    </th>
                    <td>
                      <time dateTime={order.created_at}>{ukDate(order.created_at)}</time>
                    </td>
                    <td>{order.buyer.name || order.buyer.email}</td>
                    <td>{order.purchase_order_number ?? '—'}</td>
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
          </ScrollRegion>
          <Pager
            param="page"
            page={pageParam(search.get('page'))}
            hasPrevious={orders.page.previous !== null}
            hasNext={orders.page.next !== null}
            label="Pages of orders"
          />
        </>
      )}
    </CompanySection>
  );
}
