// First: Zod must be in jitless mode before the schemas below are built (see the module).
import '~/lib/jitless-validation';
import { ApiError, failureReason } from '~/lib/api-client';

export {
  ACCOUNT_MESSAGES,
  DeleteAccountSchema,
  EmailAuthenticationSchema,
  LoginSchema,
  ProfileUpdateSchema,
  ResetPasswordSchema,
  SignupFormSchema,
  UpdatePasswordSchema,
} from '@shop/domain';

/**
 * The message for a failed account call: the server's own words for an answered request (its `message`
 * or `detail`), else the feature's fallback followed by why no answer came.
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.kind === 'response') {
    const body = error.body as { message?: unknown } | undefined;
    if (typeof body?.message === 'string' && body.message) return body.message;
    if (!error.generic && Object.keys(error.fields).length === 0) return error.message;
    // An answer without words: the form's message and the account client's 'Error {status}' (spec 1, §8).
    return error.generic ? `${fallback} ${error.message}` : fallback;
  }
  const reason = failureReason(error);
  return reason ? `${fallback} ${reason}` : fallback;
}

/**
 * Browsers drop tabs and newlines from URLs and read `\` as `/`, so `/\t/evil.example` means `//evil.example`:
 * a return path holding a control character or a backslash is never taken.
 */
function hasUnsafeCharacter(path: string): boolean {
  for (let i = 0; i < path.length; i++) {
    const code = path.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return false;
}

/**
 * Where to go after login: the `from` parameter resolved against this page's `origin` the way a browser
 * would, as a path (with its query and hash) when it stays on that origin; else home.
 */
export function safeReturnPath(from: string | null, origin: string = window.location.origin): string {
  if (!from || hasUnsafeCharacter(from)) return '/';
  let url: URL;
  try {
    url = new URL(from, origin);
  } catch {
    return '/';
  }
  if (url.origin !== new URL(origin).origin) return '/';
  // `/.//evil.example` resolves on this origin to the path `//evil.example`, which a browser reads as a host.
  if (url.pathname.startsWith('//')) return '/';
  return url.pathname + url.search + url.hash;
}

/**
 * A link to another account page (login to sign-up and back) that carries the same `from`, so the shopper
 * still returns where they were; only a safe return path is carried, and home is not carried at all.
 */
export function keepingReturnPath(path: string, from: string | null, origin?: string): string {
  const back = safeReturnPath(from, origin);
  return back === '/' ? path : `${path}?from=${encodeURIComponent(back)}`;
}
