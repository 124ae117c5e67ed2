import { companyMay } from '@shop/domain';
import { Link, useParams } from 'react-router';
import type { Route } from './+types/account-list';
import { LoadingState } from '~/components/ui/loading-state';
import { SimplePage } from '~/components/ui/simple-page';
import { Toasts } from '~/components/ui/toasts';
import { SectionUnavailable } from '~/features/account/components/account-section';
import { getCompany } from '~/features/company/api/get-company';
import { settled } from '~/features/company/company-rules';
import { getSavedList } from '~/features/lists/api/saved-lists';
import { failureText, LISTS_PAGE_MESSAGES } from '~/features/lists/lists-messages';
import { SavedListEditor } from '~/features/lists/components/saved-list-editor';
import { requireAccessToken } from '~/lib/guards';
import { idParam } from '~/lib/route-id';
import { NOT_AN_ID, routeLoad, RouteLoadedView } from '~/lib/route-load';
import { pageMeta } from '~/lib/seo';
import '~/styles/account.css';
import '~/styles/orders.css';
import '~/styles/lists.css';

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: data?.state === 'loaded' ? data.data.list.name : 'Saved list',
    description: 'One of your saved lists.',
    noIndex: true,
  });

// Account and commerce pages load in the browser, with the stored token (DESIGN §2).
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  requireAccessToken(request);
  const id = idParam(params.id);
  if (id === null) return NOT_AN_ID;
  const { signal } = request;
  return routeLoad(
    request,
    async () => {
      const [list, company] = await Promise.all([getSavedList(id, signal), settled(getCompany(signal))]);
      // A session that ended while loading (the refresh failed) goes to the login page like a visitor.
      requireAccessToken(request);
      const member = company?.status === 'approved';
      const canShare = member && companyMay(company.role, 'editSharedLists');
      return { list, canShare, shareAsk: member && !canShare };
    },
    { failure: (error) => failureText(error, LISTS_PAGE_MESSAGES.listLoadFailed) },
  );
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingState title="Saved list" label="Loading the list…" />;
}

/** The way back to the lists, above the page's title. */
function ListsBreadcrumb({ current }: { current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <ol>
        <li>
          <Link to="/account">My account</Link>
        </li>
        <li>
          <Link to="/account/lists">Saved lists</Link>
        </li>
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}

/** /account/lists/{id}: one saved list, to edit and to put in the cart. */
export default function AccountListPage({ loaderData }: Route.ComponentProps) {
  const { id } = useParams();
  return (
    <RouteLoadedView
      loaded={loaderData}
      missing={
        <SimplePage title="List not found">
          <p>
            There is no list {id} among yours. <Link to="/account/lists">See your saved lists</Link>.
          </p>
        </SimplePage>
      }
      failed={(failure) => (
        <SimplePage title="Saved list">
          <SectionUnavailable message={failure.message} />
        </SimplePage>
      )}
    >
      {({ list, canShare, shareAsk }) => (
        <div className="page">
          <Toasts />
          <ListsBreadcrumb current={list.name} />
          <h1 className="page__title">{list.name}</h1>
          {/* A list saved elsewhere starts with its own state. */}
          <SavedListEditor key={list.id} list={list} canShare={canShare} shareAsk={shareAsk} />
        </div>
      )}
    </RouteLoadedView>
  );
}
