import type { ProductSummary } from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { DEMO_CATEGORIES } from '../../db/seed/demo-data';
import { createTestApp, type TestContext } from '../../../test/helper';
import { countingDb } from '../../../test/query-counter';
import { staffMember } from '../../../test/support/administration';
import { adminInject } from '../../../test/support/administration-catalogue';
import { createCatalogueService } from './service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** What each statement reads, in a few words. */
const described = (statements: string[]) =>
  statements.map((text) => {
    if (/ from unnest\(/.test(text)) return 'categories of the words';
    if (/count\(\*\) over \(\)/.test(text) && /"product_images" as i/.test(text))
      return 'ranked page, count, images';
    if (/"product_images" as i/.test(text)) return 'page with images';
    if (/^select count\(\*\) from "products"/.test(text)) return 'count';
    if (/from "categories" where "categories"."slug" =/.test(text)) return 'category';
    return text;
  });

describe('statements the catalogue sends', () => {
  it('reads a product page in nine statements, one per table, and the next read from memory', async () => {
    const counter = countingDb(ctx.database);
    const catalogue = createCatalogueService(counter.db);
    const page = await catalogue.getProductPage('wraps', 'pallet-wraps');
    expect(page?.variants.length).toBeGreaterThan(0);
    // The first names the product and its category; the rest read one table each by the product.
    const tables = counter.sql.map((text) => /from "([a-z_]+)"/.exec(text)?.[1]);
    expect(tables).toEqual([
      'products',
      'product_images',
      'product_variants',
      'table_fields',
      'pricing_tiers',
      'items',
      'item_images',
      'item_data_entries',
      'pricing_data',
    ]);
    counter.reset();
    await catalogue.getProductPage('wraps', 'pallet-wraps');
    expect(counter.sql).toEqual([]);
  });

  it('finds the category of a product asked for under another in one statement, then from memory', async () => {
    const counter = countingDb(ctx.database);
    const catalogue = createCatalogueService(counter.db);
    expect(await catalogue.getProductPage('boxes', 'pallet-wraps')).toBeNull();
    expect(await catalogue.getProductCategorySlug('pallet-wraps')).toBe('wraps');
    expect(counter.sql).toHaveLength(2);
    expect(counter.sql[1]).toMatch(/^select "categories"."slug" from "products" inner join "categories"/);
    counter.reset();
    await catalogue.getProductPage('boxes', 'pallet-wraps');
    expect(await catalogue.getProductCategorySlug('pallet-wraps')).toBe('wraps');
    expect(await catalogue.getProductCategorySlug('no-such-product')).toBeNull();
    expect(counter.sql).toHaveLength(1);
  });

  it('answers a suggestion in one statement after its words’ categories, and pages inside it from memory', async () => {
    const counter = countingDb(ctx.database);
    const catalogue = createCatalogueService(counter.db);
    const first = await catalogue.listProducts({ search: 'pallet' }, { page: 1, page_size: 10 });
    expect(first.results.map((product) => product.name)).toEqual(['Pallet Covers', 'Pallet Wraps']);
    expect(described(counter.sql)).toEqual(['categories of the words', 'ranked page, count, images']);

    // Another page or page size of the same text: the first rows of its ranking are kept.
    counter.reset();
    const second = await catalogue.listProducts({ search: ' Pallet ' }, { page: 2, page_size: 1 });
    expect(second).toEqual({ count: 2, results: first.results.slice(1) });
    expect(counter.sql).toEqual([]);

    // The words' categories are kept too: the same word with a filter, or a page beyond the kept rows,
    // is one statement; a page past the end asks again for its count.
    await catalogue.listProducts({ search: 'pallet', category: 'wraps' }, { page: 1, page_size: 10 });
    await catalogue.listProducts({ search: 'pallet' }, { page: 1, page_size: 30 });
    expect(described(counter.sql)).toEqual(['ranked page, count, images', 'ranked page, count, images']);
    counter.reset();
    expect(await catalogue.listProducts({ search: 'pallet' }, { page: 2, page_size: 30 })).toEqual({
      count: 2,
      results: [],
    });
    expect(described(counter.sql)).toEqual(['ranked page, count, images', 'ranked page, count, images']);
  });

  it('reads a category page in one statement, and its count only for a full page', async () => {
    const counter = countingDb(ctx.database);
    const catalogue = createCatalogueService(counter.db);
    await catalogue.getCategoryBySlug('wraps');
    counter.reset();

    const all = await catalogue.listProducts({ category: 'wraps' }, { page: 1, page_size: 20 });
    expect(all.count).toBe(3);
    expect(described(counter.sql)).toEqual(['page with images']);

    counter.reset();
    const full = await catalogue.listProducts({ category: 'wraps' }, { page: 1, page_size: 2 });
    expect(full).toEqual({ count: 3, results: all.results.slice(0, 2) });
    expect(described(counter.sql)).toEqual(['page with images', 'count']);

    // Not full: the count is the offset plus the rows. Full again: the category's count is kept.
    counter.reset();
    expect(await catalogue.listProducts({ category: 'wraps' }, { page: 2, page_size: 2 })).toEqual({
      count: 3,
      results: all.results.slice(2),
    });
    expect(await catalogue.listProducts({ category: 'wraps' }, { page: 2, page_size: 1 })).toEqual({
      count: 3,
      results: all.results.slice(1, 2),
    });
    expect(described(counter.sql)).toEqual(['page with images', 'page with images']);

    // An unknown category reads only the category.
    counter.reset();
    expect(await catalogue.listProducts({ category: 'crates' }, { page: 1, page_size: 20 })).toEqual({
      count: 0,
      results: [],
    });
    expect(described(counter.sql)).toEqual(['category']);
  });
});

describe('kept searches', () => {
  it('are dropped when catalogueChanges tells of a change', async () => {
    const counter = countingDb(ctx.database);
    const catalogue = createCatalogueService(counter.db);
    const stop = ctx.app.services.catalogueChanges.subscribe(() => catalogue.invalidate());
    try {
      await catalogue.listProducts({ search: 'thermal' }, { page: 1, page_size: 10 });
      counter.reset();
      await catalogue.listProducts({ search: 'thermal' }, { page: 1, page_size: 10 });
      expect(counter.sql).toEqual([]);
      ctx.app.services.catalogueChanges.changed();
      await catalogue.listProducts({ search: 'thermal' }, { page: 1, page_size: 10 });
      expect(described(counter.sql)).toEqual(['categories of the words', 'ranked page, count, images']);
    } finally {
      stop();
    }
  });

  it('show a renamed product once the change is told', async () => {
    const search = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/products/?search=thermal' }))
        .json<{ results: ProductSummary[] }>()
        .results.map((product) => product.name);
    expect(await search()).toEqual(['Thermal Labels']);
    await ctx.database.db
      .update(products)
      .set({ name: 'Thermal Rolls' })
      .where(eq(products.slug, 'thermal-labels'));
    ctx.app.services.catalogueChanges.changed();
    expect(await search()).toEqual(['Thermal Rolls']);
  });
});

describe('the menu', () => {
  it('reads every category with its first products in one statement, then from memory until a change', async () => {
    const counter = countingDb(ctx.database);
    const catalogue = createCatalogueService(counter.db);
    const menu = await catalogue.listMenu();
    expect(counter.sql).toHaveLength(1);
    // Every seeded category, in the catalogue's order.
    expect(menu.map((category) => category.slug)).toEqual(DEMO_CATEGORIES.map((category) => category.slug));
    expect(menu.find((category) => category.slug === 'wraps')?.products).toEqual([
      { name: 'Bubble Wrap', slug: 'bubble-wrap' },
      { name: 'Pallet Covers', slug: 'pallet-covers' },
      { name: 'Pallet Wraps', slug: 'pallet-wraps' },
    ]);
    counter.reset();
    await catalogue.listMenu();
    expect(counter.sql).toEqual([]);
    catalogue.invalidate();
    await catalogue.listMenu();
    expect(counter.sql).toHaveLength(1);
  });

  it('has a category made in the back office as soon as the write answers', async () => {
    const staff = await staffMember(ctx, 'staff', 'menu');
    const { catalogue } = ctx.app.services;
    await catalogue.listMenu();
    const made = await adminInject(ctx, staff, 'POST', 'categories/', {
      payload: { name: 'Crates', slug: 'crates', position: 99 },
    });
    expect(made.statusCode).toBe(201);
    expect((await catalogue.listMenu()).at(-1)).toEqual({ name: 'Crates', slug: 'crates', products: [] });
    const gone = await adminInject(ctx, staff, 'DELETE', `categories/${made.json<{ id: number }>().id}/`);
    expect(gone.statusCode).toBe(204);
    expect((await catalogue.listMenu()).map((category) => category.slug)).not.toContain('crates');
  });
});
