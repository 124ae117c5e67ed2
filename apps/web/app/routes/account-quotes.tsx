import { Link } from 'react-router';
import type { Route } from './+types/account-quotes';
import { LoadingState } from '~/components/ui/loading-state';
import { SimplePage } from '~/components/ui/simple-page';
import { Pager, pageParam } from '~/features/company/components/pager';
import { getQuotes } from '~/features/quotes/api/get-quotes';
import { QuoteList } from '~/features/quotes/components/quote-list';
import { QuoteUnavailable } from '~/features/quotes/components/quote-unavailable';
import { failureText, QUOTE_PAGE_MESSAGES } from '~/features/quotes/quote-rules';
import { routeLoad, RouteLoadedView } from '~/lib/route-load';
import { pageMeta } from '~/lib/seo';
import '~/styles/orders.css';
import '~/styles/account.css';
import '~/styles/company.css';

const TITLE = 'Your quotes';

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: TITLE, description: 'Your PackRight Supplies quotes.', noIndex: true });

// Account pages load in the browser, with the stored token (DESIGN §2).
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const page = pageParam(new URL(request.url).searchParams.get('page'));
  return routeLoad(request, async () => ({ page, quotes: await getQuotes(page, request.signal) }), {
    failure: (error) => failureText(error, QUOTE_PAGE_MESSAGES.loadFailed),
  });
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingState title={TITLE} label="Loading your quotes…" />;
}

/** /account/quotes: the buyer's requests for quote and quotes, newest first. */
export default function AccountQuotesPage({ loaderData }: Route.ComponentProps) {
  return (
    <SimplePage title={TITLE}>
      <div className="my-account my-account--wide">
        <p className="account-section__links">
          <Link to="/account">Back to My account</Link>
        </p>
        <RouteLoadedView
          loaded={loaderData}
          failed={(failure) => <QuoteUnavailable message={failure.message} />}
        >
          {({ page, quotes }) => (
            <>
              <QuoteList quotes={quotes.results} />
              <Pager
                param="page"
                page={page}
                hasPrevious={quotes.previous !== null}
                hasNext={quotes.next !== null}
                label="Pages of your quotes"
              />
            </>
          )}
        </RouteLoadedView>
      </div>
    </SimplePage>
  );
}
