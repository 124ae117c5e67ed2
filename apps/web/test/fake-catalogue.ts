import type {
  Category,
  CatalogueReader,
  PricingTier,
  ProductDetail,
  ProductPage,
  ProductPageItem,
  ProductPageVariant,
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

const tier = (
  id: number,
  tier_type: PricingTier['tier_type'],
  range_start: number,
  range_end: number | null,
): PricingTier => ({ id, tier_type, range_start, range_end, no_end_range: range_end === null });

/** An item of a product page; `prices` are pence per pack by tier id. */
export function makePageItem(
  overrides: Partial<ProductPageItem> & { id: number; sku: string; prices: ProductPageItem['prices'] },
): ProductPageItem {
  return {
    title: `Item ${overrides.sku}`,
    units_per_pack: 6,
    stock: 1440,
    track_inventory: true,
    weight: 13.2,
    weight_unit: 'kg',
    length_in_inches: null,
    width_in_inches: null,
    height_in_inches: null,
    images: [{ image: `/images/products/${overrides.sku}.svg`, alt_text: `Photo of ${overrides.sku}` }],
    data_entries: [],
    status: 'active',
    measurement_unit: null,
    width: null,
    height: null,
    length: null,
    product_variant: 11,
    ...overrides,
  };
}

const prices = (byTier: Record<number, number>) =>
  Object.entries(byTier).map(([pricing_tier, price_pence]) => ({
    pricing_tier: Number(pricing_tier),
    price_pence,
  }));

/**
 * Pallet Wraps with two variants:
 * - Hand Pallet Wrap (11): 240 units per pallet, shown per box; tiers 1-9, 10-49, 50+ packs, 1+ pallets;
 *   PW-HAND-400-CL (1001, 6 per pack, 1440 in stock, 13.2 kg) at 2994/2754/2575/2335 pence and
 *   PW-HAND-400-BK (1002, 6 per pack, 60 in stock, 13.2 kg) at 3414/3141/2936/2663;
 * - Machine Pallet Wrap (12): 40 units per pallet, shown per pallet; tiers 1-9, 10+ packs, 1+ pallets;
 *   PW-MACH-500-1500-CL-LONG (2001, 1 per pack, 320 in stock, 17.5 kg) at 2495/2320/1946.
 */
export function makeProductPage(overrides: Partial<ProductPage> = {}): ProductPage {
  const hand: ProductPageVariant = {
    id: 11,
    name: 'Hand Pallet Wrap',
    units_per_pallet: 240,
    show_units_per: 'pack',
    tableFields: [
      { id: 101, name: 'Colour', field_type: 'text', long_field: false },
      { id: 102, name: 'Thickness (micron)', field_type: 'number', long_field: false },
    ],
    pricing_tiers: [
      tier(1, 'pack', 1, 9),
      tier(2, 'pack', 10, 49),
      tier(3, 'pack', 50, null),
      tier(4, 'pallet', 1, null),
    ],
    items: [
      makePageItem({
        id: 1001,
        sku: 'PW-HAND-400-CL',
        title: 'Clear Hand Pallet Wrap 400mm',
        data_entries: [
          { field: 101, value_text: 'Clear', value_number: null, value_image: null },
          { field: 102, value_text: null, value_number: 17, value_image: null },
        ],
        prices: prices({ 1: 2994, 2: 2754, 3: 2575, 4: 2335 }),
      }),
      makePageItem({
        id: 1002,
        sku: 'PW-HAND-400-BK',
        title: 'Black Hand Pallet Wrap 400mm',
        stock: 60,
        images: [
          { image: '/images/products/black-1.svg', alt_text: 'Black wrap roll' },
          { image: '/images/products/black-2.svg', alt_text: 'Black wrap on a pallet' },
        ],
        data_entries: [
          { field: 101, value_text: 'Black', value_number: null, value_image: null },
          { field: 102, value_text: null, value_number: 17, value_image: null },
        ],
        prices: prices({ 1: 3414, 2: 3141, 3: 2936, 4: 2663 }),
      }),
    ],
  };
  const machine: ProductPageVariant = {
    id: 12,
    name: 'Machine Pallet Wrap',
    units_per_pallet: 40,
    show_units_per: 'pallet',
    tableFields: [],
    pricing_tiers: [tier(5, 'pack', 1, 9), tier(6, 'pack', 10, null), tier(7, 'pallet', 1, null)],
    items: [
      makePageItem({
        id: 2001,
        sku: 'PW-MACH-500-1500-CL-LONG',
        title: 'Machine Stretch Film 500mm x 1500m',
        units_per_pack: 1,
        stock: 320,
        weight: 17.5,
        product_variant: 12,
        prices: prices({ 5: 2495, 6: 2320, 7: 1946 }),
      }),
    ],
  };
  return { product: makeProductDetail(), variants: [hand, machine], ...overrides };
}

/** A catalogue with the seven categories and 15 featured products; any read can be replaced. */
export function fakeCatalogue(overrides: Partial<CatalogueReader> = {}): CatalogueReader {
  const categories = CATEGORY_SLUGS.map((slug) => makeCategory(slug));
  return {
    listCategories: async () => categories,
    listMenu: async () => categories.map(({ name, slug }) => ({ name, slug, products: [] })),
    getCategoryBySlug: async (slug) => categories.find((c) => c.slug === slug) ?? null,
    listProductsByCategory: async () => ({ count: 2, results: [makeProduct(1), makeProduct(2)] }),
    listFeaturedProducts: async () => Array.from({ length: 15 }, (_, i) => makeProduct(i + 1)),
    getProduct: async () => makeProductDetail(),
    getProductPage: async () => makeProductPage(),
    getProductCategorySlug: async () => null,
    searchItemsBySize: async () => ({ count: 0, results: [] }),
    listSitemapEntries: async () => ({ categories: [], products: [] }),
    ...overrides,
  };
}

export function fakeContext(overrides: Partial<CatalogueReader> = {}): StorefrontLoadContext {
  return {
    catalogue: fakeCatalogue(overrides),
    nonce: 'test-nonce',
    origin: TEST_ORIGIN,
    testPayments: false,
  };
}
