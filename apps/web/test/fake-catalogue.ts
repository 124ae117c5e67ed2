import type {
  Category,
  CatalogueReader,
  ProductDetail,
  ProductSummary,
  StorefrontLoadContext,
} from '@shop/domain';

export const TEST_ORIGIN = 'https://shop.test';

const CATEGORY_SLUGS = ['wraps', 'bags', 'food-packaging', 'tapes', 'labels', 'boxes', 'postal'];

export function makeCategory(slug: string, id = CATEGORY_SLUGS.indexOf(slug) + 1): Category {
  const name = slug
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
  return {
    id,
    name,
    slug,
    description: `<p>${name} for UK businesses.</p>`,
    image: `/images/categories/${slug}.svg`,
    slider_image: `/images/slider/${slug}.svg`,
    created_at: '2026-01-01T00:00:00.000Z',
  };
}

export function makeProduct(id: number, categorySlug = 'wraps'): ProductSummary {
  const category = makeCategory(categorySlug);
  return {
    id,
    name: `Product ${id}`,
    slug: `product-${id}`,
    description: `<p>Description of product ${id}.</p>`,
    category: { name: category.name, slug: category.slug },
    images: [{ id: id * 10, image: `/images/products/p${id}.svg`, alt_text: `Photo of product ${id}` }],
  };
}

export function makeProductDetail(overrides: Partial<ProductDetail> = {}): ProductDetail {
  return {
    ...makeProduct(1),
    name: 'Pallet Wraps',
    slug: 'pallet-wraps',
    lowest_price_pence: 1299,
    highest_price_pence: 45600,
    in_stock: true,
    updated_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A catalogue with the seven categories and 15 featured products; any read can be replaced. */
export function fakeCatalogue(overrides: Partial<CatalogueReader> = {}): CatalogueReader {
  const categories = CATEGORY_SLUGS.map((slug) => makeCategory(slug));
  return {
    listCategories: async () => categories,
    getCategoryBySlug: async (slug) => categories.find((c) => c.slug === slug) ?? null,
    listProductsByCategory: async () => ({ count: 2, results: [makeProduct(1), makeProduct(2)] }),
    listFeaturedProducts: async () => Array.from({ length: 15 }, (_, i) => makeProduct(i + 1)),
    getProduct: async () => makeProductDetail(),
    searchItemsBySize: async () => ({ count: 0, results: [] }),
    listSitemapEntries: async () => ({ categories: [], products: [] }),
    ...overrides,
  };
}

export function fakeContext(overrides: Partial<CatalogueReader> = {}): StorefrontLoadContext {
  return { catalogue: fakeCatalogue(overrides), nonce: 'test-nonce', origin: TEST_ORIGIN };
}
