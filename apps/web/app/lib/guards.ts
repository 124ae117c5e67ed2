import { replace } from 'react-router';
import { getAccessToken } from './session';

/**
 * For account and commerce pages: a visitor without a stored access token goes to the login page,
 * which sends them back afterwards (spec 1, §2; the history entry is replaced).
 */
export function requireAccessToken(request: Request): void {
  if (getAccessToken() !== null) return;
  const url = new URL(request.url);
  throw replace(`/login?from=${encodeURIComponent(url.pathname + url.search)}`);
}

/** For login, signup and password reset: a logged-in customer has no business there. */
export function requireVisitor(): void {
  if (getAccessToken() !== null) throw replace('/');
}
