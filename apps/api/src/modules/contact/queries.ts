import type { ContactQuery } from '@shop/domain';
import type { Db } from '../../db/client';
import { contactQueries, newsletterSubscriptions } from '../../db/schema';

export async function insertContactQuery(db: Db, query: ContactQuery): Promise<number> {
  const [row] = await db
    .insert(contactQueries)
    .values({ email: query.email, fullName: query.full_name, subject: query.subject, message: query.message })
    .returning({ id: contactQueries.id });
  return row!.id;
}

/** Subscribes an address once; answers whether this call added it. */
export async function insertSubscription(db: Db, email: string): Promise<boolean> {
  const rows = await db
    .insert(newsletterSubscriptions)
    .values({ email })
    .onConflictDoNothing({ target: newsletterSubscriptions.email })
    .returning({ id: newsletterSubscriptions.id });
  return rows.length > 0;
}
