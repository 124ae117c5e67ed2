// Test support for the back office's catalogue: calls the shared helpers do not make (PUT, raw uploads).
import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditLog } from '../../src/db/schema';
import type { TestContext } from '../helper';
import { newShopper } from './carts';
import type { StaffMember } from './administration';

type AnyMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** A call to /api/administration/<path> as a member, with any method and optional headers. */
export function adminInject(
  ctx: TestContext,
  member: StaffMember | null,
  method: AnyMethod,
  path: string,
  options: { payload?: unknown; headers?: Record<string, string> } = {},
) {
  return ctx.app.inject({
    method,
    url: `/api/administration/${path}`,
    headers: { ...(member ? { authorization: `Bearer ${member.token}` } : {}), ...options.headers },
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  });
}

/**
 * The role checks of `expectStaffOnly`, for many endpoints and any method (PUT included), with one customer
 * account for all of them (each sign-up hashes a password).
 */
export async function expectStaffOnlyEverywhere(
  ctx: TestContext,
  endpoints: [method: AnyMethod, path: string, payload?: unknown][],
) {
  const customer = await newShopper(ctx, 'customer');
  for (const [method, path, payload] of endpoints) {
    const options = payload === undefined ? {} : { payload };
    const visitor = await adminInject(ctx, null, method, path, options);
    expect(visitor.statusCode, `${method} ${path} as a visitor`).toBe(401);
    const refused = await ctx.app.inject({
      method,
      url: `/api/administration/${path}`,
      headers: { authorization: `Bearer ${customer.token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    expect(refused.statusCode, `${method} ${path} as a customer`).toBe(403);
    expect(refused.json()).toEqual({
      detail: 'You do not have permission to perform this action.',
    });
  }
}

/** The latest audit entry about an entity. */
export async function latestAudit(ctx: TestContext, entityType: string, entityId: number) {
  const [row] = await ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, String(entityId))))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row ?? null;
}

/** Polls `read` every 10 ms until `done` holds of its answer, failing after `ms` (cross-process caches). */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  ms = 1000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`not seen within ${ms} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
