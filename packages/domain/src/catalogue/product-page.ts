import { z } from 'zod';
import { ProductDetailSchema } from './types';

/** A configurable column of a variant's item table (spec 2, §3 tableFields). */
export const TableFieldSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  field_type: z.enum(['image', 'price', 'number', 'text']),
  long_field: z.boolean(),
});
export type TableField = z.infer<typeof TableFieldSchema>;

/** A pricing tier without its prices (spec 2, §3 Pricing tier). */
export const PricingTierSchema = z.object({
  id: z.number().int(),
  tier_type: z.enum(['pack', 'pallet']),
  range_start: z.number().int(),
  range_end: z.number().int().nullable(),
  no_end_range: z.boolean(),
});
export type PricingTier = z.infer<typeof PricingTierSchema>;

/** A product variant as GET product-variants/?product= answers it. */
export const ProductVariantSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  units_per_pallet: z.number().int().nullable(),
  show_units_per: z.enum(['pack', 'pallet']),
  tableFields: z.array(TableFieldSchema),
  pricing_tiers: z.array(PricingTierSchema),
});
export type ProductVariant = z.infer<typeof ProductVariantSchema>;

/** An item as GET items/?product_variant= answers it (spec 2, §3 Item). */
export const VariantItemSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  title: z.string(),
  units_per_pack: z.number().int(),
  stock: z.number().int(),
  track_inventory: z.boolean(),
  weight: z.number(),
  weight_unit: z.enum(['kg', 'lb', 'oz', 'g']),
  length_in_inches: z.number().nullable(),
  width_in_inches: z.number().nullable(),
  height_in_inches: z.number().nullable(),
  images: z.array(z.object({ image: z.string(), alt_text: z.string() })),
  data_entries: z.array(
    z.object({
      field: z.number().int(),
      value_text: z.string().nullable(),
      value_number: z.number().nullable(),
      value_image: z.string().nullable(),
    }),
  ),
  status: z.enum(['active', 'inactive']),
  measurement_unit: z.enum(['MM', 'CM', 'IN', 'M']).nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  length: z.number().nullable(),
  product_variant: z.number().int(),
});
export type VariantItem = z.infer<typeof VariantItemSchema>;

/** One price of an item in a tier, as GET pricing-tier-data/?item= answers it. */
export const PricingTierDataSchema = z.object({
  id: z.number().int(),
  pricing_tier: z.number().int(),
  item: z.number().int(),
  /** Price of one pack, pounds as a decimal string ("12.50"). */
  price: z.string(),
  /** The same price in pence. */
  price_pence: z.number().int(),
});
export type PricingTierData = z.infer<typeof PricingTierDataSchema>;

/** The caller's own discount on an item (spec 2, §3 Exclusive price). */
export const ExclusivePriceSchema = z.object({
  id: z.number().int(),
  item: z.number().int(),
  discount_percentage: z.number(),
});
export type ExclusivePrice = z.infer<typeof ExclusivePriceSchema>;

/** An item on the product page: the item with its list price per pack in each tier of its variant. */
export const ProductPageItemSchema = VariantItemSchema.extend({
  prices: z.array(z.object({ pricing_tier: z.number().int(), price_pence: z.number().int() })),
});
export type ProductPageItem = z.infer<typeof ProductPageItemSchema>;

export const ProductPageVariantSchema = ProductVariantSchema.extend({
  /** Active items only, in table order. */
  items: z.array(ProductPageItemSchema),
});
export type ProductPageVariant = z.infer<typeof ProductPageVariantSchema>;

/** Everything the product page renders on the server, read with a fixed number of queries. */
export const ProductPageSchema = z.object({
  product: ProductDetailSchema,
  variants: z.array(ProductPageVariantSchema),
});
export type ProductPage = z.infer<typeof ProductPageSchema>;
