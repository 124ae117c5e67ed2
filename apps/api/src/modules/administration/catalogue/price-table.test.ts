import type { PriceTable } from '@shop/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, pricingData, pricingTiers } from '../../../db/schema';
import { createTestApp, type TestContext } from '../../../../test/helper';
import { cartLine, itemBySku, newShopper, tierId } from '../../../../test/support/carts';
import { staffMember, type StaffMember } from '../../../../test/support/administration';
import { adminInject, eventually, latestAudit } from '../../../../test/support/administration-catalogue';

let ctx: TestContext;
let staff: StaffMember;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await staffMember(ctx, 'staff', 'prices');
});
afterAll(() => ctx.close());

const getTable = async (variant: number) => {
  const res = await staff.admin('GET', `variants/${variant}/price-table/`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PriceTable>();
};
const putTable = (variant: number, payload: unknown) =>
  adminInject(ctx, staff, 'PUT', `variants/${variant}/price-table/`, { payload });

/** The table as a PUT body, unchanged. */
const asBody = (table: PriceTable) => ({
  tiers: table.tiers.map(({ id, tier_type, range_start }) => ({ id, tier_type, range_start })),
  items: table.items.map(({ id, prices }) => ({ id, prices: [...prices] })),
});

const snapshot = async (variant: number) => {
  const tiers = await ctx.database.db
    .select()
    .from(pricingTiers)
    .where(eq(pricingTiers.productVariantId, variant))
    .orderBy(pricingTiers.id);
  const prices = await ctx.database.db
    .select()
    .from(pricingData)
    .where(inArray(pricingData.pricingTierId, tiers.length ? tiers.map((tier) => tier.id) : [0]))
    .orderBy(pricingData.id);
  return { tiers, prices };
};

describe('GET variants/:id/price-table/', () => {
  it('answers the variant, its tiers in order and every item’s price per tier', async () => {
    const { variantId } = await itemBySku(ctx, 'TD-PRO-75');
    const table = await getTable(variantId);
    expect(table.variant).toMatchObject({
      id: variantId,
      name: 'Hand Tape Dispensers',
      product_name: 'Tape Dispenser',
    });
    expect(
      table.tiers.map((tier) => [tier.tier_type, tier.range_start, tier.range_end, tier.no_end_range]),
    ).toEqual([
      ['pack', 1, 4, false],
      ['pack', 5, 19, false],
      ['pack', 20, null, true],
    ]);
    expect(table.items.map((item) => item.sku)).toEqual(['TD-LN-50', 'TD-PRO-50', 'TD-PRO-75', 'TD-STD-50']);
    // 1595p with the seed's factors 1, 0.93 and 0.87.
    expect(table.items.find((item) => item.sku === 'TD-PRO-75')!.prices).toEqual([1595, 1483, 1388]);
    expect((await staff.admin('GET', 'variants/999999/price-table/')).statusCode).toBe(404);
  });
});

describe('PUT variants/:id/price-table/', () => {
  it('replaces tiers and prices in one go: edits, a new tier, a removed tier, ends recomputed', async () => {
    const { variantId } = await itemBySku(ctx, 'TD-PRO-75');
    const before = await getTable(variantId);
    const [t1, t5, t20] = before.tiers;
    // Keep 1+ and 20+ (moved to 25), drop 5+, add 10+.
    const body = {
      tiers: [
        { id: t1!.id, tier_type: 'pack', range_start: 1 },
        { tier_type: 'pack', range_start: 10 },
        { id: t20!.id, tier_type: 'pack', range_start: 25 },
      ],
      items: before.items.map((item, row) => ({ id: item.id, prices: [1000 + row, 900 + row, 800 + row] })),
    };
    const res = await putTable(variantId, body);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<PriceTable>();
    expect(
      after.tiers.map((tier) => [tier.tier_type, tier.range_start, tier.range_end, tier.no_end_range]),
    ).toEqual([
      ['pack', 1, 9, false],
      ['pack', 10, 24, false],
      ['pack', 25, null, true],
    ]);
    expect(after.tiers[0]!.id).toBe(t1!.id);
    expect(after.tiers[2]!.id).toBe(t20!.id);
    expect(after.tiers.map((tier) => tier.id)).not.toContain(t5!.id);
    expect(after.items.map((item) => item.prices)).toEqual(
      before.items.map((_, row) => [1000 + row, 900 + row, 800 + row]),
    );
    expect(await getTable(variantId)).toEqual(after);
    expect(await latestAudit(ctx, 'variant', variantId)).toMatchObject({
      action: 'price_table.replace',
      actorEmail: staff.email,
      before: {
        tiers: ['pack:1', 'pack:5', 'pack:20'],
        prices: expect.objectContaining({ 'TD-PRO-75': [1595, 1483, 1388] }),
      },
      after: { tiers: ['pack:1', 'pack:10', 'pack:25'] },
    });
  });

  it('keeps a cart line whose tier was removed, moving it to a remaining tier', async () => {
    const item = await itemBySku(ctx, 'TD-BEN-50');
    const five = await tierId(ctx, item.variantId, 'pack', 5);
    const shopper = await newShopper(ctx, 'cart-tier');
    await shopper.added([cartLine(shopper.cartId, item.id, five, 6)]);
    const table = await getTable(item.variantId);
    const body = asBody(table);
    body.tiers = body.tiers.filter((tier) => tier.id !== five);
    body.items = body.items.map((row) => ({
      id: row.id,
      prices: row.prices.filter((_, index) => table.tiers[index]!.id !== five),
    }));
    const res = await putTable(item.variantId, body);
    expect(res.statusCode, res.body).toBe(200);
    const lines = await ctx.database.db.select().from(cartItems).where(eq(cartItems.cartId, shopper.cartId));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.pricingTierId).not.toBe(five);
    // The cart prices the line in the tier that now holds 6 packs (1-19) at that tier's price.
    const cart = await shopper.cart();
    const one = await tierId(ctx, item.variantId, 'pack', 1);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]!.pricing_tier).toMatchObject({ id: one, range_start: 1, range_end: 19 });
    expect(cart.items[0]!.price_per_pack).toBe('24.95');
  });

  it('refuses a bad cell with an error addressed to it, and changes nothing', async () => {
    // The hand guns' variant: three pack tiers, four items, not sold by the pallet.
    const { variantId } = await itemBySku(ctx, 'TD-PRO-75');
    const before = await snapshot(variantId);
    const table = await getTable(variantId);
    const body = asBody(table);
    body.items[1]!.prices[2] = -5;
    body.items[0]!.prices[0] = 1.5;
    const res = await putTable(variantId, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      'items.0.prices.0': ['A valid integer is required.'],
      'items.1.prices.2': ['Ensure this value is greater than or equal to 0.'],
    });
    const huge = asBody(table);
    huge.items[2]!.prices[1] = 10_000_001;
    expect((await putTable(variantId, huge)).json()).toEqual({
      'items.2.prices.1': ['Ensure this value is less than or equal to 10,000,000.'],
    });
    expect(await snapshot(variantId)).toEqual(before);
  });

  it('refuses tiers out of order, duplicated, unknown or of a type the variant cannot have', async () => {
    const { variantId } = await itemBySku(ctx, 'TD-PRO-75');
    const before = await snapshot(variantId);
    const table = await getTable(variantId);
    const body = asBody(table);
    const [a, b, c] = body.tiers;
    body.tiers = [
      { ...a!, range_start: 2 },
      { ...b!, range_start: 30 },
      { ...c!, id: b!.id, range_start: 30 },
    ];
    const res = await putTable(variantId, body);
    expect(res.json()).toEqual({
      'tiers.0.range_start': ['The first pack tier must start at 1.'],
      'tiers.2.id': ['This tier appears twice.'],
      'tiers.2.range_start': ['Each tier must start above the tier of the same type before it.'],
    });
    const pallet = asBody(table);
    pallet.tiers.push({ id: 999_999, tier_type: 'pallet', range_start: 1 });
    pallet.items = pallet.items.map((row) => ({ id: row.id, prices: [...row.prices, 100] }));
    expect((await putTable(variantId, pallet)).json()).toEqual({
      'tiers.3.id': ['This tier is not one of the variant’s tiers; reload the table.'],
      'tiers.3.tier_type': ['Set units per pallet on the variant before adding pallet tiers.'],
    });
    const short = asBody(table);
    short.items[0]!.prices.pop();
    short.items.pop();
    expect((await putTable(variantId, short)).json()).toEqual({
      'items.0.prices': ['Give one price per tier.'],
      non_field_errors: ['The variant’s items changed since the table was loaded; reload it.'],
    });
    const foreign = await itemBySku(ctx, 'TD-BEN-25');
    const stranger = asBody(table);
    stranger.items.push({ id: foreign.id, prices: [1, 1, 1] });
    expect((await putTable(variantId, stranger)).json()).toEqual({
      'items.4.id': ['This item is not one of the variant’s items; reload the table.'],
    });
    const none = await putTable(variantId, { tiers: [], items: [] });
    expect(none.json()).toEqual({ tiers: ['A price table needs at least one pack tier.'] });
    const extra = await putTable(variantId, { ...asBody(table), currency: 'USD' });
    expect(extra.statusCode).toBe(400);
    expect(await snapshot(variantId)).toEqual(before);
  });

  it('adds pallet tiers to a variant sold by the pallet', async () => {
    const { variantId } = await itemBySku(ctx, 'PW-HAND-400-CL');
    const table = await getTable(variantId);
    const body = asBody(table);
    const packs = body.tiers.filter((tier) => tier.tier_type === 'pack').length;
    body.tiers.push({ tier_type: 'pallet', range_start: 10 } as (typeof body.tiers)[number]);
    body.items = body.items.map((row) => ({ id: row.id, prices: [...row.prices, 1234] }));
    const res = await putTable(variantId, body);
    expect(res.statusCode, res.body).toBe(200);
    const pallets = res.json<PriceTable>().tiers.filter((tier) => tier.tier_type === 'pallet');
    expect(pallets.map((tier) => [tier.range_start, tier.range_end, tier.no_end_range])).toEqual([
      [1, 9, false],
      [10, null, true],
    ]);
    expect(
      res
        .json<PriceTable>()
        .tiers.slice(0, packs)
        .every((tier) => tier.tier_type === 'pack'),
    ).toBe(true);
  });

  it('shows new prices in the storefront within a second', async () => {
    const item = await itemBySku(ctx, 'TD-STD-50');
    const read = async () => {
      const page = await ctx.app.services.catalogue.getProductPage('tapes', 'tape-dispenser');
      return page!.variants.flatMap((variant) => variant.items).find((row) => row.id === item.id)?.prices[0]
        ?.price_pence;
    };
    const first = await read();
    expect(first).toBeDefined();
    const table = await getTable(item.variantId);
    const body = asBody(table);
    const row = body.items.find((entry) => entry.id === item.id)!;
    row.prices[0] = first! + 111;
    expect((await putTable(item.variantId, body)).statusCode).toBe(200);
    expect(await eventually(read, (pence) => pence === first! + 111)).toBe(first! + 111);
    const api = await ctx.app.inject({ method: 'GET', url: `/api/pricing-tier-data/?item=${item.id}` });
    expect(
      api.json<{ results: { price_pence: number }[] }>().results.map((price) => price.price_pence),
    ).toContain(first! + 111);
  });
});
