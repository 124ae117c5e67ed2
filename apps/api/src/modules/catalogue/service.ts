import type { Category, PageRequest, ProductDetail, ProductSummary, SitemapEntries } from '@shop/domain';
import type { Db } from '../../db/client';
import { pageWindow } from '../../http/pagination';
import { createTtlCache } from '../../lib/ttl-cache';
import * as queries from './queries';

function toCategory(row: queries.CategoryRow): Category {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    image: row.image,
    slider_image: row.sliderImage,
    created_at: row.createdAt.toISOString(),
  };
}

/** Shapes product rows with their images, fetched for the whole page in one query. */
async function withImages(db: Db, rows: queries.ProductRow[]): Promise<ProductSummary[]> {
  const images = await queries.selectProductImages(
    db,
    rows.map((row) => row.id),
  );
  const byProduct = new Map<number, ProductSummary['images']>();
  for (const image of images) {
    const list = byProduct.get(image.productId) ?? [];
    list.push({ id: image.id, image: image.image, alt_text: image.altText });
    byProduct.set(image.productId, list);
  }
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    category: { name: row.categoryName, slug: row.categorySlug },
    images: byProduct.get(row.id) ?? [],
  }));
}

export interface ProductQuery extends queries.ProductFilter {
  search?: string | undefined;
}

/** How long every visitor may see a catalogue read before it is read again (pages are cached 60 s too). */
const CATALOGUE_CACHE_MS = 10_000;

export function createCatalogueService(db: Db) {
  const categoryPages = createTtlCache<{ count: number; results: Category[] }>(CATALOGUE_CACHE_MS);
  const categoriesBySlug = createTtlCache<Category | null>(CATALOGUE_CACHE_MS);
  const productPages = createTtlCache<{ count: number; results: ProductSummary[] }>(CATALOGUE_CACHE_MS, 2000);
  const featured = createTtlCache<ProductSummary[]>(CATALOGUE_CACHE_MS);

  return {
    listCategories(page: PageRequest): Promise<{ count: number; results: Category[] }> {
      return categoryPages.get(`${page.page}:${page.page_size}`, async () => {
        const [total, rows] = await Promise.all([
          queries.countCategories(db),
          queries.selectCategories(db, pageWindow(page)),
        ]);
        return { count: total, results: rows.map(toCategory) };
      });
    },

    getCategoryBySlug(slug: string): Promise<Category | null> {
      return categoriesBySlug.get(slug, async () => {
        const row = await queries.selectCategoryBySlug(db, slug);
        return row ? toCategory(row) : null;
      });
    },

    /** Products by category or slug, or matching a search text (then ranked, not alphabetical). */
    listProducts(
      query: ProductQuery,
      page: PageRequest,
    ): Promise<{ count: number; results: ProductSummary[] }> {
      const key = JSON.stringify([
        query.category,
        query.slug,
        query.search?.toLowerCase(),
        page.page,
        page.page_size,
      ]);
      return productPages.get(key, async () => {
        if (query.search !== undefined) {
          const { count, rows } = await queries.searchProducts(db, query.search, query, pageWindow(page));
          return { count, results: await withImages(db, rows) };
        }
        const [total, rows] = await Promise.all([
          queries.countProducts(db, query),
          queries.selectProducts(db, query, pageWindow(page)),
        ]);
        return { count: total, results: await withImages(db, rows) };
      });
    },

    listFeaturedProducts(): Promise<ProductSummary[]> {
      return featured.get('featured', async () => withImages(db, await queries.selectFeaturedProducts(db)));
    },

    async getProduct(categorySlug: string, productSlug: string): Promise<ProductDetail | null> {
      const row = await queries.selectProductInCategory(db, categorySlug, productSlug);
      if (!row) return null;
      const [[summary], prices] = await Promise.all([
        withImages(db, [row]),
        queries.selectProductPriceSummary(db, row.id),
      ]);
      return {
        ...summary!,
        lowest_price_pence: prices.lowest,
        highest_price_pence: prices.highest,
        in_stock: prices.inStock,
        updated_at: row.updatedAt.toISOString(),
      };
    },

    async listSitemapEntries(): Promise<SitemapEntries> {
      const [categorySlugs, productRows] = await Promise.all([
        queries.selectCategorySlugs(db),
        queries.selectSitemapProducts(db),
      ]);
      return {
        categories: categorySlugs,
        products: productRows.map((row) => ({
          slug: row.slug,
          category_slug: row.categorySlug,
          updated_at: row.updatedAt.toISOString(),
        })),
      };
    },

    /** Forget cached reads after the catalogue changes. */
    invalidate() {
      categoryPages.clear();
      categoriesBySlug.clear();
      productPages.clear();
      featured.clear();
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
