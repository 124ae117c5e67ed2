import { formatGbp, formatUkDay, quoteNumber } from '@shop/domain';
import type { OutgoingEmail } from '../mail/service';

const SHOP = 'PackRight Supplies';

/**
 * A new request, as the shop's inbox receives it (staff price it in /admin). The buyer by account id, not
 * address, and without their note: an erasure leaves no copy of either in the outbox.
 */
export function quoteRequestedEmail(
  to: string,
  quoteId: number,
  customerId: number,
  lines: readonly { sku: string; packs: number }[],
): OutgoingEmail {
  const number = quoteNumber(quoteId);
  return {
    to,
    subject: `Request for quote ${number}`,
    text: [
      `A customer asked for a quote (${number}). Price it in the back office under Quotes, where their note and files are.`,
      '',
      `Customer account: ${customerId}`,
      `Lines (${lines.length}):`,
      ...lines.map((line) => `  ${line.sku} x ${line.packs} ${line.packs === 1 ? 'pack' : 'packs'}`),
      '',
    ].join('\n'),
  };
}

/** A version sent to the buyer, carrying its PDF (drawn when the message goes). */
export function quoteSentEmail(
  to: string,
  firstName: string,
  quote: { id: number; version: number; totalPence: number; expiresOn: string; message: string },
  quotesUrl: string,
): OutgoingEmail {
  const number = quoteNumber(quote.id);
  const expiry = formatUkDay(quote.expiresOn);
  const revised = quote.version > 1;
  return {
    to,
    subject: revised
      ? `Your revised quote ${number} (version ${quote.version}) from ${SHOP}`
      : `Your quote ${number} from ${SHOP}`,
    text: [
      `Hello ${firstName},`,
      '',
      revised
        ? `We have revised your quote ${number}: version ${quote.version} replaces the one before, which can no longer be accepted.`
        : `Your quote ${number} is ready.`,
      `Total including VAT: ${formatGbp(quote.totalPence)}. Prices are fixed until ${expiry}.`,
      ...(quote.message ? ['', quote.message] : []),
      '',
      `The quote is attached as a PDF. Accept it and pay, by card or on account, at ${quotesUrl}/${quote.id}`,
      '',
      SHOP,
    ].join('\n'),
    attachments: [{ kind: 'quote', quote_id: quote.id, version: quote.version }],
  };
}

/** To the buyer when staff withdraw their quote: it can no longer be accepted or paid for. */
export function quoteWithdrawnEmail(
  to: string,
  firstName: string,
  quoteId: number,
  quotesUrl: string,
): OutgoingEmail {
  const number = quoteNumber(quoteId);
  return {
    to,
    subject: `Your quote ${number} from ${SHOP} has been withdrawn`,
    text: [
      `Hello ${firstName},`,
      '',
      `We have withdrawn your quote ${number}. It can no longer be accepted, and its prices can no longer be ordered or paid for.`,
      'A card payment already taken for it while it was valid still becomes its order; one taken after now is refunded in full.',
      '',
      `You can ask us for a new quote from your cart at any time. Your quotes: ${quotesUrl}/${quoteId}`,
      '',
      SHOP,
    ].join('\n'),
  };
}
