import { clearSession } from '~/lib/session';
import { accountRequest } from './account-api';

/**
 * Ends every session of the account on the server (POST account/logout-all/), then forgets this browser's
 * token. Unlike the menu's Logout, a failure is reported and the session here is kept: the buyer asked for
 * the other devices to be signed out, and must know if they were not.
 */
export async function logoutEverywhere(): Promise<void> {
  await accountRequest<unknown>('account/logout-all/', { method: 'POST' });
  clearSession();
}
