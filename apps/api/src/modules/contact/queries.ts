import { isNotNull } from 'drizzle-orm';
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

/**
 * Subscribes an address once, or again after it was unsubscribed; answers whether this call subscribed it
 * (false when it already was).
 */
export async function insertSubscription(db: Db, email: string): Promise<boolean> {
  const rows = await db
    .insert(newsletterSubscriptions)
    .values({ email })
    .onConflictDoUpdate({
      target: newsletterSubscriptions.email,
      set: { unsubscribedAt: null },
      setWhere: isNotNull(newsletterSubscriptions.unsubscribedAt),
    })
    .returning({ id: newsletterSubscriptions.id });
  return rows.length > 0;
}
