import type { Page, QuickOrderSkuSuggestion } from '@shop/domain';
import { request } from '~/lib/api-client';

/** Items suggested under the SKU field: the first page is enough there. */
export const SKU_SUGGESTION_PAGE_SIZE = 10;

/** GET ecommerce/quick-order/skus/?search={text}: active, priced items by SKU or title, SKU prefixes first. */
export async function getSkuSuggestions(
  text: string,
  signal?: AbortSignal,
): Promise<QuickOrderSkuSuggestion[]> {
  const query = new URLSearchParams({ search: text, page_size: String(SKU_SUGGESTION_PAGE_SIZE) });
  const page = await request<Page<QuickOrderSkuSuggestion>>(`ecommerce/quick-order/skus/?${query}`, {
    signal,
  });
  return page.results;
}
