import { count, desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outboundEmails } from '../../db/schema';

/** The outbox, newest first, optionally for one recipient (compared without case). */
export async function selectMessages(
  db: Db,
  to: string | undefined,
  { limit, offset }: { limit: number; offset: number },
) {
  const where = to === undefined ? undefined : sql`lower(${outboundEmails.toAddress}) = ${to.toLowerCase()}`;
  const [total] = await db.select({ n: count() }).from(outboundEmails).where(where);
  const rows = await db
    .select({
      id: outboundEmails.id,
      to: outboundEmails.toAddress,
      subject: outboundEmails.subject,
      text: outboundEmails.textBody,
      html: outboundEmails.htmlBody,
      status: outboundEmails.status,
      createdAt: outboundEmails.createdAt,
    })
    .from(outboundEmails)
    .where(where)
    .orderBy(desc(outboundEmails.createdAt), desc(outboundEmails.id))
    .limit(limit)
    .offset(offset);
  return { count: total!.n, rows };
}
