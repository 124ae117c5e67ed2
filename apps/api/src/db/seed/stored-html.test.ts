import type { Category, ProductSummary } from '@shop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helper';
import { DEMO_CATALOGUE, seedDemoCatalogue } from './demo';

const HOSTILE =
  '<p onclick="alert(1)">Strong film.</p><img src=x onerror=alert(2)><script>alert(3)</script>' +
  '<a href="javascript:alert(4)">More</a><iframe src="https://evil.example"></iframe>';
const SANITISED = '<p>Strong film.</p>More';

/** The demo catalogue as a careless editor might have written it: one category and one product hostile. */
const HOSTILE_CATALOGUE = {
  categories: DEMO_CATALOGUE.categories.map((category) =>
    category.slug === 'wraps' ? { ...category, description: HOSTILE } : category,
  ),
  products: DEMO_CATALOGUE.products.map((product) =>
    product.slug === 'pallet-wraps' ? { ...product, description: HOSTILE } : product,
  ),
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  // Seeds again, from the hostile data, on this file's own copy of the database.
  await ctx.database.db.execute(sql`truncate categories cascade`);
  expect(await seedDemoCatalogue(ctx.database.db, HOSTILE_CATALOGUE)).toBe(true);
});
afterAll(() => ctx.close());

type Page<T> = { results: T[] };

describe('descriptions are sanitised when stored', () => {
  it('serves a seeded product’s description without its scripts, handlers or frames', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/products/?slug=pallet-wraps' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Page<ProductSummary>>().results[0]!.description).toBe(SANITISED);
  });

  it('serves a seeded category’s description without its scripts, handlers or frames', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/categories/' });
    expect(res.statusCode).toBe(200);
    const wraps = res.json<Page<Category>>().results.find((category) => category.slug === 'wraps');
    expect(wraps!.description).toBe(SANITISED);
  });
});
