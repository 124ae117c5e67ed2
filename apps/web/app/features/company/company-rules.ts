// First: Zod must be in jitless mode before the schemas below are built (see the module).
import '~/lib/jitless-validation';
import type { CompanyMemberView } from '@shop/domain';
import { failureText } from '~/lib/failure-text';
import { isAbortError } from '~/lib/api-client';

export { failureText };

/** A member as their buttons name them: their name, or their e-mail address when they gave none. */
export function memberName(member: Pick<CompanyMemberView, 'first_name' | 'last_name' | 'email'>): string {
  return `${member.first_name} ${member.last_name}`.trim() || member.email;
}

/** A decimal-string amount as a form field shows it: '2500.00' stays, null is blank. */
export const poundsField = (amount: string | null): string => amount ?? '';

/** A part of a page's data, or null when it could not be read (its section says so); a cancellation cancels. */
export async function settled<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (isAbortError(error)) throw error;
    return null;
  }
}

/** A list's page, or the failure its section shows instead; a cancellation cancels. */
export async function pageOrFailure<T>(
  read: Promise<T>,
  fallback: string,
): Promise<{ page: T } | { failure: string }> {
  try {
    return { page: await read };
  } catch (error) {
    if (isAbortError(error)) throw error;
    return { failure: failureText(error, fallback) };
  }
}
