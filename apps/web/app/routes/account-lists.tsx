import { companyMay } from '@shop/domain';
import { Link } from 'react-router';
import type { Route } from './+types/account-lists';
import { LoadingState } from '~/components/ui/loading-state';
import { SimplePage } from '~/components/ui/simple-page';
import { Toasts } from '~/components/ui/toasts';
import { SectionUnavailable } from '~/features/account/components/account-section';
import { getCompany } from '~/features/company/api/get-company';
import { pageOrFailure, settled } from '~/features/company/company-rules';
import { Pager, pageParam } from '~/features/company/components/pager';
import { getSavedLists } from '~/features/lists/api/saved-lists';
import { LISTS_PAGE_MESSAGES } from '~/features/lists/lists-messages';
import { NewListForms, SavedListsTable } from '~/features/lists/components/saved-lists-index';
import { requireAccessToken } from '~/lib/guards';
import { pageMeta } from '~/lib/seo';
import '~/styles/account.css';
import '~/styles/company.css';
import '~/styles/lists.css';

const TITLE = 'Saved lists';

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: TITLE, description: 'Your saved lists of items to order again.', noIndex: true });

// Account and commerce pages load in the browser, with the stored token (DESIGN §2). The company says whether
// the buyer may share a list with it (its administrators and approvers of an approved trade account).
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireAccessToken(request);
  const { signal } = request;
  const page = pageParam(new URL(request.url).searchParams.get('page'));
  const [lists, company] = await Promise.all([
    pageOrFailure(getSavedLists(page, signal), LISTS_PAGE_MESSAGES.loadFailed),
    settled(getCompany(signal)),
  ]);
  requireAccessToken(request);
  const canShare = company?.status === 'approved' && companyMay(company.role, 'editSharedLists');
  return { page, lists, canShare };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingState title={TITLE} label="Loading your saved lists…" />;
}

export default function AccountListsPage({ loaderData }: Route.ComponentProps) {
  const { page, lists, canShare } = loaderData;
  return (
    <SimplePage title={TITLE}>
      <Toasts />
      <div className="my-account">
        <p className="account-section__links">
          <Link to="/account">Back to My account</Link>
        </p>
        <section className="account-section" aria-labelledby="saved-lists-title">
          <h2 id="saved-lists-title" className="account-section__title">
            Your lists
          </h2>
          {'failure' in lists ? (
            <SectionUnavailable message={lists.failure} />
          ) : (
            <>
              <SavedListsTable lists={lists.page.results} />
              {/* A company's shared lists may take the index past one page of 100. */}
              <Pager
                param="page"
                page={page}
                hasPrevious={lists.page.previous !== null}
                hasNext={lists.page.next !== null}
                label="Pages of saved lists"
              />
            </>
          )}
        </section>
        <section className="account-section" aria-labelledby="new-list-title">
          <h2 id="new-list-title" className="account-section__title">
            New list
          </h2>
          <NewListForms canShare={canShare} />
        </section>
      </div>
    </SimplePage>
  );
}
