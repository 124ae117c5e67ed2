import type { SizeSearch } from '../search/size-search';
import type { ProductPage } from './product-page';
import { z } from 'zod';

/** A category as the API lists it (spec 1, §3). */
export const CategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  slider_image: z.string().nullable(),
  created_at: z.string(),
});
export type Category = z.infer<typeof CategorySchema>;

/** A product as listed and as suggested (spec 1, §3). */
export const ProductSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  category: z.object({ name: z.string(), slug: z.string() }),
  images: z.array(z.object({ id: z.number().int(), image: z.string(), alt_text: z.string() })),
});
export type ProductSummary = z.infer<typeof ProductSummarySchema>;

/** An item found by the size search: the item, its product and how near it is to the searched size. */
export const SizeSearchItemSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  title: z.string(),
  units_per_pack: z.number().int(),
  /** The item's own unit and dimensions (as stored). */
  measurement_unit: z.enum(['MM', 'CM', 'IN', 'M']),
  width: z.number().nullable(),
  height: z.number().nullable(),
  length: z.number().nullable(),
  /** The item's dimensions in millimetres, smallest first (orientation-free). */
  dimensions_mm: z.tuple([z.number(), z.number(), z.number()]),
  images: z.array(z.object({ image: z.string(), alt_text: z.string() })),
  product: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  category: z.object({ name: z.string(), slug: z.string() }),
  /** Sum of relative differences from the searched size; 0 is an exact match. */
  distance: z.number(),
});
export type SizeSearchItem = z.infer<typeof SizeSearchItemSchema>;

/** A product with what its page needs before the variant tables. */
export const ProductDetailSchema = ProductSummarySchema.extend({
  /** The lowest list price per pack over all active items, in pence; null when nothing is priced. */
  lowest_price_pence: z.number().int().nullable(),
  /** The highest list price per pack, in pence (for schema.org AggregateOffer). */
  highest_price_pence: z.number().int().nullable(),
  in_stock: z.boolean(),
  updated_at: z.string(),
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

export interface PageRequest {
  page: number;
  page_size: number;
}

export interface SitemapEntries {
  categories: { slug: string }[];
  products: { slug: string; category_slug: string; updated_at: string }[];
}

/** A category of the shop's navigation with its first products by name, in the catalogue's menu order. */
export interface MenuCategory {
  name: string;
  slug: string;
  products: { name: string; slug: string }[];
}

/**
 * What the storefront's server loaders may read, in-process, without HTTP.
 * The API implements it over its services; the web app sees only this interface.
 */
export interface CatalogueReader {
  listCategories(): Promise<Category[]>;
  /** Every category with its first products, for the side menu, the footer and the category tabs. */
  listMenu(): Promise<MenuCategory[]>;
  getCategoryBySlug(slug: string): Promise<Category | null>;
  /** Products of a category, in name order, paged. */
  listProductsByCategory(
    slug: string,
    page: PageRequest,
  ): Promise<{ count: number; results: ProductSummary[] }>;
  /** The home page's 15 products, in their featured order. */
  listFeaturedProducts(): Promise<ProductSummary[]>;
  /** One product, only when it is in that category. */
  getProduct(categorySlug: string, productSlug: string): Promise<ProductDetail | null>;
  /**
   * The product page: the product with its variants, table fields, tiers and active items with their
   * list prices, in a fixed number of queries whatever the number of variants and items.
   */
  getProductPage(categorySlug: string, productSlug: string): Promise<ProductPage | null>;
  /** The slug of the category a product is in, by the product's slug alone (unique); null when none. */
  getProductCategorySlug(productSlug: string): Promise<string | null>;
  /** The size search (DESIGN §4.7), nearest first. */
  searchItemsBySize(
    search: SizeSearch,
    page: PageRequest,
  ): Promise<{ count: number; results: SizeSearchItem[] }>;
  /** Everything the sitemap lists. */
  listSitemapEntries(): Promise<SitemapEntries>;
}

/** What the server hands each storefront request (React Router's load context). */
export type StorefrontLoadContext = {
  catalogue: CatalogueReader;
  /** This request's CSP nonce, for every script React Router writes. */
  nonce: string;
  /** The shop's public origin, for canonical URLs. */
  origin: string;
  /**
   * The built-in `test` processor takes the payments: every page says no real payments are taken. The
   * process's configuration, the same for every visitor, so cached pages carry it too.
   */
  testPayments: boolean;
};
