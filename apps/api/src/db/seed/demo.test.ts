import { count, eq, inArray, like, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../client';
import {
  categories,
  itemDataEntries,
  items,
  pricingData,
  pricingTiers,
  products,
  productVariants,
  shopSettings,
  tableFields,
} from '../schema';
import { DEFAULT_SHOP_SETTINGS, seedDemoCatalogue, seedSyntheticCatalogue } from '.';
import { DEMO_PRODUCTS } from './demo-data';

const SIDE_MENU_SLUGS = {
  wraps: ['pallet-wraps', 'pallet-covers', 'bubble-wrap'],
  bags: ['mailing-bags', 'clear-bags', 'bubble-mailers', 'book-mailers'],
  tapes: ['packing-tapes', 'tape-dispenser'],
  'food-packaging': [
    'kraft-food-boxes',
    'paper-cups',
    'deli-containers',
    'sandwich-wedges',
    'pizza-boxes',
    'foil-containers',
    'greaseproof-paper',
  ],
  labels: ['thermal-labels', 'address-labels'],
  boxes: ['single-wall-boxes', 'double-wall-boxes', 'die-cut-boxes'],
  postal: ['postal-boxes', 'pip-boxes'],
};

let database: Database;

const countOf = async (table: PgTable) => {
  const [row] = await database.db.select({ value: count() }).from(table);
  return row?.value ?? 0;
};

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
});

afterAll(async () => {
  await database?.close();
});

describe('seedDemoCatalogue', () => {
  it('seeds an empty database and reports it', async () => {
    expect(await seedDemoCatalogue(database.db)).toBe(true);
  });

  it('creates the seven categories in menu order', async () => {
    const rows = await database.db
      .select({
        slug: categories.slug,
        name: categories.name,
        image: categories.image,
        slider: categories.sliderImage,
      })
      .from(categories)
      .orderBy(categories.position);
    expect(rows.map((row) => row.slug)).toEqual([
      'wraps',
      'bags',
      'food-packaging',
      'tapes',
      'labels',
      'boxes',
      'postal',
    ]);
    expect(rows.map((row) => row.name)).toEqual([
      'Wraps',
      'Bags',
      'Food Packaging',
      'Tapes',
      'Labels',
      'Boxes',
      'Postal',
    ]);
    for (const row of rows) {
      expect(row.image).toMatch(/^\/images\/categories\/[a-z-]+\.svg$/);
      expect(row.slider).toMatch(/^\/images\/slider\/[a-z-]+\.svg$/);
    }
  });

  it('creates every side-menu product in its category', async () => {
    const rows = await database.db
      .select({ slug: products.slug, category: categories.slug })
      .from(products)
      .innerJoin(categories, eq(products.categoryId, categories.id));
    const categoryOf = new Map(rows.map((row) => [row.slug, row.category]));
    for (const [category, slugs] of Object.entries(SIDE_MENU_SLUGS)) {
      for (const slug of slugs) expect(categoryOf.get(slug), slug).toBe(category);
    }
    const pip = await database.db
      .select({ name: products.name })
      .from(products)
      .where(eq(products.slug, 'pip-boxes'));
    expect(pip[0]?.name).toBe('Large Letter PiP Boxes');
  });

  it('features exactly fifteen products, ranked 1 to 15', async () => {
    const rows = await database.db
      .select({ rank: products.featuredRank })
      .from(products)
      .where(sql`${products.featuredRank} is not null`)
      .orderBy(products.featuredRank);
    expect(rows.map((row) => row.rank)).toEqual(Array.from({ length: 15 }, (_, index) => index + 1));
  });

  it('gives every variant 3 to 6 items and every product 1 to 6 variants', async () => {
    const perVariant = await database.db
      .select({ variantId: items.productVariantId, value: count() })
      .from(items)
      .groupBy(items.productVariantId);
    const variantCount = await database.db.select({ value: count() }).from(productVariants);
    expect(perVariant).toHaveLength(variantCount[0]!.value);
    for (const row of perVariant) {
      expect(row.value).toBeGreaterThanOrEqual(3);
      expect(row.value).toBeLessThanOrEqual(6);
    }
    const perProduct = await database.db
      .select({ productId: productVariants.productId, value: count() })
      .from(productVariants)
      .groupBy(productVariants.productId);
    expect(perProduct).toHaveLength(DEMO_PRODUCTS.length);
    for (const row of perProduct) expect(row.value).toBeGreaterThanOrEqual(1);
    for (const row of perProduct) expect(row.value).toBeLessThanOrEqual(6);
    // One product has six variants: the product page is measured with that many.
    expect(Math.max(...perProduct.map((row) => row.value))).toBe(6);
  });

  it('prices every item in every tier of its variant, cheaper in higher tiers', async () => {
    const missing = await database.db.execute(sql`
      select i.sku, t.id as tier_id
      from ${items} i
      join ${pricingTiers} t on t.product_variant_id = i.product_variant_id
      left join ${pricingData} d on d.pricing_tier_id = t.id and d.item_id = i.id
      where d.id is null`);
    expect(missing.rows).toEqual([]);

    const ladders = await database.db.execute<{ sku: string; prices: number[] }>(sql`
      select i.sku, array_agg(d.price_pence order by t.tier_type, t.range_start) as prices
      from ${items} i
      join ${pricingData} d on d.item_id = i.id
      join ${pricingTiers} t on t.id = d.pricing_tier_id
      group by i.sku`);
    expect(ladders.rows.length).toBeGreaterThan(0);
    for (const { sku, prices } of ladders.rows) {
      for (let index = 1; index < prices.length; index++) {
        expect(prices[index], sku).toBeLessThanOrEqual(prices[index - 1]!);
      }
    }
  });

  it('fills a data entry for every table field of every item', async () => {
    const missing = await database.db.execute(sql`
      select i.sku, f.name
      from ${items} i
      join ${tableFields} f on f.product_variant_id = i.product_variant_id
      left join ${itemDataEntries} e on e.item_id = i.id and e.table_field_id = f.id
      where e.id is null`);
    expect(missing.rows).toEqual([]);
  });

  it('gives boxes, bags and postal items real, sorted millimetre dimensions', async () => {
    const rows = await database.db
      .select({
        sku: items.sku,
        unit: items.measurementUnit,
        small: items.dimSmallMm,
        mid: items.dimMidMm,
        large: items.dimLargeMm,
      })
      .from(items)
      .innerJoin(productVariants, eq(items.productVariantId, productVariants.id))
      .innerJoin(products, eq(productVariants.productId, products.id))
      .innerJoin(categories, eq(products.categoryId, categories.id))
      .where(inArray(categories.slug, ['boxes', 'bags', 'postal']));
    expect(rows.length).toBeGreaterThan(40);
    for (const row of rows) {
      expect(row.unit, row.sku).not.toBeNull();
      expect(row.mid!, row.sku).toBeGreaterThan(0);
      expect(row.small!).toBeLessThanOrEqual(row.mid!);
      expect(row.mid!).toBeLessThanOrEqual(row.large!);
    }
    const [box] = await database.db
      .select({
        small: items.dimSmallMm,
        mid: items.dimMidMm,
        large: items.dimLargeMm,
        inches: items.lengthInInches,
      })
      .from(items)
      .where(eq(items.sku, 'SWB-305229229'));
    expect(box).toEqual({ small: 229, mid: 229, large: 305, inches: 12.008 });
    const [bag] = await database.db
      .select({ small: items.dimSmallMm, mid: items.dimMidMm, large: items.dimLargeMm })
      .from(items)
      .where(eq(items.sku, 'MB-GRY-1014'));
    expect(bag).toEqual({ small: 0, mid: 254, large: 355.6 });
  });

  it('offers pallet tiers only on variants sold by the pallet', async () => {
    const rows = await database.db.execute<{
      units_per_pallet: number | null;
      pallet_tiers: number;
      show: string;
    }>(sql`
      select v.units_per_pallet, v.show_units_per as show,
        (select count(*)::int from ${pricingTiers} t where t.product_variant_id = v.id and t.tier_type = 'pallet') as pallet_tiers
      from ${productVariants} v`);
    for (const row of rows.rows) expect(row.pallet_tiers > 0).toBe(row.units_per_pallet !== null);
    expect(rows.rows.filter((row) => row.show === 'pallet').length).toBeGreaterThanOrEqual(2);
  });

  it('stores the default shop settings', async () => {
    const rows = await database.db.select().from(shopSettings);
    const settings = Object.fromEntries(rows.map((row) => [row.key, row.value]));
    // The bank details have no default: nothing is stored until staff set them.
    const { bank: _none, ...stored } = DEFAULT_SHOP_SETTINGS;
    expect(settings).toEqual(stored);
    expect(settings.vat_rate).toBe(20);
  });

  it('does nothing when seeded again', async () => {
    const before = await Promise.all([
      countOf(categories),
      countOf(products),
      countOf(items),
      countOf(pricingData),
    ]);
    expect(await seedDemoCatalogue(database.db)).toBe(false);
    const after = await Promise.all([
      countOf(categories),
      countOf(products),
      countOf(items),
      countOf(pricingData),
    ]);
    expect(after).toEqual(before);
  });
});

describe('seedSyntheticCatalogue', () => {
  it('adds the requested number of items, with prices for every tier, beside the demo catalogue', async () => {
    const itemsBefore = await countOf(items);
    const productsBefore = await countOf(products);
    await seedSyntheticCatalogue(database.db, { items: 200 });
    expect((await countOf(items)) - itemsBefore).toBe(200);
    expect((await countOf(products)) - productsBefore).toBe(20);
    const [synthetic] = await database.db
      .select({ value: count() })
      .from(products)
      .where(like(products.slug, 'syn-%'));
    expect(synthetic?.value).toBe(20);

    const missing = await database.db.execute(sql`
      select i.sku from ${items} i
      join ${pricingTiers} t on t.product_variant_id = i.product_variant_id
      left join ${pricingData} d on d.pricing_tier_id = t.id and d.item_id = i.id
      where d.id is null`);
    expect(missing.rows).toEqual([]);
  });

  it('adds more without slug or SKU clashes when run again', async () => {
    const before = await countOf(items);
    await seedSyntheticCatalogue(database.db, { items: 15 });
    expect((await countOf(items)) - before).toBe(15);
    expect(await countOf(categories)).toBe(7);
  });

  it('makes the same catalogue from the same seed', async () => {
    const names = async () => {
      const other = await openDatabase({ dataDir: 'memory://' });
      try {
        await other.migrate();
        await seedSyntheticCatalogue(other.db, { items: 30, seed: 42 });
        const rows = await other.db
          .select({ name: products.name })
          .from(products)
          .where(like(products.slug, 'syn-%'));
        return rows.map((row) => row.name).sort();
      } finally {
        await other.close();
      }
    };
    const first = await names();
    expect(first).toHaveLength(3);
    expect(await names()).toEqual(first);
  });
});
