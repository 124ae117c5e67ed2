/** The key the access token is stored under (DESIGN §4.9: the spec's guards read it at load). */
export const ACCESS_TOKEN_KEY = 'accessToken';

const SESSION_EVENT = 'shop:session-change';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be blocked (privacy settings); the visitor is then simply logged out.
    return null;
  }
}

/** The stored access token, or null on the server and for visitors. */
export function getAccessToken(): string | null {
  return storage()?.getItem(ACCESS_TOKEN_KEY) || null;
}

export function setAccessToken(token: string): void {
  storage()?.setItem(ACCESS_TOKEN_KEY, token);
  window.dispatchEvent(new Event(SESSION_EVENT));
}

/** Forgets the session in this browser. */
export function clearSession(): void {
  storage()?.removeItem(ACCESS_TOKEN_KEY);
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(SESSION_EVENT));
}

/** Calls `onChange` when the session changes in this tab or another one. */
export function subscribeToSession(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === ACCESS_TOKEN_KEY) onChange();
  };
  window.addEventListener(SESSION_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(SESSION_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored access token's claims, unverified (hints for the page only; the server checks every call). */
function claimsOf(token: string | null): { role?: unknown; sub?: unknown } | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    return JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      role?: unknown;
      sub?: unknown;
    };
  } catch {
    return null;
  }
}

/** Who the stored access token is for (its subject), so what was read for them outlives a token refresh. */
export function tokenSubject(token: string | null = getAccessToken()): string | null {
  const sub = claimsOf(token)?.sub;
  return typeof sub === 'string' || typeof sub === 'number' ? String(sub) : token;
}

/**
 * Whether the stored access token says its user is staff or an owner. A hint for showing the Admin menu entry
 * only: the token is not verified here, and the server checks the role on every back-office call.
 */
export function tokenSaysStaff(token: string | null = getAccessToken()): boolean {
  const role = claimsOf(token)?.role;
  return role === 'staff' || role === 'owner';
}
