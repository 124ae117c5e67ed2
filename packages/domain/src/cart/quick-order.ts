import { z } from 'zod';
import { PricingTierSchema } from '../catalogue/product-page';
import { MAX_PACK_QUANTITY } from '../pricing/constants';
import { MAX_LINES_PER_ADD } from './schemas';

/** The longest SKU a quick-order line may name (the catalogue's are far shorter). */
export const MAX_SKU_LENGTH = 64;

/**
 * Messages of the quick order. The spec has none for it; a line's quantity problems use the cart's
 * (CART_MESSAGES), its stock is said in packs (the quick order's unit), an unavailable item in the cart's words.
 */
export const QUICK_ORDER_MESSAGES = {
  noLines: 'Enter at least one line: a SKU, then the number of packs.',
  tooManyLines: `A quick order takes at most ${MAX_LINES_PER_ADD} lines at a time.`,
  skuRequired: 'Enter a SKU.',
  skuTooLong: `A SKU has at most ${MAX_SKU_LENGTH} characters.`,
  packsInvalid: `Packs must be a whole number from 1 to ${MAX_PACK_QUANTITY.toLocaleString('en-GB')}.`,
  noItem: (sku: string) => `No item with SKU '${sku}'.`,
  /** Stock in the quick order's own unit, packs (the cart's message counts units). */
  packsAvailable: (sku: string, packs: number) =>
    packs === 0
      ? `${sku} is out of stock.`
      : `Insufficient stock for ${sku}: only ${packs.toLocaleString('en-GB')} ${packs === 1 ? 'pack' : 'packs'} available.`,
  /** The cart's words for an inactive item (POST cart-items/), also said of an item with no price. */
  unavailable: (sku: string) => `Item ${sku} is no longer available.`,
} as const;

const M = QUICK_ORDER_MESSAGES;

/** One typed or pasted line: a SKU (trimmed) and a number of packs. */
export const QuickOrderLineSchema = z
  .object({
    sku: z.string({ message: M.skuRequired }).trim().min(1, M.skuRequired).max(MAX_SKU_LENGTH, M.skuTooLong),
    // One message, once: a number past the safe integers breaks both `int` and `max`.
    packs: z
      .number({ message: M.packsInvalid })
      .int({ error: M.packsInvalid, abort: true })
      .min(1, M.packsInvalid)
      .max(MAX_PACK_QUANTITY, M.packsInvalid),
  })
  .strict();
export type QuickOrderLine = z.infer<typeof QuickOrderLineSchema>;

/** POST ecommerce/quick-order/check/: 1 to MAX_LINES_PER_ADD lines, checked together. */
export const QuickOrderCheckSchema = z
  .object({
    lines: z
      .array(QuickOrderLineSchema, { message: M.noLines })
      .min(1, M.noLines)
      .max(MAX_LINES_PER_ADD, M.tooManyLines),
  })
  .strict();
export type QuickOrderCheck = z.infer<typeof QuickOrderCheckSchema>;

/** The item a line names, as the quick order shows it. */
export const QuickOrderItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  sku: z.string(),
  units_per_pack: z.number().int(),
  stock: z.number().int(),
  track_inventory: z.boolean(),
  product_slug: z.string(),
  category_slug: z.string(),
});
export type QuickOrderItem = z.infer<typeof QuickOrderItemSchema>;

/** An item suggested for the quick order's SKU field. */
export const QuickOrderSkuSuggestionSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  title: z.string(),
  product_name: z.string(),
});
export type QuickOrderSkuSuggestion = z.infer<typeof QuickOrderSkuSuggestionSchema>;

/** How many unknown SKUs of one check get suggestions, and how many each (the closest first). */
export const QUICK_ORDER_SUGGESTIONS = { skus: 10, perSku: 3 } as const;

/**
 * One line as checked. `pricing_tier`, `user_exclusive_price` and `pack_quantity` (`packs`) are what
 * POST cart-items/ takes for it; money is pounds as decimal strings, `total` after the exclusive discount.
 */
export const QuickOrderLineResultSchema = z.object({
  /** The line's place in the request, from 1. */
  line: z.number().int(),
  sku: z.string(),
  packs: z.number().int(),
  ok: z.boolean(),
  errors: z.array(z.string()),
  item: QuickOrderItemSchema.nullable(),
  pricing_tier: PricingTierSchema.nullable(),
  user_exclusive_price: z.number().int().nullable(),
  /** The user's exclusive discount on the item, percent (0 when none), as the cart line shows it. */
  discount_percentage: z.number(),
  price_per_pack: z.string().nullable(),
  total: z.string().nullable(),
  /** For a SKU the catalogue does not have: the closest SKUs on sale (empty otherwise). */
  suggestions: z.array(QuickOrderSkuSuggestionSchema),
});
export type QuickOrderLineResult = z.infer<typeof QuickOrderLineResultSchema>;

/** The answer: every line in request order, how many are ready to add and their total (ex VAT). */
export const QuickOrderCheckResultSchema = z.object({
  lines: z.array(QuickOrderLineResultSchema),
  valid_count: z.number().int(),
  total: z.string(),
});
export type QuickOrderCheckResult = z.infer<typeof QuickOrderCheckResultSchema>;

/** The shortest text GET ecommerce/quick-order/skus/ searches for (as the header's suggestions). */
export const QUICK_ORDER_SEARCH_MIN_LENGTH = 2;
