import { ukClock } from '../delivery/rules';
import type { QuoteStatus, QuoteView } from './schemas';

/**
 * Each quote status in words, as the storefront and the back office show it. A sent quote past its expiry
 * day reads 'Expired' instead (quoteStatusLabel): the status stays `sent`, the calendar moved on.
 */
export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  requested: 'Requested',
  sent: 'Sent',
  accepted: 'Accepted',
  ordered: 'Ordered',
  withdrawn: 'Withdrawn',
};

export const QUOTE_EXPIRED_LABEL = 'Expired';

/** Whether a sent quote's latest version is past its expiry day on the UK calendar (it is good through it). */
export function isQuoteExpired(quote: Pick<QuoteView, 'status' | 'expires_on'>, now: Date): boolean {
  return quote.status === 'sent' && quote.expires_on !== null && ukClock(now).day > quote.expires_on;
}

/** A quote's status in words, 'Expired' for a sent one past its expiry day. */
export function quoteStatusLabel(quote: Pick<QuoteView, 'status' | 'expires_on'>, now: Date): string {
  return isQuoteExpired(quote, now) ? QUOTE_EXPIRED_LABEL : QUOTE_STATUS_LABELS[quote.status];
}
