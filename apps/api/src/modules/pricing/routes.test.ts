import type { ExclusivePrice, PricingTierData, ProductVariant, TableField } from '@shop/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exclusivePrices, items, products, productVariants, users } from '../../db/schema';
import { createTestApp, type TestContext } from '../../../test/helper';
import { accountClient } from '../../../test/support/accounts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };
type TierWithPrices = ProductVariant['pricing_tiers'][number] & {
  pricing_data: { item: number; price: string; price_pence: number }[];
};

const db = () => ctx.database.db;
const PUBLIC_CACHE = 'public, max-age=60, stale-while-revalidate=600';

async function get(url: string, token?: string) {
  return ctx.app.inject({
    method: 'GET',
    url,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
}

async function productId(slug: string) {
  const [row] = await db().select({ id: products.id }).from(products).where(eq(products.slug, slug));
  return row!.id;
}

async function variantsOf(slug: string) {
  return db()
    .select({ id: productVariants.id, name: productVariants.name })
    .from(productVariants)
    .where(eq(productVariants.productId, await productId(slug)))
    .orderBy(productVariants.position, productVariants.id);
}

async function itemIds(skus: string[]) {
  const rows = await db()
    .select({ id: items.id, sku: items.sku })
    .from(items)
    .where(inArray(items.sku, skus));
  return skus.map((sku) => rows.find((row) => row.sku === sku)!.id);
}

describe('GET /api/product-variants/?product=', () => {
  it('lists a product’s variants in order with table fields and tiers in order', async () => {
    const res = await get(`/api/product-variants/?product=${await productId('pallet-wraps')}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(PUBLIC_CACHE);
    const page = res.json<Page<ProductVariant>>();
    expect(page.count).toBe(2);
    const [hand, machine] = page.results;
    expect(hand).toMatchObject({ name: 'Hand Pallet Wrap', units_per_pallet: 240, show_units_per: 'pack' });
    expect(machine).toMatchObject({
      name: 'Machine Pallet Wrap',
      units_per_pallet: 40,
      show_units_per: 'pallet',
    });
    expect(hand!.tableFields.map((field) => field.name)).toEqual([
      'Colour',
      'Thickness (micron)',
      'Width (mm)',
      'Length (m)',
    ]);
    expect(hand!.tableFields[1]).toMatchObject({ field_type: 'number', long_field: false });
    expect(hand!.pricing_tiers.map(({ id: _id, ...tier }) => tier)).toEqual([
      { tier_type: 'pack', range_start: 1, range_end: 9, no_end_range: false },
      { tier_type: 'pack', range_start: 10, range_end: 49, no_end_range: false },
      { tier_type: 'pack', range_start: 50, range_end: null, no_end_range: true },
      { tier_type: 'pallet', range_start: 1, range_end: null, no_end_range: true },
    ]);
    expect(machine!.pricing_tiers.map((tier) => `${tier.tier_type}:${tier.range_start}`)).toEqual([
      'pack:1',
      'pack:10',
      'pack:40',
      'pallet:1',
      'pallet:5',
    ]);
  });

  it('pages, answers an empty page for an unknown product and refuses a bad or missing one', async () => {
    const id = await productId('pallet-wraps');
    const first = (await get(`/api/product-variants/?product=${id}&page_size=1`)).json<
      Page<ProductVariant>
    >();
    expect(first.results.map((variant) => variant.name)).toEqual(['Hand Pallet Wrap']);
    expect(first.next).toBe(`/api/product-variants/?product=${id}&page_size=1&page=2`);
    expect((await get('/api/product-variants/?product=999999')).json<Page<unknown>>()).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
    for (const query of ['', 'product=abc', 'product=0', `product=${id}&colour=red`]) {
      const res = await get(`/api/product-variants/?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
    expect((await get('/api/product-variants/?product=abc')).json()).toHaveProperty('product');
  });
});

describe('GET /api/table-fields/?product_variant=', () => {
  it('lists a variant’s table fields in position order', async () => {
    const [, machine] = await variantsOf('pallet-wraps');
    const res = await get(`/api/table-fields/?product_variant=${machine!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(PUBLIC_CACHE);
    const page = res.json<Page<TableField>>();
    expect(page.count).toBe(5);
    expect(page.results.map((field) => field.name)).toEqual([
      'Colour',
      'Thickness (micron)',
      'Width (mm)',
      'Length (m)',
      'Pre-stretch',
    ]);
    expect(page.results[0]).toEqual({
      id: expect.any(Number),
      name: 'Colour',
      field_type: 'text',
      long_field: false,
    });
    expect((await get('/api/table-fields/')).statusCode).toBe(400);
    expect((await get('/api/table-fields/?product_variant=x')).statusCode).toBe(400);
  });
});

describe('GET /api/pricing-tier-data/?item=', () => {
  it('lists an item’s price per pack in each tier, in pounds and pence', async () => {
    const [clear] = await itemIds(['PW-HAND-400-CL']);
    const res = await get(`/api/pricing-tier-data/?item=${clear}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(PUBLIC_CACHE);
    const page = res.json<Page<PricingTierData>>();
    expect(page.count).toBe(4);
    // The seed's factors on 2994p: 1, 0.92, 0.86 and 0.78 for the pallet.
    expect(page.results.map((row) => [row.price, row.price_pence])).toEqual([
      ['29.94', 2994],
      ['27.54', 2754],
      ['25.75', 2575],
      ['23.35', 2335],
    ]);
    expect(page.results.every((row) => row.item === clear)).toBe(true);
    expect(new Set(page.results.map((row) => row.pricing_tier)).size).toBe(4);
  });

  it('takes several items at once (item=1&item=2) and refuses more than 100 or none', async () => {
    const ids = await itemIds(['PW-HAND-400-CL', 'TD-PRO-50']);
    const page = (await get(`/api/pricing-tier-data/?item=${ids[0]}&item=${ids[1]}&item=${ids[0]}`)).json<
      Page<PricingTierData>
    >();
    expect(page.count).toBe(4 + 3);
    expect(page.results.map((row) => row.item)).toEqual([...Array(4).fill(ids[0]), ...Array(3).fill(ids[1])]);
    const many = Array.from({ length: 101 }, (_, i) => `item=${i + 1}`).join('&');
    const refused = await get(`/api/pricing-tier-data/?${many}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toHaveProperty('item');
    const hundred = Array.from({ length: 100 }, (_, i) => `item=${i + 1}`).join('&');
    expect((await get(`/api/pricing-tier-data/?${hundred}`)).statusCode).toBe(200);
    expect((await get('/api/pricing-tier-data/')).statusCode).toBe(400);
    expect((await get('/api/pricing-tier-data/?item=1&item=x')).statusCode).toBe(400);
  });
});

describe('GET /api/ecommerce/pricing-tiers/?product_variant=', () => {
  it('lists a variant’s tiers in order, each with its items’ prices', async () => {
    const [hand] = await variantsOf('pallet-wraps');
    const res = await get(`/api/ecommerce/pricing-tiers/?product_variant=${hand!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(PUBLIC_CACHE);
    const page = res.json<Page<TierWithPrices>>();
    expect(page.count).toBe(4);
    expect(page.results.map((tier) => tier.tier_type)).toEqual(['pack', 'pack', 'pack', 'pallet']);
    const [clear] = await itemIds(['PW-HAND-400-CL']);
    expect(page.results[0]!.pricing_data).toHaveLength(5);
    expect(page.results[0]!.pricing_data).toContainEqual({ item: clear, price: '29.94', price_pence: 2994 });
    expect(page.results[3]!.pricing_data).toContainEqual({ item: clear, price: '23.35', price_pence: 2335 });
  });

  it('takes several variants at once and refuses a bad id', async () => {
    const [hand, machine] = await variantsOf('pallet-wraps');
    const page = (
      await get(`/api/ecommerce/pricing-tiers/?product_variant=${hand!.id}&product_variant=${machine!.id}`)
    ).json<Page<TierWithPrices>>();
    expect(page.count).toBe(4 + 5);
    expect((await get('/api/ecommerce/pricing-tiers/?product_variant=-1')).statusCode).toBe(400);
    expect((await get('/api/ecommerce/pricing-tiers/')).statusCode).toBe(400);
  });
});

describe('GET /api/ecommerce/exclusive-prices/', () => {
  it('needs a token', async () => {
    const res = await get('/api/ecommerce/exclusive-prices/?item=1');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      detail: 'Authentication credentials were not provided.',
      code: 'not_authenticated',
    });
    const bad = await get('/api/ecommerce/exclusive-prices/?item=1', 'not-a-token');
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ code: 'token_not_valid' });
  });

  it('answers only the caller’s own discounts, of the items asked for', async () => {
    const api = accountClient(ctx);
    const ann = api.newEmail('ann');
    const bob = api.newEmail('bob');
    const { access } = await api.signUp(ann);
    await api.signUp(bob);
    const [annRow] = await db().select({ id: users.id }).from(users).where(eq(users.email, ann));
    const [bobRow] = await db().select({ id: users.id }).from(users).where(eq(users.email, bob));
    const [first, second, third] = await itemIds(['PW-HAND-400-CL', 'PW-HAND-400-BK', 'TD-PRO-50']);
    const [own1, own2] = await db()
      .insert(exclusivePrices)
      .values([
        { userId: annRow!.id, itemId: first!, discountPercentage: 12.5 },
        { userId: annRow!.id, itemId: third!, discountPercentage: 5 },
        { userId: bobRow!.id, itemId: first!, discountPercentage: 40 },
        { userId: bobRow!.id, itemId: second!, discountPercentage: 30 },
      ])
      .returning({ id: exclusivePrices.id });

    const res = await get(
      `/api/ecommerce/exclusive-prices/?item=${first}&item=${second}&item=${third}`,
      access,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json<Page<ExclusivePrice>>()).toEqual({
      count: 2,
      next: null,
      previous: null,
      results: [
        { id: own1!.id, item: first, discount_percentage: 12.5 },
        { id: own2!.id, item: third, discount_percentage: 5 },
      ],
    });
    const one = (await get(`/api/ecommerce/exclusive-prices/?item=${second}`, access)).json<Page<unknown>>();
    expect(one.count).toBe(0);
    const all = (await get('/api/ecommerce/exclusive-prices/', access)).json<Page<unknown>>();
    expect(all.count).toBe(2);
    const many = Array.from({ length: 101 }, (_, i) => `item=${i + 1}`).join('&');
    expect((await get(`/api/ecommerce/exclusive-prices/?${many}`, access)).statusCode).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('documents the pricing reads', async () => {
    const res = await get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/product-variants/',
        '/api/table-fields/',
        '/api/pricing-tier-data/',
        '/api/ecommerce/pricing-tiers/',
        '/api/ecommerce/exclusive-prices/',
      ]),
    );
  });
});
