import { quoteNumber } from '@shop/domain';
import type { ReactNode } from 'react';
import { useLocation, useParams } from 'react-router';
import type { Route } from './+types/account-quote';
import { LoadingState } from '~/components/ui/loading-state';
import { Toasts } from '~/components/ui/toasts';
import { getQuote } from '~/features/quotes/api/get-quote';
import { QuoteNotFound, QuoteUnavailable } from '~/features/quotes/components/quote-unavailable';
import { QuotePage, QuotesBreadcrumb } from '~/features/quotes/components/quote-page';
import { failureText, QUOTE_PAGE_MESSAGES, requestedStateOf } from '~/features/quotes/quote-rules';
import { requireAccessToken } from '~/lib/guards';
import { idParam } from '~/lib/route-id';
import { NOT_AN_ID, routeLoad, RouteLoadedView } from '~/lib/route-load';
import { pageMeta } from '~/lib/seo';
import '~/styles/orders.css';
import '~/styles/quotes.css';

export const meta: Route.MetaFunction = ({ params }) => {
  const id = idParam(params.id);
  return pageMeta({
    title: id === null ? 'Quote not found' : `Quote ${quoteNumber(id)}`,
    description: 'One of your PackRight Supplies quotes.',
    noIndex: true,
  });
};

// Account pages load in the browser, with the stored token (DESIGN §2).
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  requireAccessToken(request);
  const id = idParam(params.id);
  if (id === null) return NOT_AN_ID;
  return routeLoad(request, () => getQuote(id, request.signal), {
    failure: (error) => failureText(error, QUOTE_PAGE_MESSAGES.quoteLoadFailed),
  });
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  const id = idParam(useParams().id);
  return (
    <LoadingState title={id === null ? 'Quote' : `Quote ${quoteNumber(id)}`} label="Loading your quote…" />
  );
}

/** /account/quotes/:id: one of the buyer's quotes, to accept and pay. */
export default function AccountQuotePage({ loaderData }: Route.ComponentProps) {
  const { state } = useLocation();
  const id = idParam(useParams().id);
  const unavailable = (title: string, why: ReactNode) => (
    <div className="page order-page">
      <QuotesBreadcrumb current={title} />
      <h1 className="page__title">{title}</h1>
      {why}
    </div>
  );
  return (
    <RouteLoadedView
      loaded={loaderData}
      missing={unavailable('Quote not found', <QuoteNotFound />)}
      failed={(failure) =>
        unavailable(
          id === null ? 'Quote not found' : `Quote ${quoteNumber(id)}`,
          <QuoteUnavailable message={failure.message} />,
        )
      }
    >
      {(quote) => (
        <>
          <Toasts />
          <QuotePage quote={quote} requested={requestedStateOf(state)} />
        </>
      )}
    </RouteLoadedView>
  );
}
