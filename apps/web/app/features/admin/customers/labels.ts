import type { UserRoleName } from '@shop/domain';

export const ROLE_WORDS: Record<UserRoleName, string> = {
  customer: 'Customer',
  staff: 'Staff',
  owner: 'Owner',
};

/** A UK date ('3 March 2025') of an ISO date or timestamp. */
export function ukDate(iso: string): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T12:00:00Z`) : new Date(iso);
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Europe/London',
  });
}

/** When a dated price applies, in words. */
export function dateWindow(startsOn: string | null, endsOn: string | null): string {
  if (startsOn && endsOn) return `${ukDate(startsOn)} to ${ukDate(endsOn)}`;
  if (startsOn) return `From ${ukDate(startsOn)}`;
  if (endsOn) return `Until ${ukDate(endsOn)}`;
  return 'Always';
}
