import type { CartView, ExclusivePrice, OrderView, QuickOrderCheckResult } from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helper';
import { users } from '../../db/schema';
import { cartLine, itemBySku, tierId } from '../../../test/support/carts';
import { checkoutShopper, pence, type CheckoutShopper } from '../../../test/support/orders';
import {
  addMember,
  insertCompany,
  insertCompanyPrice,
  removeMember,
  setCompanyStatus,
  ukDay,
} from '../../../test/support/company-prices';

// A company's exclusive prices reach every member of an approved company, beside their own; the
// greater discount applies, on every path that prices: the product page's call, the cart, the quick order,
// the payment intent and the order.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Page<T> = { count: number; next: string | null; results: T[] };

const TAPE = 'TD-PRO-75';
const WRAP = 'PW-HAND-400-CL';

/** What a shopper is offered on an item: the product page's call and, once added, the cart's line. */
async function offered(shopper: CheckoutShopper, sku: string) {
  const item = await itemBySku(ctx, sku);
  const page = (await shopper.call('GET', `/api/ecommerce/exclusive-prices/?item=${item.id}`)).json<
    Page<ExclusivePrice>
  >();
  return { item, exclusive: page.results };
}

/** Adds one pack of the item and answers the cart's line of it. */
async function cartLineOf(shopper: CheckoutShopper, sku: string, userExclusivePrice: number | null = null) {
  const item = await itemBySku(ctx, sku);
  const tier = await tierId(ctx, item.variantId, 'pack', 1);
  await shopper.added([
    cartLine(shopper.cartId, item.id, tier, 1, { user_exclusive_price: userExclusivePrice }),
  ]);
  const cart = await shopper.cart();
  return { cart, line: cart.items.find((line) => line.item.id === item.id)! };
}

async function memberOf(status: 'pending' | 'approved' | 'declined' = 'approved') {
  const companyId = await insertCompany(ctx, status);
  const buyer = await checkoutShopper(ctx, 'member');
  await addMember(ctx, companyId, buyer.userId);
  return { companyId, buyer };
}

describe('a member of an approved company', () => {
  it('gets the company’s price on the product page, the cart, the quick order, the intent and the order', async () => {
    const { companyId, buyer } = await memberOf();
    const tape = await itemBySku(ctx, TAPE);
    const priceId = await insertCompanyPrice(ctx, companyId, tape.id, 10);

    const { exclusive } = await offered(buyer, TAPE);
    expect(exclusive).toEqual([{ id: priceId, item: tape.id, discount_percentage: 10 }]);

    const check = await buyer.call('POST', '/api/ecommerce/quick-order/check/', {
      lines: [{ sku: TAPE, packs: 1 }],
    });
    expect(check.json<QuickOrderCheckResult>().lines[0]).toMatchObject({
      ok: true,
      user_exclusive_price: priceId,
      discount_percentage: 10,
    });

    // The id the product page gave is the one the cart takes back.
    const { cart, line } = await cartLineOf(buyer, TAPE, priceId);
    expect(line).toMatchObject({ user_exclusive_price: priceId, discount_percentage: 10 });
    expect(pence(line.total)).toBe(pence(line.subtotal) - Math.round(pence(line.subtotal) * 0.1));
    expect(pence(cart.discount)).toBeGreaterThan(0);
    // A line keeps only the buyer's own price in its row (the column refers to exclusive_prices).
    expect((await buyer.lines())[0]!.exclusivePriceId).toBeNull();

    const intent = await buyer.paidIntent();
    expect(intent.amount).toBe(pence(cart.total));
    const order = await buyer.placed(intent.payment_intent_id);
    expect(order).toMatchObject({ total: cart.total, discount: cart.discount });
    expect(order.items[0]).toMatchObject({ discount_percentage: 10, total: line.total });
  });

  it.each([
    { own: 5, company: 10, source: 'company', applied: 10 },
    { own: 15, company: 10, source: 'personal', applied: 15 },
    { own: 10, company: 10, source: 'personal', applied: 10 },
  ] as const)(
    'with $own % of their own and $company % from the company gets $applied % ($source)',
    async ({ own, company, source, applied }) => {
      const { companyId, buyer } = await memberOf();
      const wrap = await itemBySku(ctx, WRAP);
      const personalId = await buyer.discount(wrap.id, own);
      const companyPriceId = await insertCompanyPrice(ctx, companyId, wrap.id, company);
      const id = source === 'company' ? companyPriceId : personalId;

      expect((await offered(buyer, WRAP)).exclusive).toEqual([
        { id, item: wrap.id, discount_percentage: applied },
      ]);
      const { cart, line } = await cartLineOf(buyer, WRAP, id);
      expect(line).toMatchObject({ user_exclusive_price: id, discount_percentage: applied });
      // The stored line keeps the buyer's own price, whichever applies.
      expect((await buyer.lines())[0]!.exclusivePriceId).toBe(personalId);
      // The checkout's own read prices it the same.
      expect((await buyer.paidIntent()).amount).toBe(pence(cart.total));
    },
  );

  it('is refused an exclusive price id that is not the one that applies', async () => {
    const { companyId, buyer } = await memberOf();
    const tape = await itemBySku(ctx, TAPE);
    const personalId = await buyer.discount(tape.id, 5);
    await insertCompanyPrice(ctx, companyId, tape.id, 10);
    const res = await buyer.add([
      cartLine(buyer.cartId, tape.id, await tierId(ctx, tape.variantId, 'pack', 1), 1, {
        user_exclusive_price: personalId,
      }),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ user_exclusive_price: [`Invalid exclusive price for item ${TAPE}.`] });
  });

  it('lists their own and the company’s prices together, one per item, paged', async () => {
    const { companyId, buyer } = await memberOf();
    const tape = await itemBySku(ctx, TAPE);
    const wrap = await itemBySku(ctx, WRAP);
    const own = await buyer.discount(tape.id, 20);
    const ofCompany = await insertCompanyPrice(ctx, companyId, tape.id, 10);
    const onlyCompany = await insertCompanyPrice(ctx, companyId, wrap.id, 7.5);
    const all = (await buyer.call('GET', '/api/ecommerce/exclusive-prices/')).json<Page<ExclusivePrice>>();
    expect(all.count).toBe(2);
    expect(all.results).toEqual(
      [
        { id: own, item: tape.id, discount_percentage: 20 },
        { id: onlyCompany, item: wrap.id, discount_percentage: 7.5 },
      ].sort((a, b) => a.item - b.item),
    );
    expect(ofCompany).not.toBe(onlyCompany);
    const second = (await buyer.call('GET', '/api/ecommerce/exclusive-prices/?page_size=1&page=2')).json<
      Page<ExclusivePrice>
    >();
    expect(second).toMatchObject({ count: 2, next: null, results: [all.results[1]] });
  });
});

describe('no company price', () => {
  it('out of its dates: starting tomorrow, or ended yesterday', async () => {
    const { companyId, buyer } = await memberOf();
    const tape = await itemBySku(ctx, TAPE);
    const wrap = await itemBySku(ctx, WRAP);
    await insertCompanyPrice(ctx, companyId, tape.id, 10, { startsOn: await ukDay(ctx, 1) });
    await insertCompanyPrice(ctx, companyId, wrap.id, 10, { endsOn: await ukDay(ctx, -1) });
    expect((await offered(buyer, TAPE)).exclusive).toEqual([]);
    expect((await offered(buyer, WRAP)).exclusive).toEqual([]);
    expect((await cartLineOf(buyer, TAPE)).line).toMatchObject({
      user_exclusive_price: null,
      discount_percentage: 0,
    });
    const { cart } = await cartLineOf(buyer, WRAP);
    expect(cart.discount).toBe('0.00');
    expect((await buyer.paidIntent()).amount).toBe(pence(cart.total));
  });

  it('within its dates, today at either end, applies', async () => {
    const { companyId, buyer } = await memberOf();
    const tape = await itemBySku(ctx, TAPE);
    const today = await ukDay(ctx);
    await insertCompanyPrice(ctx, companyId, tape.id, 10, { startsOn: today, endsOn: today });
    expect((await offered(buyer, TAPE)).exclusive).toMatchObject([{ discount_percentage: 10 }]);
  });

  it.each(['pending', 'declined'] as const)('for a member of a %s company', async (status) => {
    const { companyId, buyer } = await memberOf(status);
    const tape = await itemBySku(ctx, TAPE);
    await insertCompanyPrice(ctx, companyId, tape.id, 10);
    expect((await offered(buyer, TAPE)).exclusive).toEqual([]);
    const { cart, line } = await cartLineOf(buyer, TAPE);
    expect(line.discount_percentage).toBe(0);
    expect((await buyer.paidIntent()).amount).toBe(pence(cart.total));
  });

  it('once the company is no longer approved, on the next request', async () => {
    const { companyId, buyer } = await memberOf();
    const tape = await itemBySku(ctx, TAPE);
    await insertCompanyPrice(ctx, companyId, tape.id, 10);
    const before = await cartLineOf(buyer, TAPE);
    expect(before.line.discount_percentage).toBe(10);
    await setCompanyStatus(ctx, companyId, 'declined');
    const after = await buyer.cart();
    expect(after.items[0]!.discount_percentage).toBe(0);
    expect(pence(after.total)).toBeGreaterThan(pence(before.cart.total));
  });

  it('for a member removed a moment ago: the cart, the intent and the order charge the list price', async () => {
    const { companyId, buyer } = await memberOf();
    const tape = await itemBySku(ctx, TAPE);
    await insertCompanyPrice(ctx, companyId, tape.id, 10);
    const before = await cartLineOf(buyer, TAPE);
    expect(before.line.discount_percentage).toBe(10);

    await removeMember(ctx, companyId, buyer.userId);
    expect((await offered(buyer, TAPE)).exclusive).toEqual([]);
    const after = await buyer.cart();
    expect(after.items[0]).toMatchObject({ discount_percentage: 0, user_exclusive_price: null });
    const intent = await buyer.paidIntent();
    expect(intent.amount).toBe(pence(after.total));
    const order: OrderView = await buyer.placed(intent.payment_intent_id);
    expect(order.items[0]!.discount_percentage).toBe(0);
    expect(order.discount).toBe('0.00');
  });

  it('for a member of another company, or of none', async () => {
    const { companyId } = await memberOf();
    const other = await memberOf();
    const nobody = await checkoutShopper(ctx, 'nobody');
    const tape = await itemBySku(ctx, TAPE);
    const priceId = await insertCompanyPrice(ctx, companyId, tape.id, 10);
    for (const shopper of [other.buyer, nobody]) {
      expect((await offered(shopper, TAPE)).exclusive).toEqual([]);
      // The other company's price id is refused as theirs.
      const res = await shopper.add([
        cartLine(shopper.cartId, tape.id, await tierId(ctx, tape.variantId, 'pack', 1), 1, {
          user_exclusive_price: priceId,
        }),
      ]);
      expect(res.statusCode).toBe(400);
      const { cart } = await cartLineOf(shopper, TAPE);
      expect(cart.items[0]!.discount_percentage).toBe(0);
      const intent = await shopper.paidIntent();
      expect(intent.amount).toBe(pence(cart.total));
      expect((await shopper.placed(intent.payment_intent_id)).items[0]!.discount_percentage).toBe(0);
    }
  });
});

describe('a staff or owner account among the members', () => {
  it.each(['staff', 'owner'] as const)(
    'pays the shop’s prices on a %s account, while the company’s customers get its price',
    async (role) => {
      const { companyId, buyer } = await memberOf();
      const colleague = await checkoutShopper(ctx, role);
      await addMember(ctx, companyId, colleague.userId);
      await ctx.database.db.update(users).set({ role }).where(eq(users.id, colleague.userId));
      const tape = await itemBySku(ctx, TAPE);
      await insertCompanyPrice(ctx, companyId, tape.id, 100);
      expect((await offered(colleague, TAPE)).exclusive).toEqual([]);
      const { cart } = await cartLineOf(colleague, TAPE);
      expect(cart.items[0]!.discount_percentage).toBe(0);
      expect((await colleague.paidIntent()).amount).toBe(pence(cart.total));
      expect((await offered(buyer, TAPE)).exclusive).toMatchObject([{ discount_percentage: 100 }]);
    },
  );
});

describe('GET /api/ecommerce/exclusive-prices/ with a company', () => {
  it('answers a member without a price of their own an empty page when the company has none either', async () => {
    const { buyer } = await memberOf();
    const page = (await buyer.call('GET', '/api/ecommerce/exclusive-prices/')).json<Page<ExclusivePrice>>();
    expect(page).toEqual({ count: 0, next: null, previous: null, results: [] });
    const cart: CartView = await buyer.cart();
    expect(cart.items).toEqual([]);
  });
});
