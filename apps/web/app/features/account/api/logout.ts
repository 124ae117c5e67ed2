import { request } from '~/lib/api-client';
import { clearSession } from '~/lib/session';

/**
 * Logs out: the server revokes the refresh family and clears its cookie; this browser forgets the access
 * token whatever the server answered (spec 1, §4).
 */
export async function logout(): Promise<void> {
  try {
    await request('account/logout/', { method: 'POST' });
  } catch {
    // Offline or already logged out: the local session goes anyway.
  } finally {
    clearSession();
  }
}
