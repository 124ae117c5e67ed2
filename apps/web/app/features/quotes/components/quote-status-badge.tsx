import { isQuoteExpired, type QuoteView, quoteStatusLabel } from '@shop/domain';

/** Each state's colour, borrowed from the order statuses' pairs (orders.css, each at least 7:1). */
const TONE = {
  requested: 'pending',
  sent: 'processing',
  accepted: 'shipped',
  ordered: 'delivered',
  withdrawn: 'cancelled',
  expired: 'cancelled',
} as const;

/** A quote's status in words beside its colour (WCAG 1.4.1): 'Expired' for a sent quote past its day. */
export function QuoteStatusBadge({
  quote,
  now,
}: {
  quote: Pick<QuoteView, 'status' | 'expires_on'>;
  now: Date;
}) {
  const tone = TONE[isQuoteExpired(quote, now) ? 'expired' : quote.status];
  return (
    <span className={`order-status order-status--${tone}`}>
      <span className="order-status__dot" aria-hidden="true" />
      {quoteStatusLabel(quote, now)}
    </span>
  );
}
