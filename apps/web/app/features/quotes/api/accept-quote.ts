import type { QuoteAcceptResult } from '@shop/domain';
import { request } from '~/lib/api-client';

/**
 * Accepts the version the buyer is looking at (POST quotes/{id}/accept/): answered with the quote's own cart
 * to pay at `checkout_url`; a 400 `detail` says why not (expired, revised, withdrawn, ordered).
 */
export function acceptQuote(id: number, version: number): Promise<QuoteAcceptResult> {
  return request<QuoteAcceptResult>(`quotes/${id}/accept/`, { method: 'POST', body: { version } });
}
