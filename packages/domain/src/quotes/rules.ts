import { formatUkDay } from '../companies/rules';
import { ukClock } from '../delivery/rules';
import { QUOTE_MESSAGES, type QuoteStatus } from './schemas';

/** A quote as the acceptance rule weighs it. */
export interface QuoteFacts {
  status: QuoteStatus;
  /** The latest version sent; 0 before the first. */
  version: number;
  /** The latest version's last UK day (YYYY-MM-DD); null before the first. */
  expiresOn: string | null;
}

/**
 * Why a quote cannot be accepted now, in the buyer's words, or null when it can: only a sent quote, in date
 * on the UK calendar (it can be accepted all through its expiry day), and only its latest version (`version`
 * the one the buyer saw, undefined for the latest). An accepted quote is refused here too: its cart is
 * already there to pay (accepting is answered with it, not made twice).
 */
export function quoteRefusal(quote: QuoteFacts, now: Date, version?: number): string | null {
  switch (quote.status) {
    case 'requested':
      return QUOTE_MESSAGES.notSent;
    case 'ordered':
      return QUOTE_MESSAGES.alreadyOrdered;
    case 'withdrawn':
      return QUOTE_MESSAGES.withdrawn;
    case 'accepted':
    case 'sent':
      break;
  }
  if (version !== undefined && version !== quote.version) return QUOTE_MESSAGES.superseded(quote.version);
  if (quote.expiresOn === null) return QUOTE_MESSAGES.notSent;
  if (ukClock(now).day > quote.expiresOn) return QUOTE_MESSAGES.expired(formatUkDay(quote.expiresOn));
  return null;
}
