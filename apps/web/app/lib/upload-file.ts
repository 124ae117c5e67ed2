import { API_MESSAGES, ApiError, apiUrl, normaliseErrorResponse, refreshAccessToken } from '~/lib/api-client';
import { getAccessToken } from '~/lib/session';

/** A file of 10 MB takes a while on a slow line: far longer than the JSON calls' 10 s. */
export const UPLOAD_TIMEOUT_MS = 120_000;

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

/** The answer's JSON, or undefined when it has none (a proxy's HTML page for a 413, an empty 204). */
async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function sendOnce(
  path: string,
  file: Blob,
  token: string | null,
  signal: AbortSignal | undefined,
): Promise<unknown> {
  const timeout = AbortSignal.timeout(UPLOAD_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method: 'POST',
      body: file,
      headers: {
        Accept: 'application/json',
        'Content-Type': file.type || 'application/octet-stream',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      signal: eitherSignal(signal, timeout),
      credentials: 'same-origin',
    });
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if (timeout.aborted)
      throw new ApiError({ kind: 'timeout', message: API_MESSAGES.timeout, generic: true });
    if (error instanceof TypeError) {
      throw new ApiError({ kind: 'network', message: API_MESSAGES.network, generic: true });
    }
    throw new ApiError({ kind: 'unexpected', message: API_MESSAGES.unexpected, generic: true });
  }
  const body = await bodyOf(response);
  if (!response.ok) throw normaliseErrorResponse(response.status, body);
  return body;
}

/**
 * Sends a file the signed-in customer chose as the raw body of a POST to an API path, with its own content
 * type, and answers the parsed JSON. `request()` sends JSON only, hence this; like it, an expired token is
 * refreshed through the shared refresh and the file sent once more. Failures are `ApiError`s (a 413 or 415
 * with the server's words when it gave any); the caller's abort rejects with its reason.
 */
export async function uploadFile<T>(path: string, file: Blob, signal?: AbortSignal): Promise<T> {
  const token = getAccessToken();
  try {
    return (await sendOnce(path, file, token, signal)) as T;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401 || error.code !== 'token_not_valid') throw error;
    if (signal?.aborted) throw signal.reason;
    return (await sendOnce(path, file, await refreshAccessToken(token), signal)) as T;
  }
}
