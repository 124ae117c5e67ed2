import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AuditEntryView, CartView, StaffMemberView } from '@shop/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/helper';
import { migrationsFolder } from '../../../db/client';
import { auditLog, exclusivePrices, users } from '../../../db/schema';
import { cartLine, itemBySku, newShopper, tierId, type Shopper } from '../../../../test/support/carts';
import { expectStaffOnly, staffMember, type StaffMember } from '../../../../test/support/administration';

let ctx: TestContext;
let owner: StaffMember;
let staff: StaffMember;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await staffMember(ctx, 'owner', 'founder');
  staff = await staffMember(ctx, 'staff', 'clerk');
});
afterAll(() => ctx.close());

type Page<T> = { count: number; count_capped?: boolean; next: string | null; results: T[] };

const roleOf = async (id: number) =>
  (await ctx.database.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]!.role;

const TAPE = 'TD-PRO-75';

const pricesOf = (id: number) =>
  ctx.database.db
    .select({ id: exclusivePrices.id, percent: exclusivePrices.discountPercentage })
    .from(exclusivePrices)
    .where(eq(exclusivePrices.userId, id));

const priceAudit = (priceId: number) =>
  ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'exclusive_price'), eq(auditLog.entityId, String(priceId))))
    .orderBy(auditLog.id);

const firstLine = (cart: CartView) => cart.items[0]!;

/** A customer with a 100 % exclusive price on the tape and a line of it in the cart, priced at nothing. */
async function discountedShopper(name: string): Promise<{ shopper: Shopper; price: number }> {
  const shopper = await newShopper(ctx, name);
  const tape = await itemBySku(ctx, TAPE);
  const price = await shopper.discount(tape.id, 100);
  await shopper.added([cartLine(shopper.cartId, tape.id, await tierId(ctx, tape.variantId, 'pack', 1), 2)]);
  expect(firstLine(await shopper.cart())).toMatchObject({ discount_percentage: 100, total: '0.00' });
  return { shopper, price };
}

describe('role checks', () => {
  it('answers staff/, users/{id}/role/ and audit/ to owners only: 401, 403 for customers and staff', async () => {
    const target = await newShopper(ctx, 'target');
    const calls = [
      ['GET', 'staff/'],
      ['PATCH', `users/${target.userId}/role/`, { role: 'staff' }],
      ['GET', 'audit/'],
    ] as const;
    for (const [method, path, body] of calls) {
      await expectStaffOnly(ctx, method, path, body);
      const refused = await staff.admin(method, path, body);
      expect(refused.statusCode, `${method} ${path} as staff`).toBe(403);
      expect(refused.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
      expect((await owner.admin(method, path, body)).statusCode, `${method} ${path} as owner`).toBe(200);
    }
    // Only the owner's call changed the role.
    expect(await roleOf(target.userId)).toBe('staff');
  });
});

describe('GET /api/administration/staff/', () => {
  it('lists staff and owners, owners first, and no customers', async () => {
    const customer = await newShopper(ctx, 'plain');
    const page = (await owner.admin('GET', 'staff/?page_size=100')).json<Page<StaffMemberView>>();
    const ids = page.results.map((row) => row.id);
    expect(ids).toContain(owner.userId);
    expect(ids).toContain(staff.userId);
    expect(ids).not.toContain(customer.userId);
    const roles = page.results.map((row) => row.role);
    expect(roles).toEqual([...roles].sort((a, b) => (a === b ? 0 : a === 'owner' ? -1 : 1)));
    expect(page.results.find((row) => row.id === staff.userId)).toEqual({
      id: staff.userId,
      email: staff.email,
      first_name: expect.any(String),
      last_name: expect.any(String),
      role: 'staff',
      is_active: true,
    });
  });
});

describe('PATCH /api/administration/users/{id}/role/', () => {
  it('makes a customer staff and back, from their next request with the same token', async () => {
    const customer = await newShopper(ctx, 'hired');
    expect((await customer.call('GET', '/api/administration/me/')).statusCode).toBe(403);
    const hired = await owner.admin('PATCH', `users/${customer.userId}/role/`, { role: 'staff' });
    expect(hired.statusCode).toBe(200);
    expect(hired.json()).toMatchObject({ id: customer.userId, role: 'staff' });
    expect((await customer.call('GET', '/api/administration/customers/')).statusCode).toBe(200);

    expect(
      (await owner.admin('PATCH', `users/${customer.userId}/role/`, { role: 'customer' })).statusCode,
    ).toBe(200);
    expect((await customer.call('GET', '/api/administration/customers/')).statusCode).toBe(403);

    const log = (await owner.admin('GET', `audit/?entity_type=user&entity_id=${customer.userId}`)).json<
      Page<AuditEntryView>
    >();
    expect(log.results).toMatchObject([
      { action: 'user.role', actor_id: owner.userId, before: { role: 'staff' }, after: { role: 'customer' } },
      {
        action: 'user.role',
        actor_email: owner.email,
        before: { role: 'customer' },
        after: { role: 'staff' },
      },
    ]);
  });

  it('promotes an owner, and never demotes the last active owner (409)', async () => {
    const ctx2 = await createTestApp();
    try {
      const only = await staffMember(ctx2, 'owner', 'only');
      const demote = await only.admin('PATCH', `users/${only.userId}/role/`, { role: 'staff' });
      expect(demote.statusCode).toBe(409);
      expect(demote.json()).toEqual({ detail: expect.stringContaining('at least one active owner') });
      expect(
        await ctx2.database.db.select({ role: users.role }).from(users).where(eq(users.id, only.userId)),
      ).toEqual([{ role: 'owner' }]);

      const second = await staffMember(ctx2, 'staff', 'second');
      expect((await only.admin('PATCH', `users/${second.userId}/role/`, { role: 'owner' })).statusCode).toBe(
        200,
      );
      // Now either may step down, but not both at once.
      const [a, b] = await Promise.all([
        only.admin('PATCH', `users/${only.userId}/role/`, { role: 'staff' }),
        second.admin('PATCH', `users/${second.userId}/role/`, { role: 'customer' }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const owners = await ctx2.database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.role, 'owner'));
      expect(owners).toHaveLength(1);

      // A deactivated owner does not count.
      const [remaining] = owners;
      const third = await staffMember(ctx2, 'owner', 'third');
      await ctx2.database.db.update(users).set({ isActive: false }).where(eq(users.id, third.userId));
      const remainingOwner = remaining!.id === only.userId ? only : second;
      expect(
        (await remainingOwner.admin('PATCH', `users/${remaining!.id}/role/`, { role: 'staff' })).statusCode,
      ).toBe(409);
    } finally {
      await ctx2.close();
    }
  });

  it('ends a customer’s exclusive prices when they become staff or an owner, audited, so none is charged', async () => {
    for (const role of ['staff', 'owner'] as const) {
      const { shopper, price } = await discountedShopper(`promoted-${role}`);
      const promoted = await owner.admin('PATCH', `users/${shopper.userId}/role/`, { role });
      expect(promoted.statusCode).toBe(200);
      expect(await pricesOf(shopper.userId)).toEqual([]);
      expect(firstLine(await shopper.cart())).toMatchObject({
        discount_percentage: 0,
        user_exclusive_price: null,
      });
      const [entry] = await priceAudit(price);
      expect(entry).toMatchObject({
        action: 'exclusive_price.delete',
        actorId: owner.userId,
        before: { user_id: shopper.userId, discount_percentage: 100 },
        after: null,
      });
      // Back to customer: nothing comes back by itself.
      await owner.admin('PATCH', `users/${shopper.userId}/role/`, { role: 'customer' });
      expect(firstLine(await shopper.cart())).toMatchObject({ discount_percentage: 0 });
    }
  });

  it('refuses an unknown role, an unknown user and extra fields', async () => {
    const customer = await newShopper(ctx, 'bodies');
    const url = `users/${customer.userId}/role/`;
    const bad = await owner.admin('PATCH', url, { role: 'admin' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('role');
    expect((await owner.admin('PATCH', url, { role: 'staff', is_active: true })).statusCode).toBe(400);
    expect((await owner.admin('PATCH', url, {})).statusCode).toBe(400);
    expect((await owner.admin('PATCH', 'users/999999/role/', { role: 'staff' })).statusCode).toBe(404);
    expect(await roleOf(customer.userId)).toBe('customer');
  });
});

describe('migration 0011: staff have no exclusive prices', () => {
  it('deletes the prices staff and owners hold already, audited, and leaves customers’ alone', async () => {
    const { shopper: clerk, price: clerksPrice } = await discountedShopper('old-clerk');
    const { shopper: boss, price: bossesPrice } = await discountedShopper('old-boss');
    const { shopper: buyer, price: buyersPrice } = await discountedShopper('old-buyer');
    // Rows as today's shop may hold them: prices given before the rule, then the role set.
    await ctx.database.db.update(users).set({ role: 'staff' }).where(eq(users.id, clerk.userId));
    await ctx.database.db.update(users).set({ role: 'owner' }).where(eq(users.id, boss.userId));
    expect(firstLine(await clerk.cart())).toMatchObject({ discount_percentage: 100 });

    const file = path.join(migrationsFolder(), '0011_staff_have_no_exclusive_prices.sql');
    const statements = readFileSync(file, 'utf8').split('--> statement-breakpoint');
    for (const statement of statements) await ctx.database.db.execute(sql.raw(statement));

    expect(await pricesOf(clerk.userId)).toEqual([]);
    expect(await pricesOf(boss.userId)).toEqual([]);
    expect(await pricesOf(buyer.userId)).toEqual([{ id: buyersPrice, percent: 100 }]);
    expect(firstLine(await clerk.cart())).toMatchObject({
      discount_percentage: 0,
      user_exclusive_price: null,
    });
    expect(firstLine(await boss.cart())).toMatchObject({ discount_percentage: 0 });
    expect(firstLine(await buyer.cart())).toMatchObject({ discount_percentage: 100 });
    for (const [price, userId] of [
      [clerksPrice, clerk.userId],
      [bossesPrice, boss.userId],
    ] as const) {
      expect(await priceAudit(price)).toMatchObject([
        {
          action: 'exclusive_price.delete',
          actorId: null,
          actorEmail: 'migration (0011_staff_have_no_exclusive_prices)',
          before: { user_id: userId, discount_percentage: 100, starts_on: null, ends_on: null },
          after: null,
        },
      ]);
    }
    expect(await priceAudit(buyersPrice)).toEqual([]);
  });
});

describe('GET /api/administration/audit/', () => {
  it('answers newest first, filtered by entity, actor (id or e-mail) and action, paged', async () => {
    const a = await newShopper(ctx, 'audited');
    // Staff may switch a customer off (a staff account is the owners' to switch).
    await staff.admin('PATCH', `customers/${a.userId}/`, { is_active: false });
    await owner.admin('PATCH', `customers/${a.userId}/`, { is_active: true });
    await owner.admin('PATCH', `users/${a.userId}/role/`, { role: 'staff' });

    const all = (await owner.admin('GET', `audit/?entity_type=user&entity_id=${a.userId}`)).json<
      Page<AuditEntryView>
    >();
    expect(all).toMatchObject({ count: 3, count_capped: false });
    expect(all.results.map((row) => row.action)).toEqual(['user.role', 'user.activate', 'user.deactivate']);
    expect(all.results[2]).toEqual({
      id: expect.any(Number),
      actor_id: staff.userId,
      actor_email: staff.email,
      action: 'user.deactivate',
      entity_type: 'user',
      entity_id: String(a.userId),
      before: { is_active: true },
      after: { is_active: false },
      created_at: expect.any(String),
    });

    const byStaff = (await owner.admin('GET', `audit/?actor=${staff.userId}&entity_id=${a.userId}`)).json<
      Page<AuditEntryView>
    >();
    expect(byStaff.results.map((row) => row.action)).toEqual(['user.deactivate']);
    const byEmail = (
      await owner.admin(
        'GET',
        `audit/?actor=${encodeURIComponent(staff.email.toUpperCase())}&entity_id=${a.userId}`,
      )
    ).json<Page<AuditEntryView>>();
    expect(byEmail.results.map((row) => row.action)).toEqual(['user.deactivate']);
    const byAction = (await owner.admin('GET', `audit/?action=user.role&entity_id=${a.userId}`)).json<
      Page<AuditEntryView>
    >();
    expect(byAction.count).toBe(1);
    const paged = (await owner.admin('GET', `audit/?entity_id=${a.userId}&page_size=2&page=2`)).json<
      Page<AuditEntryView>
    >();
    expect(paged).toMatchObject({ count: 3, next: null, results: [{ action: 'user.deactivate' }] });
    expect((await owner.admin('GET', 'audit/?when=today')).statusCode).toBe(400);
    expect((await owner.admin('GET', `audit/?action=${'x'.repeat(81)}`)).statusCode).toBe(400);
  });
});
