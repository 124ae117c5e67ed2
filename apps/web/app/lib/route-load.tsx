import type { ReactNode } from 'react';
import { ApiError, type FieldErrors, isAbortError } from './api-client';
import { requireAccessToken } from './guards';

/**
 * How a signed-in page reads its data in the browser, with the stored token (DESIGN §2): its clientLoader
 * answers `routeLoad(request, read, options)`, and its component shows the answer with `RouteLoadedView`.
 * The back office's `adminLoad` is the same read with its own failure words and login redirect.
 */

/** A read that failed: the API's status (null when no answer came), the page's message, the field errors. */
export interface RouteFailure {
  state: 'failed';
  status: number | null;
  message: string;
  fields: FieldErrors;
}

/** A loader's answer: the data, or why it could not be read. */
export type RouteLoaded<T> = { state: 'loaded'; data: T } | RouteFailure;

export interface RouteLoadOptions {
  /** The page's words for a failure (its fallback, or the server's own words). */
  failure: (error: unknown) => string;
  /**
   * A session that ended while loading (the refresh failed and the token is gone): 'login' sends the buyer
   * to the login page like a visitor (the default); 'page' leaves it to the page's failure, which says to
   * log in (the order pages) or redirects itself (the back office).
   */
  endedSession?: 'login' | 'page';
}

/**
 * Runs a page's reads. A visitor without a token goes to the login page before anything is read; a cancelled
 * load is re-thrown (the router has moved on), and so is a redirect thrown by the read; any other failure is
 * the page's 'failed' state, a 404 among them (the page says the thing is not found).
 */
export async function routeLoad<T>(
  request: Request,
  read: () => Promise<T>,
  { failure, endedSession = 'login' }: RouteLoadOptions,
): Promise<RouteLoaded<T>> {
  requireAccessToken(request);
  try {
    return { state: 'loaded', data: await read() };
  } catch (error) {
    if (isAbortError(error) || error instanceof Response) throw error;
    const status = error instanceof ApiError ? error.status : null;
    if (endedSession === 'login' && status !== 404) requireAccessToken(request);
    return {
      state: 'failed',
      status,
      message: failure(error),
      fields: error instanceof ApiError ? error.fields : {},
    };
  }
}

/**
 * A page's loaded data, or what it shows instead: `missing` when the thing does not exist (404, or an id
 * that cannot be one), else `failed` with the failure's message.
 */
export function RouteLoadedView<T>({
  loaded,
  missing,
  failed,
  children,
}: {
  loaded: RouteLoaded<T>;
  missing?: ReactNode;
  failed: (failure: RouteFailure) => ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (loaded.state === 'loaded') return children(loaded.data);
  if (loaded.status === 404 && missing !== undefined) return missing;
  return failed(loaded);
}

/** The 'failed' state of an id that cannot be one: not found, without asking the API. */
export const NOT_AN_ID: RouteFailure = { state: 'failed', status: 404, message: '', fields: {} };
