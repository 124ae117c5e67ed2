import type { ProductSummary } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type ProductPage = { count: number; next: string | null; previous: string | null; results: ProductSummary[] };

async function products(query: string): Promise<ProductPage> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/products/?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json<ProductPage>();
}

const names = (page: ProductPage) => page.results.map((product) => product.name);

describe('GET /api/products/', () => {
  it('lists a category’s products with their category and images', async () => {
    const page = await products('category=wraps');
    expect(names(page)).toEqual(['Bubble Wrap', 'Pallet Covers', 'Pallet Wraps']);
    const wraps = page.results.find((product) => product.slug === 'pallet-wraps')!;
    expect(wraps.category).toEqual({ name: 'Wraps', slug: 'wraps' });
    expect(wraps.images.length).toBeGreaterThan(0);
    expect(wraps.images[0]).toMatchObject({
      image: expect.stringMatching(/^\/images\//),
      alt_text: expect.any(String),
    });
  });

  it('finds one product by slug (results[0] is the product)', async () => {
    const page = await products('slug=thermal-labels');
    expect(page.count).toBe(1);
    expect(page.results[0]).toMatchObject({ slug: 'thermal-labels', category: { slug: 'labels' } });
  });

  it('answers an empty page for an unknown category or slug', async () => {
    expect((await products('category=crates')).count).toBe(0);
    expect((await products('slug=no-such-thing')).results).toEqual([]);
  });

  it('pages with next links', async () => {
    const first = await products('page_size=5');
    expect(first.count).toBe(23);
    expect(first.results).toHaveLength(5);
    expect(first.next).toBe('/api/products/?page_size=5&page=2');
  });

  describe('search', () => {
    it('matches the start of a product name, case-insensitive', async () => {
      expect(names(await products('search=PAL'))).toEqual(['Pallet Covers', 'Pallet Wraps']);
    });

    it('tolerates one typo', async () => {
      expect(names(await products('search=palet'))).toEqual(expect.arrayContaining(['Pallet Wraps']));
      expect(names(await products('search=pallte'))).toEqual(expect.arrayContaining(['Pallet Wraps']));
      expect(names(await products('search=thermel'))).toEqual(['Thermal Labels']);
    });

    it('ignores word order', async () => {
      expect(names(await products('search=wraps%20pallet'))[0]).toBe('Pallet Wraps');
      expect(names(await products('search=labels%20thermal'))).toEqual(['Thermal Labels']);
    });

    it('matches category names too', async () => {
      const found = names(await products('search=food%20packaging'));
      expect(found).toEqual(expect.arrayContaining(['Paper Cups', 'Pizza Boxes', 'Kraft Food Boxes']));
    });

    it('ranks names that start with the text before names that only contain it', async () => {
      const found = names(await products('search=box'));
      const starts = found.findIndex((name) => name.toLowerCase().startsWith('box'));
      const wordStart = found.indexOf('Pizza Boxes');
      expect(wordStart).toBeGreaterThanOrEqual(0);
      if (starts >= 0) expect(starts).toBeLessThan(wordStart);
      expect(found.indexOf('Postal Boxes')).toBeGreaterThanOrEqual(0);
    });

    it('finds nothing for nonsense', async () => {
      expect((await products('search=xyzzy')).count).toBe(0);
    });

    it('treats LIKE wildcards as text', async () => {
      expect((await products('search=%25%25')).count).toBe(0);
      expect((await products('search=__')).count).toBe(0);
    });

    it('combines with a category filter', async () => {
      expect(names(await products('search=box&category=postal')).sort()).toEqual([
        'Large Letter PiP Boxes',
        'Postal Boxes',
      ]);
    });
  });

  it.each([
    ['search=a', 'search'],
    [`search=${'x'.repeat(101)}`, 'search'],
    ['category=Not%20A%20Slug', 'category'],
    ['page_size=0', 'page_size'],
    ['colour=red', 'non_field_errors'],
  ])('refuses ?%s with a field error on %s', async (query, field) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/products/?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty(field);
  });
});
