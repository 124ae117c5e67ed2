import { dimensionColumns, parseSizeSearch, type SizeSearch } from '@shop/domain';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helper';
import { countingDb } from '../../../test/query-counter';
import { categories, items, products, productVariants } from '../../db/schema';
import { createItemsService } from './service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

function sizeSearch(query: string): SizeSearch {
  const parsed = parseSizeSearch(Object.fromEntries(new URLSearchParams(query)));
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.value;
}

/** The statements one call sends, and its answer, on a service over a counting connection. */
async function counted<T>(run: (service: ReturnType<typeof createItemsService>) => Promise<T>) {
  const counter = countingDb(ctx.database);
  const service = createItemsService(counter.db);
  const answer = await run(service);
  return { answer, sql: [...counter.sql] };
}

describe('statements the item reads send', () => {
  it('answers each shape of size search in one statement, the same text whatever the sizes', async () => {
    const shapes = [
      [
        'measurement_unit=CM&category=boxes&width=23&height=30.5&length=23',
        'boxes&width=40&height=30&length=20',
      ],
      ['measurement_unit=IN&category=bags&width=10&height=14', 'bags&width=6&height=9'],
      [
        'measurement_unit=MM&category=boxes&width=100&height=100&length=100&minimum_size=true',
        'postal&width=50&height=60&length=70&minimum_size=true',
      ],
      [
        'measurement_unit=MM&category=boxes&width=100&height=100&minimum_size=true',
        'bags&width=9&height=9&minimum_size=true',
      ],
    ] as const;
    const texts = new Set<string>();
    for (const [first, other] of shapes) {
      const one = await counted((service) =>
        service.searchBySize(sizeSearch(first), { page: 1, page_size: 5 }),
      );
      expect(one.sql, first).toHaveLength(1);
      expect(one.answer.count, first).toBeGreaterThan(0);
      const two = await counted((service) =>
        service.searchBySize(sizeSearch(`measurement_unit=MM&category=${other}`), { page: 1, page_size: 3 }),
      );
      expect(two.sql, other).toEqual(one.sql);
      texts.add(one.sql[0]!);
    }
    // Four shapes, four statements: each is prepared once per connection.
    expect(texts.size).toBe(4);
  });

  it('counts the matches in the same statement, and separately only for a page past the end', async () => {
    const search = sizeSearch('measurement_unit=MM&category=boxes&width=100&height=100&minimum_size=true');
    const all = await counted((service) => service.searchBySize(search, { page: 1, page_size: 100 }));
    const total = all.answer.count;
    expect(total).toBeGreaterThan(3);

    const full = await counted((service) => service.searchBySize(search, { page: 1, page_size: 2 }));
    expect(full.sql).toHaveLength(1);
    expect(full.answer.count).toBe(total);
    expect(full.answer.results).toEqual(all.answer.results.slice(0, 2));

    const last = await counted((service) => service.searchBySize(search, { page: total, page_size: 1 }));
    expect(last.sql).toHaveLength(1);
    expect(last.answer).toEqual({ count: total, results: all.answer.results.slice(-1) });

    const past = await counted((service) => service.searchBySize(search, { page: total + 1, page_size: 1 }));
    expect(past.sql).toHaveLength(2);
    expect(past.sql[1]).toMatch(/^select count\(\*\) from "item_sizes"/);
    expect(past.answer).toEqual({ count: total, results: [] });

    const none = await counted((service) =>
      service.searchBySize(sizeSearch('measurement_unit=MM&category=postal&width=1&height=1'), {
        page: 1,
        page_size: 20,
      }),
    );
    expect(none).toMatchObject({ answer: { count: 0, results: [] }, sql: [expect.any(String)] });
  });

  it('reads again, all of them, when more equally near items than its margin straddle the page end', async () => {
    // 150 items of one size: their distances are equal, so the page is cut by id among all 150.
    const [variant] = await ctx.database.db
      .select({ id: productVariants.id })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(eq(categories.slug, 'boxes'))
      .limit(1);
    const added = await ctx.database.db
      .insert(items)
      .values(
        Array.from({ length: 150 }, (_, n) => ({
          productVariantId: variant!.id,
          sku: `SAME-SIZE-${n}`,
          title: `Same size ${n}`,
          ...dimensionColumns({ unit: 'MM', width: 611, height: 411, length: 211 }),
        })),
      )
      .returning({ id: items.id });
    const ids = added.map((row) => row.id).sort((a, b) => a - b);
    const search = sizeSearch('measurement_unit=CM&category=boxes&width=61.1&height=41.1&length=21.1');
    const first = await counted((service) => service.searchBySize(search, { page: 1, page_size: 3 }));
    expect(first.sql).toHaveLength(2);
    expect(first.sql[1]).toBe(first.sql[0]);
    expect(first.answer.count).toBe(150);
    expect(first.answer.results.map((item) => item.id)).toEqual(ids.slice(0, 3));
    const later = await counted((service) => service.searchBySize(search, { page: 40, page_size: 3 }));
    expect(later.answer.results.map((item) => item.id)).toEqual(ids.slice(117, 120));
    const whole = await counted((service) => service.searchBySize(search, { page: 1, page_size: 100 }));
    expect(whole.sql).toHaveLength(1);
    expect(whole.answer.results.map((item) => item.id)).toEqual(ids.slice(0, 100));
    await ctx.database.db.delete(items).where(like(items.sku, 'SAME-SIZE-%'));
  });

  it('lists variants’ items with their images and data entries in one statement', async () => {
    const texts = new Set<string>();
    for (const status of ['active', undefined] as const) {
      const one = await counted((service) =>
        service.listVariantItems([1], status, { page: 1, page_size: 20 }),
      );
      expect(one.sql).toHaveLength(1);
      expect(one.answer.count).toBeGreaterThanOrEqual(3);
      expect(
        one.answer.results[0]!.images.length + one.answer.results[0]!.data_entries.length,
      ).toBeGreaterThan(0);
      const three = await counted((service) =>
        service.listVariantItems([1, 2, 3], status, { page: 1, page_size: 2 }),
      );
      expect(three.sql).toEqual(one.sql);
      expect(three.answer.count).toBeGreaterThan(2);
      texts.add(one.sql[0]!);

      const past = await counted((service) =>
        service.listVariantItems([1], status, { page: 100, page_size: 20 }),
      );
      expect(past.sql).toHaveLength(2);
      expect(past.answer).toEqual({ count: one.answer.count, results: [] });
    }
    expect(texts.size).toBe(2);
  });
});
