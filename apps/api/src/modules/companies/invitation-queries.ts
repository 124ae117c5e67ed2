// The queries of a company's invitations as its administrators see and end them: the list with who sent each,
// and the withdrawals when a sender stops administering the company. The rest live in queries.ts.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { CompanyRole } from '@shop/domain';
import type { Db } from '../../db/client';
import { companyInvitations, companyMembers, users } from '../../db/schema';
import { countOfPage } from '../../http/pagination';
import { invitationColumns, type InvitationRow } from './queries';

type Window = { limit: number; offset: number };

/** An invitation as the company's list shows it, with who sent it (null: their account is gone). */
export type ListedInvitationRow = InvitationRow & {
  inviterId: number | null;
  inviterFirstName: string | null;
  inviterLastName: string | null;
  inviterEmail: string | null;
};

/** A page of a company's invitations, newest first, with the number of all of them on each row. */
export async function selectInvitationPage(
  db: Db,
  companyId: number,
  window: Window,
): Promise<{ count: number; rows: ListedInvitationRow[] }> {
  const rows = await db
    .select({
      ...invitationColumns,
      inviterId: users.id,
      inviterFirstName: users.firstName,
      inviterLastName: users.lastName,
      inviterEmail: users.email,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(companyInvitations)
    .leftJoin(users, eq(users.id, companyInvitations.invitedBy))
    .where(eq(companyInvitations.companyId, companyId))
    .orderBy(desc(companyInvitations.id))
    .limit(window.limit)
    .offset(window.offset);
  const total = await countOfPage(rows, window, async () => {
    const [row] = await db
      .select({ value: count() })
      .from(companyInvitations)
      .where(eq(companyInvitations.companyId, companyId));
    return row?.value ?? 0;
  });
  return { count: total, rows };
}

/**
 * Withdraws the invitations a member sent to their company, as they stop administering it (removed, made a
 * buyer or approver, made staff): an invitation is only as good as its sender's place.
 */
export async function deleteInvitationsFrom(tx: Db, companyId: number, userId: number): Promise<void> {
  await tx
    .delete(companyInvitations)
    .where(and(eq(companyInvitations.companyId, companyId), eq(companyInvitations.invitedBy, userId)));
}

/**
 * Ends an account's membership as it becomes staff or an owner, with the invitations it sent; answers what
 * was ended (for the audit log), or undefined when it belonged to no company. The caller holds the user's lock.
 */
export async function deleteMembershipOfUser(
  tx: Db,
  userId: number,
): Promise<{ id: number; companyId: number; role: CompanyRole } | undefined> {
  const [row] = await tx
    .delete(companyMembers)
    .where(eq(companyMembers.userId, userId))
    .returning({ id: companyMembers.id, companyId: companyMembers.companyId, role: companyMembers.role });
  if (row) await deleteInvitationsFrom(tx, row.companyId, userId);
  return row;
}
