import type { AdminListPage, StaffMe } from '@shop/domain';
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

/** Who is signed in to the back office (the domain's StaffMeSchema). */
export type { StaffMe };

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

/** A page of a back-office list (the domain's adminListPageSchema); `count_capped` when there are more. */
export type AdminPage<T> = AdminListPage<T>;
