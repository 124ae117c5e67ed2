import {
  CART_MESSAGES,
  insufficientStockDetail,
  MAX_LINES_PER_ADD,
  MAX_PACK_QUANTITY,
  penceToDecimal,
  QUICK_ORDER_MESSAGES,
  QUICK_ORDER_SUGGESTIONS,
  QuickOrderCheckResultSchema,
  type Page,
  type QuickOrderCheckResult,
  type QuickOrderSkuSuggestion,
} from '@shop/domain';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items, pricingData } from '../../db/schema';
import { createTestApp, type TestContext } from '../../../test/helper';
import { countingDb } from '../../../test/query-counter';
import {
  cartLine,
  itemBySku,
  newShopper,
  pricePence,
  tierId,
  type Shopper,
} from '../../../test/support/carts';
import { createQuickOrderService } from './service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const CHECK = '/api/ecommerce/quick-order/check/';

type Line = { sku: string; packs: number };

async function check(shopper: Shopper, lines: Line[]) {
  const res = await shopper.call('POST', CHECK, { lines });
  if (res.statusCode !== 200) throw new Error(`check refused: ${res.statusCode} ${res.body}`);
  const answer = res.json<QuickOrderCheckResult>();
  expect(QuickOrderCheckResultSchema.parse(answer)).toEqual(answer);
  return answer;
}

/** The POST cart-items/ lines for the lines a check found ready, as the page sends them. */
const addable = (cartId: number, answer: QuickOrderCheckResult) =>
  answer.lines
    .filter((line) => line.ok)
    .map((line) =>
      cartLine(cartId, line.item!.id, line.pricing_tier!.id, line.packs, {
        user_exclusive_price: line.user_exclusive_price,
      }),
    );

/** Heavy Duty Tape Gun 75mm: 1 a pack, 40 in stock, tracked; tiers 1-4, 5-19, 20+. */
async function tapeGun() {
  const item = await itemBySku(ctx, 'TD-PRO-75');
  return {
    ...item,
    tier1: await tierId(ctx, item.variantId, 'pack', 1),
    tier5: await tierId(ctx, item.variantId, 'pack', 5),
    tier20: await tierId(ctx, item.variantId, 'pack', 20),
  };
}

/** Hand Pallet Wrap: 6 rolls and 13.2 kg a pack, 240 rolls (40 packs) a pallet; tiers 1-9, 10-49, 50+, pallet 1+. */
async function handWrap() {
  const item = await itemBySku(ctx, 'PW-HAND-400-CL');
  return {
    ...item,
    tier1: await tierId(ctx, item.variantId, 'pack', 1),
    tier10: await tierId(ctx, item.variantId, 'pack', 10),
    tier50: await tierId(ctx, item.variantId, 'pack', 50),
    pallet: await tierId(ctx, item.variantId, 'pallet', 1),
  };
}

/** Active, priced items other than the tape gun, each with stock for one pack, in SKU order. */
async function otherItems(count: number) {
  return ctx.database.db
    .select({ sku: items.sku })
    .from(items)
    .where(
      and(
        eq(items.status, 'active'),
        ne(items.sku, 'TD-PRO-75'),
        sql`(not ${items.trackInventory} or ${items.stock} >= ${items.unitsPerPack})`,
        sql`exists (select 1 from ${pricingData} where ${pricingData.itemId} = ${items.id})`,
      ),
    )
    .orderBy(asc(items.sku))
    .limit(count);
}

describe('authentication', () => {
  it('answers a visitor 401, never cached', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: CHECK,
      payload: { lines: [{ sku: 'TD-PRO-75', packs: 1 }] },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      detail: 'Authentication credentials were not provided.',
      code: 'not_authenticated',
    });
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});

describe('checking pasted lines', () => {
  it('checks 200 lines, some bad, in one statement, and the cart takes the good ones as they are', async () => {
    const shopper = await newShopper(ctx);
    const others = await otherItems(MAX_LINES_PER_ADD - 3);
    expect(others).toHaveLength(MAX_LINES_PER_ADD - 3);
    const lines: Line[] = [
      { sku: 'NO-SUCH-SKU', packs: 1 },
      { sku: 'TD-BEN-75-MULTI', packs: 1 },
      { sku: 'TD-PRO-75', packs: 41 },
      ...others.map((row) => ({ sku: row.sku, packs: 1 })),
    ];

    // One statement for the whole batch, counted at the service as the cart's statement counts are
    // (the route adds only the session check every authenticated call makes).
    const counter = countingDb(ctx.database);
    const direct = await createQuickOrderService(counter.db).check(shopper.userId, lines);
    // One more for the closest SKUs to the unknown one.
    expect(counter.sql).toHaveLength(2);
    expect(counter.sql[0]).toMatch(/^select .* from "items"/is);

    const answer = await check(shopper, lines);
    expect(answer).toEqual(direct);
    expect(answer.lines).toHaveLength(MAX_LINES_PER_ADD);
    expect(answer.lines.map((line) => line.line)).toEqual(lines.map((_, index) => index + 1));
    expect(answer.lines.slice(0, 3).map((line) => [line.ok, line.errors])).toEqual([
      [false, [QUICK_ORDER_MESSAGES.noItem('NO-SUCH-SKU')]],
      [false, ['Item TD-BEN-75-MULTI is no longer available.']],
      [false, [QUICK_ORDER_MESSAGES.packsAvailable('TD-PRO-75', 40)]],
    ]);
    expect(answer.lines[0]).toMatchObject({
      item: null,
      pricing_tier: null,
      price_per_pack: null,
      total: null,
    });
    expect(answer.lines[1]!.item).toMatchObject({ sku: 'TD-BEN-75-MULTI' });
    expect(answer.lines.slice(3).every((line) => line.ok && line.errors.length === 0)).toBe(true);
    expect(answer.valid_count).toBe(MAX_LINES_PER_ADD - 3);
    const sum = answer.lines
      .filter((line) => line.ok)
      .reduce((pence, line) => pence + Math.round(Number(line.total) * 100), 0);
    expect(answer.total).toBe(penceToDecimal(sum));

    // The add re-checks everything and agrees: same tiers, same totals.
    const added = await shopper.added(addable(shopper.cartId, answer));
    expect(added).toHaveLength(MAX_LINES_PER_ADD - 3);
    const cart = await shopper.cart();
    expect(cart.subtotal).toBe(answer.total);
  });

  it('puts each quantity in its tier at the boundaries, with the tier’s price', async () => {
    const shopper = await newShopper(ctx);
    const tape = await tapeGun();
    for (const [packs, tier] of [
      [1, tape.tier1],
      [4, tape.tier1],
      [5, tape.tier5],
      [19, tape.tier5],
      [20, tape.tier20],
      [40, tape.tier20],
    ] as const) {
      const [line] = (await check(shopper, [{ sku: 'TD-PRO-75', packs }])).lines;
      const price = await pricePence(ctx, tape.id, tier);
      expect(line).toMatchObject({
        ok: true,
        packs,
        pricing_tier: { id: tier, tier_type: 'pack' },
        user_exclusive_price: null,
        discount_percentage: 0,
        price_per_pack: penceToDecimal(price),
        total: penceToDecimal(price * packs),
      });
    }
    const [first] = (await check(shopper, [{ sku: 'TD-PRO-75', packs: 20 }])).lines;
    expect(first!.pricing_tier).toEqual({
      id: tape.tier20,
      tier_type: 'pack',
      range_start: 20,
      range_end: null,
      no_end_range: true,
    });
    expect(first!.item).toEqual({
      id: tape.id,
      title: expect.any(String),
      sku: 'TD-PRO-75',
      units_per_pack: 1,
      stock: 40,
      track_inventory: true,
      product_slug: expect.any(String),
      category_slug: expect.any(String),
    });
  });

  it('prices by the pallet once the cart and the lines weigh 750 kg, as the add does', async () => {
    const shopper = await newShopper(ctx);
    const wrap = await handWrap();
    // 49 packs weigh 646.8 kg: the pack tier.
    const light = await check(shopper, [{ sku: wrap.sku, packs: 49 }]);
    expect(light.lines[0]!.pricing_tier!.id).toBe(wrap.tier10);
    // 60 packs weigh 792 kg: 360 rolls are one whole pallet.
    const heavy = await check(shopper, [{ sku: wrap.sku, packs: 60 }]);
    expect(heavy.lines[0]!.pricing_tier).toMatchObject({ id: wrap.pallet, tier_type: 'pallet' });
    // Two lines of a pallet each (40 packs, 528 kg): under the threshold each, over it together.
    const both = await check(shopper, [
      { sku: wrap.sku, packs: 40 },
      { sku: 'PW-HAND-400-BK', packs: 40 },
    ]);
    expect(both.lines.map((line) => line.pricing_tier!.tier_type)).toEqual(['pallet', 'pallet']);
    // The cart's weight counts too: 40 packs there, 40 more is a pallet over 750 kg.
    await shopper.added([cartLine(shopper.cartId, wrap.id, wrap.tier10, 40)]);
    const onTop = await check(shopper, [{ sku: wrap.sku, packs: 40 }]);
    expect(onTop.lines[0]!.pricing_tier!.id).toBe(wrap.pallet);
    await shopper.added(addable(shopper.cartId, onTop));
  });

  it('prices a variant that shows per pallet by the pallet, and one shown per box by the weight', async () => {
    const shopper = await newShopper(ctx);
    const film = await itemBySku(ctx, 'PW-MACH-500-1500-CL');
    const pallet1 = await tierId(ctx, film.variantId, 'pallet', 1);
    const bubbles = await itemBySku(ctx, 'BW-S-300-100');
    const pack20 = await tierId(ctx, bubbles.variantId, 'pack', 20);
    // 40 packs of film are 700 kg and one whole pallet of a variant shown per pallet: pallet prices.
    const answer = await check(shopper, [{ sku: film.sku, packs: 40 }]);
    expect(answer.lines[0]).toMatchObject({
      ok: true,
      pricing_tier: { id: pallet1, tier_type: 'pallet' },
      price_per_pack: penceToDecimal(await pricePence(ctx, film.id, pallet1)),
    });
    // 60 packs of bubble wrap, shown per box, are 114 kg: pack prices.
    const light = await check(await newShopper(ctx), [{ sku: bubbles.sku, packs: 60 }]);
    expect(light.lines[0]).toMatchObject({ pricing_tier: { id: pack20 }, price_per_pack: '7.79' });
    // Add all to cart sends the check's tiers: the add takes them and the cart shows the check's prices.
    const [added] = await shopper.added(addable(shopper.cartId, answer));
    expect(added).toMatchObject({ unit_type: 'pallet', price_per_pack: answer.lines[0]!.price_per_pack });
    expect((await shopper.cart()).subtotal).toBe(answer.total);
  });

  it('applies the user’s exclusive price, and only theirs', async () => {
    const ann = await newShopper(ctx, 'ann');
    const bob = await newShopper(ctx, 'bob');
    const tape = await tapeGun();
    const discount = await ann.discount(tape.id, 12.5);
    const price = await pricePence(ctx, tape.id, tape.tier1);
    const [hers] = (await check(ann, [{ sku: 'TD-PRO-75', packs: 3 }])).lines;
    // 3 x 15.95 = 47.85, less 12.5 % (5.98, half-up) = 41.87.
    expect(price).toBe(1595);
    expect(hers).toMatchObject({
      ok: true,
      user_exclusive_price: discount,
      discount_percentage: 12.5,
      price_per_pack: '15.95',
      total: '41.87',
    });
    const [his] = (await check(bob, [{ sku: 'TD-PRO-75', packs: 3 }])).lines;
    expect(his).toMatchObject({ user_exclusive_price: null, discount_percentage: 0, total: '47.85' });
    const [added] = await ann.added(addable(ann.cartId, await check(ann, [{ sku: 'TD-PRO-75', packs: 3 }])));
    expect(added).toMatchObject({ user_exclusive_price: discount, total: '41.87' });
  });

  it('says the stock in packs, not units: 183 packs of 6 where 1,098 units are left', async () => {
    const shopper = await newShopper(ctx);
    const [boxed] = await ctx.database.db
      .select({ id: items.id, sku: items.sku })
      .from(items)
      .where(and(eq(items.status, 'active'), eq(items.trackInventory, true), eq(items.unitsPerPack, 6)))
      .orderBy(asc(items.sku))
      .limit(1);
    expect(boxed, 'a seeded item sold in packs of 6').toBeDefined();
    await ctx.database.db.update(items).set({ stock: 1098 }).where(eq(items.id, boxed!.id));
    const [line] = (await check(shopper, [{ sku: boxed!.sku, packs: 200 }])).lines;
    expect(line!.errors).toEqual([`Insufficient stock for ${boxed!.sku}: only 183 packs available.`]);
    await ctx.database.db.update(items).set({ stock: 5 }).where(eq(items.id, boxed!.id));
    const [none] = (await check(shopper, [{ sku: boxed!.sku, packs: 1 }])).lines;
    expect(none!.errors).toEqual([`${boxed!.sku} is out of stock.`]);
    expect(none!.item).toMatchObject({ stock: 5, units_per_pack: 6, track_inventory: true });
  });

  it('suggests the closest SKUs on sale for an unknown one, in one more statement for all of them', async () => {
    const shopper = await newShopper(ctx);
    const lines: Line[] = [
      { sku: 'td-pro-57', packs: 1 },
      { sku: 'TD-PRO-75', packs: 1 },
      { sku: 'ZZQXJ', packs: 1 },
      { sku: 'td-pro-57', packs: 2 },
      { sku: 'TD-PR0-75', packs: 1 },
    ];
    const counter = countingDb(ctx.database);
    const answer = await createQuickOrderService(counter.db).check(shopper.userId, lines);
    expect(counter.sql).toHaveLength(2);
    const [typo, known, nonsense, again, zero] = answer.lines;
    expect(typo!.errors).toEqual([QUICK_ORDER_MESSAGES.noItem('td-pro-57')]);
    expect(typo!.suggestions.length).toBeGreaterThan(0);
    expect(typo!.suggestions.length).toBeLessThanOrEqual(3);
    expect(typo!.suggestions.map((item) => item.sku)).toContain('TD-PRO-75');
    expect(zero!.suggestions[0]).toMatchObject({ sku: 'TD-PRO-75', product_name: expect.any(String) });
    expect(again!.suggestions).toEqual(typo!.suggestions);
    expect(known!.suggestions).toEqual([]);
    expect(nonsense!.suggestions).toEqual([]);
    // Through the route, as a client sends it: the same answer.
    expect(await check(shopper, lines)).toEqual(answer);

    // Bounded: only the first QUICK_ORDER_SUGGESTIONS.skus unknown SKUs are looked up, still in one statement.
    const many = Array.from({ length: QUICK_ORDER_SUGGESTIONS.skus + 2 }, (_, index) => ({
      sku: `TD-PRO-75${String.fromCharCode(65 + index)}`,
      packs: 1,
    }));
    const bounded = countingDb(ctx.database);
    const manyAnswer = await createQuickOrderService(bounded.db).check(shopper.userId, many);
    expect(bounded.sql).toHaveLength(2);
    expect(manyAnswer.lines.map((line) => line.suggestions.length > 0)).toEqual(
      many.map((_, index) => index < QUICK_ORDER_SUGGESTIONS.skus),
    );

    // Known SKUs only: the one statement, as before.
    const quiet = countingDb(ctx.database);
    await createQuickOrderService(quiet.db).check(shopper.userId, [{ sku: 'TD-PRO-75', packs: 1 }]);
    expect(quiet.sql).toHaveLength(1);
  });

  it('checks stock over every line of one SKU and what the cart already holds', async () => {
    const shopper = await newShopper(ctx);
    const tape = await tapeGun();
    const answer = await check(shopper, [
      { sku: 'TD-PRO-75', packs: 30 },
      { sku: 'TD-PRO-75', packs: 15 },
      { sku: 'TD-PRO-75', packs: 10 },
    ]);
    expect(answer.lines.map((line) => [line.ok, line.errors])).toEqual([
      [true, []],
      [false, [QUICK_ORDER_MESSAGES.packsAvailable('TD-PRO-75', 10)]],
      [true, []],
    ]);
    expect(answer.valid_count).toBe(2);

    await shopper.added([cartLine(shopper.cartId, tape.id, tape.tier20, 35)]);
    const [line] = (await check(shopper, [{ sku: 'TD-PRO-75', packs: 10 }])).lines;
    expect(line).toMatchObject({ ok: false, errors: [QUICK_ORDER_MESSAGES.packsAvailable('TD-PRO-75', 5)] });
    // The add refuses it too, in the cart's own words (units; a pack of this tape is one).
    const refused = await shopper.add([cartLine(shopper.cartId, tape.id, tape.tier5, 10)]);
    expect(refused.json()).toEqual({ detail: insufficientStockDetail('TD-PRO-75', 5) });
  });

  it('keeps an item’s packs within the cart’s limit when its stock is not tracked', async () => {
    const shopper = await newShopper(ctx);
    const [untracked] = await ctx.database.db
      .select({ sku: items.sku })
      .from(items)
      .where(and(eq(items.status, 'active'), eq(items.trackInventory, false)))
      .orderBy(asc(items.sku))
      .limit(1);
    expect(untracked).toBeDefined();
    const answer = await check(shopper, [
      { sku: untracked!.sku, packs: MAX_PACK_QUANTITY },
      { sku: untracked!.sku, packs: 1 },
    ]);
    expect(answer.lines.map((line) => line.errors)).toEqual([
      [],
      [CART_MESSAGES.tooManyPacks(untracked!.sku)],
    ]);
  });

  it('finds a SKU typed in lower case or with spaces around it', async () => {
    const shopper = await newShopper(ctx);
    const [line] = (await check(shopper, [{ sku: '  td-pro-75 ', packs: 2 }])).lines;
    expect(line).toMatchObject({ ok: true, sku: 'td-pro-75', item: { sku: 'TD-PRO-75' } });
  });

  it('reads SKUs with commas, quotes, braces and backslashes as plain text', async () => {
    const shopper = await newShopper(ctx);
    const odd = ['A,B', '"Q"', '{X}', 'back\\slash', 'NULL', "O'Brien"];
    const answer = await check(shopper, [
      ...odd.map((sku) => ({ sku, packs: 1 })),
      { sku: 'TD-PRO-75', packs: 1 },
    ]);
    expect(answer.lines.map((line) => line.errors)).toEqual([
      ...odd.map((sku) => [QUICK_ORDER_MESSAGES.noItem(sku)]),
      [],
    ]);
  });

  it('calls an item without any price unavailable', async () => {
    const shopper = await newShopper(ctx);
    const tape = await tapeGun();
    const prices = await ctx.database.db
      .delete(pricingData)
      .where(eq(pricingData.itemId, tape.id))
      .returning();
    try {
      const [line] = (await check(shopper, [{ sku: 'TD-PRO-75', packs: 2 }])).lines;
      expect(line).toMatchObject({ ok: false, errors: ['Item TD-PRO-75 is no longer available.'] });
    } finally {
      await ctx.database.db.insert(pricingData).values(prices.map(({ id: _id, ...price }) => price));
    }
  });
});

describe('refused input', () => {
  it.each([
    [{ lines: [{ sku: 'TD-PRO-75', packs: 0 }] }, { 'lines.0.packs': [QUICK_ORDER_MESSAGES.packsInvalid] }],
    [
      {
        lines: [
          { sku: 'A', packs: 1 },
          { sku: 'B', packs: MAX_PACK_QUANTITY + 1 },
        ],
      },
      { 'lines.1.packs': [QUICK_ORDER_MESSAGES.packsInvalid] },
    ],
    [{ lines: [{ sku: 'A', packs: 1.5 }] }, { 'lines.0.packs': [QUICK_ORDER_MESSAGES.packsInvalid] }],
    // Past the safe integers: said once, not once per rule it breaks.
    [{ lines: [{ sku: 'A', packs: 1e20 }] }, { 'lines.0.packs': [QUICK_ORDER_MESSAGES.packsInvalid] }],
    [{ lines: [{ sku: 'A', packs: null }] }, { 'lines.0.packs': [QUICK_ORDER_MESSAGES.packsInvalid] }],
    [{ lines: [{ sku: '   ', packs: 1 }] }, { 'lines.0.sku': [QUICK_ORDER_MESSAGES.skuRequired] }],
    [{ lines: [{ sku: 'X'.repeat(65), packs: 1 }] }, { 'lines.0.sku': [QUICK_ORDER_MESSAGES.skuTooLong] }],
    [{ lines: [] }, { lines: [QUICK_ORDER_MESSAGES.noLines] }],
    [
      { lines: Array.from({ length: MAX_LINES_PER_ADD + 1 }, () => ({ sku: 'TD-PRO-75', packs: 1 })) },
      { lines: [QUICK_ORDER_MESSAGES.tooManyLines] },
    ],
  ])('answers 400 with field errors: %#', async (body, errors) => {
    const shopper = await newShopper(ctx);
    const res = await shopper.call('POST', CHECK, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errors);
  });

  it('refuses unknown fields', async () => {
    const shopper = await newShopper(ctx);
    const res = await shopper.call('POST', CHECK, { lines: [{ sku: 'A', packs: 1, price: 0 }] });
    expect(res.statusCode).toBe(400);
    const outer = await shopper.call('POST', CHECK, { lines: [{ sku: 'A', packs: 1 }], cart: 1 });
    expect(outer.statusCode).toBe(400);
  });
});

describe('SKU suggestions', () => {
  const suggest = (query: string) => ctx.app.inject({ url: `/api/ecommerce/quick-order/skus/?${query}` });

  it('suggests active, priced items by SKU or title, SKUs that start with the text first', async () => {
    const res = await suggest('search=pw-hand-400&page_size=5');
    expect(res.statusCode).toBe(200);
    const page = res.json<Page<QuickOrderSkuSuggestion>>();
    expect(page.results[0]).toMatchObject({ sku: 'PW-HAND-400-BK', product_name: expect.any(String) });
    expect(page.results.map((row) => row.sku)).toContain('PW-HAND-400-CL');
    expect(page.results.every((row) => row.sku.startsWith('PW-HAND-400'))).toBe(true);
    const inactive = (await suggest('search=TD-BEN-75-MULTI')).json<Page<QuickOrderSkuSuggestion>>();
    expect(inactive).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it('reads a page in one statement', async () => {
    const counter = countingDb(ctx.database);
    const { results } = await createQuickOrderService(counter.db).suggestSkus('tape', {
      page: 1,
      page_size: 10,
    });
    expect(results.length).toBeGreaterThan(0);
    expect(counter.sql).toHaveLength(1);
  });

  it('matches a typed % or _ literally', async () => {
    const page = (await suggest('search=%25%25')).json<Page<QuickOrderSkuSuggestion>>();
    expect(page.count).toBe(0);
  });

  it('refuses a text under two characters or over 64', async () => {
    expect((await suggest('search=a')).statusCode).toBe(400);
    expect((await suggest(`search=${'a'.repeat(65)}`)).statusCode).toBe(400);
    expect((await suggest('search=ab&colour=red')).statusCode).toBe(400);
  });
});
