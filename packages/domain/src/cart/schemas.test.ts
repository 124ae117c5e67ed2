import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PACK_QUANTITY } from '../pricing/constants';
import {
  CART_MESSAGES,
  CartItemCreateSchema,
  CartItemsCreateSchema,
  CartItemViewSchema,
  CartViewSchema,
  insufficientStockDetail,
  parseInsufficientStock,
} from './schemas';

const line = { cart: 1, item: 2, pricing_tier: 3 };

describe('CartItemsCreateSchema', () => {
  it('defaults pack_quantity to 1 and unit_type to pack (spec 2, §3)', () => {
    expect(CartItemsCreateSchema.parse([line])).toEqual([{ ...line, pack_quantity: 1, unit_type: 'pack' }]);
  });

  it('keeps the values given', () => {
    const given = { ...line, pack_quantity: 12, unit_type: 'pallet', user_exclusive_price: 7 };
    expect(CartItemsCreateSchema.parse([given])).toEqual([given]);
    expect(CartItemsCreateSchema.parse([{ ...line, user_exclusive_price: null }])).toEqual([
      { ...line, pack_quantity: 1, unit_type: 'pack', user_exclusive_price: null },
    ]);
  });

  it('accepts pack quantities from 1 to MAX_PACK_QUANTITY', () => {
    expect(MAX_PACK_QUANTITY).toBe(100_000);
    expect(CartItemCreateSchema.safeParse({ ...line, pack_quantity: 1 }).success).toBe(true);
    expect(CartItemCreateSchema.safeParse({ ...line, pack_quantity: MAX_PACK_QUANTITY }).success).toBe(true);
  });

  it.each([
    ['zero', 0],
    ['negative', -1],
    ['fractional', 1.5],
    ['above the maximum', MAX_PACK_QUANTITY + 1],
    ['a string', '2'],
    ['null', null],
    ['NaN', Number.NaN],
    ['infinite', Number.POSITIVE_INFINITY],
  ])('refuses a %s pack_quantity', (_label, pack_quantity) => {
    const result = CartItemsCreateSchema.safeParse([{ ...line, pack_quantity }]);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([0, 'pack_quantity']);
  });

  it('refuses an unknown unit type', () => {
    expect(CartItemsCreateSchema.safeParse([{ ...line, unit_type: 'box' }]).success).toBe(false);
  });

  it.each([
    ['cart', 0],
    ['item', -2],
    ['pricing_tier', 1.5],
    ['pricing_tier', 2 ** 31],
    ['user_exclusive_price', 0],
    ['item', '2'],
  ])('refuses %s = %o', (field, value) => {
    expect(CartItemsCreateSchema.safeParse([{ ...line, [field]: value }]).success).toBe(false);
  });

  it.each(['cart', 'item', 'pricing_tier'])('requires %s', (field) => {
    const partial: Record<string, unknown> = { ...line };
    delete partial[field];
    expect(CartItemsCreateSchema.safeParse([partial]).success).toBe(false);
  });

  it('refuses an empty array, a non-array and more than 200 lines', () => {
    expect(CartItemsCreateSchema.safeParse([]).success).toBe(false);
    expect(CartItemsCreateSchema.safeParse(line).success).toBe(false);
    expect(CartItemsCreateSchema.safeParse(Array.from({ length: 200 }, () => line)).success).toBe(true);
    expect(CartItemsCreateSchema.safeParse(Array.from({ length: 201 }, () => line)).success).toBe(false);
  });

  it('refuses the whole request when any one line is bad', () => {
    expect(CartItemsCreateSchema.safeParse([line, { ...line, pack_quantity: 0 }]).success).toBe(false);
  });

  it('drops fields the spec call does not carry, such as a price (DESIGN §4.4, §4.10)', () => {
    const [parsed] = CartItemsCreateSchema.parse([{ ...line, price_per_pack: '0.01', total: '0.00' }]);
    expect(parsed).toEqual({ ...line, pack_quantity: 1, unit_type: 'pack' });
  });

  it('accepts every whole pack quantity in range and nothing else (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000, max: 2 * MAX_PACK_QUANTITY }), (packs) => {
        const ok = CartItemCreateSchema.safeParse({ ...line, pack_quantity: packs }).success;
        expect(ok).toBe(packs >= 1 && packs <= MAX_PACK_QUANTITY);
      }),
    );
  });
});

describe('insufficient stock detail', () => {
  it('is written and read back', () => {
    const detail = insufficientStockDetail('TAPE-48-BRN', 90);
    expect(detail).toBe('Insufficient stock for TAPE-48-BRN: only 90 units available.');
    expect(parseInsufficientStock(detail)).toEqual({ sku: 'TAPE-48-BRN', available: 90 });
  });

  it('reads the singular, zero units, and a detail inside a longer text', () => {
    expect(parseInsufficientStock('Insufficient stock for BOX-1: only 1 unit available.')).toEqual({
      sku: 'BOX-1',
      available: 1,
    });
    expect(parseInsufficientStock(insufficientStockDetail('BOX-1', 0))).toEqual({
      sku: 'BOX-1',
      available: 0,
    });
    expect(parseInsufficientStock(JSON.stringify({ detail: insufficientStockDetail('A:B', 5) }))).toEqual({
      sku: 'A:B',
      available: 5,
    });
  });

  it('is null for any other detail', () => {
    expect(parseInsufficientStock('Failed to update pack quantity. Please try again.')).toBeNull();
    expect(parseInsufficientStock('Insufficient stock for : only 5 units available.')).toBeNull();
    expect(parseInsufficientStock('')).toBeNull();
  });

  it('round-trips any SKU and stock count (property)', () => {
    const sku = fc
      .string({ minLength: 1, maxLength: 40 })
      .filter((text) => !text.includes(': only ') && !text.includes('Insufficient stock for '));
    fc.assert(
      fc.property(sku, fc.integer({ min: 0, max: 10_000_000 }), (code, available) => {
        expect(parseInsufficientStock(insufficientStockDetail(code, available))).toEqual({
          sku: code,
          available,
        });
      }),
    );
  });
});

describe('CART_MESSAGES', () => {
  it('are the spec texts word for word (spec 2, §8)', () => {
    expect(CART_MESSAGES.loginToAdd).toBe('Please log in to add items to cart.');
    expect(CART_MESSAGES.cartFailed).toBe('Failed to retrieve or create cart.');
    expect(CART_MESSAGES.nothingSelected).toBe('No items selected to add to cart.');
    expect(CART_MESSAGES.addFailed).toBe('Failed to add items to cart. Please try again.');
    expect(CART_MESSAGES.noToken).toBe('No access token found. Please log in.');
    expect(CART_MESSAGES.added(3)).toBe('Added 3 item(s) to cart successfully!');
    expect(CART_MESSAGES.added(1)).toBe('Added 1 item(s) to cart successfully!');
    expect(CART_MESSAGES.invalidTier('TAPE-48-BRN')).toBe('Invalid pricing tier for item TAPE-48-BRN.');
  });

  it('include the cart page’s texts word for word (spec 2, §8 Cart)', () => {
    expect(CART_MESSAGES.invalidCartItem).toBe('Invalid cart item. Please refresh the cart.');
    expect(CART_MESSAGES.itemNotInCart).toBe('Item not found in cart. Please refresh.');
    expect(CART_MESSAGES.missingVariant).toBe(
      'Unable to update item due to missing product variant. Please refresh the cart.',
    );
    expect(CART_MESSAGES.noPricingTiers).toBe(
      'No pricing tiers available for this item. Please contact support.',
    );
    expect(CART_MESSAGES.noTierForQuantity(12)).toBe(
      'No pricing tier available for quantity 12. Please adjust the quantity.',
    );
    expect(CART_MESSAGES.updateFailed).toBe('Failed to update pack quantity. Please try again.');
  });
});

const itemView = {
  id: 11,
  cart: 1,
  item: {
    id: 2,
    title: 'Brown Packing Tape 48mm',
    sku: 'TAPE-48-BRN',
    units_per_pack: 36,
    images: [{ image: '/media/tape.jpg', alt_text: 'Brown tape' }],
    product_variant: {
      id: 5,
      name: '48mm',
      product: { name: 'Packing Tape', slug: 'packing-tape', category: { slug: 'tapes' } },
    },
    track_inventory: true,
    stock: 900,
  },
  pack_quantity: 3,
  unit_type: 'pack',
  pricing_tier: { id: 3, tier_type: 'pack', range_start: 1, range_end: 9, no_end_range: false },
  user_exclusive_price: null,
  price_per_pack: '12.50',
  price_per_unit: '0.35',
  subtotal: '37.50',
  total: '37.50',
  weight: 7.2,
  discount_percentage: 0,
};

describe('CartItemViewSchema and CartViewSchema', () => {
  it('read a cart line and a cart as the API answers them', () => {
    expect(CartItemViewSchema.parse(itemView)).toEqual(itemView);
    const cart = {
      id: 1,
      items: [itemView],
      subtotal: '37.50',
      discount: '0.00',
      vat: 20,
      vat_amount: '8.89',
      shipping_cost: '6.95',
      total: '53.34',
      total_units: 108,
      total_packs: 3,
      total_weight: 7.2,
      shipping_details: { parcel_type: 'parcel', parcels_needed: 1, explanation: 'One parcel up to 30 kg' },
      delivery: {
        postal_code: 'IV2 3AB',
        zone: 'highlands',
        zone_label: 'Highlands and Islands',
        service: 'parcel',
        label: 'Parcel',
        extras: [],
        price: '15.90',
        dispatch_date: '2026-11-30',
        delivery_date: '2026-12-02',
        order_by: '2026-11-30T14:00:00Z',
        reason: null,
        free_delivery_shortfall: null,
      },
    };
    expect(CartViewSchema.parse(cart)).toEqual(cart);
  });

  it('refuses a line whose unit type is unknown or whose money is not a decimal string', () => {
    expect(CartItemViewSchema.safeParse({ ...itemView, unit_type: 'box' }).success).toBe(false);
    expect(CartItemViewSchema.safeParse({ ...itemView, price_per_pack: 12.5 }).success).toBe(false);
  });
});
