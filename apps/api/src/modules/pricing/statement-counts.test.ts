import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helper';
import { countingDb } from '../../../test/query-counter';
import { items, products, productVariants } from '../../db/schema';
import { createPricingService } from './service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** The statements one call sends, and its answer, on a service over a counting connection. */
async function counted<T>(run: (service: ReturnType<typeof createPricingService>) => Promise<T>) {
  const counter = countingDb(ctx.database);
  const service = createPricingService(counter.db);
  const answer = await run(service);
  return { answer, sql: [...counter.sql] };
}

async function variantIdsOf(slug: string) {
  const rows = await ctx.database.db
    .select({ id: productVariants.id })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(products.slug, slug))
    .orderBy(productVariants.position, productVariants.id);
  return rows.map((row) => row.id);
}

const page = (n: number, size = 20) => ({ page: n, page_size: size });

describe('statements the product page’s pricing reads send', () => {
  it('lists a product’s variants with table fields and tiers in one statement', async () => {
    const [{ id }] = (await ctx.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.slug, 'pallet-wraps'))) as [{ id: number }];
    const all = await counted((service) => service.listProductVariants(id, page(1)));
    expect(all.sql).toHaveLength(1);
    expect(all.answer.count).toBe(2);
    expect(
      all.answer.results.map((variant) => [variant.tableFields.length, variant.pricing_tiers.length]),
    ).toEqual([
      [4, 4],
      [5, 5],
    ]);

    const first = await counted((service) => service.listProductVariants(id, page(1, 1)));
    expect(first.sql).toEqual(all.sql);
    expect(first.answer).toEqual({ count: 2, results: all.answer.results.slice(0, 1) });
    const second = await counted((service) => service.listProductVariants(id, page(2, 1)));
    expect(second.answer).toEqual({ count: 2, results: all.answer.results.slice(1) });
    expect(second.sql).toHaveLength(1);

    const past = await counted((service) => service.listProductVariants(id, page(3, 1)));
    expect(past.sql).toHaveLength(2);
    expect(past.answer).toEqual({ count: 2, results: [] });
    const unknown = await counted((service) => service.listProductVariants(999_999, page(1)));
    expect(unknown).toMatchObject({ answer: { count: 0, results: [] }, sql: [expect.any(String)] });
  });

  it('lists tiers with their prices in one statement, the same text for one variant or several', async () => {
    const [hand, machine] = await variantIdsOf('pallet-wraps');
    const one = await counted((service) => service.listTiersWithPrices([hand!], page(1)));
    expect(one.sql).toHaveLength(1);
    expect(one.answer.count).toBe(4);
    expect(one.answer.results[0]!.pricing_data.length).toBeGreaterThan(0);
    const both = await counted((service) => service.listTiersWithPrices([hand!, machine!], page(1, 5)));
    expect(both.sql).toEqual(one.sql);
    expect(both.answer.count).toBe(9);
    expect(both.answer.results.slice(0, 4)).toEqual(one.answer.results);
    const past = await counted((service) => service.listTiersWithPrices([hand!, machine!], page(3, 5)));
    expect(past.sql).toHaveLength(2);
    expect(past.answer).toEqual({ count: 9, results: [] });
  });

  it('lists items’ prices in one statement, the same text for one item or several', async () => {
    const rows = await ctx.database.db
      .select({ id: items.id })
      .from(items)
      .where(inArray(items.sku, ['PW-HAND-400-CL', 'TD-PRO-50']))
      .orderBy(items.id);
    const ids = rows.map((row) => row.id);
    const one = await counted((service) => service.listTierData([ids[0]!], page(1)));
    expect(one.sql).toHaveLength(1);
    expect(one.answer.count).toBe(4);
    const both = await counted((service) => service.listTierData(ids, page(1, 4)));
    expect(both.sql).toEqual(one.sql);
    expect(both.answer.count).toBe(7);
    const past = await counted((service) => service.listTierData(ids, page(5, 4)));
    expect(past.sql).toHaveLength(2);
    expect(past.answer).toEqual({ count: 7, results: [] });
  });
});
