import {
  CART_MESSAGES,
  CartItemViewSchema,
  CartViewSchema,
  insufficientStockDetail,
  lineTotals,
  MAX_PACK_QUANTITY,
  penceToDecimal,
  shippingQuote,
  sumTotals,
  weightToKg,
  type CartItemView,
  type CartView,
} from '@shop/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts } from '../../db/schema';
import { DEFAULT_SHOP_SETTINGS } from '../../db/seed/shop-settings';
import { createTestApp, type TestContext } from '../../../test/helper';
import {
  itemBySku,
  newShopper,
  pricePence,
  tierId,
  type Shopper,
  cartLine,
} from '../../../test/support/carts';

/** Pack counts a cart refuses, each with DRF's words for it (the shop's field errors), never Zod's. */
const BAD_PACK_QUANTITIES: Array<[unknown, string]> = [
  [0, 'Ensure this value is greater than or equal to 1.'],
  [-2, 'Ensure this value is greater than or equal to 1.'],
  [2.5, 'A valid integer is required.'],
  ['3', 'A valid integer is required.'],
  [1e20, 'Ensure this value is less than or equal to 100,000.'],
  [null, 'This field may not be null.'],
  [MAX_PACK_QUANTITY + 1, 'Ensure this value is less than or equal to 100,000.'],
];

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };

const line = cartLine;

/** Hand Pallet Wrap: 6 rolls and 13.2 kg a pack, 240 rolls (40 packs) a pallet; tiers 1-9, 10-49, 50+, pallet 1+. */
async function handWrap(sku = 'PW-HAND-400-CL') {
  const item = await itemBySku(ctx, sku);
  return {
    ...item,
    tier1: await tierId(ctx, item.variantId, 'pack', 1),
    tier10: await tierId(ctx, item.variantId, 'pack', 10),
    tier50: await tierId(ctx, item.variantId, 'pack', 50),
    pallet: await tierId(ctx, item.variantId, 'pallet', 1),
  };
}

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

const ENDPOINTS: [string, string, unknown?][] = [
  ['GET', '/api/ecommerce/carts/current/'],
  ['GET', '/api/ecommerce/carts/1/'],
  ['GET', '/api/ecommerce/cart-items/?cart=1'],
  ['GET', '/api/ecommerce/cart-items/1/'],
  ['POST', '/api/cart-items/', [line(1, 1, 1, 1)]],
  ['POST', '/api/ecommerce/cart-items/', [line(1, 1, 1, 1)]],
  ['PATCH', '/api/ecommerce/cart-items/1/', { pack_quantity: 2 }],
  ['DELETE', '/api/ecommerce/cart-items/1/'],
];

describe('authentication', () => {
  it.each(ENDPOINTS)('%s %s needs a token and is never cached', async (method, url, payload) => {
    const res = await ctx.app.inject({
      method: method as 'GET',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      detail: 'Authentication credentials were not provided.',
      code: 'not_authenticated',
    });
    expect(res.headers['cache-control']).toBe('private, no-store');
    const bad = await ctx.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: 'Bearer x.y.z' },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ code: 'token_not_valid' });
  });
});

describe('GET /api/ecommerce/carts/current/', () => {
  it('makes the caller’s cart once, even when asked twice at the same time', async () => {
    const shopper = await newShopper(ctx);
    const [a, b] = await Promise.all([shopper.cart(), shopper.cart()]);
    expect(a.id).toBe(shopper.cartId);
    expect(b.id).toBe(shopper.cartId);
    const [rows] = await ctx.database.db
      .select({ n: count() })
      .from(carts)
      .where(eq(carts.userId, shopper.userId));
    expect(rows!.n).toBe(1);
  });

  it('answers an empty cart with zero totals and no shipping', async () => {
    const shopper = await newShopper(ctx);
    const res = await shopper.call('GET', '/api/ecommerce/carts/current/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toEqual({
      id: shopper.cartId,
      items: [],
      subtotal: '0.00',
      discount: '0.00',
      vat: 20,
      vat_amount: '0.00',
      shipping_cost: '0.00',
      total: '0.00',
      total_units: 0,
      total_packs: 0,
      total_weight: 0,
      shipping_details: { parcel_type: 'none', parcels_needed: 0, explanation: '' },
      delivery: null,
    });
  });
});

describe('GET /api/ecommerce/carts/{id}/', () => {
  it('answers the caller’s own cart and 404 for anyone else’s', async () => {
    const ann = await newShopper(ctx, 'ann');
    const bob = await newShopper(ctx, 'bob');
    const own = await ann.call('GET', `/api/ecommerce/carts/${ann.cartId}/`);
    expect(own.statusCode).toBe(200);
    expect(own.json<CartView>().id).toBe(ann.cartId);
    const other = await ann.call('GET', `/api/ecommerce/carts/${bob.cartId}/`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ detail: 'Not found.' });
    expect((await ann.call('GET', '/api/ecommerce/carts/999999/')).statusCode).toBe(404);
    expect((await ann.call('GET', '/api/ecommerce/carts/abc/')).statusCode).toBe(400);
  });
});

describe('POST /api/cart-items/', () => {
  it('adds a line and answers 201 with it, on both paths', async () => {
    const shopper = await newShopper(ctx);
    const wrap = await handWrap();
    const res = await shopper.add([line(shopper.cartId, wrap.id, wrap.tier1, 2)]);
    expect(res.statusCode).toBe(201);
    const [added] = res.json<CartItemView[]>();
    expect(CartItemViewSchema.parse(added)).toEqual(added);
    expect(added).toMatchObject({
      cart: shopper.cartId,
      item: {
        id: wrap.id,
        sku: 'PW-HAND-400-CL',
        units_per_pack: 6,
        track_inventory: true,
        stock: 1440,
        product_variant: {
          id: wrap.variantId,
          name: 'Hand Pallet Wrap',
          product: { slug: 'pallet-wraps', category: { slug: 'wraps' } },
        },
      },
      pack_quantity: 2,
      unit_type: 'pack',
      pricing_tier: { id: wrap.tier1, tier_type: 'pack', range_start: 1, range_end: 9, no_end_range: false },
      user_exclusive_price: null,
      price_per_pack: '29.94',
      price_per_unit: '4.9900',
      subtotal: '59.88',
      total: '59.88',
      weight: 26.4,
      discount_percentage: 0,
    });
    expect(added!.item.images.length).toBeGreaterThan(0);

    const tape = await tapeGun();
    const other = await shopper.call('POST', '/api/ecommerce/cart-items/', [
      line(shopper.cartId, tape.id, tape.tier1, 1),
    ]);
    expect(other.statusCode).toBe(201);
    expect((await shopper.lines()).map((row) => row.itemId)).toEqual([wrap.id, tape.id]);
  });

  it('ignores unknown fields and takes 1 pack when pack_quantity is missing', async () => {
    const shopper = await newShopper(ctx);
    const tape = await tapeGun();
    const [added] = await shopper.added([
      { cart: shopper.cartId, item: tape.id, pricing_tier: tape.tier1, status: 'free', price: '0.01' },
    ]);
    expect(added).toMatchObject({ pack_quantity: 1, price_per_pack: '15.95' });
  });

  it('refuses bad quantities and an empty list with field errors', async () => {
    const shopper = await newShopper(ctx);
    const tape = await tapeGun();
    for (const [packs, message] of BAD_PACK_QUANTITIES) {
      const res = await shopper.add([line(shopper.cartId, tape.id, tape.tier1, packs as number)]);
      expect(res.statusCode, String(packs)).toBe(400);
      expect(res.json(), String(packs)).toEqual({ '0.pack_quantity': [message] });
    }
    const lists: Array<[unknown, string]> = [
      [[], 'This list may not be empty.'],
      [{ cart: shopper.cartId }, 'Expected a list of items.'],
      [
        Array.from({ length: 201 }, () => line(shopper.cartId, tape.id, tape.tier1, 1)),
        'Ensure this field has no more than 200 elements.',
      ],
    ];
    for (const [body, message] of lists) {
      const res = await shopper.call('POST', '/api/cart-items/', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ non_field_errors: [message] });
    }
    expect(await shopper.lines()).toEqual([]);
  });

  it('refuses another user’s cart with 404 and writes nothing', async () => {
    const ann = await newShopper(ctx, 'ann');
    const bob = await newShopper(ctx, 'bob');
    const tape = await tapeGun();
    const res = await ann.add([line(bob.cartId, tape.id, tape.tier1, 1)]);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
    // Two carts in one request: one of them is not the caller's.
    const mixed = await ann.add([
      line(ann.cartId, tape.id, tape.tier1, 1),
      line(bob.cartId, tape.id, tape.tier1, 1),
    ]);
    expect(mixed.statusCode).toBe(404);
    expect(await bob.lines()).toEqual([]);
    expect(await ann.lines()).toEqual([]);
  });

  it('refuses an unknown or inactive item', async () => {
    const shopper = await newShopper(ctx);
    const inactive = await itemBySku(ctx, 'TD-BEN-75-MULTI');
    const tier = await tierId(ctx, inactive.variantId, 'pack', 1);
    const res = await shopper.add([line(shopper.cartId, inactive.id, tier, 1)]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ item: ['Item TD-BEN-75-MULTI is no longer available.'] });
    const unknown = await shopper.add([line(shopper.cartId, 999_999, tier, 1)]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ item: ['Invalid pk "999999" - object does not exist.'] });
    expect(await shopper.lines()).toEqual([]);
  });

  it('refuses a tier that does not fit the quantity, naming the SKU', async () => {
    const shopper = await newShopper(ctx);
    const wrap = await handWrap();
    const tape = await tapeGun();
    const invalid = { detail: CART_MESSAGES.invalidTier('PW-HAND-400-CL') };
    expect(invalid.detail).toBe('Invalid pricing tier for item PW-HAND-400-CL.');
    for (const [packs, tier] of [
      [5, wrap.tier10], // 5 packs are in 1-9
      [10, wrap.tier1], // 10 packs are in 10-49
      [1, wrap.pallet], // far from 750 kg and a pallet
      [1, tape.tier1], // another variant's tier
    ] as const) {
      const res = await shopper.add([line(shopper.cartId, wrap.id, tier, packs)]);
      expect(res.statusCode, `${packs} packs`).toBe(400);
      expect(res.json()).toEqual(invalid);
    }
    expect(await shopper.lines()).toEqual([]);
  });

  it('refuses more than the stock with the exact detail and writes nothing', async () => {
    const shopper = await newShopper(ctx);
    const tape = await tapeGun();
    const res = await shopper.add([line(shopper.cartId, tape.id, tape.tier20, 41)]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: insufficientStockDetail('TD-PRO-75', 40) });
    expect(res.json<{ detail: string }>().detail).toBe(
      'Insufficient stock for TD-PRO-75: only 40 units available.',
    );
    expect(await shopper.lines()).toEqual([]);
  });

  it('counts the packs already in the cart against the stock', async () => {
    const shopper = await newShopper(ctx);
    const tape = await tapeGun();
    await shopper.added([line(shopper.cartId, tape.id, tape.tier20, 30)]);
    const res = await shopper.add([line(shopper.cartId, tape.id, tape.tier5, 11)]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: insufficientStockDetail('TD-PRO-75', 10) });
    expect((await shopper.lines()).map((row) => row.packQuantity)).toEqual([30]);
    // Exactly the rest is fine.
    const [merged] = await shopper.added([line(shopper.cartId, tape.id, tape.tier5, 10)]);
    expect(merged!.pack_quantity).toBe(40);
  });

  it('writes none of the lines when one of them is bad', async () => {
    const shopper = await newShopper(ctx);
    const wrap = await handWrap();
    const tape = await tapeGun();
    const black = await handWrap('PW-HAND-400-BK');
    for (const bad of [
      line(shopper.cartId, tape.id, tape.tier1, 41), // too many
      line(shopper.cartId, tape.id, tape.tier20, 1), // wrong tier
    ]) {
      const res = await shopper.add([
        line(shopper.cartId, wrap.id, wrap.tier1, 2),
        line(shopper.cartId, black.id, black.tier10, 12),
        bad,
      ]);
      expect(res.statusCode).toBe(400);
      expect(await shopper.lines()).toEqual([]);
    }
  });

  it('merges a line for an item already in the cart and recomputes its tier', async () => {
    const shopper = await newShopper(ctx);
    const wrap = await handWrap();
    const [first] = await shopper.added([line(shopper.cartId, wrap.id, wrap.tier1, 5)]);
    const [merged] = await shopper.added([line(shopper.cartId, wrap.id, wrap.tier1, 6)]);
    expect(merged!.id).toBe(first!.id);
    expect(merged).toMatchObject({
      pack_quantity: 11,
      pricing_tier: { id: wrap.tier10, range_start: 10 },
      price_per_pack: penceToDecimal(await pricePence(ctx, wrap.id, wrap.tier10)),
    });
    const stored = await shopper.lines();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ packQuantity: 11, pricingTierId: wrap.tier10, unitType: 'pack' });

    // Two lines of one item in one request merge too; the answer lists the line once.
    const again = await shopper.added([
      line(shopper.cartId, wrap.id, wrap.tier1, 1),
      line(shopper.cartId, wrap.id, wrap.tier1, 2),
    ]);
    expect(again.map((row) => [row.id, row.pack_quantity])).toEqual([[first!.id, 14]]);
  });

  it('prices by the pallet when the request’s weight reaches 750 kg', async () => {
    const shopper = await newShopper(ctx);
    const wrap = await handWrap();
    // 57 packs of 13.2 kg are 752.4 kg: 342 rolls, one whole pallet of 240.
    const packTier = await shopper.add([line(shopper.cartId, wrap.id, wrap.tier50, 57)]);
    expect(packTier.statusCode).toBe(400);
    expect(packTier.json()).toEqual({ detail: CART_MESSAGES.invalidTier('PW-HAND-400-CL') });
    const [pallet] = await shopper.added([line(shopper.cartId, wrap.id, wrap.pallet, 57)]);
    expect(pallet).toMatchObject({
      pack_quantity: 57,
      unit_type: 'pallet',
      pricing_tier: { id: wrap.pallet, tier_type: 'pallet' },
      price_per_pack: penceToDecimal(await pricePence(ctx, wrap.id, wrap.pallet)),
    });
    // 56 packs are 739.2 kg: the pack tier.
    const other = await newShopper(ctx);
    const refused = await other.add([line(other.cartId, wrap.id, wrap.pallet, 56)]);
    expect(refused.json()).toEqual({ detail: CART_MESSAGES.invalidTier('PW-HAND-400-CL') });
    const [byPack] = await other.added([line(other.cartId, wrap.id, wrap.tier50, 56)]);
    expect(byPack!.unit_type).toBe('pack');
  });

  it('counts the cart’s own weight and the whole request towards 750 kg', async () => {
    const wrap = await handWrap();
    const black = await handWrap('PW-HAND-400-BK');
    // 40 packs (one pallet, 528 kg) alone are priced by the pack.
    const alone = await newShopper(ctx);
    expect((await alone.add([line(alone.cartId, wrap.id, wrap.pallet, 40)])).statusCode).toBe(400);
    // With 30 packs (396 kg) already in the cart they reach 924 kg: the pallet tier.
    const withCart = await newShopper(ctx);
    await withCart.added([line(withCart.cartId, black.id, black.tier10, 30)]);
    const [onCart] = await withCart.added([line(withCart.cartId, wrap.id, wrap.pallet, 40)]);
    expect(onCart!.unit_type).toBe('pallet');
    // Or with 30 packs in the same request.
    const together = await newShopper(ctx);
    const both = await together.added([
      line(together.cartId, black.id, black.tier10, 30),
      line(together.cartId, wrap.id, wrap.pallet, 40),
    ]);
    expect(both.map((row) => row.unit_type)).toEqual(['pack', 'pallet']);
  });

  it('prices a variant shown per pallet by the pallet at any weight, however the quantity was entered', async () => {
    const shopper = await newShopper(ctx);
    // Machine wrap: 17.5 kg a pack, 40 packs a pallet (700 kg), shown per pallet; tiers 1-9, 10-39, 40+,
    // pallets 1-4, 5+.
    const film = await itemBySku(ctx, 'PW-MACH-500-1500-CL');
    const pallet1 = await tierId(ctx, film.variantId, 'pallet', 1);
    const pack40 = await tierId(ctx, film.variantId, 'pack', 40);
    const res = await shopper.add([line(shopper.cartId, film.id, pack40, 40, { unit_type: 'pallet' })]);
    expect(res.json()).toEqual({ detail: CART_MESSAGES.invalidTier('PW-MACH-500-1500-CL') });
    const [byPallet] = await shopper.added([
      line(shopper.cartId, film.id, pallet1, 40, { unit_type: 'pallet' }),
    ]);
    expect(byPallet).toMatchObject({ unit_type: 'pallet', pricing_tier: { id: pallet1 } });
    // Entered as boxes, 700 kg in an empty cart are on the pallet tiers all the same.
    const other = await newShopper(ctx);
    expect((await other.add([line(other.cartId, film.id, pack40, 40)])).statusCode).toBe(400);
    const [byBox] = await other.added([line(other.cartId, film.id, pallet1, 40)]);
    expect(byBox).toMatchObject({ unit_type: 'pallet', pricing_tier: { id: pallet1 } });
    // More of it merges onto the pallet line.
    const [merged] = await shopper.added([line(shopper.cartId, film.id, pallet1, 40)]);
    expect(merged).toMatchObject({ id: byPallet!.id, pack_quantity: 80, unit_type: 'pallet' });
  });

  it('accepts the caller’s own exclusive price and refuses anyone else’s', async () => {
    const ann = await newShopper(ctx, 'ann');
    const bob = await newShopper(ctx, 'bob');
    const tape = await tapeGun();
    const wrap = await handWrap();
    const bobs = await bob.discount(tape.id, 30);
    const anns = await ann.discount(tape.id, 10);
    const annOnWrap = await ann.discount(wrap.id, 5);
    const stolen = await ann.add([line(ann.cartId, tape.id, tape.tier1, 1, { user_exclusive_price: bobs })]);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toEqual({ user_exclusive_price: ['Invalid exclusive price for item TD-PRO-75.'] });
    // Her own, but for another item.
    const misplaced = await ann.add([
      line(ann.cartId, tape.id, tape.tier1, 1, { user_exclusive_price: annOnWrap }),
    ]);
    expect(misplaced.statusCode).toBe(400);
    expect(await ann.lines()).toEqual([]);

    const [added] = await ann.added([
      line(ann.cartId, tape.id, tape.tier1, 2, { user_exclusive_price: anns }),
    ]);
    expect(added).toMatchObject({
      user_exclusive_price: anns,
      discount_percentage: 10,
      subtotal: '31.90',
      total: '28.71',
    });
    expect((await ann.lines())[0]!.exclusivePriceId).toBe(anns);
  });

  it('keeps a concurrent add from overselling (the cart row is locked)', async () => {
    const shopper = await newShopper(ctx);
    const tape = await tapeGun();
    const results = await Promise.all([
      shopper.add([line(shopper.cartId, tape.id, tape.tier20, 30)]),
      shopper.add([line(shopper.cartId, tape.id, tape.tier20, 30)]),
    ]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 400]);
    expect((await shopper.lines()).map((row) => row.packQuantity)).toEqual([30]);
  });

  it('loses no update when two adds merge into one line at once', async () => {
    const shopper = await newShopper(ctx);
    const gun = await itemBySku(ctx, 'TD-STD-50');
    const tier1 = await tierId(ctx, gun.variantId, 'pack', 1);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => shopper.add([line(shopper.cartId, gun.id, tier1, 1)])),
    );
    expect(results.map((res) => res.statusCode)).toEqual([201, 201, 201, 201]);
    expect((await shopper.lines()).map((row) => row.packQuantity)).toEqual([4]);
  });
});

describe('cart totals', () => {
  it('equal the domain’s computation, with an exclusive discount, shipping and VAT', async () => {
    const shopper = await newShopper(ctx);
    const wrap = await handWrap();
    const tape = await tapeGun();
    const gun = await itemBySku(ctx, 'TD-STD-50');
    const gunTier = await tierId(ctx, gun.variantId, 'pack', 1);
    const discount = await shopper.discount(tape.id, 12.5);
    await shopper.added([
      line(shopper.cartId, wrap.id, wrap.tier1, 3),
      line(shopper.cartId, tape.id, tape.tier1, 3),
      line(shopper.cartId, gun.id, gunTier, 2),
    ]);
    const res = await shopper.call('GET', `/api/ecommerce/carts/${shopper.cartId}/`);
    expect(res.statusCode).toBe(200);
    const cart = res.json<CartView>();
    expect(CartViewSchema.parse(cart)).toEqual(cart);

    const lines = [
      lineTotals({
        packs: 3,
        units_per_pack: 6,
        price_per_pack_pence: await pricePence(ctx, wrap.id, wrap.tier1),
        discount_percentage: 0,
        pack_weight_kg: weightToKg(wrap.weight, wrap.weightUnit),
      }),
      lineTotals({
        packs: 3,
        units_per_pack: 1,
        price_per_pack_pence: await pricePence(ctx, tape.id, tape.tier1),
        discount_percentage: 12.5,
        pack_weight_kg: weightToKg(tape.weight, tape.weightUnit),
      }),
      lineTotals({
        packs: 2,
        units_per_pack: 1,
        price_per_pack_pence: await pricePence(ctx, gun.id, gunTier),
        discount_percentage: 0,
        pack_weight_kg: weightToKg(gun.weight, gun.weightUnit),
      }),
    ];
    const goods = sumTotals(lines);
    const shipping = shippingQuote(
      { lines: 3, weight_kg: goods.weight_kg, goods_pence: goods.goods_pence },
      DEFAULT_SHOP_SETTINGS.shipping,
    );
    const totals = sumTotals(lines, shipping.shipping_pence, 20);
    // 3 x 29.94 + 3 x 15.95 less 12.5 % + 2 x 5.49 = 89.82 + 41.87 + 10.98 = 142.67: under 150, so
    // 42.6 + 2.85 + 1.00 kg = 46.45 kg ships as 2 parcels.
    expect(totals.goods_pence).toBe(14_267);
    expect(shipping).toMatchObject({ parcel_type: 'parcel', parcels_needed: 2, shipping_pence: 1_390 });
    expect(cart).toMatchObject({
      subtotal: penceToDecimal(totals.subtotal_pence),
      discount: penceToDecimal(totals.discount_pence),
      vat: 20,
      vat_amount: penceToDecimal(totals.vat_pence),
      shipping_cost: '13.90',
      total: penceToDecimal(totals.total_pence),
      total_units: 3 * 6 + 3 + 2,
      total_packs: 8,
      shipping_details: { parcel_type: 'parcel', parcels_needed: 2, explanation: shipping.explanation },
    });
    expect(cart.total_weight).toBeCloseTo(totals.weight_kg, 4);
    expect(cart.discount).toBe('5.98');
    expect(cart.total).toBe(penceToDecimal(14_267 + 1_390 + Math.round((14_267 + 1_390) * 0.2)));
    expect(
      cart.items.map((item) => [item.item.sku, item.discount_percentage, item.user_exclusive_price]),
    ).toEqual([
      ['PW-HAND-400-CL', 0, null],
      ['TD-PRO-75', 12.5, discount],
      ['TD-STD-50', 0, null],
    ]);
    expect(cart.items[1]).toMatchObject({ subtotal: '47.85', total: '41.87' });
  });

  it('answers `discount` in pounds: the lines’ exclusive discounts summed, each line keeping its percent', async () => {
    // Spec 2 §3 calls the cart's discount a percent; here discounts are per item, so one cart-wide percent
    // would be a blend that cannot give back the total (docs/spec-deviations.md, row 49).
    const shopper = await newShopper(ctx);
    const wrap = await handWrap();
    const tape = await tapeGun();
    await shopper.discount(tape.id, 10);
    await shopper.discount(wrap.id, 5);
    await shopper.added([
      line(shopper.cartId, tape.id, tape.tier1, 2),
      line(shopper.cartId, wrap.id, wrap.tier1, 3),
    ]);
    const cart = await shopper.cart();
    const pence = (decimal: string) => Math.round(Number(decimal) * 100);
    expect(
      cart.items.map((item) => [item.item.sku, item.discount_percentage, item.subtotal, item.total]),
    ).toEqual([
      ['TD-PRO-75', 10, '31.90', '28.71'],
      ['PW-HAND-400-CL', 5, '89.82', '85.33'],
    ]);
    expect(cart.discount).toBe('7.68');
    expect(pence(cart.discount)).toBe(
      cart.items.reduce((sum, item) => sum + pence(item.subtotal) - pence(item.total), 0),
    );
    // The totals read the pounds: (subtotal - discount + shipping) plus VAT on it.
    const net = pence(cart.subtotal) - pence(cart.discount) + pence(cart.shipping_cost);
    expect(pence(cart.vat_amount)).toBe(Math.round((net * cart.vat) / 100));
    expect(pence(cart.total)).toBe(net + pence(cart.vat_amount));
  });

  it('ships free over GBP 150 net and by pallet from 750 kg', async () => {
    const wrap = await handWrap();
    const rich = await newShopper(ctx);
    await rich.added([line(rich.cartId, wrap.id, wrap.tier1, 6)]); // 179.64, 79.2 kg
    expect((await rich.cart()).shipping_details).toMatchObject({ parcel_type: 'parcel', parcels_needed: 3 });
    expect((await rich.cart()).shipping_cost).toBe('0.00');
    const heavy = await newShopper(ctx);
    await heavy.added([line(heavy.cartId, wrap.id, wrap.pallet, 80)]); // 1056 kg
    const cart = await heavy.cart();
    expect(cart.shipping_details).toMatchObject({ parcel_type: 'pallet', parcels_needed: 2 });
    expect(cart.shipping_cost).toBe('90.00');
  });
});

describe('GET /api/ecommerce/cart-items/', () => {
  it('lists the caller’s lines, of their cart only', async () => {
    const ann = await newShopper(ctx, 'ann');
    const bob = await newShopper(ctx, 'bob');
    const tape = await tapeGun();
    const wrap = await handWrap();
    await ann.added([line(ann.cartId, tape.id, tape.tier1, 1), line(ann.cartId, wrap.id, wrap.tier1, 1)]);
    const res = await ann.call('GET', `/api/ecommerce/cart-items/?cart=${ann.cartId}`);
    expect(res.statusCode).toBe(200);
    const page = res.json<Page<CartItemView>>();
    expect(page.count).toBe(2);
    expect(page.results.map((item) => item.item.sku)).toEqual(['TD-PRO-75', 'PW-HAND-400-CL']);
    const paged = (await ann.call('GET', `/api/ecommerce/cart-items/?cart=${ann.cartId}&page_size=1`)).json<
      Page<CartItemView>
    >();
    expect(paged.results).toHaveLength(1);
    expect(paged.next).toBe(`/api/ecommerce/cart-items/?cart=${ann.cartId}&page_size=1&page=2`);
    expect((await ann.call('GET', '/api/ecommerce/cart-items/')).json<Page<unknown>>().count).toBe(2);
    expect((await ann.call('GET', `/api/ecommerce/cart-items/?cart=${bob.cartId}`)).statusCode).toBe(404);
    expect((await ann.call('GET', '/api/ecommerce/cart-items/?cart=x')).statusCode).toBe(400);
    expect((await ann.call('GET', '/api/ecommerce/cart-items/?basket=1')).statusCode).toBe(400);
  });

  it('answers one line, the caller’s own only', async () => {
    const ann = await newShopper(ctx, 'ann');
    const bob = await newShopper(ctx, 'bob');
    const tape = await tapeGun();
    const [added] = await ann.added([line(ann.cartId, tape.id, tape.tier1, 3)]);
    const res = await ann.call('GET', `/api/ecommerce/cart-items/${added!.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(added);
    const other = await bob.call('GET', `/api/ecommerce/cart-items/${added!.id}/`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ detail: 'Not found.' });
  });
});

describe('PATCH /api/ecommerce/cart-items/{id}/', () => {
  async function withLine(
    packs = 3,
  ): Promise<{ shopper: Shopper; tape: Awaited<ReturnType<typeof tapeGun>>; id: number }> {
    const shopper = await newShopper(ctx);
    const tape = await tapeGun();
    const [added] = await shopper.added([line(shopper.cartId, tape.id, tape.tier1, packs)]);
    return { shopper, tape, id: added!.id };
  }

  it('changes the pack count and recomputes the tier', async () => {
    const { shopper, tape, id } = await withLine();
    const res = await shopper.call('PATCH', `/api/ecommerce/cart-items/${id}/`, {
      pack_quantity: 6,
      pricing_tier: tape.tier1,
      unit_type: 'pack',
      subtotal: '0.01',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      pack_quantity: 6,
      pricing_tier: { id: tape.tier5 },
      price_per_pack: penceToDecimal(await pricePence(ctx, tape.id, tape.tier5)),
    });
    expect((await shopper.lines())[0]).toMatchObject({ packQuantity: 6, pricingTierId: tape.tier5 });
  });

  it('refuses 0 or fewer packs, too many for the stock and a tier of another variant', async () => {
    const { shopper, id } = await withLine();
    const patches: Array<[object, string]> = [
      ...BAD_PACK_QUANTITIES.map(([pack_quantity, message]): [object, string] => [
        { pack_quantity },
        message,
      ]),
      [{}, 'This field is required.'],
    ];
    for (const [body, message] of patches) {
      const res = await shopper.call('PATCH', `/api/ecommerce/cart-items/${id}/`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toEqual({ pack_quantity: [message] });
    }
    const tooMany = await shopper.call('PATCH', `/api/ecommerce/cart-items/${id}/`, { pack_quantity: 41 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ detail: insufficientStockDetail('TD-PRO-75', 40) });
    const wrap = await handWrap();
    const foreign = await shopper.call('PATCH', `/api/ecommerce/cart-items/${id}/`, {
      pack_quantity: 2,
      pricing_tier: wrap.tier1,
    });
    expect(foreign.json()).toEqual({ detail: CART_MESSAGES.invalidTier('TD-PRO-75') });
    expect((await shopper.lines())[0]!.packQuantity).toBe(3);
  });

  it('folds the line into the item’s pallet line when its new quantity is priced by the pallet', async () => {
    const shopper = await newShopper(ctx);
    const film = await itemBySku(ctx, 'PW-MACH-500-1500-CL');
    const pallet1 = await tierId(ctx, film.variantId, 'pallet', 1);
    const pack1 = await tierId(ctx, film.variantId, 'pack', 1);
    const [pallets] = await shopper.added([
      line(shopper.cartId, film.id, pallet1, 40, { unit_type: 'pallet' }),
    ]);
    // 700 kg in the cart plus 87.5 kg: the pallet basis, but 5 packs are no whole pallet, so a pack line.
    const [packs] = await shopper.added([line(shopper.cartId, film.id, pack1, 5)]);
    expect(packs).toMatchObject({ unit_type: 'pack', pricing_tier: { id: pack1 } });
    expect(packs!.id).not.toBe(pallets!.id);
    const res = await shopper.call('PATCH', `/api/ecommerce/cart-items/${packs!.id}/`, { pack_quantity: 40 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: packs!.id, pack_quantity: 80, unit_type: 'pallet' });
    expect(await shopper.lines()).toEqual([
      expect.objectContaining({
        id: packs!.id,
        packQuantity: 80,
        unitType: 'pallet',
        pricingTierId: pallet1,
      }),
    ]);
  });

  it('touches only the caller’s own lines', async () => {
    const { id } = await withLine();
    const intruder = await newShopper(ctx, 'intruder');
    const res = await intruder.call('PATCH', `/api/ecommerce/cart-items/${id}/`, { pack_quantity: 1 });
    expect(res.statusCode).toBe(404);
    expect(
      (await intruder.call('PATCH', '/api/ecommerce/cart-items/999999/', { pack_quantity: 1 })).statusCode,
    ).toBe(404);
  });
});

describe('DELETE /api/ecommerce/cart-items/{id}/', () => {
  it('removes the caller’s own line, 404 for anyone else’s', async () => {
    const shopper = await newShopper(ctx);
    const intruder = await newShopper(ctx, 'intruder');
    const tape = await tapeGun();
    const [added] = await shopper.added([line(shopper.cartId, tape.id, tape.tier1, 1)]);
    const refused = await intruder.call('DELETE', `/api/ecommerce/cart-items/${added!.id}/`);
    expect(refused.statusCode).toBe(404);
    expect(await shopper.lines()).toHaveLength(1);
    const res = await shopper.call('DELETE', `/api/ecommerce/cart-items/${added!.id}/`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await shopper.lines()).toEqual([]);
    expect((await shopper.call('DELETE', `/api/ecommerce/cart-items/${added!.id}/`)).statusCode).toBe(404);
    expect((await shopper.cart()).items).toEqual([]);
  });

  it('takes the cart’s lock, so adds and a change running at the same time neither fail nor come back', async () => {
    const shopper = await newShopper(ctx);
    const gun = await itemBySku(ctx, 'TD-STD-50');
    const tier1 = await tierId(ctx, gun.variantId, 'pack', 1);
    const [first] = await shopper.added([line(shopper.cartId, gun.id, tier1, 1)]);
    const url = `/api/ecommerce/cart-items/${first!.id}/`;
    const [removed, changed, ...adds] = await Promise.all([
      shopper.call('DELETE', url),
      shopper.call('PATCH', url, { pack_quantity: 2 }),
      ...Array.from({ length: 3 }, () => shopper.add([line(shopper.cartId, gun.id, tier1, 1)])),
    ]);
    expect(removed!.statusCode).toBe(204);
    // The change found the line before it was removed, or found it gone.
    expect([200, 404]).toContain(changed!.statusCode);
    expect(adds.map((res) => res.statusCode)).toEqual([201, 201, 201]);
    // Whatever the order, the removed line is gone, and the adds that ran after it made one new line.
    const after = adds.filter((res) => res.json<CartItemView[]>()[0]!.id !== first!.id);
    const left = await shopper.lines();
    expect(left).toEqual(
      after.length === 0 ? [] : [expect.objectContaining({ itemId: gun.id, packQuantity: after.length })],
    );
    expect(left.map((row) => row.id)).not.toContain(first!.id);
  });
});

describe('OpenAPI', () => {
  it('documents the cart calls', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json<{ paths: Record<string, Record<string, { tags?: string[] }>> }>().paths;
    expect(paths['/api/cart-items/']?.post?.tags).toEqual(['cart']);
    expect(Object.keys(paths['/api/ecommerce/cart-items/{id}/'] ?? {})).toEqual(
      expect.arrayContaining(['get', 'patch', 'delete']),
    );
    expect(paths['/api/ecommerce/carts/current/']?.get).toBeDefined();
  });
});
