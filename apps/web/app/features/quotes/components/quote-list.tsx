import { formatDecimalGbp, type QuoteRow, ukDate } from '@shop/domain';
import { Link } from 'react-router';
import { QUOTE_PAGE_MESSAGES } from '../quote-rules';
import { QuoteStatusBadge } from './quote-status-badge';
import { ScrollRegion } from '~/components/ui/scroll-region';

/** The buyer's quotes: number, date asked, status in words (expired included), total and expiry. */
export function QuoteList({ quotes, now = new Date() }: { quotes: readonly QuoteRow[]; now?: Date }) {
  if (quotes.length === 0) return <p className="orders__empty">{QUOTE_PAGE_MESSAGES.noQuotes}</p>;
  return (
    <ScrollRegion className="orders__scroll" label="Your quotes">
      <table className="orders__table">
        <caption className="visually-hidden">Your quotes</caption>
        <thead>
          <tr>
            <th scope="col">Quote</th>
            <th scope="col">Requested</th>
            <th scope="col">Status</th>
            <th scope="col" className="numeric">
              Total
            </th>
            <th scope="col">Valid until</th>
          </tr>
        </thead>
        <tbody>
          {quotes.map((quote) => (
            <tr key={quote.id}>
              <th scope="row">
                <Link to={`/account/quotes/${quote.id}`}>
                  <span className="visually-hidden">Quote</span> {quote.number}
                </Link>
              </th>
              <td>
                <time dateTime={quote.created_at}>{ukDate(quote.created_at)}</time>
              </td>
              <td>
                <QuoteStatusBadge quote={quote} now={now} />
              </td>
              <td className="numeric">
                {quote.total === null ? 'Not priced yet' : formatDecimalGbp(quote.total)}
              </td>
              <td>
                {quote.expires_on ? <time dateTime={quote.expires_on}>{ukDate(quote.expires_on)}</time> : '–'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
