import { ProductPageSchema, type VariantItem } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../services';
import { createCatalogueReader } from '../../storefront/catalogue-reader';
import { createTestApp, type TestContext } from '../../../test/helper';
import { countingDb } from '../../../test/query-counter';
import { createCatalogueService } from './service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Page<T> = { count: number; results: T[] };

describe('getProductPage', () => {
  it('reads the product with its variants, fields, tiers and active items with prices', async () => {
    const catalogue = createCatalogueService(ctx.database.db);
    const page = await catalogue.getProductPage('wraps', 'pallet-wraps');
    expect(page).not.toBeNull();
    expect(ProductPageSchema.parse(page)).toEqual(page);
    expect(page!.product).toEqual(await catalogue.getProduct('wraps', 'pallet-wraps'));

    const [hand, machine] = page!.variants;
    expect(page!.variants.map((variant) => variant.name)).toEqual([
      'Hand Pallet Wrap',
      'Machine Pallet Wrap',
    ]);
    expect(hand!.tableFields.map((field) => field.name)).toEqual([
      'Colour',
      'Thickness (micron)',
      'Width (mm)',
      'Length (m)',
    ]);
    expect(machine!.pricing_tiers.map((tier) => `${tier.tier_type}:${tier.range_start}`)).toEqual([
      'pack:1',
      'pack:10',
      'pack:40',
      'pallet:1',
      'pallet:5',
    ]);
    expect(hand!.items.map((item) => item.sku)).toEqual([
      'PW-HAND-400-CL',
      'PW-HAND-400-BK',
      'PW-HAND-450-CL',
      'PW-HAND-400-XC',
      'PW-HAND-100-MINI',
    ]);
    const clear = hand!.items[0]!;
    expect(clear.images.length).toBeGreaterThan(0);
    expect(clear.data_entries.map((entry) => entry.field)).toEqual(
      hand!.tableFields.map((field) => field.id),
    );
    // Prices follow the tiers' order: 2994p with the seed's factors 1, 0.92, 0.86 and 0.78.
    expect(clear.prices).toEqual([
      { pricing_tier: hand!.pricing_tiers[0]!.id, price_pence: 2994 },
      { pricing_tier: hand!.pricing_tiers[1]!.id, price_pence: 2754 },
      { pricing_tier: hand!.pricing_tiers[2]!.id, price_pence: 2575 },
      { pricing_tier: hand!.pricing_tiers[3]!.id, price_pence: 2335 },
    ]);
  });

  it('holds the same items as GET items/?status=active, without inactive ones', async () => {
    const catalogue = createCatalogueService(ctx.database.db);
    const page = (await catalogue.getProductPage('tapes', 'tape-dispenser'))!;
    for (const variant of page.variants) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/items/?product_variant=${variant.id}&status=active&page_size=100`,
      });
      const listed = res.json<Page<VariantItem>>().results;
      expect(variant.items.map(({ prices: _prices, ...item }) => item)).toEqual(listed);
    }
    const skus = page.variants.flatMap((variant) => variant.items.map((item) => item.sku));
    expect(skus).toContain('TD-BEN-50');
    expect(skus).not.toContain('TD-BEN-75-MULTI');
  });

  it('answers null for an unknown product or one in another category', async () => {
    const catalogue = createCatalogueService(ctx.database.db);
    expect(await catalogue.getProductPage('wraps', 'no-such-product')).toBeNull();
    expect(await catalogue.getProductPage('bags', 'pallet-wraps')).toBeNull();
  });

  it('uses the same small number of queries whatever the number of variants and items', async () => {
    const counter = countingDb(ctx.database);
    const catalogue = createCatalogueService(counter.db);
    const counts: number[] = [];
    const sizes: string[] = [];
    for (const [category, slug] of [
      ['wraps', 'pallet-wraps'],
      ['wraps', 'pallet-covers'],
      ['bags', 'mailing-bags'],
    ] as const) {
      counter.reset();
      const page = (await catalogue.getProductPage(category, slug))!;
      counts.push(counter.count());
      sizes.push(
        `${page.variants.length}/${page.variants.reduce((sum, variant) => sum + variant.items.length, 0)}`,
      );
    }
    // The products differ in size; the query count does not.
    expect(new Set(sizes).size).toBeGreaterThan(1);
    expect(new Set(counts).size).toBe(1);
    expect(counts[0]).toBeLessThanOrEqual(10);
    expect(counts[0]).toBe(9);
    // A second read within the cache's lifetime asks the database nothing.
    counter.reset();
    await catalogue.getProductPage('wraps', 'pallet-wraps');
    expect(counter.count()).toBe(0);
  });

  it('is what the storefront’s loaders read', async () => {
    const catalogue = createCatalogueService(ctx.database.db);
    const reader = createCatalogueReader({ catalogue } as unknown as Services);
    expect(await reader.getProductPage('wraps', 'pallet-wraps')).toEqual(
      await catalogue.getProductPage('wraps', 'pallet-wraps'),
    );
  });
});
