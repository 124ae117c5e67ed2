import type { QuoteView } from '@shop/domain';
import { request } from '~/lib/api-client';

/** One of the caller's quotes (GET quotes/{id}/); another customer's answers 404. */
export function getQuote(id: number, signal?: AbortSignal): Promise<QuoteView> {
  return request<QuoteView>(`quotes/${id}/`, { signal });
}
