import { ACCOUNT_API_MESSAGES, request, type RequestOptions } from '~/lib/api-client';
import { setAccessToken } from '~/lib/session';

/** The account area's calls (spec 1, §7; DESIGN §4.1, §4.2, §4.9). */

/**
 * A call of the account area: the shared client, with the account area's own texts for a time-out
 * ('Request timed out. Please try again.'), a failed connection ('Network error. Please check your
 * connection.') and a wordless error answer ('Error {status}') (spec 1, §8).
 */
export function accountRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return request<T>(path, { ...options, messages: ACCOUNT_API_MESSAGES });
}

export type AuthenticationType = 'signup' | 'forgot_password';

export interface EmailAuthenticationAnswer {
  exists: boolean;
  success: boolean;
  authentication_type: AuthenticationType;
  message: string;
  verification_token?: string;
}

export interface SignupBody {
  email: string;
  first_name: string;
  last_name: string;
  company_name?: string;
  password: string;
  interested_in_marketing_communications: boolean;
  verification_token: string;
}

/** Thrown when login/ or signup/ answers without `token.access`. */
export class InvalidTokenResponse extends Error {
  override readonly name = 'InvalidTokenResponse';
}

/**
 * Stores the access token of a login or signup answer. The refresh token never reaches script: the
 * server sets it as an HttpOnly cookie (DESIGN §4.9).
 */
function storeAccess(answer: unknown): void {
  const access = (answer as { token?: { access?: unknown } } | null)?.token?.access;
  if (typeof access !== 'string' || !access) throw new InvalidTokenResponse();
  setAccessToken(access);
}

export async function login(body: { email: string; password: string }): Promise<void> {
  storeAccess(await accountRequest('account/login/', { method: 'POST', body }));
}

export async function signup(body: SignupBody): Promise<void> {
  storeAccess(await accountRequest('account/signup/', { method: 'POST', body }));
}

/** Without `code` the server e-mails a code; with it, it checks the code and answers a verification token. */
export function emailAuthentication(body: {
  email: string;
  authentication_type: AuthenticationType;
  code?: string;
}): Promise<EmailAuthenticationAnswer> {
  return accountRequest<EmailAuthenticationAnswer>('account/email-authentication/', { method: 'POST', body });
}

export function resetPassword(body: {
  email: string;
  new_password: string;
  confirm_new_password: string;
  verification_token: string;
}): Promise<{ message?: string } | undefined> {
  return accountRequest('account/reset-password/', { method: 'POST', body });
}

export function updatePassword(body: {
  current_password: string;
  new_password: string;
  confirm_new_password: string;
}): Promise<{ message?: string } | undefined> {
  return accountRequest('account/update-password/', { method: 'POST', body });
}
