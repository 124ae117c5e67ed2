import { z } from 'zod';

/**
 * The back office's catalogue and stock contract: what staff send to /api/administration/ and what
 * they get back. The API validates with these schemas; the screens take their types and limits from them.
 */

/** Limits of what staff may enter: enough for any real catalogue, bounded for the database (DESIGN §4.10). */
export const CATALOGUE_LIMITS = {
  name: 200,
  slug: 100,
  description: 20_000,
  imagePath: 300,
  altText: 300,
  position: 100_000,
  sku: 64,
  title: 300,
  unitsPerPack: 1_000_000,
  unitsPerPallet: 10_000_000,
  stock: 10_000_000,
  stockDelta: 1_000_000,
  reason: 200,
  lowStockThreshold: 1_000_000,
  weight: 100_000,
  /** Every dimension, whatever its unit, is at most this many mm (the columns hold 9,999,999.999). */
  dimensionMm: 9_999_999,
  dataEntries: 50,
  dataText: 500,
  /** A pack's price: up to GBP 100,000. */
  pricePence: 10_000_000,
  tierStart: 1_000_000,
  tiers: 12,
  priceTableItems: 1_000,
  featuredRank: 15,
  /** Uploaded images: at most 5 MB. */
  imageBytes: 5 * 1024 * 1024,
  /**
   * And at most 25 megapixels (6,000 x 4,000 is 24): a product photo is shown at most 1,600 px wide (2 MP), and a
   * camera's full 24 MP frame still fits; more is a decompression bomb or a photo to scale down first.
   */
  imagePixels: 25_000_000,
} as const;

export const CATALOGUE_MESSAGES = {
  blank: 'This field may not be blank.',
  tooLong: (max: number) => `Ensure this field has no more than ${max} characters.`,
  atLeast: (min: number) => `Ensure this value is greater than or equal to ${min}.`,
  atMost: (max: number) => `Ensure this value is less than or equal to ${max.toLocaleString('en-GB')}.`,
  wholeNumber: 'A valid integer is required.',
  slug: 'Use lower-case letters, digits and single hyphens, e.g. "pallet-wraps".',
  slugTaken: 'Another entry already uses this slug.',
  skuFormat: 'Use letters, digits, dots, hyphens, underscores or slashes, starting with a letter or digit.',
  skuTaken: 'Another item already uses this SKU.',
  imagePath: 'Give a root-relative path such as /images/categories/wraps.svg.',
  featuredTaken: 'Another product already has this place on the home page.',
  categoryHasProducts: (count: number) =>
    `This category still has ${count} ${count === 1 ? 'product' : 'products'}; move or delete them first.`,
  unknownCategory: 'Choose an existing category.',
  palletNeedsUnits: 'Set units per pallet to show this variant per pallet.',
  dimensionsNeedUnit: 'Choose a measurement unit for the dimensions.',
  dimensionRequired: 'Length and width are needed when a measurement unit is chosen.',
  dimensionTooLarge: `Ensure this size is at most ${(9_999_999).toLocaleString('en-GB')} mm.`,
  unknownField: "This field is not one of the variant's table fields.",
  duplicateField: 'Give each table field once.',
  notANumber: 'A valid number is required.',
  adjustmentKind: 'Give either a change (delta) or a new stock level (set_to), not both.',
  adjustmentZero: 'A change of 0 changes nothing.',
  belowZero: (stock: number) =>
    `Stock cannot go below 0 (there ${stock === 1 ? 'is' : 'are'} ${stock} in stock).`,
  aboveMaximum: `Stock cannot exceed ${(10_000_000).toLocaleString('en-GB')}.`,
  reasonRequired: 'Give a reason for the change.',
  imageType: 'Upload a JPEG, PNG, WebP, GIF or AVIF image.',
  imageTooLarge: 'The image is larger than 5 MB.',
  imageTooManyPixels:
    'The image has more than 25 megapixels; scale it down (1,600 px wide is enough) and upload it again.',
  imagesBusy: 'Other images are being processed. Please try again in a moment.',
  imageOrder: 'List every image of the product exactly once.',
  tierOrder: 'Each tier must start above the tier of the same type before it.',
  firstPackTier: 'The first pack tier must start at 1.',
  needPackTier: 'A price table needs at least one pack tier.',
  palletTierNeedsUnits: 'Set units per pallet on the variant before adding pallet tiers.',
  unknownTier: 'This tier is not one of the variant’s tiers; reload the table.',
  duplicateTier: 'This tier appears twice.',
  priceCount: 'Give one price per tier.',
  tableOutOfDate: 'The variant’s items changed since the table was loaded; reload it.',
  unknownItem: 'This item is not one of the variant’s items; reload the table.',
} as const;

const M = CATALOGUE_MESSAGES;
const L = CATALOGUE_LIMITS;

const text = (max: number) => z.string().trim().max(max, M.tooLong(max));
const requiredText = (max: number) => text(max).min(1, M.blank);
const int = (min: number, max: number) =>
  z.number({ message: M.wholeNumber }).int(M.wholeNumber).min(min, M.atLeast(min)).max(max, M.atMost(max));
/** A number with at most `decimals` decimal places, from `min` to `max`. */
const decimal = (min: number, max: number, decimals: number) =>
  z
    .number({ message: M.notANumber })
    .min(min, M.atLeast(min))
    .max(max, M.atMost(max))
    .refine(
      (value) => Math.abs(value * 10 ** decimals - Math.round(value * 10 ** decimals)) < 1e-6,
      `Ensure that there are no more than ${decimals} decimal places.`,
    );
const id = int(1, 2_147_483_647);

export const SlugSchema = requiredText(L.slug).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, M.slug);
/** A root-relative image path on this shop (/images/…, /uploads/…), never another origin. */
export const ImagePathSchema = text(L.imagePath).regex(/^\/[A-Za-z0-9._~-][A-Za-z0-9._~/-]*$/, M.imagePath);
const position = int(0, L.position);
export const PackUnitSchema = z.enum(['pack', 'pallet']);

// ---------------------------------------------------------------------------------------------
// Categories
// ---------------------------------------------------------------------------------------------

const categoryFields = {
  name: requiredText(L.name),
  slug: SlugSchema,
  /** HTML; sanitised on save. */
  description: text(L.description),
  image: ImagePathSchema.nullable(),
  slider_image: ImagePathSchema.nullable(),
  position,
};
export const CategoryCreateSchema = z
  .object({
    ...categoryFields,
    description: categoryFields.description.default(''),
    image: categoryFields.image.default(null),
    slider_image: categoryFields.slider_image.default(null),
    position: position.default(0),
  })
  .strict();
export const CategoryUpdateSchema = z.object(categoryFields).partial().strict();
export type CategoryCreate = z.infer<typeof CategoryCreateSchema>;
export type CategoryUpdate = z.infer<typeof CategoryUpdateSchema>;

export const AdminCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  slider_image: z.string().nullable(),
  position: z.number().int(),
  product_count: z.number().int(),
});
export type AdminCategory = z.infer<typeof AdminCategorySchema>;

// ---------------------------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------------------------

const productFields = {
  category: id,
  name: requiredText(L.name),
  slug: SlugSchema,
  /** HTML; sanitised on save. */
  description: text(L.description),
  /** Place 1..15 in the home page's product grid, or null. */
  featured_rank: int(1, L.featuredRank).nullable(),
};
export const ProductCreateSchema = z
  .object({
    ...productFields,
    description: productFields.description.default(''),
    featured_rank: productFields.featured_rank.default(null),
  })
  .strict();
export const ProductUpdateSchema = z.object(productFields).partial().strict();
export type ProductCreate = z.infer<typeof ProductCreateSchema>;
export type ProductUpdate = z.infer<typeof ProductUpdateSchema>;

export const AdminProductRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  category: z.number().int(),
  category_name: z.string(),
  category_slug: z.string(),
  featured_rank: z.number().int().nullable(),
  created_at: z.string(),
});
export type AdminProductRow = z.infer<typeof AdminProductRowSchema>;

export const AdminProductImageSchema = z.object({
  id: z.number().int(),
  /** The largest WebP variant's URL (uploads), or a seeded image's path. */
  image: z.string(),
  alt_text: z.string(),
  position: z.number().int(),
});
export type AdminProductImage = z.infer<typeof AdminProductImageSchema>;

export const ProductImageUpdateSchema = z
  .object({ alt_text: text(L.altText), position })
  .partial()
  .strict();
export const ProductImageOrderSchema = z.object({ images: z.array(id).max(100, M.atMost(100)) }).strict();
export type ProductImageUpdate = z.infer<typeof ProductImageUpdateSchema>;

export const AdminTableFieldSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  field_type: z.enum(['image', 'price', 'number', 'text']),
  long_field: z.boolean(),
  position: z.number().int(),
});
export type AdminTableField = z.infer<typeof AdminTableFieldSchema>;

export const AdminVariantItemSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  title: z.string(),
  stock: z.number().int(),
  track_inventory: z.boolean(),
  status: z.enum(['active', 'inactive']),
});
export type AdminVariantItem = z.infer<typeof AdminVariantItemSchema>;

export const AdminVariantSchema = z.object({
  id: z.number().int(),
  product: z.number().int(),
  name: z.string(),
  units_per_pallet: z.number().int().nullable(),
  show_units_per: PackUnitSchema,
  position: z.number().int(),
  table_fields: z.array(AdminTableFieldSchema),
  /** The variant's pricing tiers, for a glance; the price grid edits them. */
  tier_count: z.number().int(),
});
export type AdminVariant = z.infer<typeof AdminVariantSchema>;

export const AdminProductDetailSchema = AdminProductRowSchema.extend({
  description: z.string(),
  updated_at: z.string(),
  images: z.array(AdminProductImageSchema),
  variants: z.array(AdminVariantSchema.extend({ items: z.array(AdminVariantItemSchema) })),
});
export type AdminProductDetail = z.infer<typeof AdminProductDetailSchema>;

// ---------------------------------------------------------------------------------------------
// Variants and table fields
// ---------------------------------------------------------------------------------------------

const variantFields = {
  name: requiredText(L.name),
  /** Units (not packs) on one pallet; null when the variant is not sold by the pallet. */
  units_per_pallet: int(1, L.unitsPerPallet).nullable(),
  show_units_per: PackUnitSchema,
  position,
};
export const VariantCreateSchema = z
  .object({
    ...variantFields,
    units_per_pallet: variantFields.units_per_pallet.default(null),
    show_units_per: PackUnitSchema.default('pack'),
    position: position.default(0),
  })
  .strict();
export const VariantUpdateSchema = z.object(variantFields).partial().strict();
export type VariantCreate = z.infer<typeof VariantCreateSchema>;
export type VariantUpdate = z.infer<typeof VariantUpdateSchema>;

const tableFieldFields = {
  name: requiredText(100),
  field_type: z.enum(['image', 'price', 'number', 'text']),
  long_field: z.boolean(),
  position,
};
export const TableFieldCreateSchema = z
  .object({
    ...tableFieldFields,
    field_type: tableFieldFields.field_type.default('text'),
    long_field: z.boolean().default(false),
    position: position.default(0),
  })
  .strict();
export const TableFieldUpdateSchema = z.object(tableFieldFields).partial().strict();
export type TableFieldCreate = z.infer<typeof TableFieldCreateSchema>;
export type TableFieldUpdate = z.infer<typeof TableFieldUpdateSchema>;

/** A variant on its own (the price grid's and the item form's heading). */
export const AdminVariantDetailSchema = AdminVariantSchema.extend({
  product_name: z.string(),
});
export type AdminVariantDetail = z.infer<typeof AdminVariantDetailSchema>;

// ---------------------------------------------------------------------------------------------
// Items
// ---------------------------------------------------------------------------------------------

/** An item's value for one table field: text, a number, or an image path; null or '' removes it. */
export const DataEntryInputSchema = z
  .object({
    field: id,
    value: z.union([z.string().max(L.dataText, M.tooLong(L.dataText)), z.number(), z.null()]),
  })
  .strict();

const dimension = decimal(0, L.dimensionMm, 3).nullable();
const itemFields = {
  sku: requiredText(L.sku).regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, M.skuFormat),
  title: requiredText(L.title),
  units_per_pack: int(1, L.unitsPerPack),
  stock: int(0, L.stock),
  track_inventory: z.boolean(),
  /** Weight of one pack in weight_unit, to 0.1 mg. */
  weight: decimal(0, L.weight, 4),
  weight_unit: z.enum(['kg', 'lb', 'oz', 'g']),
  measurement_unit: z.enum(['MM', 'CM', 'IN', 'M']).nullable(),
  width: dimension,
  height: dimension,
  length: dimension,
  status: z.enum(['active', 'inactive']),
  low_stock_threshold: int(0, L.lowStockThreshold),
  data_entries: z.array(DataEntryInputSchema).max(L.dataEntries, M.atMost(L.dataEntries)),
};
export const ItemCreateSchema = z
  .object({
    variant: id,
    ...itemFields,
    units_per_pack: itemFields.units_per_pack.default(1),
    stock: itemFields.stock.default(0),
    track_inventory: z.boolean().default(true),
    weight: itemFields.weight.default(0),
    weight_unit: itemFields.weight_unit.default('kg'),
    measurement_unit: itemFields.measurement_unit.default(null),
    width: dimension.default(null),
    height: dimension.default(null),
    length: dimension.default(null),
    status: itemFields.status.default('active'),
    low_stock_threshold: itemFields.low_stock_threshold.default(10),
    data_entries: itemFields.data_entries.default([]),
  })
  .strict();
export const ItemUpdateSchema = z.object(itemFields).partial().strict();
export type ItemCreate = z.infer<typeof ItemCreateSchema>;
export type ItemUpdate = z.infer<typeof ItemUpdateSchema>;

export const AdminItemRowSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  title: z.string(),
  stock: z.number().int(),
  track_inventory: z.boolean(),
  low_stock_threshold: z.number().int(),
  status: z.enum(['active', 'inactive']),
  variant: z.number().int(),
  created_at: z.string(),
});
export type AdminItemRow = z.infer<typeof AdminItemRowSchema>;

export const AdminItemSchema = AdminItemRowSchema.extend({
  units_per_pack: z.number().int(),
  weight: z.number(),
  weight_unit: z.enum(['kg', 'lb', 'oz', 'g']),
  measurement_unit: z.enum(['MM', 'CM', 'IN', 'M']).nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  length: z.number().nullable(),
  variant_name: z.string(),
  product: z.number().int(),
  product_name: z.string(),
  table_fields: z.array(AdminTableFieldSchema),
  data_entries: z.array(
    z.object({
      field: z.number().int(),
      value_text: z.string().nullable(),
      value_number: z.number().nullable(),
      value_image: z.string().nullable(),
    }),
  ),
});
export type AdminItem = z.infer<typeof AdminItemSchema>;

// ---------------------------------------------------------------------------------------------
// Stock
// ---------------------------------------------------------------------------------------------

export const StockAdjustmentSchema = z
  .object({
    /** Packs to add (positive) or take away (negative). */
    delta: int(-L.stockDelta, L.stockDelta)
      .refine((value) => value !== 0, M.adjustmentZero)
      .optional(),
    /** The stock level to set, instead of a change. */
    set_to: int(0, L.stock).optional(),
    reason: z
      .string({ message: M.reasonRequired })
      .trim()
      .min(1, M.reasonRequired)
      .max(L.reason, M.tooLong(L.reason)),
  })
  .strict()
  .refine((body) => (body.delta === undefined) !== (body.set_to === undefined), {
    message: M.adjustmentKind,
    path: ['delta'],
  });
export type StockAdjustment = z.infer<typeof StockAdjustmentSchema>;

export const StockMovementSchema = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  stock_after: z.number().int(),
  reason: z.string(),
  actor_email: z.string().nullable(),
  order: z.number().int().nullable(),
  created_at: z.string(),
});
export type StockMovement = z.infer<typeof StockMovementSchema>;

export const LowStockItemSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  title: z.string(),
  stock: z.number().int(),
  low_stock_threshold: z.number().int(),
  /** How many packs short of the threshold (0 at the threshold). */
  shortfall: z.number().int(),
  product: z.number().int(),
  product_name: z.string(),
  /** Buyers waiting for its back-in-stock e-mail: confirmed alerts not yet sent. */
  alert_waiters: z.number().int(),
});
export type LowStockItem = z.infer<typeof LowStockItemSchema>;

export const ThresholdUpdateSchema = z
  .object({ low_stock_threshold: itemFields.low_stock_threshold })
  .strict();

// ---------------------------------------------------------------------------------------------
// The price grid: a variant's tiers and every item's price per tier, as one document
// ---------------------------------------------------------------------------------------------

export const PriceTableTierSchema = z.object({
  id: z.number().int(),
  tier_type: PackUnitSchema,
  range_start: z.number().int(),
  range_end: z.number().int().nullable(),
  no_end_range: z.boolean(),
});

export const PriceTableSchema = z.object({
  variant: AdminVariantDetailSchema,
  /** Pack tiers by start, then pallet tiers by start; each ends where the next of its type begins. */
  tiers: z.array(PriceTableTierSchema),
  items: z.array(
    z.object({
      id: z.number().int(),
      sku: z.string(),
      title: z.string(),
      status: z.enum(['active', 'inactive']),
      /** Pence per pack, one per tier in `tiers`' order; null where no price is set yet. */
      prices: z.array(z.number().int().nullable()),
    }),
  ),
});
export type PriceTable = z.infer<typeof PriceTableSchema>;

/**
 * A whole price table to store: the tiers by their starts (each runs up to the next of its type; the last is
 * open-ended), an `id` keeping an existing tier, and every item of the variant with one price per tier.
 */
export const PriceTableUpdateSchema = z
  .object({
    tiers: z
      .array(
        z
          .object({
            id: id.optional(),
            tier_type: PackUnitSchema,
            range_start: int(1, L.tierStart),
          })
          .strict(),
      )
      .min(1, M.needPackTier)
      .max(L.tiers, `Ensure there are no more than ${L.tiers} tiers.`),
    items: z
      .array(
        z
          .object({
            id,
            prices: z.array(int(0, L.pricePence)).max(L.tiers, M.priceCount),
          })
          .strict(),
      )
      .max(L.priceTableItems, M.atMost(L.priceTableItems)),
  })
  .strict();
export type PriceTableUpdate = z.infer<typeof PriceTableUpdateSchema>;
