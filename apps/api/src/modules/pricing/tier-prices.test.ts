import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helper';
import { items, pricingData, pricingTiers, productVariants } from '../../db/schema';
import { tierPricesOf, tierPricesRows } from './queries';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('tierPricesRows and tierPricesOf (the cart and checkout reads’ tiers with prices)', () => {
  it('give every demo item the tiers of its variant and its prices, as the tables hold them', async () => {
    const { db } = ctx.database;
    const read = await db
      .select({
        itemId: items.id,
        variantId: productVariants.id,
        rows: tierPricesRows(productVariants.id, items.id),
      })
      .from(items)
      .innerJoin(productVariants, eq(productVariants.id, items.productVariantId))
      .orderBy(asc(items.id));
    const tiers = await db.select().from(pricingTiers);
    const prices = await db.select().from(pricingData);
    expect(read.length).toBeGreaterThan(100);
    for (const { itemId, variantId, rows } of read) {
      const decoded = tierPricesOf(rows);
      const expected = tiers
        .filter((tier) => tier.productVariantId === variantId)
        .sort((a, b) => a.tierType.localeCompare(b.tierType) || a.rangeStart - b.rangeStart || a.id - b.id)
        .map((tier) => ({
          id: tier.id,
          tier_type: tier.tierType,
          range_start: tier.rangeStart,
          range_end: tier.rangeEnd,
          no_end_range: tier.noEndRange,
        }));
      expect(decoded.tiers).toEqual(expected);
      const own = new Map(
        prices
          .filter((price) => price.itemId === itemId)
          .map((price) => [price.pricingTierId, price.pricePence]),
      );
      expect(decoded.prices).toEqual(own);
    }
    expect(
      read.some(({ rows }) => tierPricesOf(rows).tiers.some((tier) => tier.tier_type === 'pallet')),
    ).toBe(true);
  });

  it('keeps a tier the item has no price in without a price, and gives a variant without tiers none', async () => {
    const { db } = ctx.database;
    const [price] = await db
      .select({ itemId: pricingData.itemId, tierId: pricingData.pricingTierId })
      .from(pricingData)
      .limit(1);
    const readItem = async () => {
      const [row] = await db
        .select({ rows: tierPricesRows(productVariants.id, items.id) })
        .from(items)
        .innerJoin(productVariants, eq(productVariants.id, items.productVariantId))
        .where(eq(items.id, price!.itemId));
      return row!.rows;
    };
    await db.delete(pricingData).where(eq(pricingData.itemId, price!.itemId));
    const unpriced = tierPricesOf(await readItem());
    expect(unpriced.tiers.map((tier) => tier.id)).toContain(price!.tierId);
    expect(unpriced.prices.size).toBe(0);

    const [item] = await db
      .select({ variantId: items.productVariantId })
      .from(items)
      .where(eq(items.id, price!.itemId));
    await db.delete(pricingTiers).where(eq(pricingTiers.productVariantId, item!.variantId));
    expect(await readItem()).toEqual([]);
    expect(tierPricesOf(await readItem())).toEqual({ tiers: [], prices: new Map() });
  });
});
