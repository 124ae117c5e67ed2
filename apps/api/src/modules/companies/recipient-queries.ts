import { distinctAddresses } from '@shop/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { companies } from '../../db/schema';

/** The accounts e-mail address a company gave in its application (null for no such company). */
export async function selectAccountsEmail(db: Db, companyId: number): Promise<string | null> {
  const [row] = await db
    .select({ email: companies.accountsEmail })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.email ?? null;
}

/**
 * Who gets a company's account documents (statements, payment receipts): its administrators and its accounts
 * address, each once. One statement.
 */
export async function selectAccountsRecipients(db: Db, companyId: number): Promise<string[]> {
  const result = await db.execute<{ email: string }>(sql`
    select email from (
      select u.email, 0 as rank, m.id as n from company_members m join users u on u.id = m.user_id
      where m.company_id = ${companyId} and m.role = 'administrator'
      union all
      select c.accounts_email, 1, 0 from companies c where c.id = ${companyId}
    ) recipients order by rank, n`);
  return distinctAddresses(rowsOf<{ email: string }>(result).map((row) => row.email));
}
