import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { auditLog, users, type UserRole } from '../../../db/schema';
import { countOfPage } from '../../../http/pagination';
import { COUNT_CAP } from '../listing';

type Window = { limit: number; offset: number };

const memberColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  isActive: users.isActive,
};

export type MemberRow = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: UserRole;
  isActive: boolean;
};

/** Staff and owners, owners first, then by e-mail; there are few, so the count rides on the page. */
export async function selectStaffPage(db: Db, window: Window): Promise<{ rows: MemberRow[]; total: number }> {
  const staffRoles = inArray(users.role, ['staff', 'owner']);
  const rows = await db
    .select({ ...memberColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(users)
    .where(staffRoles)
    .orderBy(desc(users.role), asc(users.email))
    .limit(window.limit)
    .offset(window.offset);
  const total = await countOfPage(
    rows,
    window,
    async () => (await db.select({ value: count() }).from(users).where(staffRoles))[0]?.value ?? 0,
  );
  return { rows, total };
}

export async function lockMember(tx: Db, id: number): Promise<MemberRow | undefined> {
  const [row] = await tx.select(memberColumns).from(users).where(eq(users.id, id)).for('update');
  return row;
}

/**
 * The active owners' ids, locked in id order: every role change takes these locks first, so two owners
 * demoting each other at once run one after the other (the second sees the first's change) and never
 * deadlock, and the shop keeps an owner.
 */
export async function lockActiveOwners(tx: Db): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'owner'), eq(users.isActive, true)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((row) => row.id);
}

export async function updateRole(tx: Db, id: number, role: UserRole): Promise<MemberRow> {
  const [row] = await tx.update(users).set({ role }).where(eq(users.id, id)).returning(memberColumns);
  return row!;
}

// ---------------------------------------------------------------------------------------------
// The audit log
// ---------------------------------------------------------------------------------------------

export interface AuditFilter {
  entityType?: string | undefined;
  entityId?: string | undefined;
  /** An actor's user id, or their e-mail (as it was when they acted). */
  actor?: number | string | undefined;
  action?: string | undefined;
}

function auditWhere(filter: AuditFilter): SQL | undefined {
  return and(
    filter.entityType ? eq(auditLog.entityType, filter.entityType) : undefined,
    filter.entityId ? eq(auditLog.entityId, filter.entityId) : undefined,
    typeof filter.actor === 'number' ? eq(auditLog.actorId, filter.actor) : undefined,
    typeof filter.actor === 'string' ? eq(auditLog.actorEmail, filter.actor) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
  );
}

const cappedEntries = (db: Db, where: SQL | undefined) =>
  db
    .select({ one: sql`1` })
    .from(auditLog)
    .where(where)
    .limit(COUNT_CAP + 1)
    .as('capped');

/**
 * A page of the log, newest first (audit_log_created_idx; audit_log_entity_idx for one entity), with the
 * number of entries up to COUNT_CAP + 1 in the same statement.
 */
export async function selectAuditPage(db: Db, filter: AuditFilter, window: Window) {
  const where = auditWhere(filter);
  const rows = await db
    .select({
      id: auditLog.id,
      actorId: auditLog.actorId,
      actorEmail: auditLog.actorEmail,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
      total: sql<number>`(select count(*) from ${cappedEntries(db, where)})`.mapWith(Number),
    })
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(window.limit)
    .offset(window.offset);
  if (rows.length > 0 || window.offset === 0) return { rows, total: rows[0]?.total ?? 0 };
  const [row] = await db.select({ value: count() }).from(cappedEntries(db, where));
  return { rows, total: row?.value ?? 0 };
}
