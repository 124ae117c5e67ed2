import { type Dashboard, type DashboardPeriod, formatGbp, ukLongDate, ukMonth } from '@shop/domain';
import { Link } from 'react-router';
import { ScrollRegion } from '~/components/ui/scroll-region';

const number = (value: number) => value.toLocaleString('en-GB');
/** '1 trade application', '3 trade applications'. */
const counted = (value: number, one: string, many: string) => `${number(value)} ${value === 1 ? one : many}`;

function Period({ id, title, period }: { id: string; title: string; period: DashboardPeriod }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <dl className="admin-stats">
        <div className="admin-stat">
          <dt>Orders invoiced</dt>
          <dd>{number(period.orders)}</dd>
        </div>
        <div className="admin-stat">
          <dt>Revenue, net of VAT</dt>
          <dd>{formatGbp(period.net_pence)}</dd>
        </div>
        <div className="admin-stat">
          <dt>VAT</dt>
          <dd>{formatGbp(period.vat_pence)}</dd>
        </div>
        <div className="admin-stat">
          <dt>Refunded</dt>
          <dd>{formatGbp(period.refunded_pence)}</dd>
        </div>
        {period.test_orders > 0 ? (
          <div className="admin-stat admin-stat--test">
            <dt>TEST orders, not counted</dt>
            <dd>{number(period.test_orders)}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

/** The back office's front page: the day's and month's trade, and what is waiting for staff. */
export function DashboardFigures({ dashboard }: { dashboard: Dashboard }) {
  const { waiting_to_ship: waiting, low_stock: lowStock, due_out_today: due } = dashboard;
  return (
    <>
      <Period
        id="today-title"
        title={`Today (${ukLongDate(dashboard.generated_at)})`}
        period={dashboard.today}
      />
      <Period
        id="month-title"
        title={`This month (${ukMonth(dashboard.generated_at)})`}
        period={dashboard.this_month}
      />
      <p className="admin-field__hint">
        Orders placed in UK time and invoiced: paid by card or placed on account, cancelled ones left out; net
        is the orders’ totals less VAT, delivery included. Refunds are shown apart, not taken off.
        {dashboard.today.test_orders + dashboard.this_month.test_orders > 0
          ? ' Orders paid through the test processor took no money: they are counted apart, never as revenue.'
          : null}
      </p>

      <section aria-labelledby="todo-title">
        <h2 id="todo-title">Waiting for you</h2>
        <dl className="admin-stats">
          <div className="admin-stat">
            <dt>Orders waiting to ship</dt>
            <dd>{number(waiting.total)}</dd>
          </div>
          <div className="admin-stat">
            <dt>Due out today</dt>
            <dd>
              {number(due.total)}
              {due.overdue > 0 ? ` (${number(due.overdue)} overdue)` : null}
            </dd>
          </div>
          <div className="admin-stat">
            <dt>Items low on stock</dt>
            <dd>{number(lowStock.count)}</dd>
          </div>
          <div className="admin-stat">
            <dt>Unanswered messages</dt>
            <dd>{number(dashboard.unanswered_messages)}</dd>
          </div>
          <div className="admin-stat">
            <dt>Trade applications to decide</dt>
            <dd>{number(dashboard.trade_applications)}</dd>
          </div>
          <div className="admin-stat">
            <dt>Quotes to price</dt>
            <dd>{number(dashboard.quotes_to_price)}</dd>
          </div>
        </dl>
        <ul>
          <li>
            <Link to="/admin/orders?status=pending">{number(waiting.pending)} pending orders</Link> and{' '}
            <Link to="/admin/orders?status=processing">{number(waiting.processing)} processing orders</Link>
          </li>
          <li>
            <Link to="/admin/orders?due=today&ordering=dispatch_by">
              {number(due.total - due.overdue)} due out today
            </Link>{' '}
            and <Link to="/admin/orders?due=overdue&ordering=dispatch_by">{number(due.overdue)} overdue</Link>
          </li>
          <li>
            <Link to="/admin/stock">The low-stock list</Link>
          </li>
          <li>
            <Link to="/admin/messages">Messages</Link>
          </li>
          <li>
            <Link to="/admin/companies?status=pending">
              {counted(dashboard.trade_applications, 'trade application', 'trade applications')}
            </Link>{' '}
            and{' '}
            <Link to="/admin/quotes?status=requested">
              {counted(dashboard.quotes_to_price, 'request for quote', 'requests for quote')}
            </Link>
          </li>
        </ul>
      </section>

      {lowStock.items.length > 0 ? (
        <section aria-labelledby="low-title">
          <h2 id="low-title">Furthest under their low-stock threshold</h2>
          <div className="admin-table">
            <ScrollRegion className="admin-table__scroll" label="Lowest stock table">
              <table aria-labelledby="low-title">
                <thead>
                  <tr>
                    <th scope="col">SKU</th>
                    <th scope="col">Item</th>
                    <th scope="col" className="admin-table__num">
                      Stock
                    </th>
                    <th scope="col" className="admin-table__num">
                      Threshold
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {lowStock.items.map((item) => (
                    <tr key={item.id}>
                      <th scope="row">{item.sku}</th>
                      <td>{item.title}</td>
                      <td className="admin-table__num">{number(item.stock)}</td>
                      <td className="admin-table__num">{number(item.low_stock_threshold)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          </div>
        </section>
      ) : null}
    </>
  );
}
