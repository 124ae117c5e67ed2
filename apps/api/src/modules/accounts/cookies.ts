/**
 * The refresh token's cookie: HttpOnly, SameSite=Strict, only sent to the account API (DESIGN §4.9). When it
 * is Secure it carries the `__Secure-` prefix, which browsers refuse to store unless it came Secure from a
 * secure origin, so a sibling subdomain over plain HTTP cannot plant one.
 */
export const REFRESH_COOKIE = 'refresh_token';
export const SECURE_REFRESH_COOKIE = `__Secure-${REFRESH_COOKIE}`;
export const REFRESH_COOKIE_PATH = '/api/account/';

/** The refresh cookie's name for this configuration. */
export function refreshCookieName(secure: boolean): string {
  return secure ? SECURE_REFRESH_COOKIE : REFRESH_COOKIE;
}

/**
 * Every value a Cookie header gives the cookie `name`, in order. More than one means another site of the
 * same domain (or a path-scoped copy) set one too.
 */
export function readCookies(header: string | undefined, name: string): string[] {
  if (!header) return [];
  const values: string[] = [];
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    try {
      values.push(decodeURIComponent(value));
    } catch {
      values.push('');
    }
  }
  return values;
}

/** One cookie's value from a Cookie header (the first of that name), or undefined. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  return readCookies(header, name)[0] || undefined;
}

/** The Set-Cookie value that stores (or, with maxAgeSeconds 0, clears) the refresh token. */
export function refreshCookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  return [
    `${refreshCookieName(secure)}=${encodeURIComponent(value)}`,
    `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
    `Path=${REFRESH_COOKIE_PATH}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
