import { ApiError, failureReason } from '~/lib/api-client';

/**
 * The message for a failed call: the server's own words for an answered request without field errors,
 * else the screen's fallback followed by why no answer came.
 */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.kind === 'response') {
    if (!error.generic && Object.keys(error.fields).length === 0) return error.message;
    return fallback;
  }
  const reason = failureReason(error);
  return reason ? `${fallback} ${reason}` : fallback;
}
