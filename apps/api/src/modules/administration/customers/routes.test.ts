import type { AdminExclusivePrice, CartView, CustomerDetail, CustomerSummary } from '@shop/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/helper';
import { auditLog, exclusivePrices, refreshTokens, users } from '../../../db/schema';
import { rowsOf } from '../../../db/rows-of';
import { cartLine, itemBySku, newShopper, tierId } from '../../../../test/support/carts';
import { checkoutShopper } from '../../../../test/support/orders';
import { expectStaffOnly, staffMember, type StaffMember } from '../../../../test/support/administration';

let ctx: TestContext;
let staff: StaffMember;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffMember(ctx, 'staff', 'desk');
});
afterAll(() => ctx.close());

type Page<T> = { count: number; count_capped?: boolean; next: string | null; results: T[] };

const TAPE = 'TD-PRO-75';

/** Today, and days around it, as the shop counts them (UK calendar days). */
async function ukDay(offsetDays = 0): Promise<string> {
  const result = await ctx.database.db.execute(
    sql`select ((now() at time zone 'Europe/London')::date + ${offsetDays}::int)::text as day`,
  );
  return rowsOf<{ day: string }>(result)[0]!.day;
}

async function auditOf(entityType: string, entityId: number) {
  return ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, String(entityId))))
    .orderBy(auditLog.id);
}

describe('role checks', () => {
  it('answers every customer endpoint to staff only: 401 for a visitor, 403 for a customer', async () => {
    const target = await newShopper(ctx, 'target');
    const price = await target.discount((await itemBySku(ctx, TAPE)).id, 5);
    const base = `customers/${target.userId}/`;
    await expectStaffOnly(ctx, 'GET', 'customers/');
    await expectStaffOnly(ctx, 'GET', base);
    await expectStaffOnly(ctx, 'PATCH', base, { is_active: false });
    await expectStaffOnly(ctx, 'GET', `${base}exclusive-prices/`);
    await expectStaffOnly(ctx, 'POST', `${base}exclusive-prices/`, { item: TAPE, discount_percentage: 1 });
    await expectStaffOnly(ctx, 'PATCH', `${base}exclusive-prices/${price}/`, { discount_percentage: 50 });
    await expectStaffOnly(ctx, 'DELETE', `${base}exclusive-prices/${price}/`);
    // Nothing changed.
    const [user] = await ctx.database.db.select().from(users).where(eq(users.id, target.userId));
    expect(user!.isActive).toBe(true);
    const [kept] = await ctx.database.db.select().from(exclusivePrices).where(eq(exclusivePrices.id, price));
    expect(kept!.discountPercentage).toBe(5);
  });
});

describe('GET /api/administration/customers/', () => {
  it('searches by e-mail, name or company, filters by role and state, and sorts on the server', async () => {
    const a = await newShopper(ctx, 'zebrafinch');
    const b = await newShopper(ctx, 'zebrafinch');
    await ctx.database.db
      .update(users)
      .set({ companyName: 'Quokka Crates Ltd', lastName: 'Aardvark' })
      .where(eq(users.id, b.userId));
    await ctx.database.db.update(users).set({ isActive: false }).where(eq(users.id, a.userId));

    const found = await staff.admin('GET', 'customers/?q=zebrafinch');
    expect(found.statusCode).toBe(200);
    const page = found.json<Page<CustomerSummary>>();
    expect(page).toMatchObject({ count: 2, count_capped: false, next: null });
    // Newest first by default.
    expect(page.results.map((row) => row.id)).toEqual([b.userId, a.userId]);
    expect(page.results[1]).toEqual({
      id: a.userId,
      email: a.email,
      first_name: expect.any(String),
      last_name: expect.any(String),
      company_name: null,
      role: 'customer',
      is_active: false,
      created_at: expect.any(String),
    });

    const byCompany = (await staff.admin('GET', 'customers/?q=quokka%20crates')).json<
      Page<CustomerSummary>
    >();
    expect(byCompany.results.map((row) => row.id)).toEqual([b.userId]);
    const inactive = (await staff.admin('GET', 'customers/?q=zebrafinch&active=false')).json<
      Page<CustomerSummary>
    >();
    expect(inactive.results.map((row) => row.id)).toEqual([a.userId]);
    const byName = (await staff.admin('GET', 'customers/?q=zebrafinch&ordering=last_name')).json<
      Page<CustomerSummary>
    >();
    expect(byName.results[0]!.id).toBe(b.userId);
    const paged = (await staff.admin('GET', 'customers/?q=zebrafinch&page_size=1&page=2')).json<
      Page<CustomerSummary>
    >();
    expect(paged).toMatchObject({ count: 2, next: null, results: [{ id: a.userId }] });
    const past = (await staff.admin('GET', 'customers/?q=zebrafinch&page=3&page_size=1')).json<
      Page<CustomerSummary>
    >();
    expect(past).toMatchObject({ count: 2, results: [] });

    const owners = (await staff.admin('GET', 'customers/?role=staff')).json<Page<CustomerSummary>>();
    expect(owners.results.map((row) => row.role)).toContain('staff');
    expect(owners.results.every((row) => row.role === 'staff')).toBe(true);
    // LIKE's wildcards are taken literally.
    expect((await staff.admin('GET', 'customers/?q=%25%25%25')).json<Page<unknown>>().count).toBe(0);
  });

  it('refuses an unknown ordering, filter or parameter with field errors', async () => {
    const bad = await staff.admin('GET', 'customers/?ordering=password_hash&active=maybe&role=king');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<object>()).sort()).toEqual(['active', 'ordering', 'role']);
    expect((await staff.admin('GET', 'customers/?is_staff=1')).statusCode).toBe(400);
    expect((await staff.admin('GET', `customers/?q=${'x'.repeat(101)}`)).statusCode).toBe(400);
  });
});

describe('GET /api/administration/customers/{id}/', () => {
  it('shows the profile, addresses, latest orders with totals and exclusive prices', async () => {
    const buyer = await checkoutShopper(ctx, 'detail');
    const tape = await itemBySku(ctx, TAPE);
    await buyer.discount(tape.id, 12.5);
    await buyer.addSku(TAPE, 1);
    const intent = await buyer.paidIntent();
    const order = await buyer.placed(intent.payment_intent_id);

    const res = await staff.admin('GET', `customers/${buyer.userId}/`);
    expect(res.statusCode).toBe(200);
    const detail = res.json<CustomerDetail>();
    expect(detail).toMatchObject({
      id: buyer.userId,
      email: buyer.email,
      role: 'customer',
      is_active: true,
      order_count: 1,
      addresses: [{ id: buyer.addressId, postal_code: 'SW1A 1AA', city: 'London' }],
      recent_orders: [{ id: order.id, status: 'pending', payment_status: 'COMPLETED' }],
      exclusive_price_count: 1,
      exclusive_prices: [
        {
          item: { id: tape.id, sku: TAPE, title: expect.any(String) },
          discount_percentage: 12.5,
          starts_on: null,
          ends_on: null,
          in_force: true,
        },
      ],
    });
    expect(detail.recent_orders[0]!.total_pence).toBe(Math.round(Number(order.total) * 100));
    expect((await staff.admin('GET', 'customers/999999/')).statusCode).toBe(404);
    expect((await staff.admin('GET', 'customers/abc/')).statusCode).toBe(400);
  });
});

describe('PATCH /api/administration/customers/{id}/', () => {
  it('deactivates an account: the user’s existing token is refused on the next request', async () => {
    const customer = await newShopper(ctx, 'leaving');
    expect((await customer.call('GET', '/api/ecommerce/carts/current/')).statusCode).toBe(200);

    const res = await staff.admin('PATCH', `customers/${customer.userId}/`, { is_active: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: customer.userId, is_active: false });
    const next = await customer.call('GET', '/api/ecommerce/carts/current/');
    expect(next.statusCode).toBe(401);
    expect(next.json()).toMatchObject({ code: 'token_not_valid' });
    const live = await ctx.database.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, customer.userId), isNull(refreshTokens.revokedAt)));
    expect(live).toEqual([]);
    expect(await auditOf('user', customer.userId)).toMatchObject([
      {
        action: 'user.deactivate',
        actorId: staff.userId,
        actorEmail: staff.email,
        before: { is_active: true },
        after: { is_active: false },
      },
    ]);

    // Again changes nothing and writes nothing; activating lets them sign in again.
    expect(
      (await staff.admin('PATCH', `customers/${customer.userId}/`, { is_active: false })).statusCode,
    ).toBe(200);
    expect(await auditOf('user', customer.userId)).toHaveLength(1);
    const back = await staff.admin('PATCH', `customers/${customer.userId}/`, { is_active: true });
    expect(back.json()).toMatchObject({ is_active: true });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/login/',
      payload: { email: customer.email, password: 'correct horse battery' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('does not let staff deactivate an owner, nor anyone themselves', async () => {
    const owner = await staffMember(ctx, 'owner', 'boss');
    const refused = await staff.admin('PATCH', `customers/${owner.userId}/`, { is_active: false });
    expect(refused.statusCode).toBe(403);
    const self = await owner.admin('PATCH', `customers/${owner.userId}/`, { is_active: false });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ is_active: ['You cannot deactivate your own account.'] });
    expect((await owner.admin('GET', 'me/')).statusCode).toBe(200);
    // An owner may deactivate another owner.
    const other = await staffMember(ctx, 'owner', 'partner');
    expect((await owner.admin('PATCH', `customers/${other.userId}/`, { is_active: false })).statusCode).toBe(
      200,
    );
    expect((await other.admin('GET', 'me/')).statusCode).toBe(401);
  });

  it('refuses a body that is not {is_active: boolean}, and an unknown user', async () => {
    const customer = await newShopper(ctx, 'bodies');
    for (const body of [{}, { is_active: 'no' }, { is_active: false, role: 'owner' }]) {
      expect((await staff.admin('PATCH', `customers/${customer.userId}/`, body)).statusCode).toBe(400);
    }
    expect((await staff.admin('PATCH', 'customers/999999/', { is_active: false })).statusCode).toBe(404);
    expect((await customer.call('GET', '/api/ecommerce/carts/current/')).statusCode).toBe(200);
  });
});

describe('staff and owner accounts are the owners’ to manage', () => {
  const OWNERS_ONLY = 'Only an owner can change a staff or owner account.';
  const CUSTOMERS_ONLY =
    'Exclusive prices are for customer accounts only: staff and owners pay the shop’s prices.';

  const activeOf = async (id: number) =>
    (await ctx.database.db.select({ on: users.isActive }).from(users).where(eq(users.id, id)))[0]!.on;
  const pricesOf = (id: number) =>
    ctx.database.db
      .select({ id: exclusivePrices.id, percent: exclusivePrices.discountPercentage })
      .from(exclusivePrices)
      .where(eq(exclusivePrices.userId, id));

  const TARGETS = [
    ['a staff', 'staff'],
    ['an owner', 'owner'],
  ] as const;

  it.each(TARGETS)(
    'refuses a staff member who deactivates, reactivates or prices %s account (403), and changes nothing',
    async (_, role) => {
      const clerk = await staffMember(ctx, 'staff', 'clerk');
      const target = await staffMember(ctx, role, `colleague-${role}`);
      const tape = await itemBySku(ctx, TAPE);
      // A price left from before the rule, straight in the database.
      const leftover = await target.discount(tape.id, 20);
      const base = `customers/${target.userId}/`;
      const refused = async (method: 'PATCH' | 'POST' | 'DELETE', path: string, body?: object) => {
        const res = await clerk.admin(method, path, body);
        expect(res.statusCode, `${method} ${path}`).toBe(403);
        expect(res.json()).toEqual({ detail: OWNERS_ONLY });
      };

      await refused('PATCH', base, { is_active: false });
      expect(await activeOf(target.userId)).toBe(true);
      expect((await target.admin('GET', 'me/')).statusCode).toBe(200);
      await ctx.database.db.update(users).set({ isActive: false }).where(eq(users.id, target.userId));
      await refused('PATCH', base, { is_active: true });
      expect(await activeOf(target.userId)).toBe(false);

      await refused('POST', `${base}exclusive-prices/`, { item: 'PW-HAND-400-CL', discount_percentage: 100 });
      await refused('PATCH', `${base}exclusive-prices/${leftover}/`, { discount_percentage: 100 });
      await refused('DELETE', `${base}exclusive-prices/${leftover}/`);
      expect(await pricesOf(target.userId)).toEqual([{ id: leftover, percent: 20 }]);
      expect(await auditOf('user', target.userId)).toEqual([]);
      expect(await auditOf('exclusive_price', leftover)).toEqual([]);
    },
  );

  it('refuses a staff member a price of their own (the 100 % discount of the finding)', async () => {
    const clerk = await staffMember(ctx, 'staff', 'greedy');
    const res = await clerk.admin('POST', `customers/${clerk.userId}/exclusive-prices/`, {
      item: TAPE,
      discount_percentage: 100,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: OWNERS_ONLY });
    expect(await pricesOf(clerk.userId)).toEqual([]);
    // Nor may they switch themselves off and on.
    const self = await clerk.admin('PATCH', `customers/${clerk.userId}/`, { is_active: false });
    expect(self.statusCode).toBe(400);
  });

  it.each(TARGETS)(
    'lets an owner deactivate and reactivate %s account, but give it no exclusive price (409)',
    async (_, role) => {
      const boss = await staffMember(ctx, 'owner', 'boss');
      const target = await staffMember(ctx, role, `managed-${role}`);
      const base = `customers/${target.userId}/`;
      const off = await boss.admin('PATCH', base, { is_active: false });
      expect(off.statusCode).toBe(200);
      expect((await target.admin('GET', 'me/')).statusCode).toBe(401);
      const on = await boss.admin('PATCH', base, { is_active: true });
      expect(on.json()).toMatchObject({ id: target.userId, is_active: true });
      expect((await auditOf('user', target.userId)).map((entry) => entry.action)).toEqual([
        'user.deactivate',
        'user.activate',
      ]);

      const create = await boss.admin('POST', `${base}exclusive-prices/`, {
        item: TAPE,
        discount_percentage: 5,
      });
      expect(create.statusCode).toBe(409);
      expect(create.json()).toEqual({ detail: CUSTOMERS_ONLY });
      expect(await pricesOf(target.userId)).toEqual([]);
      // A price left from before the rule cannot be changed, only removed.
      const leftover = await target.discount((await itemBySku(ctx, TAPE)).id, 100);
      const edit = await boss.admin('PATCH', `${base}exclusive-prices/${leftover}/`, {
        discount_percentage: 50,
      });
      expect(edit.statusCode).toBe(409);
      expect(edit.json()).toEqual({ detail: CUSTOMERS_ONLY });
      expect(await pricesOf(target.userId)).toEqual([{ id: leftover, percent: 100 }]);
      expect((await boss.admin('DELETE', `${base}exclusive-prices/${leftover}/`)).statusCode).toBe(204);
      expect(await pricesOf(target.userId)).toEqual([]);
      // Owners included: not even their own.
      const own = await boss.admin('POST', `customers/${boss.userId}/exclusive-prices/`, {
        item: TAPE,
        discount_percentage: 5,
      });
      expect(own.statusCode).toBe(409);
      expect(await pricesOf(boss.userId)).toEqual([]);
    },
  );

  it('keeps every right over customer accounts for staff', async () => {
    const clerk = await staffMember(ctx, 'staff', 'helpful');
    const customer = await newShopper(ctx, 'served');
    const base = `customers/${customer.userId}/`;
    expect((await clerk.admin('PATCH', base, { is_active: false })).statusCode).toBe(200);
    expect((await clerk.admin('PATCH', base, { is_active: true })).statusCode).toBe(200);
    const created = await clerk.admin('POST', `${base}exclusive-prices/`, {
      item: TAPE,
      discount_percentage: 10,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<AdminExclusivePrice>().id;
    expect(
      (await clerk.admin('PATCH', `${base}exclusive-prices/${id}/`, { discount_percentage: 12 })).statusCode,
    ).toBe(200);
    expect((await clerk.admin('DELETE', `${base}exclusive-prices/${id}/`)).statusCode).toBe(204);
  });

  it('reads both roles from the database when it acts, not from the token', async () => {
    // staffMember signs in before its role is set: each token's role hint still says customer.
    const clerk = await staffMember(ctx, 'staff', 'hinted');
    const target = await newShopper(ctx, 'soon-staff');
    await ctx.database.db.update(users).set({ role: 'staff' }).where(eq(users.id, target.userId));
    const refused = await clerk.admin('PATCH', `customers/${target.userId}/`, { is_active: false });
    expect(refused.statusCode).toBe(403);
    await ctx.database.db.update(users).set({ role: 'owner' }).where(eq(users.id, clerk.userId));
    const allowed = await clerk.admin('PATCH', `customers/${target.userId}/`, { is_active: false });
    expect(allowed.statusCode).toBe(200);
  });
});

describe('exclusive prices', () => {
  it('creates, lists, changes and deletes a customer’s price, each change audited', async () => {
    const customer = await newShopper(ctx, 'trade');
    const tape = await itemBySku(ctx, TAPE);
    const url = `customers/${customer.userId}/exclusive-prices/`;
    const created = await staff.admin('POST', url, {
      item: ` ${TAPE} `,
      discount_percentage: 7.25,
      starts_on: '2020-01-01',
      ends_on: null,
    });
    expect(created.statusCode).toBe(201);
    const price = created.json<AdminExclusivePrice>();
    expect(price).toEqual({
      id: expect.any(Number),
      item: { id: tape.id, sku: TAPE, title: expect.any(String) },
      discount_percentage: 7.25,
      starts_on: '2020-01-01',
      ends_on: null,
      in_force: true,
      created_at: expect.any(String),
    });
    expect((await staff.admin('GET', url)).json()).toMatchObject({ count: 1, results: [price] });

    const changed = await staff.admin('PATCH', `${url}${price.id}/`, {
      discount_percentage: 10,
      ends_on: '2020-06-30',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ discount_percentage: 10, ends_on: '2020-06-30', in_force: false });

    expect((await staff.admin('DELETE', `${url}${price.id}/`)).statusCode).toBe(204);
    expect((await staff.admin('GET', url)).json()).toMatchObject({ count: 0, results: [] });
    expect(await auditOf('exclusive_price', price.id)).toMatchObject([
      {
        action: 'exclusive_price.create',
        before: null,
        after: { user_id: customer.userId, item: TAPE, discount_percentage: 7.25, starts_on: '2020-01-01' },
      },
      {
        action: 'exclusive_price.update',
        before: { discount_percentage: 7.25, ends_on: null },
        after: { discount_percentage: 10, ends_on: '2020-06-30' },
      },
      { action: 'exclusive_price.delete', after: null, before: { discount_percentage: 10 } },
    ]);
  });

  it('refuses an unknown SKU, a second price for the item, bad percentages and dates out of order', async () => {
    const customer = await newShopper(ctx, 'checks');
    const url = `customers/${customer.userId}/exclusive-prices/`;
    const refuse = async (body: object, field: string, message?: string) => {
      const res = await staff.admin('POST', url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const errors = res.json<Record<string, string[]>>();
      expect(Object.keys(errors)).toEqual([field]);
      if (message) expect(errors[field]).toEqual([message]);
    };
    await refuse({ item: 'NO-SUCH-SKU', discount_percentage: 5 }, 'item', 'No item has this SKU.');
    await refuse({ item: TAPE, discount_percentage: 100.5 }, 'discount_percentage');
    await refuse({ item: TAPE, discount_percentage: -1 }, 'discount_percentage');
    await refuse(
      { item: TAPE, discount_percentage: 10.125 },
      'discount_percentage',
      'Use at most 2 decimal places.',
    );
    await refuse({ item: TAPE, discount_percentage: '10' }, 'discount_percentage');
    await refuse({ item: TAPE, discount_percentage: 5, starts_on: '2024-02-30' }, 'starts_on');
    await refuse(
      { item: TAPE, discount_percentage: 5, starts_on: '2025-03-02', ends_on: '2025-03-01' },
      'ends_on',
      'The end date must be on or after the start date.',
    );
    await refuse({ item: TAPE, discount_percentage: 5, user: 1 }, 'non_field_errors');
    await refuse({ item: '', discount_percentage: 5 }, 'item');

    const first = await staff.admin('POST', url, { item: TAPE, discount_percentage: 100 });
    expect(first.statusCode).toBe(201);
    await refuse(
      { item: TAPE, discount_percentage: 5 },
      'item',
      'This customer already has an exclusive price for this item.',
    );
    // A change of one date is checked against the other one stored.
    const id = first.json<AdminExclusivePrice>().id;
    expect((await staff.admin('PATCH', `${url}${id}/`, { ends_on: '2025-01-31' })).statusCode).toBe(200);
    const late = await staff.admin('PATCH', `${url}${id}/`, { starts_on: '2025-02-01' });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ ends_on: ['The end date must be on or after the start date.'] });
    expect((await staff.admin('PATCH', `${url}${id}/`, { item: 'X' })).statusCode).toBe(400);
    expect(
      (
        await staff.admin('POST', 'customers/999999/exclusive-prices/', {
          item: TAPE,
          discount_percentage: 1,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('answers 404 for a price id of another customer, and leaves that price alone', async () => {
    const ann = await newShopper(ctx, 'ann');
    const bob = await newShopper(ctx, 'bob');
    const bobs = await bob.discount((await itemBySku(ctx, TAPE)).id, 30);
    const annUrl = `customers/${ann.userId}/exclusive-prices/${bobs}/`;
    expect((await staff.admin('PATCH', annUrl, { discount_percentage: 90 })).statusCode).toBe(404);
    expect((await staff.admin('DELETE', annUrl)).statusCode).toBe(404);
    const [kept] = await ctx.database.db.select().from(exclusivePrices).where(eq(exclusivePrices.id, bobs));
    expect(kept!.discountPercentage).toBe(30);
  });

  it('applies a price in the storefront only between its start and end dates (UK days)', async () => {
    const shopper = await newShopper(ctx, 'dated');
    const tape = await itemBySku(ctx, TAPE);
    const tier = await tierId(ctx, tape.variantId, 'pack', 1);
    const url = `customers/${shopper.userId}/exclusive-prices/`;
    const [yesterday, today, tomorrow] = [await ukDay(-1), await ukDay(0), await ukDay(1)];
    const created = await staff.admin('POST', url, {
      item: TAPE,
      discount_percentage: 50,
      starts_on: tomorrow,
    });
    const price = created.json<AdminExclusivePrice>();
    expect(price.in_force).toBe(false);
    await shopper.added([cartLine(shopper.cartId, tape.id, tier, 2)]);

    const seen = async () => {
      const offered = await shopper.call('GET', `/api/ecommerce/exclusive-prices/?item=${tape.id}`);
      const cart = await shopper.cart();
      return { offered: offered.json<Page<{ id: number }>>().results, cart };
    };
    const full = (cart: CartView) => cart.items[0]!;

    // Before the window: no discount offered or applied.
    let now = await seen();
    expect(now.offered).toEqual([]);
    expect(full(now.cart)).toMatchObject({ discount_percentage: 0, user_exclusive_price: null });
    expect(now.cart.discount).toBe('0.00');
    const fullTotal = full(now.cart).total;

    // Inside it (starting today, ending today): half off.
    await staff.admin('PATCH', `${url}${price.id}/`, { starts_on: today, ends_on: today });
    now = await seen();
    expect(now.offered).toEqual([{ id: price.id, item: tape.id, discount_percentage: 50 }]);
    expect(full(now.cart)).toMatchObject({ discount_percentage: 50 });
    expect(Number(full(now.cart).total)).toBeCloseTo(Number(fullTotal) / 2, 2);
    // Inside the window the price's id may be sent with a line (the spec's client does).
    const withPrice = cartLine(shopper.cartId, tape.id, tier, 1, { user_exclusive_price: price.id });
    expect((await shopper.add([withPrice])).statusCode).toBe(201);

    // After it (ended yesterday): gone again.
    await staff.admin('PATCH', `${url}${price.id}/`, { starts_on: null, ends_on: yesterday });
    now = await seen();
    expect(now.offered).toEqual([]);
    expect(full(now.cart)).toMatchObject({ discount_percentage: 0 });
    expect(now.cart.discount).toBe('0.00');
    const late = await shopper.add([withPrice]);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ user_exclusive_price: [`Invalid exclusive price for item ${TAPE}.`] });
  });
});
