import type { SizeSearchItem } from '@shop/domain';
import { matchSize, parseSizeSearch, searchedMillimetres } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helper';

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
