/**
 * `request()`, the one call every feature makes: the bearer header of the stored session, identical requests
 * in flight merged, and a call the server refused for an expired token replayed once after a refresh.
 */

import { ApiError } from './errors';
import { requestMerged } from './in-flight';
import { refreshAccessToken } from './refresh';
import { isPublicAccountPath, type RequestOptions, withBearer } from './transport';
import { getAccessToken } from '../session';

/**
 * Calls the API and resolves with the parsed JSON body. Rejects with an `ApiError` (normalised message,
 * field errors), or with the caller's abort reason when `options.signal` aborts (see `isAbortError`).
 */
export function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = isPublicAccountPath(path) ? null : getAccessToken();
  if (options.requireToken !== undefined && token === null) {
    return Promise.reject(new ApiError({ kind: 'response', status: 401, message: options.requireToken }));
  }
  return requestMerged<T>(path, withBearer(options, token)).catch((error: unknown) => {
    if (!(error instanceof ApiError) || error.status !== 401 || error.code !== 'token_not_valid') throw error;
    if (options.signal?.aborted) throw options.signal.reason;
    // Replayed once, with whatever token the (shared) refresh stored.
    return refreshAccessToken(token).then((fresh) => requestMerged<T>(path, withBearer(options, fresh)));
  });
}
