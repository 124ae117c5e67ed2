import { z } from 'zod';
import { ADDRESS_MESSAGES, isUkPostcode, normalisePostcode } from '../addresses/schemas';
import { DELIVERY_ZONES } from '../delivery/data';
import { DELIVERY_EXTRAS, DELIVERY_SERVICES } from '../delivery/schemas';
import { MAX_PACK_QUANTITY } from '../pricing/constants';

const id = z.number().int().positive().max(2_147_483_647);

/** The most lines one POST cart-items/ may carry. */
export const MAX_LINES_PER_ADD = 200;

/** A cart write's pack count or list of lines refused, in DRF's words, as the shop's other field errors are. */
export const CART_FIELD_MESSAGES = {
  required: 'This field is required.',
  notNull: 'This field may not be null.',
  wholeNumber: 'A valid integer is required.',
  atLeast: 'Ensure this value is greater than or equal to 1.',
  atMost: `Ensure this value is less than or equal to ${MAX_PACK_QUANTITY.toLocaleString('en-GB')}.`,
  notAList: 'Expected a list of items.',
  emptyList: 'This list may not be empty.',
  tooManyLines: `Ensure this field has no more than ${MAX_LINES_PER_ADD} elements.`,
} as const;

const P = CART_FIELD_MESSAGES;

/**
 * A cart line's number of packs: a whole number from 1 to MAX_PACK_QUANTITY, with one message for each
 * wrong value. The maximum is checked first, so a number past the safe integers (1e20) is too large
 * rather than not whole.
 */
export const PackQuantitySchema = z
  .number({
    error: (issue) =>
      issue.input === undefined ? P.required : issue.input === null ? P.notNull : P.wholeNumber,
  })
  .max(MAX_PACK_QUANTITY, { error: P.atMost, abort: true })
  .int({ error: P.wholeNumber, abort: true })
  .min(1, P.atLeast);

/** One line of POST cart-items/ (spec 2, §3 Cart item, written). pack_quantity defaults to 1. */
export const CartItemCreateSchema = z.object({
  cart: id,
  item: id,
  pricing_tier: id,
  pack_quantity: PackQuantitySchema.default(1),
  /**
   * How the buyer entered the quantity (the Box/Pallet toggle). It prices nothing: the server prices the
   * line by spec 2, §4 and answers it with its tier's unit type.
   */
  unit_type: z.enum(['pack', 'pallet']).default('pack'),
  user_exclusive_price: id.nullable().optional(),
});
export type CartItemCreate = z.infer<typeof CartItemCreateSchema>;

/**
 * PATCH ecommerce/cart-items/{id}/ (spec 2, §7): the new pack count. The client's `pricing_tier` and
 * `unit_type` are hints; the server recomputes both. Unknown fields are ignored (a spec call, DESIGN §4.10).
 */
export const CartItemUpdateSchema = z.object({
  pack_quantity: PackQuantitySchema,
  pricing_tier: id.nullable().optional(),
  unit_type: z.enum(['pack', 'pallet']).optional(),
});
export type CartItemUpdate = z.infer<typeof CartItemUpdateSchema>;

/** POST cart-items/ takes an array of lines; all are added or none. */
export const CartItemsCreateSchema = z
  .array(CartItemCreateSchema, { error: P.notAList })
  .min(1, P.emptyList)
  .max(MAX_LINES_PER_ADD, P.tooManyLines);

/** A cart line as the API answers it (spec 2, §3 Cart item, read). Money is pounds as decimal strings. */
export const CartItemViewSchema = z.object({
  id: z.number().int(),
  cart: z.number().int(),
  item: z.object({
    id: z.number().int(),
    title: z.string(),
    sku: z.string(),
    units_per_pack: z.number().int(),
    images: z.array(z.object({ image: z.string(), alt_text: z.string() })),
    product_variant: z.object({
      id: z.number().int(),
      name: z.string(),
      product: z.object({
        name: z.string(),
        slug: z.string(),
        category: z.object({ slug: z.string() }),
      }),
    }),
    track_inventory: z.boolean(),
    stock: z.number().int(),
  }),
  pack_quantity: z.number().int(),
  /** The type of the tier the line is priced in, for the cart's weight as it is now (spec 2, §4). */
  unit_type: z.enum(['pack', 'pallet']),
  pricing_tier: z.object({
    id: z.number().int(),
    tier_type: z.enum(['pack', 'pallet']),
    range_start: z.number().int(),
    range_end: z.number().int().nullable(),
    no_end_range: z.boolean(),
  }),
  user_exclusive_price: z.number().int().nullable(),
  price_per_pack: z.string(),
  price_per_unit: z.string(),
  subtotal: z.string(),
  total: z.string(),
  /** kg, this line's packs. */
  weight: z.number(),
  discount_percentage: z.number(),
});
export type CartItemView = z.infer<typeof CartItemViewSchema>;

export const CartDeliveryViewSchema = z.object({
  postal_code: z.string().nullable(),
  zone: z.enum(DELIVERY_ZONES),
  zone_label: z.string(),
  service: z.enum(DELIVERY_SERVICES).nullable(),
  label: z.string().nullable(),
  extras: z.array(z.enum(DELIVERY_EXTRAS)),
  /** Decimal pounds before VAT, extras included. */
  price: z.string().nullable(),
  dispatch_date: z.string().nullable(),
  delivery_date: z.string().nullable(),
  order_by: z.string().nullable(),
  /** Why the cart cannot be delivered there as chosen (a zone not served, a service not offered). */
  reason: z.string().nullable(),
  /**
   * Decimal pounds of goods (before VAT) still to add for the service to travel free, where the free-delivery
   * threshold applies to it at this address; null where it does not, or delivery is already free.
   */
  free_delivery_shortfall: z.string().nullable(),
});
export type CartDeliveryView = z.infer<typeof CartDeliveryViewSchema>;

/** PATCH ecommerce/carts/{id}/: where the cart goes and how. Absent keys are left as they are. */
export const CartDeliveryUpdateSchema = z
  .object({
    postal_code: z
      .string({ message: ADDRESS_MESSAGES.postalCodeInvalid })
      .trim()
      .max(10, { message: ADDRESS_MESSAGES.postalCodeInvalid, abort: true })
      .transform(normalisePostcode)
      .refine((value) => value === '' || isUkPostcode(value), ADDRESS_MESSAGES.postalCodeInvalid)
      .transform((value) => (value === '' ? null : value))
      .nullable()
      .optional(),
    delivery_service: z.enum(DELIVERY_SERVICES).nullable().optional(),
    delivery_extras: z.array(z.enum(DELIVERY_EXTRAS)).max(DELIVERY_EXTRAS.length).optional(),
  })
  .strict();
export type CartDeliveryUpdate = z.infer<typeof CartDeliveryUpdateSchema>;

/** A cart with its totals (spec 2, §3 Cart). */
export const CartViewSchema = z.object({
  id: z.number().int(),
  items: z.array(CartItemViewSchema),
  subtotal: z.string(),
  /**
   * The cart's exclusive discounts in pounds (the lines' total discount), not the percent of spec 2 §3:
   * each line has its own percent (`discount_percentage`), see docs/spec-deviations.md row 49.
   */
  discount: z.string(),
  /** VAT percent. */
  vat: z.number(),
  vat_amount: z.string(),
  shipping_cost: z.string(),
  total: z.string(),
  total_units: z.number().int(),
  total_packs: z.number().int(),
  /** kg. */
  total_weight: z.number(),
  shipping_details: z.object({
    parcel_type: z.string(),
    parcels_needed: z.number().int(),
    explanation: z.string(),
  }),
  /**
   * The delivery the totals are for: the cart's postcode (null: the mainland estimate), its zone,
   * the service charged (the buyer's choice, or the cheapest) with its extras, price and dates, or the reason
   * there is none. Null for an empty cart.
   */
  delivery: CartDeliveryViewSchema.nullable(),
  /**
   * The quote this cart was made for: an accepted quote's own cart, at its fixed prices, which the
   * checkout pays with `?cart={id}`. Null or absent for the buyer's own cart.
   */
  quote: z.object({ id: z.number().int(), number: z.string() }).nullable().optional(),
});
export type CartView = z.infer<typeof CartViewSchema>;

/** Messages of the commerce area (spec 2, §8), word for word. */
export const CART_MESSAGES = {
  loginToAdd: 'Please log in to add items to cart.',
  cartFailed: 'Failed to retrieve or create cart.',
  nothingSelected: 'No items selected to add to cart.',
  addFailed: 'Failed to add items to cart. Please try again.',
  noToken: 'No access token found. Please log in.',
  added: (count: number) => `Added ${count} item(s) to cart successfully!`,
  invalidTier: (sku: string) => `Invalid pricing tier for item ${sku}.`,
  /** The cart page (spec 2, §8 Cart): a line that lacks its id or its item. */
  invalidCartItem: 'Invalid cart item. Please refresh the cart.',
  /** The cart page: the line is no longer in the cart (404 on PATCH or DELETE). */
  itemNotInCart: 'Item not found in cart. Please refresh.',
  missingVariant: 'Unable to update item due to missing product variant. Please refresh the cart.',
  noPricingTiers: 'No pricing tiers available for this item. Please contact support.',
  noTierForQuantity: (packs: number) =>
    `No pricing tier available for quantity ${packs}. Please adjust the quantity.`,
  /** The cart page's fallback, also when the server gives no detail. */
  updateFailed: 'Failed to update pack quantity. Please try again.',
  /** Not the spec's: the cap of DESIGN §4.10 on an item's packs, over all of its lines in the cart. */
  tooManyPacks: (sku: string) =>
    `At most ${MAX_PACK_QUANTITY.toLocaleString('en-GB')} packs of ${sku} can be in one cart.`,
} as const;

/**
 * The insufficient-stock detail the API gives (and the page parses, spec 2 §8):
 * "Insufficient stock for {sku}: only {n} units available."
 */
export function insufficientStockDetail(sku: string, availableUnits: number): string {
  return `Insufficient stock for ${sku}: only ${availableUnits} units available.`;
}

/** The item and units named by an insufficient-stock detail, or null when the text is something else. */
export function parseInsufficientStock(detail: string): { sku: string; available: number } | null {
  const match = /Insufficient stock for (.+?): only (\d+) units? available/.exec(detail);
  return match ? { sku: match[1]!, available: Number(match[2]) } : null;
}
