// First: Zod must be in jitless mode before the schemas below are built (see the module).
import '~/lib/jitless-validation';
import { fieldErrors } from '@shop/domain';
import { ApiError, failureReason } from '~/lib/api-client';

export {
  ACCOUNT_MESSAGES,
  EmailAuthenticationSchema,
  LoginSchema,
  ResetPasswordSchema,
  SignupFormSchema,
  UpdatePasswordSchema,
} from '@shop/domain';

export type Errors = Record<string, string | undefined>;

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: Errors };

interface Schema<T> {
  safeParse(
    values: unknown,
  ): { success: true; data: T } | { success: false; error: Parameters<typeof fieldErrors>[0] };
}

/** Checks `values` with one of the domain's schemas; the first message of each field when invalid. */
export function check<T>(schema: Schema<T>, values: unknown): Checked<T> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, errors: firstErrors(fieldErrors(result.error)) };
}

/** The first message of each field of the API's field errors, restricted to `known` fields. */
export function firstErrors(fields: Record<string, string[]>, known?: readonly string[]): Errors {
  const errors: Errors = {};
  for (const [field, messages] of Object.entries(fields)) {
    if (known && !known.includes(field)) continue;
    if (messages[0]) errors[field] = messages[0];
  }
  return errors;
}

/**
 * The message for a failed account call: the server's own words for an answered request (its `message`
 * or `detail`), else the feature's fallback followed by why no answer came.
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.kind === 'response') {
    const body = error.body as { message?: unknown } | undefined;
    if (typeof body?.message === 'string' && body.message) return body.message;
    if (!error.generic && Object.keys(error.fields).length === 0) return error.message;
    return fallback;
  }
  const reason = failureReason(error);
  return reason ? `${fallback} ${reason}` : fallback;
}

/** Where to go after login: the `from` parameter when it is a path on this site, else home. */
export function safeReturnPath(from: string | null): string {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return '/';
  return from;
}
