import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type CategoryPage = {
  count: number;
  next: string | null;
  previous: string | null;
  results: { id: number; name: string; slug: string; description: string; created_at: string }[];
};

describe('GET /api/categories/', () => {
  it('lists the seeded categories in menu order, DRF-style', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/categories/' });
    expect(res.statusCode).toBe(200);
    const page = res.json<CategoryPage>();
    expect(page.count).toBe(7);
    expect(page.next).toBeNull();
    expect(page.previous).toBeNull();
    expect(page.results.map((c) => c.slug)).toEqual([
      'wraps',
      'bags',
      'food-packaging',
      'tapes',
      'labels',
      'boxes',
      'postal',
    ]);
    const [first] = page.results;
    expect(first).toMatchObject({
      name: 'Wraps',
      image: expect.any(String),
      slider_image: expect.any(String),
    });
    expect(new Date(first!.created_at).toString()).not.toBe('Invalid Date');
  });

  it('pages with next and previous links that keep page_size', async () => {
    const first = (
      await ctx.app.inject({ method: 'GET', url: '/api/categories/?page_size=3' })
    ).json<CategoryPage>();
    expect(first.results).toHaveLength(3);
    expect(first.next).toBe('/api/categories/?page_size=3&page=2');
    const second = (await ctx.app.inject({ method: 'GET', url: first.next! })).json<CategoryPage>();
    expect(second.results.map((c) => c.slug)).toEqual(['tapes', 'labels', 'boxes']);
    expect(second.previous).toBe('/api/categories/?page_size=3&page=1');
    const third = (await ctx.app.inject({ method: 'GET', url: second.next! })).json<CategoryPage>();
    expect(third.results.map((c) => c.slug)).toEqual(['postal']);
    expect(third.next).toBeNull();
  });

  it('answers an empty last page past the end rather than failing', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/categories/?page=9' });
    expect(res.statusCode).toBe(200);
    expect(res.json<CategoryPage>().results).toEqual([]);
  });

  it.each([
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['page_size=101', 'page_size'],
    ['colour=red', 'non_field_errors'],
  ])('refuses ?%s with a field error on %s', async (query, field) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/categories/?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty(field);
  });
});

describe('GET /api/products/?search= with a NUL character', () => {
  it('refuses it with a 400 instead of failing in the database', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/products/?search=a%00b' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Null characters are not allowed.' });
  });
});
