// The cart's bounds (DESIGN §4.10): an item's packs in a cart never pass MAX_PACK_QUANTITY, however they
// are brought there, and a bad number in a path or query string is a 400, never a 500.
import { CART_MESSAGES, MAX_LINES_PER_ADD, MAX_PACK_QUANTITY } from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems } from '../../db/schema';
import { createTestApp, type TestContext } from '../../../test/helper';
import { itemBySku, newShopper, tierId, cartLine } from '../../../test/support/carts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const line = cartLine;

/** Standard Tape Gun: stock not tracked, so only the cap stops a quantity; 1 a pack, tiers 1-4, 5-19, 20+. */
async function untrackedGun() {
  const item = await itemBySku(ctx, 'TD-STD-50');
  return { ...item, tier20: await tierId(ctx, item.variantId, 'pack', 20) };
}

const tooMany = (sku: string) => ({ detail: CART_MESSAGES.tooManyPacks(sku) });

describe('the pack cap', () => {
  it('says the cap with the SKU', () => {
    expect(CART_MESSAGES.tooManyPacks('TD-STD-50')).toBe(
      'At most 100,000 packs of TD-STD-50 can be in one cart.',
    );
  });

  it('refuses an add that merges past the cap, naming the SKU, and leaves the cart as it was', async () => {
    const shopper = await newShopper(ctx);
    const gun = await untrackedGun();
    await shopper.added([line(shopper.cartId, gun.id, gun.tier20, 60_000)]);
    const res = await shopper.add([line(shopper.cartId, gun.id, gun.tier20, 40_001)]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(tooMany('TD-STD-50'));
    expect(await shopper.lines()).toEqual([
      expect.objectContaining({ itemId: gun.id, packQuantity: 60_000 }),
    ]);
    // Up to the cap itself is fine.
    const [full] = await shopper.added([line(shopper.cartId, gun.id, gun.tier20, 40_000)]);
    expect(full).toMatchObject({ pack_quantity: MAX_PACK_QUANTITY });
  });

  it('refuses one request whose lines of an item pass the cap together, and writes none of its lines', async () => {
    const shopper = await newShopper(ctx);
    const gun = await untrackedGun();
    const other = await itemBySku(ctx, 'TD-LN-50');
    const otherTier = await tierId(ctx, other.variantId, 'pack', 1);
    const res = await shopper.add([
      line(shopper.cartId, gun.id, gun.tier20, 50_000),
      line(shopper.cartId, other.id, otherTier, 1),
      line(shopper.cartId, gun.id, gun.tier20, 50_001),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(tooMany('TD-STD-50'));
    expect(await shopper.lines()).toEqual([]);
  });

  it('refuses a PATCH past the cap, also when the line folds into the item’s pallet line', async () => {
    const shopper = await newShopper(ctx);
    // Untracked, 25 boxes and about 10.8 kg a pack, 40 packs a pallet, shown per box; tiers 1-9, 10-49, 50+
    // and pallet 1+. Enough packs to weigh 750 kg go on the pallet line.
    const box = await itemBySku(ctx, 'SWB-406305305');
    const pallet1 = await tierId(ctx, box.variantId, 'pallet', 1);
    const pack1 = await tierId(ctx, box.variantId, 'pack', 1);
    const heavy = Math.ceil(750 / box.weight);
    const [pallets] = await shopper.added([line(shopper.cartId, box.id, pallet1, heavy)]);
    expect(pallets).toMatchObject({ unit_type: 'pallet', pricing_tier: { id: pallet1 } });
    // One pack more is no whole pallet: a pack line of its own.
    const [packs] = await shopper.added([line(shopper.cartId, box.id, pack1, 1)]);
    expect(packs!.id).not.toBe(pallets!.id);
    const url = `/api/ecommerce/cart-items/${packs!.id}/`;

    const overCap = await shopper.call('PATCH', url, { pack_quantity: MAX_PACK_QUANTITY + 1 });
    expect(overCap.statusCode).toBe(400);
    expect(overCap.json()).toHaveProperty('pack_quantity');
    // Within the cap on its own, past it with the packs of the pallet line it folds into.
    const folded = await shopper.call('PATCH', url, { pack_quantity: MAX_PACK_QUANTITY - heavy + 1 });
    expect(folded.statusCode).toBe(400);
    expect(folded.json()).toEqual(tooMany('SWB-406305305'));
    expect(await shopper.lines()).toEqual([
      expect.objectContaining({ id: pallets!.id, packQuantity: heavy, unitType: 'pallet' }),
      expect.objectContaining({ id: packs!.id, packQuantity: 1, unitType: 'pack' }),
    ]);

    const full = await shopper.call('PATCH', url, { pack_quantity: MAX_PACK_QUANTITY - heavy });
    expect(full.statusCode).toBe(200);
    expect(full.json()).toMatchObject({ pack_quantity: MAX_PACK_QUANTITY, unit_type: 'pallet' });
  });

  it('answers repeated full adds with 400, never a 500, and the line stays at the cap', async () => {
    const shopper = await newShopper(ctx);
    const gun = await untrackedGun();
    // The finding's request: 200 lines of the cap each. About 108 of them used to pass int4 and fail with a 500.
    const fullRequest = Array.from({ length: MAX_LINES_PER_ADD }, () =>
      line(shopper.cartId, gun.id, gun.tier20, MAX_PACK_QUANTITY),
    );
    const refused = await shopper.add(fullRequest);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(tooMany('TD-STD-50'));

    await shopper.added([line(shopper.cartId, gun.id, gun.tier20, MAX_PACK_QUANTITY)]);
    for (let i = 0; i < 5; i++) {
      const again = await shopper.add([line(shopper.cartId, gun.id, gun.tier20, MAX_PACK_QUANTITY)]);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual(tooMany('TD-STD-50'));
    }
    expect(await shopper.lines()).toEqual([expect.objectContaining({ packQuantity: MAX_PACK_QUANTITY })]);
  });

  it('cannot store a line past the cap by any path: the database refuses it too', async () => {
    const shopper = await newShopper(ctx);
    const gun = await untrackedGun();
    const [added] = await shopper.added([line(shopper.cartId, gun.id, gun.tier20, 20)]);
    // A line as the old code could leave it, one full add short of 2,147,483,647.
    await expect(
      ctx.database.db
        .update(cartItems)
        .set({ packQuantity: 2_147_400_000 })
        .where(eq(cartItems.id, added!.id)),
    ).rejects.toThrow();
    expect(await shopper.lines()).toEqual([expect.objectContaining({ packQuantity: 20 })]);
  });
});

describe('numbers in cart paths and query strings', () => {
  const BAD_NUMBERS = ['1e999', '99999999999', '-1', '0', 'NaN', 'abc', '', '0x10', '1e1', '+1', ' 1', '1.5'];

  it.each(BAD_NUMBERS)('refuses %j as page and as page_size with a 400', async (value) => {
    const shopper = await newShopper(ctx);
    for (const name of ['page', 'page_size']) {
      const res = await shopper.call(
        'GET',
        `/api/ecommerce/cart-items/?${name}=${encodeURIComponent(value)}`,
      );
      expect(res.statusCode, `${name}=${value}`).toBe(400);
      expect(res.json()).toHaveProperty(name);
    }
  });

  it.each([...BAD_NUMBERS, '2147483648'])(
    'refuses the id %j in a path or ?cart= with a 400',
    async (value) => {
      const shopper = await newShopper(ctx);
      const id = encodeURIComponent(value);
      const urls = [
        `/api/ecommerce/carts/${id}/`,
        `/api/ecommerce/cart-items/${id}/`,
        `/api/ecommerce/cart-items/?cart=${id}`,
      ];
      // An empty path segment is another route; a 404 there is right.
      for (const url of value === '' ? urls.slice(2) : urls) {
        const res = await shopper.call('GET', url);
        expect(res.statusCode, url).toBe(400);
      }
      const patch = await shopper.call('PATCH', `/api/ecommerce/cart-items/${id || 'x'}/`, {
        pack_quantity: 1,
      });
      expect(patch.statusCode).toBe(400);
      expect(patch.json()).toHaveProperty('id');
    },
  );

  it('still reads plain decimal pages and ids', async () => {
    const shopper = await newShopper(ctx);
    const page = await shopper.call(
      'GET',
      `/api/ecommerce/cart-items/?cart=${shopper.cartId}&page=1&page_size=100`,
    );
    expect(page.statusCode).toBe(200);
    const last = await shopper.call('GET', '/api/ecommerce/cart-items/?page=100000&page_size=100');
    expect(last.statusCode).toBe(200);
    expect(last.json()).toMatchObject({ results: [] });
  });
});
