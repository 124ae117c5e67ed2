// The price basis on the cart's paths (spec 2, §4): pallet prices when the variant has units per
// pallet and the cart's weight reaches 750 kg, or when the variant itself shows per pallet. The buyer's
// Box/Pallet toggle (a line's `unit_type`) says how the quantity was entered, never what it costs.
import { CART_MESSAGES, penceToDecimal, type CartItemView, type CartView } from '@shop/domain';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, items } from '../../db/schema';
import { createTestApp, type TestContext } from '../../../test/helper';
import {
  cartLine,
  itemBySku,
  newShopper,
  pricePence,
  tierId,
  type Shopper,
} from '../../../test/support/carts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const line = cartLine;
const INVALID = (sku: string) => ({ detail: CART_MESSAGES.invalidTier(sku) });

/**
 * Small Bubble Wrap 300mm: 1 roll and 1.9 kg a pack, 60 rolls a pallet, shown per box; packs 1-4 at £8.95,
 * 5-19 at £8.32, 20+ at £7.79, pallets 1+ at £6.98. The measured case: 60 packs weigh 114 kg.
 */
async function bubbleWrap() {
  const item = await itemBySku(ctx, 'BW-S-300-100');
  return {
    ...item,
    tier1: await tierId(ctx, item.variantId, 'pack', 1),
    tier5: await tierId(ctx, item.variantId, 'pack', 5),
    tier20: await tierId(ctx, item.variantId, 'pack', 20),
    pallet: await tierId(ctx, item.variantId, 'pallet', 1),
  };
}

/**
 * Machine Stretch Film: 1 roll and 17.5 kg a pack, 40 a pallet, and the variant shows per pallet; packs
 * 1-9, 10-39, 40+, pallets 1-4 and 5+.
 */
async function machineFilm() {
  const item = await itemBySku(ctx, 'PW-MACH-500-1500-CL');
  return {
    ...item,
    tier1: await tierId(ctx, item.variantId, 'pack', 1),
    tier10: await tierId(ctx, item.variantId, 'pack', 10),
    tier40: await tierId(ctx, item.variantId, 'pack', 40),
    pallet1: await tierId(ctx, item.variantId, 'pallet', 1),
    pallet5: await tierId(ctx, item.variantId, 'pallet', 5),
  };
}

/**
 * Ballast for the cart's weight: Clear Pallet Top Sheets, 11.5 kg a pack, a variant without pallets (tiers
 * 1-4, 5-19, 20+), its stock made plentiful. 61 packs are 701.5 kg.
 */
async function topSheets() {
  const item = await itemBySku(ctx, 'PC-TS-1200-1000-CL');
  await ctx.database.db.update(items).set({ stock: 1_000_000 }).where(eq(items.id, item.id));
  return { ...item, tier20: await tierId(ctx, item.variantId, 'pack', 20) };
}

async function cartOf(shopper: Shopper): Promise<CartView> {
  return shopper.cart();
}

const lineOfItem = (cart: CartView, itemId: number) => cart.items.find((row) => row.item.id === itemId)!;

describe('POST cart-items/: the basis is the rule’s, whatever unit_type says', () => {
  it('prices 60 packs of BW-S-300-100 (114 kg) by the pack, also when they were entered as a pallet', async () => {
    const shopper = await newShopper(ctx);
    const wrap = await bubbleWrap();
    // The pallet tier, sent for the Pallet position below 750 kg, is refused (DESIGN §4.4)...
    const palletTier = await shopper.add([
      line(shopper.cartId, wrap.id, wrap.pallet, 60, { unit_type: 'pallet' }),
    ]);
    expect(palletTier.statusCode).toBe(400);
    expect(palletTier.json()).toEqual(INVALID('BW-S-300-100'));
    expect(await shopper.lines()).toEqual([]);
    // ...and the pack tier the rule gives is taken, entered either way: £7.79 a pack.
    const [added] = await shopper.added([
      line(shopper.cartId, wrap.id, wrap.tier20, 60, { unit_type: 'pallet' }),
    ]);
    expect(added).toMatchObject({
      pack_quantity: 60,
      unit_type: 'pack',
      pricing_tier: { id: wrap.tier20, tier_type: 'pack' },
      price_per_pack: '7.79',
      subtotal: '467.40',
    });
    expect(await shopper.lines()).toEqual([
      expect.objectContaining({ packQuantity: 60, unitType: 'pack', pricingTierId: wrap.tier20 }),
    ]);
    expect(lineOfItem(await cartOf(shopper), wrap.id)).toEqual(added);
  });

  it('prices a variant that shows per pallet by the pallet below 750 kg, even entered as boxes', async () => {
    const shopper = await newShopper(ctx);
    const film = await machineFilm();
    // 40 packs are 700 kg and one whole pallet.
    const packTier = await shopper.add([
      line(shopper.cartId, film.id, film.tier40, 40, { unit_type: 'pack' }),
    ]);
    expect(packTier.statusCode).toBe(400);
    expect(packTier.json()).toEqual(INVALID('PW-MACH-500-1500-CL'));
    const [added] = await shopper.added([
      line(shopper.cartId, film.id, film.pallet1, 40, { unit_type: 'pack' }),
    ]);
    expect(added).toMatchObject({
      unit_type: 'pallet',
      pricing_tier: { id: film.pallet1 },
      price_per_pack: penceToDecimal(await pricePence(ctx, film.id, film.pallet1)),
    });
    // Part of a pallet is priced by the pack on the pallet basis, however it is entered.
    const [part] = await shopper.added([
      line(shopper.cartId, film.id, film.tier10, 12, { unit_type: 'pallet' }),
    ]);
    expect(part).toMatchObject({ unit_type: 'pack', pricing_tier: { id: film.tier10 }, pack_quantity: 12 });
  });

  it('reaches 750 kg when the weights add up to exactly 750 kg', async () => {
    const shopper = await newShopper(ctx);
    // 16 packs of 4.8 kg in the cart (76.8 kg), then 51 packs of 13.2 kg (673.2 kg, one whole pallet):
    // in floating point 76.8 + 673.1999999999999 is 749.9999999999999.
    const bubbles = await itemBySku(ctx, 'BW-L-1000-50');
    await shopper.added([
      line(shopper.cartId, bubbles.id, await tierId(ctx, bubbles.variantId, 'pack', 5), 16),
    ]);
    const hand = await itemBySku(ctx, 'PW-HAND-400-CL');
    const pallet = await tierId(ctx, hand.variantId, 'pallet', 1);
    const [added] = await shopper.added([line(shopper.cartId, hand.id, pallet, 51)]);
    expect(added).toMatchObject({ unit_type: 'pallet', pricing_tier: { id: pallet } });
    expect((await cartOf(shopper)).total_weight).toBe(750);
  });

  it('prices a line merged into the cart’s line of the item by the rule, whatever the added part said', async () => {
    const shopper = await newShopper(ctx);
    const wrap = await bubbleWrap();
    const [first] = await shopper.added([line(shopper.cartId, wrap.id, wrap.tier20, 55)]);
    // 5 more, entered as a pallet: 60 packs, 114 kg, still £7.79 a pack on the one line.
    const [merged] = await shopper.added([
      line(shopper.cartId, wrap.id, wrap.tier5, 5, { unit_type: 'pallet' }),
    ]);
    expect(merged).toMatchObject({
      id: first!.id,
      pack_quantity: 60,
      unit_type: 'pack',
      pricing_tier: { id: wrap.tier20 },
      price_per_pack: '7.79',
    });
    expect(await shopper.lines()).toEqual([
      expect.objectContaining({
        id: first!.id,
        packQuantity: 60,
        unitType: 'pack',
        pricingTierId: wrap.tier20,
      }),
    ]);
  });
});

describe('PATCH cart-items/{id}/: the hints never price a line', () => {
  it('prices 60 packs of BW-S-300-100 by the pack, the pallet tier and unit type sent notwithstanding', async () => {
    const shopper = await newShopper(ctx);
    const wrap = await bubbleWrap();
    const [added] = await shopper.added([line(shopper.cartId, wrap.id, wrap.tier20, 59)]);
    const res = await shopper.call('PATCH', `/api/ecommerce/cart-items/${added!.id}/`, {
      pack_quantity: 60,
      pricing_tier: wrap.pallet,
      unit_type: 'pallet',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: added!.id,
      pack_quantity: 60,
      unit_type: 'pack',
      pricing_tier: { id: wrap.tier20 },
      price_per_pack: '7.79',
    });
    // A line already on pallet prices, changed without a hint in a light cart, goes back to the pack.
    expect(await shopper.lines()).toEqual([
      expect.objectContaining({ packQuantity: 60, unitType: 'pack', pricingTierId: wrap.tier20 }),
    ]);
  });

  it('moves a line on a variant shown per pallet to the pallet when it reaches a whole pallet', async () => {
    const shopper = await newShopper(ctx);
    const film = await machineFilm();
    const [added] = await shopper.added([line(shopper.cartId, film.id, film.tier10, 39)]);
    const res = await shopper.call('PATCH', `/api/ecommerce/cart-items/${added!.id}/`, {
      pack_quantity: 40,
      unit_type: 'pack',
      pricing_tier: film.tier40,
    });
    expect(res.json()).toMatchObject({
      id: added!.id,
      unit_type: 'pallet',
      pricing_tier: { id: film.pallet1 },
    });
  });
});

describe('lines already in the cart follow the cart’s weight', () => {
  it('prices the line by the pallet once other lines take the cart to 750 kg, and by the pack again below', async () => {
    const shopper = await newShopper(ctx);
    const wrap = await bubbleWrap();
    const sheets = await topSheets();
    const [bubbles] = await shopper.added([line(shopper.cartId, wrap.id, wrap.tier20, 60)]);
    expect(bubbles!.price_per_pack).toBe('7.79');
    // 701.5 kg more: 815.5 kg, so the bubble wrap's one whole pallet is priced by the pallet.
    const [ballast] = await shopper.added([line(shopper.cartId, sheets.id, sheets.tier20, 61)]);
    const heavy = await cartOf(shopper);
    expect(heavy.total_weight).toBe(815.5);
    const onPallet = lineOfItem(heavy, wrap.id);
    expect(onPallet).toMatchObject({
      id: bubbles!.id,
      unit_type: 'pallet',
      pricing_tier: { id: wrap.pallet, tier_type: 'pallet' },
      price_per_pack: '6.98',
      subtotal: '418.80',
      total: '418.80',
    });
    expect(heavy.subtotal).toBe(
      penceToDecimal(60 * 698 + 61 * (await pricePence(ctx, sheets.id, sheets.tier20))),
    );
    // Every read of the line says the same.
    const one = await shopper.call('GET', `/api/ecommerce/cart-items/${bubbles!.id}/`);
    expect(one.json()).toEqual(onPallet);
    const page = await shopper.call('GET', `/api/ecommerce/cart-items/?cart=${shopper.cartId}&page_size=1`);
    expect(page.json<{ count: number; results: CartItemView[] }>()).toMatchObject({
      count: 2,
      results: [onPallet],
    });
    const second = await shopper.call(
      'GET',
      `/api/ecommerce/cart-items/?cart=${shopper.cartId}&page_size=1&page=2`,
    );
    expect(second.json<{ results: CartItemView[] }>().results.map((row) => row.id)).toEqual([ballast!.id]);

    // The ballast goes: 114 kg, back to £7.79.
    expect((await shopper.call('DELETE', `/api/ecommerce/cart-items/${ballast!.id}/`)).statusCode).toBe(204);
    const light = await cartOf(shopper);
    expect(lineOfItem(light, wrap.id)).toMatchObject({
      id: bubbles!.id,
      unit_type: 'pack',
      pricing_tier: { id: wrap.tier20 },
      price_per_pack: '7.79',
      subtotal: '467.40',
    });
    expect(light.subtotal).toBe('467.40');
  });

  it('answers a change with the basis the cart’s new weight gives, and the other lines follow it', async () => {
    const shopper = await newShopper(ctx);
    const wrap = await bubbleWrap();
    const sheets = await topSheets();
    const [bubbles] = await shopper.added([line(shopper.cartId, wrap.id, wrap.tier20, 60)]);
    const [ballast] = await shopper.added([line(shopper.cartId, sheets.id, sheets.tier20, 20)]);
    // 20 packs more of ballast (460 kg in all, 574 kg with the bubble wrap): still by the pack.
    expect(lineOfItem(await cartOf(shopper), wrap.id).price_per_pack).toBe('7.79');
    const res = await shopper.call('PATCH', `/api/ecommerce/cart-items/${ballast!.id}/`, {
      pack_quantity: 61,
    });
    expect(res.statusCode).toBe(200);
    expect(lineOfItem(await cartOf(shopper), wrap.id)).toMatchObject({
      id: bubbles!.id,
      unit_type: 'pallet',
      price_per_pack: '6.98',
    });
  });
});

describe('the price basis around 750 kg (property)', () => {
  it('answers the rule’s price for any quantity and cart weight, whatever unit_type and tier hint', async () => {
    const shopper = await newShopper(ctx);
    const wrap = await bubbleWrap();
    const film = await machineFilm();
    // Ballast of exactly 0.1 kg a pack, untracked, priced by the pack only.
    const ballast = await itemBySku(ctx, 'PC-TS-1200-800-CL');
    await ctx.database.db
      .update(items)
      .set({ weight: 0.1, weightUnit: 'kg', trackInventory: false })
      .where(eq(items.id, ballast.id));
    const ballastTiers = await Promise.all(
      [1, 5, 20].map(async (start) => [start, await tierId(ctx, ballast.variantId, 'pack', start)] as const),
    );
    const ballastTier = (packs: number) => ballastTiers.filter(([start]) => packs >= start).at(-1)![1];
    await ctx.database.db
      .update(items)
      .set({ stock: 100_000 })
      .where(inArray(items.id, [wrap.id, film.id]));

    const subjects = {
      // Shown per box: 1.9 kg (19,000 tenths of a gram) a pack, 60 packs a pallet.
      box: {
        ...wrap,
        tenths: 19_000,
        perPallet: 60,
        showsPallet: false,
        maxPacks: 180,
        packTiers: [
          [20, wrap.tier20],
          [5, wrap.tier5],
          [1, wrap.tier1],
        ],
        palletTiers: [[1, wrap.pallet]],
      },
      // Shown per pallet: 17.5 kg a pack, 40 packs a pallet.
      pallet: {
        ...film,
        tenths: 175_000,
        perPallet: 40,
        showsPallet: true,
        maxPacks: 220,
        packTiers: [
          [40, film.tier40],
          [10, film.tier10],
          [1, film.tier1],
        ],
        palletTiers: [
          [5, film.pallet5],
          [1, film.pallet1],
        ],
      },
    } as const;
    type Subject = (typeof subjects)['box' | 'pallet'];
    const tiersOf = (subject: Subject) => [...subject.packTiers, ...subject.palletTiers].map(([, id]) => id);
    const prices = new Map<number, number>();
    for (const subject of Object.values(subjects)) {
      for (const tier of tiersOf(subject)) prices.set(tier, await pricePence(ctx, subject.id, tier));
    }
    /**
     * The rule of spec 2, §4 on its own, in whole tenths of a gram: the tier of `packs` packs when the cart
     * weighs `cartTenths` with them (tiers listed highest start first).
     */
    function ruleTier(subject: Subject, cartTenths: number, packs: number) {
      const pallets = Math.floor(packs / subject.perPallet);
      const onPallets = subject.showsPallet || cartTenths >= 7_500_000;
      const pallet = subject.palletTiers.find(([start]) => onPallets && pallets >= start);
      if (pallet) return { id: pallet[1], type: 'pallet' as const };
      return { id: subject.packTiers.find(([start]) => packs >= start)![1], type: 'pack' as const };
    }

    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<'box' | 'pallet'>('box', 'pallet'),
        fc.integer({ min: 1, max: 220 }),
        fc.integer({ min: 1, max: 220 }),
        // Where the cart lands against 750 kg: on it, within a few hundred grams, or 150 kg either side.
        fc.oneof(fc.constant(0), fc.integer({ min: -3, max: 3 }), fc.integer({ min: -1500, max: 1500 })),
        fc.constantFrom<'pack' | 'pallet'>('pack', 'pallet'),
        fc.constantFrom<'pack' | 'pallet'>('pack', 'pallet'),
        async (kind, rawPacks, rawNewPacks, offset, addedAs, changedAs) => {
          const subject = subjects[kind];
          const packs = Math.min(rawPacks, subject.maxPacks);
          const newPacks = Math.min(rawNewPacks, subject.maxPacks);
          // Ballast packs of 0.1 kg that put cart and selection around 750 kg.
          const ballastPacks = Math.max(0, Math.round((7_500_000 - packs * subject.tenths) / 1000) + offset);
          await ctx.database.db.delete(cartItems).where(eq(cartItems.cartId, shopper.cartId));
          if (ballastPacks > 0) {
            await shopper.added([line(shopper.cartId, ballast.id, ballastTier(ballastPacks), ballastPacks)]);
          }
          const ballastTenths = ballastPacks * 1000;

          const expected = ruleTier(subject, ballastTenths + packs * subject.tenths, packs);
          // Any other tier of the variant is refused: the one the Pallet position priced by before first.
          const others = tiersOf(subject).filter((id) => id !== expected.id);
          const wrong =
            others.find((id) => subject.palletTiers.some(([, pallet]) => pallet === id)) ?? others[0]!;
          const refused = await shopper.add([
            line(shopper.cartId, subject.id, wrong, packs, { unit_type: addedAs }),
          ]);
          expect(refused.json()).toEqual(INVALID(subject.sku));
          const [added] = await shopper.added([
            line(shopper.cartId, subject.id, expected.id, packs, { unit_type: addedAs }),
          ]);
          expect(added).toMatchObject({
            pack_quantity: packs,
            unit_type: expected.type,
            pricing_tier: { id: expected.id },
            price_per_pack: penceToDecimal(prices.get(expected.id)!),
          });

          // A change, with any hint: priced by the rule for the cart's new weight.
          const changed = ruleTier(subject, ballastTenths + newPacks * subject.tenths, newPacks);
          const hint = tiersOf(subject)[newPacks % tiersOf(subject).length];
          const res = await shopper.call('PATCH', `/api/ecommerce/cart-items/${added!.id}/`, {
            pack_quantity: newPacks,
            unit_type: changedAs,
            pricing_tier: hint,
          });
          expect(res.statusCode).toBe(200);
          const view = res.json<CartItemView>();
          expect(view).toMatchObject({
            pack_quantity: newPacks,
            unit_type: changed.type,
            pricing_tier: { id: changed.id },
            price_per_pack: penceToDecimal(prices.get(changed.id)!),
          });
          // The cart says the same of it, and of the ballast's weight.
          const cart = await cartOf(shopper);
          expect(lineOfItem(cart, subject.id)).toEqual(view);
        },
      ),
      { numRuns: 40, endOnFailure: true },
    );
  }, 240_000);
});
