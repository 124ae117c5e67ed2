import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { type UserRole, users } from '../../src/db/schema';
import type { TestContext } from '../helper';
import { newShopper, type Shopper } from './carts';

type Method = Parameters<Shopper['call']>[0];

/** A signed-in account with a back-office role (set in the database, as `create-owner` or an owner would). */
export async function staffMember(ctx: TestContext, role: UserRole = 'staff', name: string = role) {
  const member = await newShopper(ctx, name);
  await ctx.database.db.update(users).set({ role }).where(eq(users.id, member.userId));
  /** A call to /api/administration/<path> as this member. */
  const admin = (method: Method, path: string, payload?: unknown) =>
    member.call(method, `/api/administration/${path}`, payload);
  return { ...member, role, admin };
}

export type StaffMember = Awaited<ReturnType<typeof staffMember>>;

/**
 * Asserts a back-office endpoint's role checks: a visitor gets 401 and a customer 403, and neither changes
 * anything (the caller checks the data it cares about afterwards).
 */
export async function expectStaffOnly(ctx: TestContext, method: Method, path: string, payload?: unknown) {
  const url = `/api/administration/${path}`;
  const body = payload === undefined ? {} : { payload: payload as object };
  const visitor = await ctx.app.inject({ method, url, ...body });
  expect(visitor.statusCode, `${method} ${url} as a visitor`).toBe(401);
  const customer = await newShopper(ctx, 'customer');
  const refused = await customer.call(method, url, payload);
  expect(refused.statusCode, `${method} ${url} as a customer`).toBe(403);
  expect(refused.json()).toEqual({
    detail: 'You do not have permission to perform this action.',
  });
}
