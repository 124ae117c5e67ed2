import type { CartView, CompanyMemberView, OrderView, ReorderResult } from '@shop/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestContext } from '../../../test/helper';
import { countingDb, statementKind, statementsOf } from '../../../test/query-counter';
import { newShopper, type Shopper } from '../../../test/support/carts';
import { onAccountOrder } from '../../../test/support/on-account-orders';
import { companyMembers } from '../../db/schema';
import { createOrdersService } from './service';

// A trade account's administrator opens every order of the company (GET orders/{id}/, its
// Reorder), with who placed it; a buyer opens only their own, and so does everyone else.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ LOG_LEVEL: 'silent' }) });
});
afterAll(() => ctx.close());

/** An order placed by a member who is a buyer, and the colleagues and outsider who ask for it. */
async function buyersOrder(name: string) {
  const { buyer, order, company, colleague } = await onAccountOrder(ctx, { name });
  // The order's buyer is a plain buyer; the company's administrator is someone else.
  await ctx.database.db
    .update(companyMembers)
    .set({ role: 'buyer' })
    .where(eq(companyMembers.userId, buyer.userId));
  const administrator = await colleague('administrator');
  return {
    buyer,
    order,
    company,
    administrator,
    colleagueBuyer: await colleague('buyer'),
    approver: await colleague('approver'),
    outsider: await newShopper(ctx, `${name}-outsider`),
    colleague,
  };
}

const statusOf = async (caller: Shopper, orderId: number) =>
  (await caller.call('GET', `/api/orders/${orderId}/`)).statusCode;

describe('GET orders/{id}/ within a trade account', () => {
  it('answers the buyer and the company’s administrator, with who placed it; 404 for a colleague buyer, an approver and an outsider', async () => {
    const { buyer, order, administrator, colleagueBuyer, approver, outsider } =
      await buyersOrder('who-opens');

    const own = await buyer.call('GET', `/api/orders/${order.id}/`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<OrderView>()).toMatchObject({
      id: order.id,
      buyer: { id: buyer.userId, email: buyer.email },
      placed_by_you: true,
    });

    const asAdministrator = await administrator.call('GET', `/api/orders/${order.id}/`);
    expect(asAdministrator.statusCode, asAdministrator.body).toBe(200);
    const seen = asAdministrator.json<OrderView>();
    expect(seen).toMatchObject({
      id: order.id,
      buyer: { id: buyer.userId, email: buyer.email, name: 'Ann Lee' },
      placed_by_you: false,
      total: order.total,
    });
    expect(seen.items.map((line) => line.sku)).toEqual(order.items.map((line) => line.sku));

    for (const other of [colleagueBuyer, approver, outsider]) {
      const res = await other.call('GET', `/api/orders/${order.id}/`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
  });

  it('refuses an administrator demoted to buyer, or removed, on their next request', async () => {
    const { order, administrator, colleague, company } = await buyersOrder('demoted');
    const founder = await colleague('administrator');
    expect(await statusOf(administrator, order.id)).toBe(200);

    // Demoted by another administrator, the way the members screen does it.
    const members = await founder.call('GET', '/api/account/company/members/');
    expect(members.statusCode, members.body).toBe(200);
    const membership = members
      .json<{ results: CompanyMemberView[] }>()
      .results.find((member) => member.user === administrator.userId)!;
    const demote = await founder.call('PATCH', `/api/account/company/members/${membership.id}/`, {
      role: 'buyer',
    });
    expect(demote.statusCode, demote.body).toBe(200);
    expect(await statusOf(administrator, order.id)).toBe(404);
    expect((await administrator.call('POST', `/api/orders/${order.id}/reorder/`)).statusCode).toBe(404);

    // Removed: the founder no longer administers this company.
    expect(await statusOf(founder, order.id)).toBe(200);
    await ctx.database.db
      .delete(companyMembers)
      .where(and(eq(companyMembers.userId, founder.userId), eq(companyMembers.companyId, company.id)));
    expect(await statusOf(founder, order.id)).toBe(404);
  });

  it('does not open an order of another company to its administrator', async () => {
    const first = await buyersOrder('first-co');
    const second = await buyersOrder('second-co');
    expect(await statusOf(second.administrator, first.order.id)).toBe(404);
    expect(await statusOf(first.administrator, second.order.id)).toBe(404);
  });

  it('reads a colleague’s order for an administrator in two statements, as the buyer’s own', async () => {
    const { buyer, order, administrator } = await buyersOrder('counted-view');
    const counter = countingDb(ctx.database);
    const service = createOrdersService(counter.db, {
      provider: ctx.app.services.payments.provider,
      log: ctx.app.log,
      rateLimiter: ctx.app.services.rateLimiter,
    });
    await service.getOrder(administrator.userId, order.id);
    const asAdministrator = statementsOf(counter.sql).map(statementKind);
    counter.reset();
    await service.getOrder(buyer.userId, order.id);
    const asBuyer = statementsOf(counter.sql).map(statementKind);
    counter.reset();
    await expect(service.getOrder(administrator.userId + 100_000, order.id)).rejects.toThrow();
    const refused = statementsOf(counter.sql).map(statementKind);
    expect({ asAdministrator, asBuyer, refused }).toEqual({
      asAdministrator: ['select orders', 'select order_items'],
      asBuyer: ['select orders', 'select order_items'],
      refused: ['select orders'],
    });
  });
});

describe('POST orders/{id}/reorder/ by an administrator', () => {
  it('fills the administrator’s own cart at their own prices, never the colleague’s', async () => {
    const { buyer, order, administrator, colleagueBuyer } = await buyersOrder('reorders');
    const line = order.items[0]!;
    // The administrator has an exclusive discount the buyer never had: the reorder is priced for them.
    await administrator.discount(line.item!, 10);
    const buyerCartBefore = await buyer.cart();

    const res = await administrator.call('POST', `/api/orders/${order.id}/reorder/`);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<ReorderResult>();
    expect(result.cart.id).toBe(administrator.cartId);
    const added = result.cart.items.find((entry) => entry.item.id === line.item)!;
    expect(added.pack_quantity).toBe(line.pack_quantity);
    expect(added.discount_percentage).toBe(10);
    expect(result.lines[0]).toMatchObject({
      sku: line.sku,
      outcome: 'price_changed',
      old_price_per_pack: line.price_per_pack,
    });
    // The buyer's cart is untouched, and a colleague buyer cannot reorder it.
    expect((await buyer.cart()).items).toEqual(buyerCartBefore.items);
    expect((await colleagueBuyer.call('POST', `/api/orders/${order.id}/reorder/`)).statusCode).toBe(404);
    expect((await colleagueBuyer.cart()).items).toEqual<CartView['items']>([]);
  });
});
