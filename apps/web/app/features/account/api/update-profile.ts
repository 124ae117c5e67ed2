import type { Profile, ProfileUpdate } from '@shop/domain';
import { accountRequest } from './account-api';

/** Changes the buyer's details (PATCH account/profile/); the server e-mails them what changed. */
export function updateProfile(body: ProfileUpdate): Promise<Profile> {
  return accountRequest<Profile>('account/profile/', { method: 'PATCH', body });
}
