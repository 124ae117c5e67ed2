import { data, redirect } from 'react-router';
import type { Route } from './+types/search';
import { parseSizeSearch } from '@shop/domain';
import {
  SIZE_RESULT_MESSAGES,
  SizeSearchPagination,
  SizeSearchResults,
} from '~/features/search/components/size-search-results';
import {
  describeSearch,
  pageHref,
  pageNumber,
  toSizeResultView,
} from '~/features/search/size-search-page.server';
import { absoluteUrl, pageMeta } from '~/lib/seo';

const PAGE_SIZE = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const parsed = parseSizeSearch(Object.fromEntries(params));
  const { origin } = context;
  if (!parsed.ok)
    return data({ status: 'invalid', message: parsed.message, origin } as const, { status: 400 });

  const search = parsed.value;
  const page = pageNumber(params.get('page'));
  try {
    const found = await context.catalogue.searchItemsBySize(search, { page, page_size: PAGE_SIZE });
    const pageCount = Math.ceil(found.count / PAGE_SIZE);
    // Past the last page (an old link after the catalogue shrank): the last page that has items.
    if (found.results.length === 0 && page > pageCount && pageCount > 0) {
      return redirect(pageHref(params, pageCount));
    }
    return {
      status: 'found',
      origin,
      summary: describeSearch(search),
      count: found.count,
      items: found.results.map((item) => toSizeResultView(item, search)),
      page,
      pageCount,
      previousHref: page > 1 ? pageHref(params, Math.min(page - 1, Math.max(pageCount, 1))) : null,
      nextHref: page < pageCount ? pageHref(params, page + 1) : null,
    } as const;
  } catch (error) {
    console.error('Size search failed', error);
    return data({ status: 'failed', origin } as const, { status: 500 });
  }
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  pageMeta({
    url: loaderData ? absoluteUrl(loaderData.origin, `${location.pathname}${location.search}`) : undefined,
    title: loaderData?.status === 'found' ? `${loaderData.summary} — size search` : 'Size search',
    description: 'Find boxes, bags and postal packaging that fit your dimensions, nearest size first.',
    // Result pages are endless combinations of the same items: useful to visitors, not to search engines.
    noIndex: true,
  });

export default function SizeSearchPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page size-search">
      <h1 className="page__title">Size search</h1>
      <SizeSearchBody data={loaderData} />
    </div>
  );
}

function SizeSearchBody({ data: result }: { data: Route.ComponentProps['loaderData'] }) {
  const howTo = (
    <p className="size-search__hint">
      Use the filter button beside the search box to enter your dimensions, type and unit.
    </p>
  );
  switch (result.status) {
    case 'invalid':
      return (
        <>
          <p className="notice notice--error">{result.message}</p>
          {howTo}
        </>
      );
    case 'failed':
      return (
        <>
          <p className="notice notice--error">{SIZE_RESULT_MESSAGES.failed}</p>
          <p className="size-search__hint">Please try again in a moment.</p>
        </>
      );
    case 'found':
      return (
        <>
          <p className="size-search__summary">
            <strong>{result.summary}</strong>
            {result.count > 0
              ? ` — ${result.count} ${result.count === 1 ? 'item' : 'items'}, nearest first.`
              : ''}
          </p>
          {result.items.length > 0 ? (
            <SizeSearchResults items={result.items} />
          ) : (
            <div className="size-search__empty">
              <p className="notice">{SIZE_RESULT_MESSAGES.empty}</p>
              <p className="size-search__hint">{SIZE_RESULT_MESSAGES.emptyTip}</p>
            </div>
          )}
          <SizeSearchPagination
            page={result.page}
            pageCount={result.pageCount}
            previousHref={result.previousHref}
            nextHref={result.nextHref}
          />
        </>
      );
  }
}
