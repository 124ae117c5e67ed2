import { isQuoteExpired, type QuoteView, quoteStatusLabel } from '@shop/domain';

/** The orders' colour of each state (admin-orders.css, each pair at least 4.5:1), with its words. */
const TONE = {
  requested: 'pending',
  sent: 'processing',
  accepted: 'shipped',
  ordered: 'delivered',
  withdrawn: 'cancelled',
  expired: 'cancelled',
} as const;

/** A quote's status in words on its colour: 'Expired' for a sent quote past its expiry day. */
export function AdminQuoteStatus({
  quote,
  now,
}: {
  quote: Pick<QuoteView, 'status' | 'expires_on'>;
  now: Date;
}) {
  const tone = TONE[isQuoteExpired(quote, now) ? 'expired' : quote.status];
  return <span className={`admin-badge admin-orders__status--${tone}`}>{quoteStatusLabel(quote, now)}</span>;
}
