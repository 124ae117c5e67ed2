/**
 * The browser's client for the shop's JSON API (spec 1, §7-§8): one `request()` for every call, a 10 s
 * time-out combined with the caller's signal, identical in-flight requests merged, and every failure turned
 * into an `ApiError` whose message is the one the spec's normalisation gives (the account area's own
 * texts with `messages: ACCOUNT_API_MESSAGES`).
 *
 * - errors.ts: `ApiError`, the texts, and the normalisation of error answers;
 * - transport.ts: one call on the wire (URL, JSON, bearer header, time-out);
 * - in-flight.ts: identical requests under way share one answer;
 * - refresh.ts: the access token's refresh, one at a time across tabs;
 * - request.ts: `request()`, which puts them together and replays a call once after a refresh.
 */

export {
  ACCOUNT_API_MESSAGES,
  API_MESSAGES,
  ApiError,
  type ApiErrorKind,
  type ClientMessages,
  cleanMessage,
  failureReason,
  failureText,
  type FieldErrors,
  isAbortError,
  normaliseErrorResponse,
} from './errors';
export { REFRESH_LOCK, REFRESH_TIMEOUT_MS, refreshAccessToken } from './refresh';
export { request } from './request';
export { API_BASE, apiUrl, DEFAULT_TIMEOUT_MS, isPublicAccountPath, type RequestOptions } from './transport';
