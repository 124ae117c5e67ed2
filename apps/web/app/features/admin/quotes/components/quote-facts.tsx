import { formatDecimalGbp, type QuoteView, ukDate, ukDateTime } from '@shop/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AdminQuoteStatus } from './quote-status-badge';
import { ScrollRegion } from '~/components/ui/scroll-region';

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="admin-quote__facts">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Who asked, when, and where the quote stands: its version, expiry, acceptance and order. */
export function QuoteSummary({ quote, now }: { quote: QuoteView; now: Date }) {
  const rows: [string, ReactNode][] = [
    ['Status', <AdminQuoteStatus key="status" quote={quote} now={now} />],
    [
      'Requested',
      <time key="requested" dateTime={quote.created_at}>
        {ukDateTime(quote.created_at)}
      </time>,
    ],
    [
      'Customer',
      <span key="customer">
        <Link to={`/admin/customers/${quote.customer.id}`}>
          {quote.customer.name || quote.customer.email}
        </Link>
        <br />
        {quote.customer.email}
      </span>,
    ],
    ['Trade account', quote.customer.company ?? 'None'],
    ['Version sent', quote.version === 0 ? 'Not priced yet' : String(quote.version)],
  ];
  if (quote.expires_on) {
    rows.push([
      'Valid until',
      <time key="expires" dateTime={quote.expires_on}>
        {ukDate(quote.expires_on)}
      </time>,
    ]);
  }
  if (quote.total !== null) rows.push(['Total (VAT included)', formatDecimalGbp(quote.total)]);
  if (quote.accepted_version !== null) rows.push(['Accepted version', String(quote.accepted_version)]);
  if (quote.order_id !== null) {
    rows.push([
      'Order',
      <Link key="order" to={`/admin/orders/${quote.order_id}`}>
        #{quote.order_id}
      </Link>,
    ]);
  }
  if (quote.refusal && quote.status !== 'requested') rows.push(['Can it be ordered?', quote.refusal]);
  return <Facts rows={rows} />;
}

/** The buyer's note, or a word that there is none. */
export function QuoteNote({ quote }: { quote: QuoteView }) {
  return quote.note ? <p className="admin-quote__text">{quote.note}</p> : <p>The customer left no note.</p>;
}

/** The lines asked for with the catalogue's price when asked, and the latest quoted price and total. */
export function QuoteRequestLines({ quote }: { quote: QuoteView }) {
  const priced = quote.version > 0;
  return (
    <div className="admin-table">
      <ScrollRegion className="admin-table__scroll" label="Requested lines table">
        <table className="admin-quote__table">
          <caption className="visually-hidden">Lines of quote {quote.number}</caption>
          <thead>
            <tr>
              <th scope="col">SKU</th>
              <th scope="col">Item</th>
              <th scope="col" className="admin-table__num">
                Packs
              </th>
              <th scope="col" className="admin-table__num">
                List price per pack
              </th>
              {priced ? (
                <>
                  <th scope="col" className="admin-table__num">
                    Quoted per pack
                  </th>
                  <th scope="col" className="admin-table__num">
                    Line total
                  </th>
                </>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {quote.lines.map((line) => (
              <tr key={line.id}>
                <td>
                  {line.item === null ? line.sku : <Link to={`/admin/items/${line.item}`}>{line.sku}</Link>}
                </td>
                <td>{line.title}</td>
                <td className="admin-table__num">
                  {line.packs}
                  {line.unit_type === 'pallet' ? ' (pallet price)' : ''}
                </td>
                <td className="admin-table__num">{formatDecimalGbp(line.list_price_per_pack)}</td>
                {priced ? (
                  <>
                    <td className="admin-table__num">
                      {line.price_per_pack === null ? '–' : formatDecimalGbp(line.price_per_pack)}
                      {line.previous_price_per_pack !== null ? (
                        <>
                          <br />
                          <span className="admin-field__hint">
                            was {formatDecimalGbp(line.previous_price_per_pack)}
                          </span>
                        </>
                      ) : null}
                    </td>
                    <td className="admin-table__num">
                      {line.total === null ? '–' : formatDecimalGbp(line.total)}
                    </td>
                  </>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}

/** The versions sent, newest first: when, until when, delivery, VAT, total and the message with each. */
export function QuoteVersionsSent({ quote }: { quote: QuoteView }) {
  if (quote.versions.length === 0) return <p>No version has been sent yet.</p>;
  const versions = [...quote.versions].sort((a, b) => b.version - a.version);
  return (
    <div className="admin-table">
      <ScrollRegion className="admin-table__scroll" label="Versions sent table">
        <table className="admin-quote__table">
          <caption className="visually-hidden">Versions of quote {quote.number}</caption>
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Sent</th>
              <th scope="col">Valid until</th>
              <th scope="col" className="admin-table__num">
                Items
              </th>
              <th scope="col" className="admin-table__num">
                Delivery
              </th>
              <th scope="col" className="admin-table__num">
                VAT
              </th>
              <th scope="col" className="admin-table__num">
                Total
              </th>
              <th scope="col">Message</th>
            </tr>
          </thead>
          <tbody>
            {versions.map((version) => (
              <tr key={version.version}>
                <td>
                  {version.version}
                  {version.version === quote.version ? ' (latest)' : ''}
                </td>
                <td>
                  <time dateTime={version.sent_at}>{ukDateTime(version.sent_at)}</time>
                </td>
                <td>
                  <time dateTime={version.expires_on}>{ukDate(version.expires_on)}</time>
                </td>
                <td className="admin-table__num">{formatDecimalGbp(version.subtotal)}</td>
                <td className="admin-table__num">{formatDecimalGbp(version.delivery)}</td>
                <td className="admin-table__num">{formatDecimalGbp(version.vat_amount)}</td>
                <td className="admin-table__num">{formatDecimalGbp(version.total)}</td>
                <td className="admin-quote__message">{version.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}
