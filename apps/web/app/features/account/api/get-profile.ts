import type { Profile } from '@shop/domain';
import { accountRequest } from './account-api';

/** The signed-in buyer's details (GET account/profile/). */
export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return accountRequest<Profile>('account/profile/', { signal });
}
