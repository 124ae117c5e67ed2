import {
  AGED_BUCKET_LABELS,
  AGED_BUCKETS,
  type DashboardCharts as Charts,
  formatGbp,
  type RevenueDay,
  type RevenueMonth,
  ukDate,
  ukLongDate,
  ukMonth,
} from '@shop/domain';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { ScrollRegion } from '~/components/ui/scroll-region';
import { Chart, type ChartSpec } from './chart';

const number = (value: number) => value.toLocaleString('en-GB');
/** '3 Mar': a day on the chart's axis (the table names it in full). */
const shortDay = (date: string) => ukDate(date).replace(/ \d{4}$/, '');
const shortMonth = (month: string) => ukMonth(month).replace(/^(\w{3})\w* (\d{4})$/, '$1 $2');

interface Point {
  key: string;
  name: string;
  axis: string;
  net_pence: number;
  vat_pence: number;
  orders: number;
}

const dayPoint = (day: RevenueDay): Point => ({
  ...day,
  key: day.date,
  name: ukLongDate(day.date),
  axis: shortDay(day.date),
});
const monthPoint = (month: RevenueMonth): Point => ({
  ...month,
  key: month.month,
  name: ukMonth(month.month),
  axis: shortMonth(month.month),
});

/** What a revenue chart shows, in words: its canvas's name. */
function revenueSummary(what: string, points: Point[]): string {
  const net = points.reduce((sum, p) => sum + p.net_pence, 0);
  const vat = points.reduce((sum, p) => sum + p.vat_pence, 0);
  const orders = points.reduce((sum, p) => sum + p.orders, 0);
  const best = points.reduce<Point | null>((top, p) => (p.net_pence > (top?.net_pence ?? 0) ? p : top), null);
  const range = points.length > 0 ? `${points[0]!.name} to ${points.at(-1)!.name}` : '';
  return (
    `Bar chart of sales invoiced ${what}, ${range}: ${formatGbp(net)} net and ${formatGbp(vat)} VAT ` +
    `from ${number(orders)} orders in all` +
    (best ? `; highest ${best.name}, ${formatGbp(best.net_pence)} net.` : '.') +
    ' The table gives each figure.'
  );
}

function RevenueSection({
  id,
  title,
  what,
  unit,
  points,
}: {
  id: string;
  title: string;
  what: string;
  unit: string;
  points: Point[];
}) {
  const spec = useMemo<ChartSpec>(
    () => ({
      kind: 'revenue',
      labels: points.map((p) => p.axis),
      net: points.map((p) => p.net_pence),
      vat: points.map((p) => p.vat_pence),
      orders: points.map((p) => p.orders),
    }),
    [points],
  );
  return (
    <section aria-labelledby={id} className="admin-chart-section">
      <h2 id={id}>{title}</h2>
      <div className="admin-chart-pair">
        <Chart spec={spec} label={revenueSummary(what, points)} />
        <div className="admin-table">
          <ScrollRegion className="admin-table__scroll admin-chart-table" label={`${title}: the figures`}>
            <table>
              <caption className="visually-hidden">{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{unit}</th>
                  <th scope="col" className="admin-table__num">
                    Net
                  </th>
                  <th scope="col" className="admin-table__num">
                    VAT
                  </th>
                  <th scope="col" className="admin-table__num">
                    Orders
                  </th>
                </tr>
              </thead>
              <tbody>
                {points.map((p) => (
                  <tr key={p.key}>
                    <th scope="row">{p.name}</th>
                    <td className="admin-table__num">{formatGbp(p.net_pence)}</td>
                    <td className="admin-table__num">{formatGbp(p.vat_pence)}</td>
                    <td className="admin-table__num">{number(p.orders)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </div>
      </div>
    </section>
  );
}

function AgedSection({ aged }: { aged: Charts['aged'] }) {
  const spec = useMemo<ChartSpec>(
    () => ({
      kind: 'aged',
      labels: AGED_BUCKETS.map((bucket) => AGED_BUCKET_LABELS[bucket]),
      values: AGED_BUCKETS.map((bucket) => aged[bucket]),
    }),
    [aged],
  );
  const total = AGED_BUCKETS.reduce((sum, bucket) => sum + aged[bucket], 0);
  const label =
    `Bar chart of the debt every company owes on open invoices, by days past due: ` +
    AGED_BUCKETS.map((bucket) => `${AGED_BUCKET_LABELS[bucket]} ${formatGbp(aged[bucket])}`).join(', ') +
    `; ${formatGbp(total)} in all.`;
  return (
    <section aria-labelledby="aged-title" className="admin-chart-section">
      <h2 id="aged-title">Aged debt</h2>
      <div className="admin-chart-pair">
        <Chart spec={spec} label={label} />
        <div className="admin-table">
          <ScrollRegion className="admin-table__scroll" label="Aged debt: the figures">
            <table>
              <caption className="visually-hidden">Aged debt by days past due</caption>
              <thead>
                <tr>
                  <th scope="col">Past due</th>
                  <th scope="col" className="admin-table__num">
                    Owed
                  </th>
                </tr>
              </thead>
              <tbody>
                {AGED_BUCKETS.map((bucket) => (
                  <tr key={bucket}>
                    <th scope="row">{AGED_BUCKET_LABELS[bucket]}</th>
                    <td className="admin-table__num">{formatGbp(aged[bucket])}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">Total</th>
                  <td className="admin-table__num">{formatGbp(total)}</td>
                </tr>
              </tfoot>
            </table>
          </ScrollRegion>
        </div>
      </div>
    </section>
  );
}

function MostOverdue({ companies }: { companies: Charts['most_overdue'] }) {
  return (
    <section aria-labelledby="overdue-title">
      <h2 id="overdue-title">Companies most overdue</h2>
      {companies.length === 0 ? (
        <p>No company has an invoice past due.</p>
      ) : (
        <div className="admin-table">
          <ScrollRegion className="admin-table__scroll" label="Companies most overdue table">
            <table aria-labelledby="overdue-title">
              <thead>
                <tr>
                  <th scope="col">Company</th>
                  <th scope="col">Account</th>
                  <th scope="col" className="admin-table__num">
                    Overdue
                  </th>
                  <th scope="col" className="admin-table__num">
                    Oldest, days past due
                  </th>
                  <th scope="col">On hold</th>
                </tr>
              </thead>
              <tbody>
                {companies.map((company) => (
                  <tr key={company.id}>
                    <th scope="row">
                      <Link to={`/admin/companies/${company.id}`}>{company.trading_name}</Link>
                    </th>
                    <td>{company.account_number}</td>
                    <td className="admin-table__num">{formatGbp(company.overdue_pence)}</td>
                    <td className="admin-table__num">{number(company.oldest_days_past_due)}</td>
                    <td>{company.on_hold ? 'On hold' : 'No'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </div>
      )}
    </section>
  );
}

/**
 * The dashboard's charts: sales invoiced per day and per month, aged debt, and the companies most
 * overdue. Each chart has a table of the same figures beside it; the charts are drawn in the browser only.
 */
export function DashboardCharts({ charts }: { charts: Charts }) {
  const days = useMemo(() => charts.days.map(dayPoint), [charts.days]);
  const months = useMemo(() => charts.months.map(monthPoint), [charts.months]);
  return (
    <>
      <RevenueSection id="days-title" title="Sales, last 30 days" what="per day" unit="Day" points={days} />
      <RevenueSection
        id="months-title"
        title="Sales, last 12 months"
        what="per month"
        unit="Month"
        points={months}
      />
      <p className="admin-field__hint">
        Sales invoiced in UK time: card orders paid and orders on account, not cancelled, test orders left
        out. Net is the orders’ totals less VAT, delivery included; the bars stack VAT on net, the line counts
        orders.
      </p>
      <AgedSection aged={charts.aged} />
      <MostOverdue companies={charts.most_overdue} />
      <p className="admin-field__hint">
        Open on-account invoices as of {ukLongDate(charts.as_of)}, by days past their due date; the companies
        with most past due, most first.
      </p>
    </>
  );
}
