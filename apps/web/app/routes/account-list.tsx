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
import { ApiError, isAbortError } from '~/lib/api-client';
import { requireAccessToken } from '~/lib/guards';
import { pageMeta } from '~/lib/seo';
import '~/styles/account.css';
import '~/styles/orders.css';
import '~/styles/lists.css';

/** The list's id as the API takes it (a PostgreSQL integer), or null. */
function listIdOf(param: string | undefined): number | null {
  if (!param || !/^\d{1,10}$/.test(param)) return null;
  const id = Number(param);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: data?.state === 'loaded' ? data.list.name : 'Saved list',
    description: 'One of your saved lists.',
    noIndex: true,
  });

// Account and commerce pages load in the browser, with the stored token (DESIGN §2).
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  requireAccessToken(request);
  const id = listIdOf(params.id);
  if (id === null) return { state: 'missing' as const };
  const { signal } = request;
  try {
    const [list, company] = await Promise.all([getSavedList(id, signal), settled(getCompany(signal))]);
    requireAccessToken(request);
    const canShare = company?.status === 'approved' && companyMay(company.role, 'editSharedLists');
    return { state: 'loaded' as const, list, canShare };
  } catch (error) {
    if (isAbortError(error)) throw error;
    if (error instanceof ApiError && error.status === 404) return { state: 'missing' as const };
    return { state: 'failed' as const, message: failureText(error, LISTS_PAGE_MESSAGES.listLoadFailed) };
  }
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
  if (loaderData.state !== 'loaded') {
    return (
      <SimplePage title={loaderData.state === 'missing' ? 'List not found' : 'Saved list'}>
        {loaderData.state === 'missing' ? (
          <p>
            There is no list {id} among yours. <Link to="/account/lists">See your saved lists</Link>.
          </p>
        ) : (
          <SectionUnavailable message={loaderData.message} />
        )}
      </SimplePage>
    );
  }
  const { list, canShare } = loaderData;
  return (
    <div className="page">
      <Toasts />
      <ListsBreadcrumb current={list.name} />
      <h1 className="page__title">{list.name}</h1>
      {/* A list saved elsewhere starts with its own state. */}
      <SavedListEditor key={list.id} list={list} canShare={canShare} />
    </div>
  );
}
