import type { SizeSearchItem } from '@shop/domain';
import { dimensionColumns, matchSize, parseSizeSearch, searchedMillimetres } from '@shop/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helper';
import { categories, items, products, productVariants } from '../../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };

async function search(query: string) {
  return ctx.app.inject({ method: 'GET', url: `/api/items/?${query}` });
}

describe('GET /api/items/ (size search)', () => {
  it.each([
    ['category=boxes&width=30&height=20', 'Missing: measurement_unit'],
    ['measurement_unit=MM&width=30&height=20', 'Missing: category'],
    ['width=30', 'Missing: measurement_unit, category'],
    ['measurement_unit=FT&category=boxes&width=30&height=20', 'Invalid unit'],
    ['measurement_unit=MM&category=crates&width=30&height=20', 'Invalid category'],
    ['measurement_unit=MM&category=boxes&width=30', 'Two dimensions must be positive.'],
    ['measurement_unit=MM&category=boxes&width=-1&height=5&length=5', 'Two dimensions must be positive.'],
    ['measurement_unit=MM&category=boxes&width=abc&height=5', 'Two dimensions must be positive.'],
    ['measurement_unit=MM&category=boxes&width=101&height=5', 'Two dimensions must be positive.'],
  ])('refuses ?%s with "%s"', async (query, detail) => {
    const res = await search(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail });
  });

  it('finds a 12 x 9 x 9 inch box by its size in centimetres, in any order, nearest first', async () => {
    const res = await search(
      'measurement_unit=cm&category=BOXES&width=23&height=30.5&length=23&approx_size=true&minimum_size=false',
    );
    expect(res.statusCode).toBe(200);
    const page = res.json<Page<SizeSearchItem>>();
    expect(page.count).toBeGreaterThan(0);
    expect(page.results[0]!.dimensions_mm).toEqual([229, 229, 305]);
    const distances = page.results.map((item) => item.distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(page.results[0]).toMatchObject({
      category: { slug: 'boxes' },
      product: { slug: expect.any(String), name: expect.any(String) },
      images: [expect.objectContaining({ image: expect.stringMatching(/^\/images\//) })],
    });
  });

  it('finds bags by two dimensions in inches, matching exactly', async () => {
    const page = (await search('measurement_unit=IN&category=bags&width=10&height=14')).json<
      Page<SizeSearchItem>
    >();
    expect(page.count).toBeGreaterThan(0);
    expect(page.results[0]!.distance).toBe(0);
    expect(page.results.every((item) => item.category.slug === 'bags')).toBe(true);
  });

  it('returns exactly the items the domain rule accepts (approx and minimum)', async () => {
    for (const mode of ['approx', 'minimum'] as const) {
      const params = {
        measurement_unit: 'MM',
        category: 'boxes',
        width: '30',
        height: '20',
        length: '20',
        minimum_size: String(mode === 'minimum'),
        approx_size: String(mode === 'approx'),
      };
      const parsed = parseSizeSearch(params);
      if (!parsed.ok) throw new Error(parsed.message);
      const wanted = searchedMillimetres(parsed.value);
      const res = await search(`${new URLSearchParams({ ...params, page_size: '100' })}`);
      const page = res.json<Page<SizeSearchItem>>();
      for (const item of page.results) {
        expect(matchSize(wanted, item.dimensions_mm, mode).matches).toBe(true);
      }
    }
    // Minimum 300 x 200 x 200 mm in M: every box at least that big in every sorted dimension.
    const minimum = (
      await search(
        'measurement_unit=M&category=box&width=0.3&height=0.2&length=0.2&minimum_size=true&page_size=100',
      )
    ).json<Page<SizeSearchItem>>();
    expect(minimum.count).toBeGreaterThan(0);
    for (const item of minimum.results) {
      expect(item.dimensions_mm[0]).toBeGreaterThanOrEqual(200);
      expect(item.dimensions_mm[1]).toBeGreaterThanOrEqual(200);
      expect(item.dimensions_mm[2]).toBeGreaterThanOrEqual(300);
    }
  });

  it('answers an empty page when nothing is near', async () => {
    const page = (await search('measurement_unit=MM&category=postal&width=1&height=1')).json<
      Page<SizeSearchItem>
    >();
    expect(page).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it('pages the results with next links that keep the search', async () => {
    const first = (
      await search('measurement_unit=M&category=boxes&width=0.1&height=0.1&minimum_size=true&page_size=2')
    ).json<Page<SizeSearchItem>>();
    expect(first.count).toBeGreaterThan(2);
    expect(first.next).toContain('measurement_unit=M');
    expect(first.next).toContain('page=2');
    const second = (await ctx.app.inject({ method: 'GET', url: first.next! })).json<Page<SizeSearchItem>>();
    expect(second.results[0]!.id).not.toBe(first.results[0]!.id);
  });
});

describe('the size search follows catalogue writes (item_sizes is kept by triggers)', () => {
  const db = () => ctx.database.db;
  /** A size no seeded item is near: 77.7 x 55.5 x 33.3 cm. */
  const ODD = 'measurement_unit=CM&width=77.7&height=55.5&length=33.3';
  const found = async (category: string) =>
    (await search(`${ODD}&category=${category}`)).json<Page<SizeSearchItem>>();

  async function categoryId(slug: string) {
    const [row] = await db().select({ id: categories.id }).from(categories).where(eq(categories.slug, slug));
    return row!.id;
  }

  /** A seeded active item of a category, with its variant and product. */
  async function itemIn(slug: string) {
    const [row] = await db()
      .select({ id: items.id, variantId: productVariants.id, productId: products.id })
      .from(items)
      .innerJoin(productVariants, eq(productVariants.id, items.productVariantId))
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(and(eq(products.categoryId, await categoryId(slug)), eq(items.status, 'active')))
      .orderBy(items.id)
      .limit(1);
    return row!;
  }

  it('finds an item at its new size, loses it when inactive and follows its product or variant elsewhere', async () => {
    const box = await itemIn('boxes');
    expect((await found('boxes')).count).toBe(0);

    await db()
      .update(items)
      .set(dimensionColumns({ unit: 'CM', width: 55.5, height: 33.3, length: 77.7 }))
      .where(eq(items.id, box.id));
    const resized = await found('boxes');
    expect(resized.count).toBe(1);
    expect(resized.results[0]).toMatchObject({
      id: box.id,
      measurement_unit: 'CM',
      dimensions_mm: [333, 555, 777],
      distance: 0,
      category: { slug: 'boxes' },
    });

    await db().update(items).set({ status: 'inactive' }).where(eq(items.id, box.id));
    expect((await found('boxes')).count).toBe(0);
    await db().update(items).set({ status: 'active' }).where(eq(items.id, box.id));
    expect((await found('boxes')).results.map((item) => item.id)).toEqual([box.id]);

    // Its product moves to Bags: so does the item.
    await db()
      .update(products)
      .set({ categoryId: await categoryId('bags') })
      .where(eq(products.id, box.productId));
    expect((await found('boxes')).count).toBe(0);
    const moved = await found('bags');
    expect(moved.results.map((item) => [item.id, item.category.slug])).toEqual([[box.id, 'bags']]);
    await db()
      .update(products)
      .set({ categoryId: await categoryId('boxes') })
      .where(eq(products.id, box.productId));
    expect((await found('bags')).count).toBe(0);

    // Its variant moves to a Postal product, then back.
    const postal = await itemIn('postal');
    await db()
      .update(productVariants)
      .set({ productId: postal.productId })
      .where(eq(productVariants.id, box.variantId));
    expect((await found('postal')).results.map((item) => [item.id, item.product.id])).toEqual([
      [box.id, postal.productId],
    ]);
    await db()
      .update(productVariants)
      .set({ productId: box.productId })
      .where(eq(productVariants.id, box.variantId));
    expect((await found('boxes')).results.map((item) => item.id)).toEqual([box.id]);

    // Its sizes go: it is no longer found.
    await db().update(items).set(dimensionColumns(null)).where(eq(items.id, box.id));
    expect((await found('boxes')).count).toBe(0);
  });

  it('finds new items (many in one statement) and forgets deleted ones', async () => {
    const box = await itemIn('boxes');
    const added = await db()
      .insert(items)
      .values(
        [1, 2, 3].map((n) => ({
          productVariantId: box.variantId,
          sku: `SIZE-TRIGGER-${n}`,
          title: `Odd box ${n}`,
          status: n === 3 ? ('inactive' as const) : ('active' as const),
          ...dimensionColumns({ unit: 'MM', width: 555, height: 333, length: 777 + n }),
        })),
      )
      .returning({ id: items.id });
    expect((await found('boxes')).results.map((item) => item.id)).toEqual([added[0]!.id, added[1]!.id]);
    await db().delete(items).where(eq(items.id, added[0]!.id));
    expect((await found('boxes')).results.map((item) => item.id)).toEqual([added[1]!.id]);
    await db()
      .delete(items)
      .where(sql`${items.sku} like 'SIZE-TRIGGER-%'`);
    expect((await found('boxes')).count).toBe(0);
  });

  it('keeps one row per active item with all three sizes, equal to the item’s', async () => {
    const { rows } = await db().execute<{ missing: number; extra: number; wrong: number }>(sql`
      select
        (select count(*)::int from items i
          where i.status = 'active' and i.dim_small_mm is not null and i.dim_mid_mm is not null
            and i.dim_large_mm is not null
            and not exists (select 1 from item_sizes s where s.item_id = i.id)) as missing,
        (select count(*)::int from item_sizes s join items i on i.id = s.item_id
          where i.status <> 'active' or i.dim_large_mm is null) as extra,
        (select count(*)::int from item_sizes s
          join items i on i.id = s.item_id
          join product_variants v on v.id = i.product_variant_id
          join products p on p.id = v.product_id
          where s.category_id <> p.category_id or s.dim_small_mm <> i.dim_small_mm::float8
            or s.dim_mid_mm <> i.dim_mid_mm::float8 or s.dim_large_mm <> i.dim_large_mm::float8) as wrong`);
    expect(rows[0]).toEqual({ missing: 0, extra: 0, wrong: 0 });
    const [{ value }] = (
      await db().execute<{ value: number }>(sql`select count(*)::int as value from item_sizes`)
    ).rows as [{ value: number }];
    expect(value).toBeGreaterThan(50);
  });
});

describe('GET /api/items/?product_variant= (a variant’s items)', () => {
  it('lists the active items of a variant with images and data entries', async () => {
    const res = await search('product_variant=1&status=active');
    expect(res.statusCode).toBe(200);
    const page =
      res.json<Page<{ product_variant: number; status: string; data_entries: unknown[]; sku: string }>>();
    expect(page.count).toBeGreaterThanOrEqual(3);
    for (const item of page.results) {
      expect(item.product_variant).toBe(1);
      expect(item.status).toBe('active');
      expect(item.data_entries.length).toBeGreaterThan(0);
    }
  });

  it('lists several variants’ items at once (product_variant=1&product_variant=2)', async () => {
    const one = (await search('product_variant=1&page_size=100')).json<Page<{ id: number }>>();
    const two = (await search('product_variant=2&page_size=100')).json<Page<{ id: number }>>();
    const both = (await search('product_variant=1&product_variant=2&page_size=100')).json<
      Page<{ id: number; product_variant: number }>
    >();
    expect(both.count).toBe(one.count + two.count);
    expect(both.results.map((item) => item.id)).toEqual([
      ...one.results.map((item) => item.id),
      ...two.results.map((item) => item.id),
    ]);
    const many = Array.from({ length: 101 }, (_, i) => `product_variant=${i + 1}`).join('&');
    expect((await search(many)).statusCode).toBe(400);
  });

  it('answers an empty page for an unknown variant and refuses a bad id', async () => {
    expect((await search('product_variant=999999')).json<Page<unknown>>().count).toBe(0);
    expect((await search('product_variant=abc')).statusCode).toBe(400);
    expect((await search('product_variant=1&status=deleted')).statusCode).toBe(400);
  });
});
