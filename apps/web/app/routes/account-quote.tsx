import { quoteNumber } from '@shop/domain';
import { useLocation, useParams } from 'react-router';
import type { Route } from './+types/account-quote';
import { LoadingState } from '~/components/ui/loading-state';
import { Toasts } from '~/components/ui/toasts';
import { getQuote } from '~/features/quotes/api/get-quote';
import { QuoteNotFound, QuoteUnavailable } from '~/features/quotes/components/quote-unavailable';
import { QuotePage, QuotesBreadcrumb } from '~/features/quotes/components/quote-page';
import { failureText, QUOTE_PAGE_MESSAGES, quoteIdOf, requestedStateOf } from '~/features/quotes/quote-rules';
import { ApiError, isAbortError } from '~/lib/api-client';
import { requireAccessToken } from '~/lib/guards';
import { pageMeta } from '~/lib/seo';
import '~/styles/orders.css';
import '~/styles/quotes.css';

export const meta: Route.MetaFunction = ({ params }) => {
  const id = quoteIdOf(params.id);
  return pageMeta({
    title: id === null ? 'Quote not found' : `Quote ${quoteNumber(id)}`,
    description: 'One of your PackRight Supplies quotes.',
    noIndex: true,
  });
};

// Account pages load in the browser, with the stored token (DESIGN §2).
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  requireAccessToken(request);
  const id = quoteIdOf(params.id);
  if (id === null) return { state: 'missing' as const };
  try {
    return { state: 'loaded' as const, quote: await getQuote(id, request.signal) };
  } catch (error) {
    if (isAbortError(error)) throw error;
    if (error instanceof ApiError && error.status === 404) return { state: 'missing' as const };
    requireAccessToken(request);
    return { state: 'failed' as const, message: failureText(error, QUOTE_PAGE_MESSAGES.quoteLoadFailed) };
  }
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  const id = quoteIdOf(useParams().id);
  return (
    <LoadingState title={id === null ? 'Quote' : `Quote ${quoteNumber(id)}`} label="Loading your quote…" />
  );
}

/** /account/quotes/:id: one of the buyer's quotes, to accept and pay. */
export default function AccountQuotePage({ loaderData }: Route.ComponentProps) {
  const { state } = useLocation();
  const id = quoteIdOf(useParams().id);
  if (loaderData.state === 'loaded') {
    return (
      <>
        <Toasts />
        <QuotePage quote={loaderData.quote} requested={requestedStateOf(state)} />
      </>
    );
  }
  const title =
    loaderData.state === 'missing' || id === null ? 'Quote not found' : `Quote ${quoteNumber(id)}`;
  return (
    <div className="page order-page">
      <QuotesBreadcrumb current={title} />
      <h1 className="page__title">{title}</h1>
      {loaderData.state === 'missing' ? <QuoteNotFound /> : <QuoteUnavailable message={loaderData.message} />}
    </div>
  );
}
