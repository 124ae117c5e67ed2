import { z } from 'zod';
import type { Page } from '@shop/domain';
import { queryInteger } from './query-ids';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** No list is near this long; the bound keeps `offset` small (at most 9,999,900 rows). */
export const MAX_PAGE = 100_000;

/** The DRF page query: `page` from 1 to 100,000, `page_size` up to 100. */
export const PageQuerySchema = z.object({
  page: queryInteger(1, MAX_PAGE).default(1),
  page_size: queryInteger(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

export function pageWindow({ page, page_size }: PageQuery): { limit: number; offset: number } {
  return { limit: page_size, offset: (page - 1) * page_size };
}

/**
 * The number of all rows of a paged read when its page alone shows it: offset + rows when the page is not full,
 * unless it is an empty page past the end (page 1 of nothing is 0). Undefined otherwise: a full page, or an
 * empty one past the end, needs a count (`?? await countAll()`).
 */
export function countFromPage(
  rowsOnPage: number,
  window: { limit: number; offset: number },
): number | undefined {
  return rowsOnPage < window.limit && (rowsOnPage > 0 || window.offset === 0)
    ? window.offset + rowsOnPage
    : undefined;
}

/**
 * The number of all rows of a paged read whose rows carry `count(*) over ()`: from the page when it shows it
 * (countFromPage), else the rows' total, and a count statement only for an empty page past the end. So a page
 * costs one statement, with no separate `count(*)` over the same rows.
 */
export async function countOfPage(
  rows: readonly { total: number }[],
  window: { limit: number; offset: number },
  countAll: () => Promise<number>,
): Promise<number> {
  return countFromPage(rows.length, window) ?? (rows.length > 0 ? rows[0]!.total : countAll());
}

/** A DRF-style answer with root-relative `next`/`previous` links that keep the other parameters. */
export function paginate<T>(url: string, query: PageQuery, count: number, results: T[]): Page<T> {
  const link = (page: number) => {
    const target = new URL(url, 'http://local');
    target.searchParams.set('page', String(page));
    if (query.page_size !== DEFAULT_PAGE_SIZE) target.searchParams.set('page_size', String(query.page_size));
    return `${target.pathname}${target.search}`;
  };
  const lastPage = Math.max(1, Math.ceil(count / query.page_size));
  return {
    count,
    next: query.page < lastPage ? link(query.page + 1) : null,
    previous: query.page > 1 ? link(Math.min(query.page - 1, lastPage)) : null,
    results,
  };
}

/** The answer's schema, the contract the web app reads too. */
export { pageSchema } from '@shop/domain';
