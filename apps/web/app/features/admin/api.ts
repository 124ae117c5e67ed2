import {
  apiUrl,
  normaliseErrorResponse,
  refreshAccessToken,
  request,
  type RequestOptions,
} from '~/lib/api-client';
import { getAccessToken } from '~/lib/session';

/** The back office's API root: every call needs a staff or owner token. */
const ADMIN = 'administration/';

/** A JSON call to /api/administration/<path> (field errors come back on the ApiError, as everywhere). */
export function adminRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return request<T>(`${ADMIN}${path}`, options);
}

/** Who is signed in to the back office. */
export interface StaffMe {
  id: number;
  email: string;
  role: 'staff' | 'owner';
}

export function getStaffMe(signal?: AbortSignal): Promise<StaffMe> {
  return adminRequest<StaffMe>('me/', { signal });
}

/**
 * Sends a file as the raw request body (an image, a CSV), with the bearer token, refreshing it once when it
 * has expired; answers the parsed JSON. `request()` only sends JSON, hence this.
 */
export async function adminUpload<T>(path: string, file: Blob, method: 'POST' | 'PUT' = 'POST'): Promise<T> {
  const send = (token: string | null) =>
    fetch(apiUrl(`${ADMIN}${path}`), {
      method,
      body: file,
      headers: {
        'Content-Type': file.type || 'application/octet-stream',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
    });
  let response = await send(getAccessToken());
  if (response.status === 401) response = await send(await refreshAccessToken());
  const text = await response.text();
  const body: unknown = text ? JSON.parse(text) : null;
  if (!response.ok) throw normaliseErrorResponse(response.status, body);
  return body as T;
}

/** A URL's query with one parameter set (or removed when `value` is null), keeping the others. */
export function withParam(search: string, name: string, value: string | null): string {
  const params = new URLSearchParams(search);
  if (value === null || value === '') params.delete(name);
  else params.set(name, value);
  if (name !== 'page') params.delete('page');
  const query = params.toString();
  return query ? `?${query}` : '?';
}

/** A DRF page as the back-office lists answer it; `count_capped` when there are more than `count`. */
export interface AdminPage<T> {
  count: number;
  count_capped?: boolean;
  next: string | null;
  previous: string | null;
  results: T[];
}
