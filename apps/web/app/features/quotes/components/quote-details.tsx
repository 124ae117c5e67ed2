import {
  formatDecimalGbp,
  formatGbp,
  penceFromDecimal,
  type QuoteView,
  ukDate,
  ukLongDate,
} from '@shop/domain';
import type { ReactNode } from 'react';
import { QuoteStatusBadge } from './quote-status-badge';
import { ScrollRegion } from '~/components/ui/scroll-region';

/** The quote at a glance: its number, when it was asked for, its status, version and last day. */
export function QuoteFacts({ quote, now }: { quote: QuoteView; now: Date }) {
  const rows: [string, ReactNode][] = [
    ['Quote number', quote.number],
    [
      'Requested',
      <time key="requested" dateTime={quote.created_at}>
        {ukDate(quote.created_at)}
      </time>,
    ],
    ['Status', <QuoteStatusBadge key="status" quote={quote} now={now} />],
  ];
  if (quote.customer.company) rows.push(['Trade account', quote.customer.company]);
  if (quote.version > 0) rows.push(['Version', String(quote.version)]);
  if (quote.expires_on) {
    rows.push([
      'Valid until',
      <time key="expires" dateTime={quote.expires_on}>
        {ukLongDate(quote.expires_on)}
      </time>,
    ]);
  }
  return (
    <dl className="order-facts">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The lines' headings, and each figure's label where a line is a card (a phone's width, quotes.css). */
const COLUMNS = {
  sku: 'SKU',
  item: 'Item',
  packs: 'Packs',
  list: 'List price per pack',
  quoted: 'Quoted price per pack',
  total: 'Line total',
} as const;

/**
 * The lines asked for: the list price when the buyer asked, and once priced the quoted price with what it
 * was in the version before when it changed, and the line's total.
 */
export function QuoteLines({ quote }: { quote: QuoteView }) {
  const priced = quote.version > 0;
  const label = `Items in quote ${quote.number}`;
  return (
    <ScrollRegion className="orders__scroll" label={label}>
      <table className="orders__table quote-lines card-rows">
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            <th scope="col">{COLUMNS.sku}</th>
            <th scope="col">{COLUMNS.item}</th>
            <th scope="col" className="numeric">
              {COLUMNS.packs}
            </th>
            <th scope="col" className="numeric">
              {COLUMNS.list}
            </th>
            {priced ? (
              <>
                <th scope="col" className="numeric">
                  {COLUMNS.quoted}
                </th>
                <th scope="col" className="numeric">
                  {COLUMNS.total}
                </th>
              </>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {quote.lines.map((line) => (
            <tr key={line.id} className="quote-lines__line">
              <th scope="row" className="quote-lines__sku" data-label={COLUMNS.sku}>
                {line.sku}
              </th>
              <td className="quote-lines__title">{line.title}</td>
              <td className="quote-lines__packs numeric" data-label={COLUMNS.packs}>
                {line.packs}
              </td>
              <td className="quote-lines__list numeric" data-label={COLUMNS.list}>
                {formatDecimalGbp(line.list_price_per_pack)}
              </td>
              {priced ? (
                <>
                  <td className="quote-lines__quoted numeric" data-label={COLUMNS.quoted}>
                    {line.price_per_pack === null ? '–' : formatDecimalGbp(line.price_per_pack)}
                    {line.previous_price_per_pack !== null ? (
                      <span className="quote-lines__was">
                        was {formatDecimalGbp(line.previous_price_per_pack)}
                      </span>
                    ) : null}
                  </td>
                  <td className="quote-lines__total numeric" data-label={COLUMNS.total}>
                    {line.total === null ? '–' : formatDecimalGbp(line.total)}
                  </td>
                </>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/**
 * The latest version's figures: the lines, delivery, the net amount (before VAT), VAT and the total. The net
 * is the total less VAT, so it holds whatever the lines' subtotal leaves out.
 */
export function QuoteTotals({ quote }: { quote: QuoteView }) {
  if (quote.total === null || quote.vat_amount === null) return null;
  const delivery = quote.delivery === null ? 0 : penceFromDecimal(quote.delivery);
  const net = penceFromDecimal(quote.total) - penceFromDecimal(quote.vat_amount);
  return (
    <table className="summary-table quote-totals">
      <caption className="visually-hidden">Totals of quote {quote.number}</caption>
      <tbody>
        {quote.subtotal !== null ? (
          <tr>
            <th scope="row">Items</th>
            <td>{formatDecimalGbp(quote.subtotal)}</td>
          </tr>
        ) : null}
        <tr>
          <th scope="row">Delivery</th>
          <td>{delivery === 0 ? 'FREE' : formatGbp(delivery)}</td>
        </tr>
        <tr>
          <th scope="row">Net</th>
          <td>{formatGbp(net)}</td>
        </tr>
        <tr>
          <th scope="row">VAT ({quote.vat}%)</th>
          <td>{formatDecimalGbp(quote.vat_amount)}</td>
        </tr>
        <tr className="summary-table__total">
          <th scope="row">Total</th>
          <td>{formatDecimalGbp(quote.total)}</td>
        </tr>
      </tbody>
    </table>
  );
}

/** Every version sent, newest first, with its day, expiry and total: the latest is the one to accept. */
export function QuoteVersions({ quote }: { quote: QuoteView }) {
  const versions = [...quote.versions].sort((a, b) => b.version - a.version);
  const label = `Versions of quote ${quote.number}`;
  return (
    <ScrollRegion className="orders__scroll" label={label}>
      <table className="orders__table">
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">Sent</th>
            <th scope="col">Valid until</th>
            <th scope="col" className="numeric">
              Delivery
            </th>
            <th scope="col" className="numeric">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {versions.map((version) => (
            <tr key={version.version}>
              <th scope="row">
                {version.version}
                {version.version === quote.version ? ' (latest)' : ''}
              </th>
              <td>
                <time dateTime={version.sent_at}>{ukDate(version.sent_at)}</time>
              </td>
              <td>
                <time dateTime={version.expires_on}>{ukDate(version.expires_on)}</time>
              </td>
              <td className="numeric">{formatDecimalGbp(version.delivery)}</td>
              <td className="numeric">{formatDecimalGbp(version.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
