import type {
  Category,
  MenuCategory,
  PageRequest,
  ProductDetail,
  ProductPage,
  ProductPageItem,
  ProductSummary,
  SitemapEntries,
} from '@shop/domain';
import type { Db } from '../../db/client';
import { countFromPage, pageWindow } from '../../http/pagination';
import { groupBy } from '../../lib/group-by';
import { createTtlCache } from '../../lib/ttl-cache';
import { toVariantItem } from '../items/service';
import { toVariant } from '../pricing/service';
import { selectMenu } from './menu-queries';
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
    list.push(toImage(image));
    byProduct.set(image.productId, list);
  }
  return rows.map((row) => toSummary({ ...row, images: byProduct.get(row.id) ?? [] }));
}

function toImage(image: queries.ProductImageRow): ProductSummary['images'][number] {
  return { id: image.id, image: image.image, alt_text: image.altText };
}

function toSummary(row: queries.ProductListRow): ProductSummary {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    category: { name: row.categoryName, slug: row.categorySlug },
    images: row.images,
  };
}

export interface ProductQuery extends queries.ProductFilter {
  search?: string | undefined;
}

type ProductList = { count: number; results: ProductSummary[] };

/** How long every visitor may see a catalogue read before it is read again (pages are cached 60 s too). */
const CATALOGUE_CACHE_MS = 10_000;
/**
 * Searches are kept longer: every catalogue change clears them in every process (`invalidate`, called on
 * `catalogueChanges`), so the time only bounds what an unnoticed change could leave.
 */
const SEARCH_CACHE_MS = 10 * 60_000;
/**
 * A search is kept as the first rows of its ranking, whatever page was asked for: every page inside them
 * (the suggestions' ten, a first page of up to twenty) is answered from the same entry.
 */
const SEARCH_HEAD_ROWS = 20;
/**
 * Bound of the kept product lists (searches, and category pages apart), in characters of their JSON: about
 * 12 MB of heap each (measured: 1.45 bytes a character for the 372 prefixes of the 100,000-item catalogue).
 */
const PRODUCT_LISTS_CHARS = 8_000_000;
/** Products each category shows in the menu; its heading links to the whole category. */
export const MENU_PRODUCTS_PER_CATEGORY = 12;

/** About the length of a product list's JSON, without writing it. */
function weighList(list: ProductList): number {
  let chars = 40;
  for (const product of list.results) {
    chars += 100 + product.name.length + product.slug.length + product.description.length;
    chars += product.category.name.length + product.category.slug.length;
    for (const image of product.images) chars += 40 + image.image.length + image.alt_text.length;
  }
  return chars;
}

export function createCatalogueService(db: Db) {
  const reads = queries.prepareCatalogueReads(db);
  const pageReads = queries.prepareProductPageReads(db);
  const categoryPages = createTtlCache<{ count: number; results: Category[] }>(CATALOGUE_CACHE_MS);
  const categoriesBySlug = createTtlCache<Category | null>(CATALOGUE_CACHE_MS);
  const productPages = createTtlCache<ProductList>(CATALOGUE_CACHE_MS, {
    maxEntries: 2000,
    maxWeight: PRODUCT_LISTS_CHARS,
    weigh: weighList,
  });
  const categoryCounts = createTtlCache<number>(CATALOGUE_CACHE_MS);
  const searchHeads = createTtlCache<ProductList>(SEARCH_CACHE_MS, {
    maxEntries: 10_000,
    maxWeight: PRODUCT_LISTS_CHARS,
    weigh: weighList,
  });
  // The categories each word names: compared once per word while the searches are kept.
  const categoryMatches = createTtlCache<number[][]>(SEARCH_CACHE_MS, 10_000);
  const featured = createTtlCache<ProductSummary[]>(CATALOGUE_CACHE_MS);
  // Every page's menu: read once per change of the catalogue (or time to live), whatever the traffic.
  const menu = createTtlCache<MenuCategory[]>(CATALOGUE_CACHE_MS);
  // The hot products only: every rendered product page is also kept by the page cache (storefront/).
  const pages = createTtlCache<ProductPage | null>(CATALOGUE_CACHE_MS, 200);
  // Products' categories by product slug, for addresses that name another category (301 to the right one).
  const productCategories = createTtlCache<string | null>(CATALOGUE_CACHE_MS, 1000);

  /**
   * The product page in nine named statements whatever the number of variants and items: the product, then
   * one per table (images, variants, table fields, tiers, items, item images, data entries, prices), each
   * selecting by the product. The price range and stock flag come from the same rows.
   */
  async function loadProductPage(categorySlug: string, productSlug: string): Promise<ProductPage | null> {
    const row = await pageReads.product(categorySlug, productSlug);
    if (!row) return null;
    const [images, variants, fields, tiers, itemRows, itemImages, entries, prices] = await Promise.all([
      pageReads.images(row.id),
      pageReads.variants(row.id),
      pageReads.fields(row.id),
      pageReads.tiers(row.id),
      pageReads.items(row.id),
      pageReads.itemImages(row.id),
      pageReads.entries(row.id),
      pageReads.prices(row.id),
    ]);
    const summary = toSummary({
      ...row,
      images: images.map(toImage),
    });
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
        ...summary,
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

  /** One statement when the category is cached: the page with its images; the count only for a full page. */
  async function loadCategoryPage(slug: string, page: PageRequest): Promise<ProductList> {
    const category = await getCategoryBySlug(slug);
    if (!category) return { count: 0, results: [] };
    const window = pageWindow(page);
    const rows = await reads.categoryPage(category.id, window);
    const total =
      countFromPage(rows.length, window) ??
      (await categoryCounts.get(String(category.id), () => reads.categoryCount(category.id)));
    const shown = { name: category.name, slug: category.slug };
    return {
      count: total,
      results: rows.map((row) => ({
        id: row.id,
        name: row.name,
        slug: row.slug,
        description: row.description,
        category: shown,
        images: row.images,
      })),
    };
  }

  async function loadProductList(filter: queries.ProductFilter, page: PageRequest): Promise<ProductList> {
    const window = pageWindow(page);
    const rows = await queries.selectProductList(db, filter, window);
    const total = countFromPage(rows.length, window) ?? (await queries.countProducts(db, filter));
    return { count: total, results: rows.map(toSummary) };
  }

  function getCategoryBySlug(slug: string): Promise<Category | null> {
    return categoriesBySlug.get(slug, async () => {
      const row = await queries.selectCategoryBySlug(db, slug);
      return row ? toCategory(row) : null;
    });
  }

  async function loadSearch(
    text: queries.SearchText,
    filter: queries.ProductFilter,
    window: { limit: number; offset: number },
  ): Promise<ProductList> {
    const categoryIds = await categoryMatches.get(text.words.join(' '), () =>
      reads.categoriesMatching(text.words),
    );
    const { count, rows } = await reads.search(text, categoryIds, filter, window);
    return { count, results: rows.map(toSummary) };
  }

  /** A page of a search: from the kept head of its ranking when the page lies inside it. */
  async function search(
    input: string,
    filter: queries.ProductFilter,
    page: PageRequest,
  ): Promise<ProductList> {
    const text = queries.searchText(input);
    if (text.words.length === 0) return { count: 0, results: [] };
    const window = pageWindow(page);
    const key = [text.query, filter.category, filter.slug];
    if (window.offset + window.limit > SEARCH_HEAD_ROWS) {
      return productPages.get(JSON.stringify(['search', ...key, page.page, page.page_size]), () =>
        loadSearch(text, filter, window),
      );
    }
    const head = await searchHeads.get(JSON.stringify(key), () =>
      loadSearch(text, filter, { limit: SEARCH_HEAD_ROWS, offset: 0 }),
    );
    return { count: head.count, results: head.results.slice(window.offset, window.offset + window.limit) };
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

    getCategoryBySlug,

    /** The categories in menu order, each with its first products by name, in one statement. */
    listMenu(): Promise<MenuCategory[]> {
      return menu.get('menu', async () => {
        const rows = await selectMenu(db, MENU_PRODUCTS_PER_CATEGORY);
        const bySlug = new Map<string, MenuCategory>();
        for (const row of rows) {
          let category = bySlug.get(row.categorySlug);
          if (!category) {
            category = { name: row.categoryName, slug: row.categorySlug, products: [] };
            bySlug.set(row.categorySlug, category);
          }
          if (row.productName !== null && row.productSlug !== null) {
            category.products.push({ name: row.productName, slug: row.productSlug });
          }
        }
        return [...bySlug.values()];
      });
    },

    /** Products by category or slug, or matching a search text (then ranked, not alphabetical). */
    listProducts(query: ProductQuery, page: PageRequest): Promise<ProductList> {
      if (query.search !== undefined) return search(query.search, query, page);
      const key = JSON.stringify([query.category, query.slug, page.page, page.page_size]);
      if (query.category !== undefined && query.slug === undefined) {
        const slug = query.category;
        return productPages.get(key, () => loadCategoryPage(slug, page));
      }
      return productPages.get(key, () => loadProductList(query, page));
    },

    listFeaturedProducts(): Promise<ProductSummary[]> {
      return featured.get('featured', async () => withImages(db, await queries.selectFeaturedProducts(db)));
    },

    async getProduct(categorySlug: string, productSlug: string): Promise<ProductDetail | null> {
      const row = await pageReads.product(categorySlug, productSlug);
      if (!row) return null;
      const [images, prices] = await Promise.all([
        pageReads.images(row.id),
        queries.selectProductPriceSummary(db, row.id),
      ]);
      return {
        ...toSummary({ ...row, images: images.map(toImage) }),
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

    /** The slug of the category a product is in, by the product's slug alone; null when none has it. */
    getProductCategorySlug(productSlug: string): Promise<string | null> {
      return productCategories.get(productSlug, () => pageReads.categorySlugOf(productSlug));
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
      categoryCounts.clear();
      searchHeads.clear();
      categoryMatches.clear();
      featured.clear();
      menu.clear();
      pages.clear();
      productCategories.clear();
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
