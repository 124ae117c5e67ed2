import type { QuoteView } from '@shop/domain';
import { useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { acceptQuote } from '../api/accept-quote';
import { QUOTE_PAGE_MESSAGES } from '../quote-rules';
import { failureText } from '~/lib/api-client';

/** The checkout of an accepted quote's own cart. */
export const quoteCheckoutPath = (cartId: number) => `/checkout?cart=${cartId}`;

/** The server's checkout address when it is one of the shop's own pages, else the quote cart's checkout. */
function checkoutPathOf(url: string, cartId: number): string {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')
    ? url
    : quoteCheckoutPath(cartId);
}

/**
 * What the buyer can do with the quote now: wait for its prices; accept the version shown and pay (its own
 * cart at the quoted prices, then the checkout); pay for a quote already accepted; see the order it became;
 * or read why it can no longer be ordered (expired, revised, withdrawn), in the server's words.
 */
export function QuoteNextStep({ quote }: { quote: QuoteView }) {
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [busy, setBusy] = useState(false);
  // Kept here, above the panels: a refusal re-reads the quote, which may change what is shown below it.
  const [failure, setFailure] = useState<string | null>(null);

  const accept = async () => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const result = await acceptQuote(quote.id, quote.version);
      void navigate(checkoutPathOf(result.checkout_url, result.cart_id));
    } catch (error) {
      setBusy(false);
      setFailure(failureText(error, QUOTE_PAGE_MESSAGES.acceptFailed));
      // A quote revised, withdrawn or accepted meanwhile is shown as it is now.
      void revalidate();
    }
  };

  return (
    <div className="quote-next">
      <p className="form__failure" role="alert">
        {failure}
      </p>
      <Panel quote={quote} busy={busy} onAccept={() => void accept()} />
    </div>
  );
}

function Panel({ quote, busy, onAccept }: { quote: QuoteView; busy: boolean; onAccept: () => void }) {
  if (quote.status === 'requested') {
    return <p>We are pricing your request. We will e-mail you as soon as the quote is ready.</p>;
  }
  if (quote.status === 'ordered') {
    return (
      <p>
        You ordered this quote.{' '}
        {quote.order_id !== null ? (
          <Link to={`/track-order/${quote.order_id}`}>See order #{quote.order_id}</Link>
        ) : null}
      </p>
    );
  }
  if (quote.status === 'accepted' && quote.refusal === null && quote.cart_id !== null) {
    return (
      <>
        <p>
          You accepted version {quote.accepted_version ?? quote.version}. Its prices are kept for you in a
          cart of their own until you pay; your own cart is as you left it.
        </p>
        <p>
          <Link className="button button--primary" to={quoteCheckoutPath(quote.cart_id)}>
            Pay for this quote
          </Link>
        </p>
      </>
    );
  }
  if (quote.can_accept) {
    return (
      <>
        <p>
          Accepting version {quote.version} fixes these prices in a cart of their own and takes you to the
          checkout, to pay by card or on account. Your own cart stays as it is.
        </p>
        <p>
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={onAccept}
          >
            {busy ? 'Accepting…' : 'Accept and pay'}
          </button>
        </p>
      </>
    );
  }
  return <p className="quote-next__refusal">{quote.refusal ?? QUOTE_PAGE_MESSAGES.acceptFailed}</p>;
}
