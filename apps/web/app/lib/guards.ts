import { replace } from 'react-router';
import { getAccessToken } from './session';

/**
 * For account and commerce pages: a visitor without a stored access token goes to the login page,
 * which sends them back afterwards (spec 1, §2; the history entry is replaced).
 */
export function requireAccessToken(request: Request): void {
  if (getAccessToken() !== null) return;
  throw replace(loginPath(request));
}

/** The login page, which sends the visitor back to the page they asked for. */
export function loginPath(request: Request): string {
  const url = new URL(request.url);
  return `/login?from=${encodeURIComponent(url.pathname + url.search)}`;
}

/** For login, signup and password reset: a logged-in customer has no business there. */
export function requireVisitor(): void {
  if (getAccessToken() !== null) throw replace('/');
}
