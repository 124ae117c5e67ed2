import type { ContactMessage, ContactMessageSummary, MessageReply, NewsletterSubscriber } from '@shop/domain';
import { apiUrl, normaliseErrorResponse, refreshAccessToken } from '~/lib/api-client';
import { getAccessToken } from '~/lib/session';
import { type AdminPage, adminRequest } from '../../api';
import { listQuery } from '../../components/list-params';

export function getMessages(search: URLSearchParams, signal?: AbortSignal) {
  return adminRequest<AdminPage<ContactMessageSummary>>(`messages/${listQuery(search, ['status', 'page'])}`, {
    signal,
  });
}

export function getMessage(id: number, signal?: AbortSignal) {
  return adminRequest<ContactMessage>(`messages/${id}/`, { signal });
}

export function setMessageHandled(id: number, handled: boolean) {
  return adminRequest<ContactMessage>(`messages/${id}/handled/`, { method: 'POST', body: { handled } });
}

export function replyToMessage(id: number, reply: MessageReply) {
  return adminRequest<ContactMessage>(`messages/${id}/reply/`, { method: 'POST', body: reply });
}

export function getSubscribers(search: URLSearchParams, signal?: AbortSignal) {
  return adminRequest<AdminPage<NewsletterSubscriber>>(
    `newsletter/${listQuery(search, ['q', 'status', 'page'])}`,
    { signal },
  );
}

export function unsubscribe(id: number) {
  return adminRequest<NewsletterSubscriber>(`newsletter/${id}/unsubscribe/`, { method: 'POST' });
}

/**
 * Downloads the subscribed addresses as CSV. The file needs the bearer token, so a plain link cannot fetch it:
 * it is fetched here (refreshing the token once when it has expired) and saved through a Blob URL.
 */
export async function downloadSubscribersCsv(): Promise<void> {
  const send = (token: string | null) =>
    fetch(apiUrl('administration/newsletter.csv'), {
      headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  let response = await send(getAccessToken());
  if (response.status === 401) response = await send(await refreshAccessToken());
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: the text itself.
    }
    throw normaliseErrorResponse(response.status, body);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'newsletter-subscribers.csv';
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the file to the browser.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
