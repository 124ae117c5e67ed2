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

  it('gives each listed product its own images, in order', async () => {
    for (const query of ['category=wraps', 'search=pa&page_size=100', 'page_size=100']) {
      const page = await products(query);
      expect(page.results.length).toBeGreaterThan(0);
      for (const product of page.results) {
        const detail = await ctx.app.services.catalogue.getProduct(product.category.slug, product.slug);
        expect(product.images).toEqual(detail!.images);
      }
    }
    const bubbleWrap = (await products('category=wraps')).results.find((p) => p.slug === 'bubble-wrap')!;
    expect(bubbleWrap.images.length).toBeGreaterThan(1);
  });

  it('pages a category with its count', async () => {
    const second = await products('category=wraps&page_size=2&page=2');
    expect(names(second)).toEqual(['Pallet Wraps']);
    expect(second).toMatchObject({
      count: 3,
      next: null,
      previous: '/api/products/?category=wraps&page_size=2&page=1',
    });
    const first = await products('category=wraps&page_size=2');
    expect(first).toMatchObject({ count: 3, next: '/api/products/?category=wraps&page_size=2&page=2' });
    const past = await products('category=wraps&page_size=2&page=3');
    expect(past.count).toBe(3);
    expect(past.results).toEqual([]);
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

    // What the search answered before it became one statement (PostgreSQL and PGlite alike).
    it.each([
      [
        'pa',
        [
          'Packing Tapes',
          'Pallet Covers',
          'Pallet Wraps',
          'Paper Cups',
          'Greaseproof Paper',
          'Deli Containers',
          'Foil Containers',
          'Kraft Food Boxes',
          'Pizza Boxes',
          'Sandwich Wedges',
        ],
      ],
      [
        'bo',
        [
          'Book Mailers',
          'Die Cut Boxes',
          'Double Wall Boxes',
          'Kraft Food Boxes',
          'Large Letter PiP Boxes',
          'Pizza Boxes',
          'Postal Boxes',
          'Single Wall Boxes',
        ],
      ],
      ['wrap', ['Bubble Wrap', 'Pallet Wraps', 'Pallet Covers']],
      ['pallet wrap', ['Pallet Wraps', 'Pallet Covers']],
      ['bag', ['Clear Bags', 'Mailing Bags', 'Book Mailers', 'Bubble Mailers']],
      ['tape', ['Tape Dispenser', 'Packing Tapes']],
      ['mail', ['Mailing Bags', 'Book Mailers', 'Bubble Mailers']],
      [
        'food',
        [
          'Kraft Food Boxes',
          'Deli Containers',
          'Foil Containers',
          'Greaseproof Paper',
          'Paper Cups',
          'Pizza Boxes',
          'Sandwich Wedges',
        ],
      ],
    ])('ranks and counts "%s" as before', async (text, expected) => {
      const page = await products(`search=${encodeURIComponent(text)}&page_size=100`);
      expect(names(page)).toEqual(expected);
      expect(page.count).toBe(expected.length);
    });

    it('pages a ranking with its count, and past the end answers the count with no results', async () => {
      const second = await products('search=pa&page_size=3&page=2');
      expect(names(second)).toEqual(['Paper Cups', 'Greaseproof Paper', 'Deli Containers']);
      expect(second).toMatchObject({
        count: 10,
        next: '/api/products/?search=pa&page_size=3&page=3',
        previous: '/api/products/?search=pa&page_size=3&page=1',
      });
      const past = await products('search=pa&page_size=30&page=2');
      expect(past.count).toBe(10);
      expect(past.results).toEqual([]);
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
