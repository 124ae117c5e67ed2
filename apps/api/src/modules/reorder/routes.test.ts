import {
  CART_MESSAGES,
  discounted,
  penceToDecimal,
  ReorderResultSchema,
  type CartView,
  type ReorderLine,
  type ReorderResult,
} from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts, exclusivePrices, items, pricingData } from '../../db/schema';
import { createTestApp, type TestContext } from '../../../test/helper';
import { countingDb } from '../../../test/query-counter';
import { cartLine, itemBySku, tierId } from '../../../test/support/carts';
import { createCartsService } from '../carts/service';
import { checkoutShopper, setPrice, setStock, type CheckoutShopper } from '../../../test/support/orders';
import { createReorderService } from './service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/**
 * A shopper's placed, paid order of packs of items (each within its first pack tier), the stock made
 * plentiful first. Placing it empties the cart.
 */
async function orderOf(
  lines: [sku: string, packs: number][],
  before?: (buyer: CheckoutShopper) => Promise<void>,
) {
  for (const [sku] of lines) await setStock(ctx, sku, 1000);
  const buyer = await checkoutShopper(ctx, 'reorder');
  await before?.(buyer);
  for (const [sku, packs] of lines) await buyer.addSku(sku, packs);
  const intent = await buyer.paidIntent();
  const order = await buyer.placed(intent.payment_intent_id);
  return { buyer, order };
}

const reorder = (buyer: CheckoutShopper, orderId: number) =>
  buyer.call('POST', `/api/orders/${orderId}/reorder/`);

async function reordered(buyer: CheckoutShopper, orderId: number): Promise<ReorderResult> {
  const res = await reorder(buyer, orderId);
  expect(res.statusCode, res.body).toBe(200);
  return ReorderResultSchema.parse(res.json());
}

/** The cart's lines as SKU and packs, in line order. */
const packsOf = (cart: CartView) => cart.items.map((line) => [line.item.sku, line.pack_quantity]);

async function setStatus(sku: string, status: 'active' | 'inactive') {
  await ctx.database.db.update(items).set({ status }).where(eq(items.sku, sku));
}

describe('POST /api/orders/{id}/reorder/', () => {
  it('puts the order back at today’s prices, saying what changed, what stock allows and what is gone', async () => {
    const { buyer, order } = await orderOf([
      ['TD-PRO-75', 2],
      ['TD-PRO-50', 2],
      ['BW-S-300-100', 1],
      ['BW-S-500-100', 1],
      ['BW-L-500-50', 1],
      ['PW-HAND-400-CL', 5],
    ]);
    const restorePrice = await setPrice(ctx, 'TD-PRO-50', 1400);
    await setStock(ctx, 'BW-S-300-100', 0);
    await setStatus('BW-S-500-100', 'inactive');
    await ctx.database.db.delete(items).where(eq(items.sku, 'BW-L-500-50'));
    // 6 rolls a pack: 3 whole packs and 4 rolls.
    await setStock(ctx, 'PW-HAND-400-CL', 22);
    try {
      const result = await reordered(buyer, order.id);
      const line = (sku: string, title: string, packs: number, rest: Partial<ReorderLine>) => ({
        sku,
        title,
        packs_ordered: packs,
        packs_added: packs,
        outcome: 'added',
        ...rest,
      });
      expect(result.lines).toEqual([
        line('TD-PRO-75', 'Heavy Duty Tape Gun for 75mm Tape', 2, {
          old_price_per_pack: '15.95',
          new_price_per_pack: '15.95',
        }),
        line('TD-PRO-50', 'Heavy Duty Tape Gun for 50mm Tape', 2, {
          outcome: 'price_changed',
          old_price_per_pack: '12.95',
          new_price_per_pack: '14.00',
        }),
        line('BW-S-300-100', 'Small Bubble Wrap 300mm x 100m', 1, {
          outcome: 'out_of_stock',
          packs_added: 0,
          old_price_per_pack: '8.95',
          new_price_per_pack: null,
        }),
        line('BW-S-500-100', 'Small Bubble Wrap 500mm x 100m', 1, {
          outcome: 'unavailable',
          packs_added: 0,
          old_price_per_pack: '13.95',
          new_price_per_pack: null,
        }),
        line('BW-L-500-50', 'Large Bubble Wrap 500mm x 50m', 1, {
          outcome: 'unavailable',
          packs_added: 0,
          old_price_per_pack: '12.95',
          new_price_per_pack: null,
        }),
        line('PW-HAND-400-CL', 'Clear Hand Pallet Wrap 400mm x 250m, 17mu', 5, {
          outcome: 'clamped',
          packs_added: 3,
          old_price_per_pack: '29.94',
          new_price_per_pack: '29.94',
        }),
      ]);
      expect(packsOf(result.cart)).toEqual([
        ['TD-PRO-75', 2],
        ['TD-PRO-50', 2],
        ['PW-HAND-400-CL', 3],
      ]);
      // The cart as GET carts/current answers it, totals included.
      expect(result.cart).toEqual(await buyer.cart());
      expect(result.cart.items[1]!.price_per_pack).toBe('14.00');
    } finally {
      await restorePrice();
      await setStatus('BW-S-500-100', 'active');
    }
  });

  it('leaves out an item that is no longer priced', async () => {
    const { buyer, order } = await orderOf([
      ['PW-HAND-450-CL', 2],
      ['TD-PRO-75', 1],
    ]);
    const wrap = await itemBySku(ctx, 'PW-HAND-450-CL');
    const prices = await ctx.database.db
      .delete(pricingData)
      .where(eq(pricingData.itemId, wrap.id))
      .returning();
    try {
      const result = await reordered(buyer, order.id);
      expect(result.lines.map((line) => [line.sku, line.outcome, line.packs_added])).toEqual([
        ['PW-HAND-450-CL', 'unavailable', 0],
        ['TD-PRO-75', 'added', 1],
      ]);
      expect(packsOf(result.cart)).toEqual([['TD-PRO-75', 1]]);
    } finally {
      await ctx.database.db.insert(pricingData).values(prices.map(({ id: _id, ...row }) => row));
    }
  });

  it('adds to the lines already in the cart, priced at the tier of their sum', async () => {
    const { buyer, order } = await orderOf([
      ['TD-STD-50', 2],
      ['TD-LN-50', 2],
    ]);
    const [gun, quiet] = [await itemBySku(ctx, 'TD-STD-50'), await itemBySku(ctx, 'TD-LN-50')];
    await buyer.addSku('TD-STD-50', 3);
    await buyer.addSku('TD-LN-50', 1);
    const before = await buyer.lines();

    const result = await reordered(buyer, order.id);
    // 3 + 2 = 5 guns reach the 5-19 tier (7 % off £5.49); 1 + 2 = 3 quiet guns stay in the first.
    expect(
      result.lines.map(({ sku, outcome, packs_added, old_price_per_pack, new_price_per_pack }) => ({
        sku,
        outcome,
        packs_added,
        old_price_per_pack,
        new_price_per_pack,
      })),
    ).toEqual([
      {
        sku: 'TD-STD-50',
        outcome: 'price_changed',
        packs_added: 2,
        old_price_per_pack: '5.49',
        new_price_per_pack: '5.11',
      },
      {
        sku: 'TD-LN-50',
        outcome: 'added',
        packs_added: 2,
        old_price_per_pack: '7.95',
        new_price_per_pack: '7.95',
      },
    ]);
    expect(await buyer.lines()).toEqual([
      { ...before[0]!, packQuantity: 5, pricingTierId: await tierId(ctx, gun.variantId, 'pack', 5) },
      { ...before[1]!, packQuantity: 3 },
    ]);
    expect(before.map((line) => line.itemId)).toEqual([gun.id, quiet.id]);
  });

  it('prices with the buyer’s exclusive discount as it is now', async () => {
    const { buyer, order } = await orderOf(
      [
        ['BW-S-750-100', 1],
        ['PW-HAND-400-BK', 2],
      ],
      async (shopper) => {
        await shopper.discount((await itemBySku(ctx, 'BW-S-750-100')).id, 10);
        await shopper.discount((await itemBySku(ctx, 'PW-HAND-400-BK')).id, 12.5);
      },
    );
    const wrap = await itemBySku(ctx, 'PW-HAND-400-BK');
    await ctx.database.db.delete(exclusivePrices).where(eq(exclusivePrices.itemId, wrap.id));

    const result = await reordered(buyer, order.id);
    const bubblePrice = order.items[0]!.price_per_pack;
    expect(
      result.lines.map((line) => [line.sku, line.outcome, line.old_price_per_pack, line.new_price_per_pack]),
    ).toEqual([
      [
        'BW-S-750-100',
        'added',
        penceToDecimal(discounted(Math.round(Number(bubblePrice) * 100), 10)),
        penceToDecimal(discounted(Math.round(Number(bubblePrice) * 100), 10)),
      ],
      ['PW-HAND-400-BK', 'price_changed', penceToDecimal(discounted(3414, 12.5)), '34.14'],
    ]);
    expect(result.cart.items.map((line) => line.discount_percentage)).toEqual([10, 0]);
  });

  it('is all or nothing: a line the cart refuses leaves the cart as it was', async () => {
    const { buyer, order } = await orderOf([
      ['TD-LN-50', 1],
      ['TD-STD-50', 2],
    ]);
    const gun = await itemBySku(ctx, 'TD-STD-50');
    await ctx.database.db.update(items).set({ trackInventory: false }).where(eq(items.id, gun.id));
    try {
      await buyer.added([
        cartLine(buyer.cartId, gun.id, await tierId(ctx, gun.variantId, 'pack', 20), 99_999),
      ]);
      const before = await buyer.lines();
      const res = await reorder(buyer, order.id);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: CART_MESSAGES.tooManyPacks('TD-STD-50') });
      expect(await buyer.lines()).toEqual(before);
    } finally {
      await setStock(ctx, 'TD-STD-50', 1000);
    }
  });

  it('prices a line the order had at pallet prices by the cart’s weight now, not by its unit type', async () => {
    // 61 packs of top sheets (701.5 kg) took the order to 815.5 kg, so its 60 packs of BW-S-300-100 were
    // priced by the pallet (£6.98). The sheets are gone now: 60 packs alone are 114 kg, £7.79 a pack.
    await setStock(ctx, 'PC-TS-1200-1000-CL', 1_000_000);
    await setStock(ctx, 'BW-S-300-100', 1000);
    const wrap = await itemBySku(ctx, 'BW-S-300-100');
    const sheets = await itemBySku(ctx, 'PC-TS-1200-1000-CL');
    const buyer = await checkoutShopper(ctx, 'reorder');
    await buyer.added([
      cartLine(buyer.cartId, sheets.id, await tierId(ctx, sheets.variantId, 'pack', 20), 61),
      cartLine(buyer.cartId, wrap.id, await tierId(ctx, wrap.variantId, 'pallet', 1), 60, {
        unit_type: 'pallet',
      }),
    ]);
    const order = await buyer.placed((await buyer.paidIntent()).payment_intent_id);
    expect(order.items.map((line) => [line.sku, line.unit_type, line.price_per_pack])).toEqual([
      ['PC-TS-1200-1000-CL', 'pack', expect.any(String)],
      ['BW-S-300-100', 'pallet', '6.98'],
    ]);
    await setStatus('PC-TS-1200-1000-CL', 'inactive');
    try {
      const result = await reordered(buyer, order.id);
      expect(result.lines.map((line) => [line.sku, line.outcome, line.new_price_per_pack])).toEqual([
        ['PC-TS-1200-1000-CL', 'unavailable', null],
        ['BW-S-300-100', 'price_changed', '7.79'],
      ]);
      expect(result.cart.items).toEqual([
        expect.objectContaining({
          pack_quantity: 60,
          unit_type: 'pack',
          pricing_tier: expect.objectContaining({ id: await tierId(ctx, wrap.variantId, 'pack', 20) }),
          price_per_pack: '7.79',
        }),
      ]);
    } finally {
      await setStatus('PC-TS-1200-1000-CL', 'active');
    }
  });

  it('makes the cart when the buyer has none', async () => {
    const { buyer, order } = await orderOf([['TD-PRO-75', 1]]);
    await ctx.database.db.delete(carts).where(eq(carts.userId, buyer.userId));
    const result = await reordered(buyer, order.id);
    expect(result.cart.id).not.toBe(buyer.cartId);
    expect(packsOf(result.cart)).toEqual([['TD-PRO-75', 1]]);
    expect(await buyer.cart()).toEqual(result.cart);
  });

  it('answers 404 for another user’s order or an unknown one, 401 for a visitor, 400 for a bad id', async () => {
    const { buyer, order } = await orderOf([['TD-PRO-75', 1]]);
    const other = await checkoutShopper(ctx, 'other');
    const res = await reorder(other, order.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
    expect(await other.lines()).toEqual([]);
    expect(await buyer.lines()).toEqual([]);

    expect((await reorder(buyer, 2_147_483_647)).statusCode).toBe(404);
    const visitor = await ctx.app.inject({ method: 'POST', url: `/api/orders/${order.id}/reorder/` });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({
      detail: 'Authentication credentials were not provided.',
      code: 'not_authenticated',
    });
    expect(visitor.headers['cache-control']).toBe('private, no-store');
    const bad = await buyer.call('POST', '/api/orders/abc/reorder/');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ id: ['A valid integer is required.'] });
  });
});

/** The statements of a counter less the transaction's own (node-postgres logs them, PGlite does not). */
const statements = (sql: string[]) => sql.filter((text) => !/^\s*(begin|commit|rollback)\b/i.test(text));

/** A statement's text with its parenthesised parts (subqueries, lists) left out. */
function topLevel(text: string): string {
  let rest = text;
  for (let previous = ''; previous !== rest;) [previous, rest] = [rest, rest.replace(/\([^()]*\)/g, '')];
  return rest;
}

/**
 * What a statement does, in a few words (as carts/statement-counts.test.ts tells them): its verb and table
 * (`select` names the table of its outer FROM), `for update` when it locks rows, and for a statement with
 * data-modifying CTEs each CTE's kind first; a savepoint is named by its verb alone.
 */
function kindOf(text: string): string {
  let rest = text.replace(/"/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
  if (/^(savepoint|release savepoint|rollback to savepoint) /.test(rest)) return rest.replace(/ \w+$/, '');
  const ctes: string[] = [];
  if (rest.startsWith('with ')) {
    rest = rest.slice(5);
    for (let cte = /^(\w+) as \(/.exec(rest); cte; cte = /^(\w+) as \(/.exec(rest)) {
      let depth = 1;
      let end = cte[0].length;
      for (; depth > 0; end++) depth += rest[end] === '(' ? 1 : rest[end] === ')' ? -1 : 0;
      ctes.push(kindOf(rest.slice(cte[0].length, end - 1)));
      rest = rest.slice(end).replace(/^\s*,?\s*/, '');
    }
  }
  const outer = topLevel(rest);
  const verb = /^(select|insert into|update|delete from)\b/.exec(outer)?.[1] ?? outer.split(' ')[0];
  const table =
    verb === 'select' ? /\bfrom (\w+)/.exec(outer)?.[1] : new RegExp(`^${verb} (\\w+)`).exec(outer)?.[1];
  const lock = /\bfor update\b/.test(outer) ? ' for update' : '';
  const kind = `${verb!.split(' ')[0]} ${table}${lock}`;
  return ctes.length > 0 ? `with ${ctes.join(', ')}: ${kind}` : kind;
}

describe('statements a reorder sends', () => {
  it('reorders ten lines, one merged into the cart, in a fixed, small number of statements', async () => {
    const skus = [
      'TD-PRO-75',
      'PW-HAND-400-CL',
      'PW-HAND-400-BK',
      'PW-HAND-450-CL',
      'PW-MACH-500-1500-CL',
      'BW-S-300-100',
      'BW-S-500-100',
      'BW-S-750-100',
      'TD-LN-50',
      'PC-TS-1200-1000-CL',
    ];
    const { buyer, order } = await orderOf(skus.map((sku) => [sku, 1]));
    await buyer.addSku('TD-PRO-75', 1);
    const counter = countingDb(ctx.database);
    const service = createReorderService(counter.db, createCartsService(counter.db));

    const result = await service.reorder(buyer.userId, order.id);
    expect(result.lines.every((line) => line.packs_added === 1)).toBe(true);
    expect(result.cart.items).toHaveLength(skus.length);
    // The order's lines; then in one transaction the cart's lock and the facts the plan needs, and the
    // cart's own add in a savepoint (its lock, again free, its facts and its one write); then the cart's view.
    expect(statements(counter.sql).map(kindOf)).toEqual([
      'select order_items',
      'select carts for update',
      'select items',
      'savepoint',
      'select carts for update',
      'select items',
      'with update carts, insert cart_items: select written',
      'release savepoint',
      'select carts',
      'select cart_items',
      'select shop_settings',
    ]);
    // BEGIN and COMMIT, when the driver logs them (node-postgres does).
    expect(counter.sql.length - statements(counter.sql).length).toBe(
      ctx.database.kind === 'postgres' ? 2 : 0,
    );
  });
});
