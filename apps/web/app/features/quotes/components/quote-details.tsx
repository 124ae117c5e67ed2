import {
  formatDecimalGbp,
  formatGbp,
  penceFromDecimal,
  type QuoteLineView,
  type QuoteView,
  ukDate,
  ukLongDate,
} from '@shop/domain';
import type { ReactNode } from 'react';
import { QuoteStatusBadge } from './quote-status-badge';
import { ScrollRegion } from '~/components/ui/scroll-region';
import { type LineColumn, LinesTable } from '~/features/commerce/components/lines-table';

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
const ASKED: readonly LineColumn<QuoteLineView>[] = [
  { heading: 'SKU', className: 'quote-lines__sku', rowHeader: true, cell: (line) => line.sku },
  { heading: 'Item', className: 'quote-lines__title', unlabelled: true, cell: (line) => line.title },
  { heading: 'Packs', className: 'quote-lines__packs', numeric: true, cell: (line) => line.packs },
  {
    heading: 'List price per pack',
    className: 'quote-lines__list',
    numeric: true,
    cell: (line) => formatDecimalGbp(line.list_price_per_pack),
  },
];

/** Once the quote is priced: the quoted price, with what it was in the version before when it changed. */
const PRICED: readonly LineColumn<QuoteLineView>[] = [
  ...ASKED,
  {
    heading: 'Quoted price per pack',
    className: 'quote-lines__quoted',
    numeric: true,
    cell: (line) => (
      <>
        {line.price_per_pack === null ? '–' : formatDecimalGbp(line.price_per_pack)}
        {line.previous_price_per_pack !== null ? (
          <span className="quote-lines__was">was {formatDecimalGbp(line.previous_price_per_pack)}</span>
        ) : null}
      </>
    ),
  },
  {
    heading: 'Line total',
    className: 'quote-lines__total',
    numeric: true,
    cell: (line) => (line.total === null ? '–' : formatDecimalGbp(line.total)),
  },
];

/**
 * The lines asked for: the list price when the buyer asked, and once priced the quoted price with what it
 * was in the version before when it changed, and the line's total.
 */
export function QuoteLines({ quote }: { quote: QuoteView }) {
  return (
    <LinesTable
      label={`Items in quote ${quote.number}`}
      scrollClassName="orders__scroll"
      className="orders__table quote-lines"
      lineClassName="quote-lines__line"
      columns={quote.version > 0 ? PRICED : ASKED}
      lines={quote.lines}
      lineKey={(line) => line.id}
    />
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
