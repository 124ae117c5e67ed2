import type { Membership } from './queries';

/** The caller's place in a company, read on every request that acts for it, as other modules use it. */
export { membershipOf, type Membership } from './queries';

/** Whether the company may pay on account now: approved with credit and terms. (A hold is checked apart.) */
export function paysOnAccount(membership: Pick<Membership, 'status' | 'creditLimitPence' | 'paymentTerms'>) {
  return (
    membership.status === 'approved' && membership.creditLimitPence > 0 && membership.paymentTerms !== null
  );
}
