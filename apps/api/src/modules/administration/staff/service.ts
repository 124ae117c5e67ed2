import type { AuditEntryView, StaffMemberView } from '@shop/domain';
import type { Db } from '../../../db/client';
import type { UserRole } from '../../../db/schema';
import { Conflict, NotFound } from '../../../http/errors';
import { pageWindow, type PageQuery } from '../../../http/pagination';
import { audit, type Actor } from '../audit';
import { deleteExclusivePricesOf, endTradeMembershipOf } from '../customers/service';
import { COUNT_CAP } from '../listing';
import * as queries from './queries';

export const STAFF_MESSAGES = {
  lastOwner: 'The shop must keep at least one active owner: make someone else an owner first.',
} as const;

function memberOf(row: queries.MemberRow): StaffMemberView {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    role: row.role,
    is_active: row.isActive,
  };
}

/** Staff management and the audit log: owners only. */
export function createStaffService(db: Db) {
  return {
    async listStaff(page: PageQuery) {
      const { rows, total } = await queries.selectStaffPage(db, pageWindow(page));
      return { count: total, results: rows.map(memberOf) };
    },

    /**
     * Gives a user a role. It applies to their next request (the session check reads the role every time);
     * the last active owner cannot stop being one. A customer made staff or an owner loses their exclusive
     * prices and their trade membership in the same transaction (both are for customers only), each deletion
     * audited; the only administrator of a company others belong to is refused (409).
     */
    async changeRole(actor: Actor, userId: number, role: UserRole): Promise<StaffMemberView> {
      return db.transaction(async (tx) => {
        const owners = await queries.lockActiveOwners(tx);
        const before = await queries.lockMember(tx, userId);
        if (!before) throw new NotFound();
        if (before.role === role) return memberOf(before);
        if (before.role === 'owner' && !owners.some((id) => id !== userId)) {
          throw new Conflict(STAFF_MESSAGES.lastOwner);
        }
        const after = await queries.updateRole(tx, userId, role);
        const pricesEnded = role === 'customer' ? [] : await deleteExclusivePricesOf(tx, userId);
        const membershipEnded = role === 'customer' ? [] : await endTradeMembershipOf(tx, userId);
        await audit(
          tx,
          actor,
          {
            action: 'user.role',
            entityType: 'user',
            entityId: userId,
            before: { role: before.role },
            after: { role },
          },
          ...pricesEnded,
          ...membershipEnded,
        );
        return memberOf(after);
      });
    },

    async listAudit(filter: queries.AuditFilter, page: PageQuery) {
      const { rows, total } = await queries.selectAuditPage(db, filter, pageWindow(page));
      const capped = total > COUNT_CAP;
      const results: AuditEntryView[] = rows.map((row) => ({
        id: row.id,
        actor_id: row.actorId,
        actor_email: row.actorEmail,
        action: row.action,
        entity_type: row.entityType,
        entity_id: row.entityId,
        before: row.before,
        after: row.after,
        created_at: row.createdAt.toISOString(),
      }));
      return { count: capped ? COUNT_CAP : total, capped, results };
    },
  };
}
