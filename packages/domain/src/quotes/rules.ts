import { formatUkDay } from '../dates';
import { ukClock } from '../delivery/rules';
import { lineTotals, sumTotals, type Totals } from '../pricing/totals';
import { QUOTE_LIMITS, QUOTE_MESSAGES, type QuoteStatus } from './schemas';

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

/**
 * Why a quote cart's card payment taken at `paidAt` cannot become its order (decision 013): the quote had been
 * withdrawn (`withdrawnAt` at or before `paidAt`) or had expired by then. Null when it was valid when paid:
 * that payment still becomes its order, whatever happened to the quote since. An ordered quote answers null
 * here (its cart is empty, which refuses the payment on its own).
 */
export function quoteRefusalWhenPaid(
  quote: Pick<QuoteFacts, 'status' | 'expiresOn'> & { withdrawnAt: Date | null },
  paidAt: Date,
): string | null {
  if (quote.status === 'ordered') return null;
  const withdrawnBefore =
    quote.status === 'withdrawn' && (quote.withdrawnAt === null || quote.withdrawnAt <= paidAt);
  const status = quote.status === 'withdrawn' && !withdrawnBefore ? 'accepted' : quote.status;
  return quoteRefusal({ status, version: 0, expiresOn: quote.expiresOn }, paidAt);
}

/** The UK day `days` after `day` (YYYY-MM-DD). */
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Why staff may not give a quote this expiry day, or null when they may: from today to QUOTE_LIMITS.expiryDays
 * days after it, on the UK calendar.
 */
export function quoteExpiryProblem(expiresOn: string, now: Date): string | null {
  const today = ukClock(now).day;
  if (expiresOn < today) return QUOTE_MESSAGES.expiryPast;
  if (expiresOn > addDays(today, QUOTE_LIMITS.expiryDays)) return QUOTE_MESSAGES.expiryTooFar;
  return null;
}

/** A quoted line as its figures are summed: its packs and its price per pack after the version's discount. */
export interface QuotedLine {
  packs: number;
  units_per_pack: number;
  price_per_pack_pence: number;
}

/**
 * A version's figures, summed as checkout sums a cart (lineTotals, then sumTotals with delivery as the shipping
 * and VAT on the whole), so the quote's total is what its cart is charged: each line at its quoted price with
 * no further discount. `goods_pence` is the quote's subtotal.
 */
export function quoteFigures(
  lines: readonly QuotedLine[],
  deliveryPence: number,
  vatPercent: number,
): Totals {
  return sumTotals(
    lines.map((line) =>
      lineTotals({
        packs: line.packs,
        units_per_pack: line.units_per_pack,
        price_per_pack_pence: line.price_per_pack_pence,
        discount_percentage: 0,
        pack_weight_kg: 0,
      }),
    ),
    deliveryPence,
    vatPercent,
  );
}
