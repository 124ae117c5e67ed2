import type { Page, QuoteRow } from '@shop/domain';
import { request } from '~/lib/api-client';

/** A page of the caller's quotes, newest first (GET quotes/). */
export function getQuotes(page: number, signal?: AbortSignal): Promise<Page<QuoteRow>> {
  return request<Page<QuoteRow>>(page > 1 ? `quotes/?page=${page}` : 'quotes/', { signal });
}
