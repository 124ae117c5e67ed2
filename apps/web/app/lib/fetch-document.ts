import {
  API_MESSAGES,
  ApiError,
  DEFAULT_TIMEOUT_MS,
  normaliseErrorResponse,
  refreshAccessToken,
} from '~/lib/api-client';
import { getAccessToken } from '~/lib/session';

/** Only the shop's own API paths ('/api/orders/7/invoice.pdf'): the token never goes to another address. */
const API_PATH = /^\/api\/[^/]/;

const unexpected = () =>
  new ApiError({ kind: 'unexpected', message: API_MESSAGES.unexpected, generic: true });

/** Aborts when either signal does. */
function eitherSignal(signal: AbortSignal | undefined, timeout: AbortSignal): AbortSignal {
  if (!signal) return timeout;
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([signal, timeout]);
  const controller = new AbortController();
  for (const source of [signal, timeout]) {
    if (source.aborted) controller.abort(source.reason);
    else source.addEventListener('abort', () => controller.abort(source.reason), { once: true });
  }
  return controller.signal;
}

async function errorBody(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

async function fetchOnce(
  path: string,
  token: string | null,
  signal: AbortSignal | undefined,
  accept: string,
): Promise<Blob> {
  const timeout = AbortSignal.timeout(DEFAULT_TIMEOUT_MS);
  try {
    const response = await fetch(path, {
      headers: { Accept: accept, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      signal: eitherSignal(signal, timeout),
      credentials: 'same-origin',
    });
    if (!response.ok) throw normaliseErrorResponse(response.status, await errorBody(response));
    return await response.blob();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (signal?.aborted) throw signal.reason;
    if (timeout.aborted)
      throw new ApiError({ kind: 'timeout', message: API_MESSAGES.timeout, generic: true });
    if (error instanceof TypeError) {
      throw new ApiError({ kind: 'network', message: API_MESSAGES.network, generic: true });
    }
    throw unexpected();
  }
}

/**
 * A document the API serves to the signed-in buyer (a VAT invoice, receipt or credit note PDF, a quote's
 * artwork), as a Blob. The API client reads JSON only, so this sends the stored token itself, and when it has
 * expired gets a new one through the client's shared refresh and tries once more, as the client does.
 * Failures are `ApiError`s with the client's messages; the caller's abort rejects with its reason. `accept`
 * names what is wanted: a PDF unless said otherwise.
 */
export async function fetchDocument(
  path: string,
  signal?: AbortSignal,
  accept = 'application/pdf',
): Promise<Blob> {
  if (!API_PATH.test(path)) throw unexpected();
  const token = getAccessToken();
  try {
    return await fetchOnce(path, token, signal, accept);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401 || error.code !== 'token_not_valid') throw error;
    if (signal?.aborted) throw signal.reason;
    return fetchOnce(path, await refreshAccessToken(token), signal, accept);
  }
}
