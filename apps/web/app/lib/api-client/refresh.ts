/**
 * The access token's refresh with the HttpOnly refresh cookie (spec 1, §4 and §7): one refresh at a time in
 * a tab, and across tabs one at a time under a Web Lock, since the cookie is single-use and rotates.
 */

import { API_MESSAGES, ApiError, isObject } from './errors';
import { apiUrl, outgoing, send } from './transport';
import { clearSession, getAccessToken, setAccessToken } from '../session';

/** The token refresh's own time-out (spec 1, §7). */
export const REFRESH_TIMEOUT_MS = 5_000;
/** The lock that lets one tab at a time spend the (single-use) refresh cookie. */
export const REFRESH_LOCK = 'packright-refresh';
const REFRESH_PATH = 'account/token/refresh/';

let refreshing: Promise<string> | null = null;

/**
 * Gets a new access token with the HttpOnly refresh cookie. Concurrent callers share one refresh; across
 * tabs a Web Lock serialises them, and a tab that finds a token newer than the one that failed uses it
 * instead of spending the (single-use, rotating) cookie again. On failure the session is cleared and the
 * promise rejects with 'Session expired. Please log in again.' (status 401).
 */
export function refreshAccessToken(staleToken: string | null = getAccessToken()): Promise<string> {
  refreshing ??= lockedRefresh(staleToken).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function lockedRefresh(staleToken: string | null): Promise<string> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  const run = async () => {
    const stored = getAccessToken();
    if (stored && stored !== staleToken) return stored;
    return refreshNow();
  };
  try {
    return locks ? await locks.request(REFRESH_LOCK, run) : await run();
  } catch {
    clearSession();
    throw new ApiError({ kind: 'response', status: 401, message: API_MESSAGES.sessionExpired });
  }
}

async function refreshNow(): Promise<string> {
  const body = await send(
    apiUrl(REFRESH_PATH),
    outgoing({ method: 'POST', timeoutMs: REFRESH_TIMEOUT_MS }),
    new AbortController().signal,
  );
  const access = isObject(body) ? body.access : undefined;
  if (typeof access !== 'string' || !access) throw new Error('No access token in the refresh answer');
  setAccessToken(access);
  return access;
}
