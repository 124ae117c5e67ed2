import type { ExclusivePrice, Page } from '@shop/domain';
import { request } from '~/lib/api-client';

/** The largest page the API gives (DESIGN §3), so a product's items fit in one answer. */
const PAGE_SIZE = 100;

/**
 * The caller's exclusive prices for the given items, in one request (GET ecommerce/exclusive-prices/
 * ?item=1&item=2…); a further page is followed only for a product with more than 100 items.
 */
export async function getExclusivePrices(
  itemIds: readonly number[],
  signal?: AbortSignal,
): Promise<ExclusivePrice[]> {
  if (itemIds.length === 0) return [];
  const query = new URLSearchParams({ page_size: String(PAGE_SIZE) });
  for (const id of itemIds) query.append('item', String(id));
  const prices: ExclusivePrice[] = [];
  let next: string | null = `ecommerce/exclusive-prices/?${query}`;
  while (next) {
    const page: Page<ExclusivePrice> = await request<Page<ExclusivePrice>>(next, { signal });
    prices.push(...page.results);
    next = page.next;
  }
  return prices;
}
