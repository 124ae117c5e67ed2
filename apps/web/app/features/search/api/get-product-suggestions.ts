import type { Page, ProductSummary } from '@shop/domain';
import { request } from '~/lib/api-client';

/** Products suggested in the header's dropdown: the first page is enough there. */
export const SUGGESTION_PAGE_SIZE = 10;

/**
 * GET products/?search={text}. The spec's client follows `next` and collects every page; a dropdown shows
 * the first ten best matches (the API ranks prefix matches first), so it asks for one page of ten.
 */
export async function getProductSuggestions(text: string, signal?: AbortSignal): Promise<ProductSummary[]> {
  const query = new URLSearchParams({ search: text, page_size: String(SUGGESTION_PAGE_SIZE) });
  const page = await request<Page<ProductSummary>>(`products/?${query}`, { signal });
  return page.results;
}
