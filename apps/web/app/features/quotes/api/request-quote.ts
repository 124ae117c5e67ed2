import type { QuoteRequest, QuoteView } from '@shop/domain';
import { request } from '~/lib/api-client';
import { uploadFile } from '~/lib/upload-file';
import { attachmentName } from '../quote-rules';

/** Sends the cart as a request for quote (POST quotes/, 201): the server copies it and keeps the cart as it is. */
export function requestQuote(body: QuoteRequest): Promise<QuoteView> {
  return request<QuoteView>('quotes/', { method: 'POST', body });
}

/**
 * Adds a file to a request not yet priced (POST quotes/{id}/attachments/?filename=…): the file itself as the
 * body, with its own content type (PDF, PNG or JPEG, 10 MB at most; 413 or 415 from the server otherwise).
 */
export async function uploadQuoteAttachment(
  quoteId: number,
  file: File,
  signal?: AbortSignal,
): Promise<void> {
  const filename = encodeURIComponent(attachmentName(file.name));
  await uploadFile<unknown>(`quotes/${quoteId}/attachments/?filename=${filename}`, file, signal);
}
