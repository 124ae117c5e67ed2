import type { CompanyRole } from '@shop/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reusableStatement } from '../../db/reusable-statement';
import { companies, companyMembers, type PaymentTermsSnapshot } from '../../db/schema';

/**
 * The caller's place in a company, read from the database on every request that acts for the company
 * (DESIGN §7, decision 006's rule for staff): a member removed a moment ago reads as none.
 */
export interface Membership {
  memberId: number;
  companyId: number;
  role: CompanyRole;
  orderLimitPence: number | null;
  status: 'pending' | 'approved' | 'declined';
  creditLimitPence: number;
  paymentTerms: PaymentTermsSnapshot | null;
  poRequired: boolean;
  onHold: boolean;
  holdReason: string | null;
}

const membershipStatement = reusableStatement((db) =>
  db
    .select({
      memberId: companyMembers.id,
      companyId: companyMembers.companyId,
      role: companyMembers.role,
      orderLimitPence: companyMembers.orderLimitPence,
      status: companies.status,
      creditLimitPence: companies.creditLimitPence,
      paymentTerms: companies.paymentTerms,
      poRequired: companies.poRequired,
      onHold: companies.onHold,
      holdReason: companies.holdReason,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, sql.placeholder('userId')))
    .prepare('company_membership'),
);

/** The user's membership with its company's terms, or undefined when they belong to none. One statement. */
export async function membershipOf(db: Db, userId: number): Promise<Membership | undefined> {
  const [row] = await membershipStatement(db).execute({ userId });
  return row as Membership | undefined;
}

/** Whether the company may pay on account now: approved with credit and terms. (A hold is checked apart.) */
export function paysOnAccount(membership: Pick<Membership, 'status' | 'creditLimitPence' | 'paymentTerms'>) {
  return (
    membership.status === 'approved' && membership.creditLimitPence > 0 && membership.paymentTerms !== null
  );
}
