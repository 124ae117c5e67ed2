import type { QuoteRow, QuoteSendSchema, QuoteView } from '@shop/domain';
import type { z } from 'zod';
import { type AdminPage, adminRequest } from '../../api';
import { listQuery } from '../../components/list-params';

/** A new version as the form sends it: prices and delivery in pounds ("12.50"), the discount in percent. */
export type QuoteSendInput = z.input<typeof QuoteSendSchema>;

/** A page of requests and quotes for the back office (administration/quotes/?status=&page=), newest first. */
export function getAdminQuotes(search: URLSearchParams, signal?: AbortSignal) {
  return adminRequest<AdminPage<QuoteRow>>(`quotes/${listQuery(search, ['status', 'page'])}`, { signal });
}

export function getAdminQuote(id: number, signal?: AbortSignal) {
  return adminRequest<QuoteView>(`quotes/${id}/`, { signal });
}

/** Sends a version: the buyer is e-mailed its PDF. Field errors come back DRF-style (lines.0.price_per_pack). */
export function sendQuote(id: number, body: QuoteSendInput) {
  return adminRequest<QuoteView>(`quotes/${id}/send/`, { method: 'POST', body });
}

/** Withdraws a request or a quote: it can no longer be accepted. */
export function withdrawQuote(id: number) {
  return adminRequest<QuoteView>(`quotes/${id}/withdraw/`, { method: 'POST' });
}
