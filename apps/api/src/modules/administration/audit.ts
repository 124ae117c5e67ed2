import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import { signedInUser } from '../accounts/authenticate';

/** Who made a back-office change; `id` is null for the command line (`npm run create-owner`). */
export interface Actor {
  id: number | null;
  email: string;
}

export interface AuditEntry {
  /** What was done, `<entity>.<verb>`: 'product.update', 'order.ship', 'order.refund', 'user.role'. */
  action: string;
  entityType: string;
  entityId: string | number;
  /** The changed fields as they were (null for a creation), and as they are now (null for a deletion). */
  before?: unknown;
  after?: unknown;
}

/** The signed-in staff member behind a back-office request. */
export function actorOf(request: FastifyRequest): Actor {
  const user = signedInUser(request);
  return { id: user.id, email: user.email };
}

/**
 * Appends changes to the audit log. Call it inside the transaction that makes the change, so the change and its
 * record commit together or not at all. Several entries go in one statement.
 */
export async function audit(tx: Db, actor: Actor, ...entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(auditLog).values(
    entries.map((entry) => ({
      actorId: actor.id,
      actorEmail: actor.email,
      action: entry.action,
      entityType: entry.entityType,
      entityId: String(entry.entityId),
      before: entry.before ?? null,
      after: entry.after ?? null,
    })),
  );
}

/**
 * A value as JSON with every object's keys in order: PostgreSQL's jsonb keeps its own key order (shorter keys
 * first), so a nested setting read back from the database and the same setting as sent compare equal.
 */
export function canonicalJson(value: unknown): string | undefined {
  return JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

/**
 * The fields of `after` whose values differ from `before` (nested objects compared whatever their keys'
 * order), each side with only those fields.
 */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): { before: Partial<T>; after: Partial<T> } | null {
  const was: Partial<T> = {};
  const now: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (after[key] === undefined) continue;
    if (canonicalJson(before[key]) === canonicalJson(after[key])) continue;
    was[key] = before[key];
    now[key] = after[key];
  }
  return Object.keys(now).length === 0 ? null : { before: was, after: now };
}
