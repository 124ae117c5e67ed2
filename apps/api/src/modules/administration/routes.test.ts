import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, exclusivePrices, users } from '../../db/schema';
import { itemBySku } from '../../../test/support/carts';
import { createOwner } from './create-owner';
import { createTestApp, type TestContext } from '../../../test/helper';
import { expectStaffOnly, staffMember } from '../../../test/support/administration';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/administration/me/', () => {
  it('answers staff and owners, 401 to visitors and 403 to customers', async () => {
    await expectStaffOnly(ctx, 'GET', 'me/');
    const staff = await staffMember(ctx, 'staff');
    const me = await staff.admin('GET', 'me/');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ id: staff.userId, email: staff.email, role: 'staff' });
    const owner = await staffMember(ctx, 'owner');
    expect((await owner.admin('GET', 'me/')).json()).toMatchObject({ role: 'owner' });
  });

  it('applies a role change on the very next request, with the same access token', async () => {
    const staff = await staffMember(ctx, 'staff', 'demoted');
    expect((await staff.admin('GET', 'me/')).statusCode).toBe(200);
    await ctx.database.db.update(users).set({ role: 'customer' }).where(eq(users.id, staff.userId));
    expect((await staff.admin('GET', 'me/')).statusCode).toBe(403);
    await ctx.database.db.update(users).set({ isActive: false }).where(eq(users.id, staff.userId));
    expect((await staff.admin('GET', 'me/')).statusCode).toBe(401);
  });

  it('answers 404 for an unknown back-office path, and keeps the contact form public', async () => {
    const staff = await staffMember(ctx, 'staff', 'paths');
    expect((await staff.admin('GET', 'no-such-thing/')).statusCode).toBe(404);
    const contact = await ctx.app.inject({
      method: 'POST',
      url: '/api/administration/contact/',
      payload: { email: 'a@example.com', full_name: 'A B', subject: 'Hello', message: 'Hi' },
    });
    expect(contact.statusCode).toBe(201);
  });
});

describe('the access token', () => {
  it('carries the role as a hint for the browser', async () => {
    const owner = await staffMember(ctx, 'owner', 'hint');
    // The token was signed before the role was set; a new session carries the new role.
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/login/',
      payload: { email: owner.email, password: 'correct horse battery' },
    });
    expect(login.statusCode).toBe(200);
    const access = login.json<{ token: { access: string } }>().token.access;
    const claims = JSON.parse(Buffer.from(access.split('.')[1]!, 'base64url').toString()) as object;
    expect(claims).toMatchObject({ role: 'owner' });
  });
});

describe('npm run create-owner', () => {
  it('creates an owner who can sign in, refuses a short password, and promotes an existing account', async () => {
    const db = ctx.database.db;
    await expect(createOwner(db, { email: 'boss@example.com', password: 'short' })).rejects.toThrow(
      /12 to 256 characters/,
    );
    expect(await createOwner(db, { email: ' Boss@Example.com ', password: 'a long owner password' })).toBe(
      'created',
    );
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/login/',
      payload: { email: 'boss@example.com', password: 'a long owner password' },
    });
    expect(login.statusCode).toBe(200);
    const access = login.json<{ token: { access: string } }>().token.access;
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/administration/me/',
      headers: { authorization: `Bearer ${access}` },
    });
    expect(me.json()).toMatchObject({ email: 'boss@example.com', role: 'owner' });

    const customer = await staffMember(ctx, 'customer', 'promoted');
    const price = await customer.discount((await itemBySku(ctx, 'TD-PRO-75')).id, 100);
    expect(await createOwner(db, { email: customer.email, password: '' })).toBe('promoted');
    // Exclusive prices are for customers only: the promotion ends them, audited.
    expect(
      await db.select().from(exclusivePrices).where(eq(exclusivePrices.userId, customer.userId)),
    ).toEqual([]);
    expect(
      await db
        .select({ action: auditLog.action, actorEmail: auditLog.actorEmail })
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'exclusive_price'), eq(auditLog.entityId, String(price)))),
    ).toEqual([{ action: 'exclusive_price.delete', actorEmail: 'command line (create-owner)' }]);
    expect((await customer.admin('GET', 'me/')).json()).toMatchObject({ role: 'owner' });
    const entries = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, String(customer.userId))));
    expect(entries).toMatchObject([
      { action: 'user.role', actorId: null, before: { role: 'customer' }, after: { role: 'owner' } },
    ]);
  });
});
