import type { DeleteAccount } from '@shop/domain';
import { clearSession } from '~/lib/session';
import { accountRequest } from './account-api';

/** Deletes the buyer's account (POST account/delete/ with the password), then forgets the session here. */
export async function deleteAccount(body: DeleteAccount): Promise<void> {
  await accountRequest<unknown>('account/delete/', { method: 'POST', body });
  clearSession();
}
