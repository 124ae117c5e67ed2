import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  cartItems,
  carts,
  categories,
  exclusivePrices,
  items,
  pricingData,
  pricingTiers,
  products,
  productVariants,
  type PackUnit,
} from '../../db/schema';

type Window = { limit: number; offset: number };

// ---------------------------------------------------------------------------------------------
// Carts
// ---------------------------------------------------------------------------------------------

/** Makes the user's cart unless it exists; safe when two requests race (one insert wins). */
export async function insertCartIfMissing(db: Db, userId: number): Promise<void> {
  await db.insert(carts).values({ userId }).onConflictDoNothing({ target: carts.userId });
}

export async function selectCartIdOfUser(db: Db, userId: number): Promise<number | null> {
  const [row] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
  return row?.id ?? null;
}

/** The cart when it is the user's, or null. */
export async function selectOwnCart(db: Db, cartId: number, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.id, cartId), eq(carts.userId, userId)));
  return row?.id ?? null;
}

/**
 * Locks the user's cart row until the transaction ends (`select … for update`), so concurrent writes to
 * one cart run one after the other: no lost merge, no stock counted twice. Null when it is not theirs.
 */
export async function lockOwnCart(tx: Db, cartId: number, userId: number): Promise<number | null> {
  const [row] = await tx
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.id, cartId), eq(carts.userId, userId)))
    .for('update');
  return row?.id ?? null;
}

export async function touchCart(tx: Db, cartId: number): Promise<void> {
  await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
}

// ---------------------------------------------------------------------------------------------
// What the checks need
// ---------------------------------------------------------------------------------------------

export type CartItemFacts = {
  id: number;
  sku: string;
  status: 'active' | 'inactive';
  unitsPerPack: number;
  stock: number;
  trackInventory: boolean;
  weight: number;
  weightUnit: 'kg' | 'lb' | 'oz' | 'g';
  variantId: number;
  unitsPerPallet: number | null;
  showUnitsPer: PackUnit;
};

/** Items with what the tier and stock checks need from them and their variants. */
export function selectItemFacts(tx: Db, itemIds: number[]): Promise<CartItemFacts[]> {
  if (itemIds.length === 0) return Promise.resolve([]);
  return tx
    .select({
      id: items.id,
      sku: items.sku,
      status: items.status,
      unitsPerPack: items.unitsPerPack,
      stock: items.stock,
      trackInventory: items.trackInventory,
      weight: items.weight,
      weightUnit: items.weightUnit,
      variantId: productVariants.id,
      unitsPerPallet: productVariants.unitsPerPallet,
      showUnitsPer: productVariants.showUnitsPer,
    })
    .from(items)
    .innerJoin(productVariants, eq(productVariants.id, items.productVariantId))
    .where(inArray(items.id, itemIds));
}

/** The list prices of some items in every tier. */
export function selectPricesOfItems(tx: Db, itemIds: number[]) {
  if (itemIds.length === 0) return Promise.resolve([]);
  return tx
    .select({
      tierId: pricingData.pricingTierId,
      itemId: pricingData.itemId,
      pricePence: pricingData.pricePence,
    })
    .from(pricingData)
    .where(inArray(pricingData.itemId, itemIds));
}

/** The user's exclusive prices on some items (at most one per item). */
export function selectExclusivePricesOfUser(tx: Db, userId: number, itemIds: number[]) {
  if (itemIds.length === 0) return Promise.resolve([]);
  return tx
    .select({ id: exclusivePrices.id, itemId: exclusivePrices.itemId })
    .from(exclusivePrices)
    .where(and(eq(exclusivePrices.userId, userId), inArray(exclusivePrices.itemId, itemIds)));
}

export type StoredLine = {
  id: number;
  itemId: number;
  packQuantity: number;
  unitType: PackUnit;
  unitsPerPack: number;
  weight: number;
  weightUnit: 'kg' | 'lb' | 'oz' | 'g';
};

/** A cart's lines with the item facts that weigh them. */
export function selectStoredLines(tx: Db, cartId: number): Promise<StoredLine[]> {
  return tx
    .select({
      id: cartItems.id,
      itemId: cartItems.itemId,
      packQuantity: cartItems.packQuantity,
      unitType: cartItems.unitType,
      unitsPerPack: items.unitsPerPack,
      weight: items.weight,
      weightUnit: items.weightUnit,
    })
    .from(cartItems)
    .innerJoin(items, eq(items.id, cartItems.itemId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.id));
}

/** The cart a line is in, when that cart is the user's. */
export async function selectCartOfOwnLine(db: Db, lineId: number, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ cartId: cartItems.cartId })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(and(eq(cartItems.id, lineId), eq(carts.userId, userId)));
  return row?.cartId ?? null;
}

export type LineValues = {
  pricingTierId: number;
  packQuantity: number;
  unitType: PackUnit;
  exclusivePriceId: number | null;
};

export async function insertLine(
  tx: Db,
  cartId: number,
  itemId: number,
  values: LineValues,
): Promise<number> {
  const [row] = await tx
    .insert(cartItems)
    .values({ cartId, itemId, ...values })
    .returning({ id: cartItems.id });
  return row!.id;
}

export async function updateLine(tx: Db, lineId: number, values: LineValues): Promise<void> {
  await tx.update(cartItems).set(values).where(eq(cartItems.id, lineId));
}

export async function deleteLines(tx: Db, lineIds: number[]): Promise<void> {
  if (lineIds.length === 0) return;
  await tx.delete(cartItems).where(inArray(cartItems.id, lineIds));
}

// ---------------------------------------------------------------------------------------------
// Reading lines for the answers
// ---------------------------------------------------------------------------------------------

export type LineViewRow = Awaited<ReturnType<typeof selectLineViews>>[number];

/**
 * Cart lines with their item, variant, product, tier, the tier's price of the item and the cart owner's
 * current exclusive discount on it: one query whatever the number of lines.
 */
export function selectLineViews(db: Db, where: SQL | undefined, window?: Window) {
  const query = db
    .select({
      id: cartItems.id,
      cartId: cartItems.cartId,
      packQuantity: cartItems.packQuantity,
      unitType: cartItems.unitType,
      itemId: items.id,
      title: items.title,
      sku: items.sku,
      unitsPerPack: items.unitsPerPack,
      trackInventory: items.trackInventory,
      stock: items.stock,
      weight: items.weight,
      weightUnit: items.weightUnit,
      variantId: productVariants.id,
      variantName: productVariants.name,
      productName: products.name,
      productSlug: products.slug,
      categorySlug: categories.slug,
      tierId: pricingTiers.id,
      tierType: pricingTiers.tierType,
      rangeStart: pricingTiers.rangeStart,
      rangeEnd: pricingTiers.rangeEnd,
      noEndRange: pricingTiers.noEndRange,
      pricePence: pricingData.pricePence,
      exclusivePriceId: exclusivePrices.id,
      discountPercentage: exclusivePrices.discountPercentage,
    })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(items, eq(items.id, cartItems.itemId))
    .innerJoin(productVariants, eq(productVariants.id, items.productVariantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(pricingTiers, eq(pricingTiers.id, cartItems.pricingTierId))
    .leftJoin(
      pricingData,
      and(eq(pricingData.pricingTierId, cartItems.pricingTierId), eq(pricingData.itemId, cartItems.itemId)),
    )
    .leftJoin(
      exclusivePrices,
      and(eq(exclusivePrices.userId, carts.userId), eq(exclusivePrices.itemId, cartItems.itemId)),
    )
    .where(where)
    .orderBy(asc(cartItems.id));
  return window ? query.limit(window.limit).offset(window.offset) : query;
}

/** Lines of one cart. */
export const linesOfCart = (cartId: number) => eq(cartItems.cartId, cartId);

export async function countLines(db: Db, cartId: number): Promise<number> {
  const [row] = await db.select({ value: count() }).from(cartItems).where(eq(cartItems.cartId, cartId));
  return row?.value ?? 0;
}

/**
 * The two line reads every cart answer makes, as named prepared statements: their eight-table join costs
 * PostgreSQL more to plan than to run, so it is planned once per connection.
 */
export function prepareLineViews(db: Db) {
  const ofCart = selectLineViews(db, eq(cartItems.cartId, sql.placeholder('cartId'))).prepare(
    'cart_lines_of_cart',
  );
  const own = selectLineViews(
    db,
    and(sql`${cartItems.id} = any(${sql.placeholder('ids')})`, eq(carts.userId, sql.placeholder('userId'))),
  ).prepare('cart_lines_own');
  return {
    ofCart: (cartId: number): Promise<LineViewRow[]> => ofCart.execute({ cartId }),
    own: (lineIds: number[], userId: number): Promise<LineViewRow[]> => own.execute({ ids: lineIds, userId }),
  };
}
