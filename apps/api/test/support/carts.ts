// Test support for the cart: signed-in shoppers and the seeded catalogue facts the checks work from.
import type { CartItemView, CartView } from '@shop/domain';
import { and, eq, inArray } from 'drizzle-orm';
import {
  cartItems,
  exclusivePrices,
  items,
  pricingData,
  pricingTiers,
  productVariants,
} from '../../src/db/schema';
import type { TestContext } from '../helper';
import { createAccount } from './accounts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A seeded item with its variant's facts, by SKU. */
export async function itemBySku(ctx: TestContext, sku: string) {
  const [row] = await ctx.database.db
    .select({
      id: items.id,
      sku: items.sku,
      unitsPerPack: items.unitsPerPack,
      stock: items.stock,
      weight: items.weight,
      weightUnit: items.weightUnit,
      variantId: items.productVariantId,
      unitsPerPallet: productVariants.unitsPerPallet,
    })
    .from(items)
    .innerJoin(productVariants, eq(productVariants.id, items.productVariantId))
    .where(eq(items.sku, sku));
  if (!row) throw new Error(`no item ${sku}`);
  return row;
}

/** The id of a variant's tier of a type starting at `start`. */
export async function tierId(ctx: TestContext, variantId: number, type: 'pack' | 'pallet', start: number) {
  const [row] = await ctx.database.db
    .select({ id: pricingTiers.id })
    .from(pricingTiers)
    .where(
      and(
        eq(pricingTiers.productVariantId, variantId),
        eq(pricingTiers.tierType, type),
        eq(pricingTiers.rangeStart, start),
      ),
    );
  if (!row) throw new Error(`no ${type} tier from ${start} in variant ${variantId}`);
  return row.id;
}

/** The price of one pack of an item in a tier, pence. */
export async function pricePence(ctx: TestContext, itemId: number, tier: number) {
  const [row] = await ctx.database.db
    .select({ pence: pricingData.pricePence })
    .from(pricingData)
    .where(and(eq(pricingData.itemId, itemId), eq(pricingData.pricingTierId, tier)));
  return row!.pence;
}

/** The stored lines of a cart, by id. */
export function storedLines(ctx: TestContext, cartId: number) {
  return ctx.database.db
    .select({
      id: cartItems.id,
      itemId: cartItems.itemId,
      packQuantity: cartItems.packQuantity,
      unitType: cartItems.unitType,
      pricingTierId: cartItems.pricingTierId,
      exclusivePriceId: cartItems.exclusivePriceId,
    })
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId))
    .orderBy(cartItems.id);
}

let accountsMade = 0;

/** A new account, signed in, with its (empty) cart and a client for the cart calls. */
export async function newShopper(ctx: TestContext, name = 'shopper') {
  const email = `${name}.${Date.now().toString(36)}.${++accountsMade}@example.com`;
  const { access, userId } = await createAccount(ctx, email);

  const call = (method: Method, url: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${access}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const current = await call('GET', '/api/ecommerce/carts/current/');
  if (current.statusCode !== 200) throw new Error(`no cart: ${current.body}`);
  const cartId = current.json<CartView>().id;

  return {
    userId,
    email,
    token: access,
    cartId,
    call,
    cart: async () => (await call('GET', '/api/ecommerce/carts/current/')).json<CartView>(),
    add: (lines: object[]) => call('POST', '/api/cart-items/', lines),
    /** Adds lines and fails the test unless they were accepted. */
    async added(lines: object[]): Promise<CartItemView[]> {
      const res = await call('POST', '/api/cart-items/', lines);
      if (res.statusCode !== 201) throw new Error(`add refused: ${res.statusCode} ${res.body}`);
      return res.json<CartItemView[]>();
    },
    /** Gives this shopper an exclusive discount on an item, straight in the database. */
    async discount(itemId: number, percent: number) {
      const [row] = await ctx.database.db
        .insert(exclusivePrices)
        .values({ userId, itemId, discountPercentage: percent })
        .returning({ id: exclusivePrices.id });
      return row!.id;
    },
    lines: () => storedLines(ctx, cartId),
  };
}

export type Shopper = Awaited<ReturnType<typeof newShopper>>;

/** How many lines all carts hold for some items (to prove nothing was written). */
export async function linesOfItems(ctx: TestContext, itemIds: number[]) {
  return ctx.database.db.select().from(cartItems).where(inArray(cartItems.itemId, itemIds));
}

/** A line for POST cart-items/. */
export const cartLine = (
  cart: number,
  item: number,
  pricing_tier: number,
  pack_quantity: number,
  extra: object = {},
) => ({
  cart,
  item,
  pricing_tier,
  pack_quantity,
  unit_type: 'pack' as 'pack' | 'pallet',
  user_exclusive_price: null as number | null,
  ...extra,
});
