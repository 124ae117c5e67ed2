import {
  QUOTE_MESSAGES,
  quoteExpiryProblem,
  quoteFigures,
  quotedPackPence,
  type PageRequest,
  type QuoteSend,
  type QuoteStatus,
  type QuoteView,
} from '@shop/domain';
import type { QuotedLineSnapshot } from '../../../db/schema';
import type { Db } from '../../../db/client';
import { BadRequest, Invalid, NotFound } from '../../../http/errors';
import { enqueueEmail } from '../../mail/service';
import { quoteSentEmail, quoteWithdrawnEmail } from '../../quotes/emails';
import { insertVersion, lockQuote, withdrawQuote, type LockedQuote } from '../../quotes/service';
import { attachmentDownload, listQuotes } from '../../quotes/service';
import { quoteView } from '../../quotes/views';
import { selectPricingSettings } from '../../settings/service';
import { audit, type Actor } from '../audit';

/** The statuses a version can be sent from: a new request, or a sent quote being revised. */
const SENDABLE: readonly QuoteStatus[] = ['requested', 'sent'];

/**
 * The field errors of a send against the quote as locked: every line of the request priced exactly once, and
 * an expiry day from today to a year ahead (UK days). Null when there are none.
 */
function sendProblems(quote: LockedQuote, body: QuoteSend, now: Date): Record<string, string[]> | null {
  const problems: Record<string, string[]> = {};
  const priced = new Set(body.lines.map((line) => line.id));
  const ids = new Set(quote.lines.map((line) => line.id));
  if (
    priced.size !== body.lines.length ||
    priced.size !== ids.size ||
    [...priced].some((id) => !ids.has(id))
  ) {
    problems.lines = [QUOTE_MESSAGES.linesMismatch];
  }
  const expiry = quoteExpiryProblem(body.expires_on, now);
  if (expiry) problems.expires_on = [expiry];
  return Object.keys(problems).length > 0 ? problems : null;
}

/**
 * Requests for quote in the back office: the list, one quote, sending a version (the first or a
 * revision) and withdrawing. Each write runs in one transaction with the quote's row locked, its audit entry
 * and the e-mail it causes.
 */
export function createQuotesAdminService(db: Db, options: { publicUrl: string }) {
  const quotesUrl = `${options.publicUrl}/account/quotes`;

  return {
    /** Every buyer's quotes, newest first; `status` filters. */
    list: (page: PageRequest & { status?: QuoteStatus | undefined }, now: Date = new Date()) =>
      listQuotes(db, { userId: null, status: page.status }, page, now),

    get: (quoteId: number, now: Date = new Date()) => quoteView(db, quoteId, null, now),

    /**
     * POST administration/quotes/{id}/send/: a new version of a requested or sent quote. Each line's price is
     * taken after the discount (`quotedPackPence`: what the quote's cart charges a pack), and the figures are
     * summed as checkout sums a cart (`quoteFigures`) with the VAT rate checkout uses and the delivery as the
     * shipping, so the version's total is what its cart will be charged. Stored with the seller's details; the
     * buyer is e-mailed the version's PDF.
     */
    async send(actor: Actor, quoteId: number, body: QuoteSend, now: Date = new Date()): Promise<QuoteView> {
      await db.transaction(async (tx) => {
        const quote = await lockQuote(tx, quoteId, null);
        if (!quote) throw new NotFound();
        if (!SENDABLE.includes(quote.status)) throw new BadRequest(QUOTE_MESSAGES.notSendable);
        const problems = sendProblems(quote, body, now);
        if (problems) throw new Invalid(problems);

        const prices = new Map(body.lines.map((line) => [line.id, line.price_per_pack]));
        const lines = quote.lines.map((line) => ({
          ...line,
          price_per_pack_pence: quotedPackPence(prices.get(line.id)!, body.discount_percentage),
        }));
        const { vatRate } = await selectPricingSettings(tx);
        const figures = quoteFigures(lines, body.delivery, vatRate);
        const version = quote.version + 1;
        await insertVersion(tx, {
          quoteId,
          version,
          lines: lines.map((line): QuotedLineSnapshot => ({
            id: line.id,
            price_per_pack_pence: line.price_per_pack_pence,
          })),
          deliveryPence: figures.shipping_pence,
          subtotalPence: figures.goods_pence,
          vatPence: figures.vat_pence,
          totalPence: figures.total_pence,
          vatRate,
          expiresOn: body.expires_on,
          message: body.message,
          sentBy: actor.id,
        });
        await audit(tx, actor, {
          action: 'quote.send',
          entityType: 'quote',
          entityId: quoteId,
          before: { status: quote.status, version: quote.version },
          after: {
            status: 'sent',
            version,
            discount_percentage: body.discount_percentage,
            delivery_pence: figures.shipping_pence,
            total_pence: figures.total_pence,
            expires_on: body.expires_on,
          },
        });
        await enqueueEmail(
          tx,
          quoteSentEmail(
            quote.email,
            quote.firstName,
            {
              id: quoteId,
              version,
              totalPence: figures.total_pence,
              expiresOn: body.expires_on,
              message: body.message,
            },
            quotesUrl,
          ),
        );
      });
      return quoteView(db, quoteId, null, now);
    },

    /**
     * POST administration/quotes/{id}/withdraw/: the quote can no longer be accepted or ordered; 400 once it has
     * been ordered. The time is kept (a card payment taken before it still becomes its order) and the buyer is
     * e-mailed. Withdrawing a withdrawn quote changes nothing.
     */
    async withdraw(actor: Actor, quoteId: number, now: Date = new Date()): Promise<QuoteView> {
      await db.transaction(async (tx) => {
        const quote = await lockQuote(tx, quoteId, null);
        if (!quote) throw new NotFound();
        if (quote.status === 'ordered') throw new BadRequest(QUOTE_MESSAGES.notWithdrawable);
        if (quote.status === 'withdrawn') return;
        await withdrawQuote(tx, quoteId);
        await audit(tx, actor, {
          action: 'quote.withdraw',
          entityType: 'quote',
          entityId: quoteId,
          before: { status: quote.status },
          after: { status: 'withdrawn' },
        });
        if (!quote.erased) {
          await enqueueEmail(tx, quoteWithdrawnEmail(quote.email, quote.firstName, quoteId, quotesUrl));
        }
      });
      return quoteView(db, quoteId, null, now);
    },

    /** Any quote's file, for staff. */
    attachment: (quoteId: number, attachmentId: number) =>
      attachmentDownload(db, quoteId, attachmentId, null),
  };
}

export type QuotesAdminService = ReturnType<typeof createQuotesAdminService>;
