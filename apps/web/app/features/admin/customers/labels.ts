import { ukDate } from '@shop/domain';
import type { UserRoleName } from '@shop/domain';

export const ROLE_WORDS: Record<UserRoleName, string> = {
  customer: 'Customer',
  staff: 'Staff',
  owner: 'Owner',
};

/** When a dated price applies, in words. */
export function dateWindow(startsOn: string | null, endsOn: string | null): string {
  if (startsOn && endsOn) return `${ukDate(startsOn)} to ${ukDate(endsOn)}`;
  if (startsOn) return `From ${ukDate(startsOn)}`;
  if (endsOn) return `Until ${ukDate(endsOn)}`;
  return 'Always';
}
