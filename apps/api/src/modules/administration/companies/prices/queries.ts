import { eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { companies } from '../../../../db/schema';

/**
 * Whether the company exists, its row share-locked against deletion until the transaction ends (the lock a
 * new price's foreign key takes anyway). Any status: staff may set prices before approval; they apply only
 * while it is approved.
 */
export async function lockCompany(tx: Db, companyId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('key share');
  return row !== undefined;
}
