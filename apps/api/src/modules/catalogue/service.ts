import type {
  Category,
  PageRequest,
  ProductDetail,
  ProductPage,
  ProductPageItem,
  ProductSummary,
  SitemapEntries,
} from '@shop/domain';
import type { Db } from '../../db/client';
import { pageWindow } from '../../http/pagination';
import { groupBy } from '../../lib/group-by';
import { createTtlCache } from '../../lib/ttl-cache';
import { toVariantItem } from '../items/service';
import { selectProductVariants } from '../pricing/queries';
import { toVariant } from '../pricing/service';
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
  const pages = createTtlCache<ProductPage | null>(CATALOGUE_CACHE_MS, 1000);

  /**
   * The product page in nine queries whatever the number of variants and items: the product, then one
   * query per table (images, variants, table fields, tiers, items, item images, data entries, prices),
   * each selecting by the product. The price range and stock flag come from the same rows.
   */
  async function loadProductPage(categorySlug: string, productSlug: string): Promise<ProductPage | null> {
    const row = await queries.selectProductInCategory(db, categorySlug, productSlug);
    if (!row) return null;
    const [[summary], variants, fields, tiers, itemRows, itemImages, entries, prices] = await Promise.all([
      withImages(db, [row]),
      selectProductVariants(db, row.id),
      queries.selectProductTableFields(db, row.id),
      queries.selectProductTiers(db, row.id),
      queries.selectProductActiveItems(db, row.id),
      queries.selectProductItemImages(db, row.id),
      queries.selectProductDataEntries(db, row.id),
      queries.selectProductPrices(db, row.id),
    ]);
    const fieldsOf = groupBy(fields, (field) => field.productVariantId);
    const tiersOf = groupBy(tiers, (tier) => tier.productVariantId);
    const imagesOf = groupBy(itemImages, (image) => image.ownerId);
    const entriesOf = groupBy(entries, (entry) => entry.itemId);
    const pricesOf = groupBy(prices, (price) => price.itemId);
    const itemsOf = groupBy(
      itemRows.map((item): ProductPageItem => ({
        ...toVariantItem(item, imagesOf.get(item.id) ?? [], entriesOf.get(item.id) ?? []),
        prices: (pricesOf.get(item.id) ?? []).map((price) => ({
          pricing_tier: price.tierId,
          price_pence: price.pricePence,
        })),
      })),
      (item) => item.product_variant,
    );
    const pence = prices.map((price) => price.pricePence);
    return {
      product: {
        ...summary!,
        lowest_price_pence: pence.length > 0 ? Math.min(...pence) : null,
        highest_price_pence: pence.length > 0 ? Math.max(...pence) : null,
        in_stock: itemRows.some((item) => !item.trackInventory || item.stock > 0),
        updated_at: row.updatedAt.toISOString(),
      },
      variants: variants.map((variant) => ({
        ...toVariant(variant, fieldsOf.get(variant.id) ?? [], tiersOf.get(variant.id) ?? []),
        items: itemsOf.get(variant.id) ?? [],
      })),
    };
  }

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

    /** Everything the product page renders (cached like the other catalogue reads). */
    getProductPage(categorySlug: string, productSlug: string): Promise<ProductPage | null> {
      return pages.get(`${categorySlug}/${productSlug}`, () => loadProductPage(categorySlug, productSlug));
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
      pages.clear();
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
