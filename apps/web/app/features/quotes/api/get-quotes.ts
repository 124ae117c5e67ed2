import type { Page, QuoteView } from '@shop/domain';
import { request } from '~/lib/api-client';

/** A page of the caller's quotes, newest first (GET quotes/). */
export function getQuotes(page: number, signal?: AbortSignal): Promise<Page<QuoteView>> {
  return request<Page<QuoteView>>(page > 1 ? `quotes/?page=${page}` : 'quotes/', { signal });
}
