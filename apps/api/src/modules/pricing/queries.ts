import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { exclusivePrices, pricingData, pricingTiers, productVariants, tableFields } from '../../db/schema';

type Window = { limit: number; offset: number };

// ---------------------------------------------------------------------------------------------
// Variants
// ---------------------------------------------------------------------------------------------

export type VariantRow = typeof productVariants.$inferSelect;

export async function countProductVariants(db: Db, productId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  return row?.value ?? 0;
}

/** A product's variants in their position order. */
export function selectProductVariants(db: Db, productId: number, window?: Window): Promise<VariantRow[]> {
  const query = db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  return window ? query.limit(window.limit).offset(window.offset) : query;
}

// ---------------------------------------------------------------------------------------------
// Table fields
// ---------------------------------------------------------------------------------------------

export type TableFieldRow = typeof tableFields.$inferSelect;

export async function countTableFields(db: Db, variantId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(tableFields)
    .where(eq(tableFields.productVariantId, variantId));
  return row?.value ?? 0;
}

/** Table fields of some variants, each variant's in position order; a window pages them. */
export function selectTableFields(db: Db, variantIds: number[], window?: Window): Promise<TableFieldRow[]> {
  if (variantIds.length === 0) return Promise.resolve([]);
  const query = db
    .select()
    .from(tableFields)
    .where(inArray(tableFields.productVariantId, variantIds))
    .orderBy(asc(tableFields.productVariantId), asc(tableFields.position), asc(tableFields.id));
  return window ? query.limit(window.limit).offset(window.offset) : query;
}

// ---------------------------------------------------------------------------------------------
// Pricing tiers and prices
// ---------------------------------------------------------------------------------------------

export type TierRow = typeof pricingTiers.$inferSelect;

export async function countTiers(db: Db, variantIds: number[]): Promise<number> {
  if (variantIds.length === 0) return 0;
  const [row] = await db
    .select({ value: count() })
    .from(pricingTiers)
    .where(inArray(pricingTiers.productVariantId, variantIds));
  return row?.value ?? 0;
}

/** Tiers of some variants: per variant, pack tiers then pallet tiers, each by range start. */
export function selectTiers(db: Db, variantIds: number[], window?: Window): Promise<TierRow[]> {
  if (variantIds.length === 0) return Promise.resolve([]);
  const query = db
    .select()
    .from(pricingTiers)
    .where(inArray(pricingTiers.productVariantId, variantIds))
    .orderBy(
      asc(pricingTiers.productVariantId),
      asc(pricingTiers.tierType),
      asc(pricingTiers.rangeStart),
      asc(pricingTiers.id),
    );
  return window ? query.limit(window.limit).offset(window.offset) : query;
}

export type PriceRow = { id: number; tierId: number; itemId: number; pricePence: number };

const priceColumns = {
  id: pricingData.id,
  tierId: pricingData.pricingTierId,
  itemId: pricingData.itemId,
  pricePence: pricingData.pricePence,
};

/** The prices in some tiers, by item. */
export function selectPricesOfTiers(db: Db, tierIds: number[]): Promise<PriceRow[]> {
  if (tierIds.length === 0) return Promise.resolve([]);
  return db
    .select(priceColumns)
    .from(pricingData)
    .where(inArray(pricingData.pricingTierId, tierIds))
    .orderBy(asc(pricingData.pricingTierId), asc(pricingData.itemId));
}

export async function countPricesOfItems(db: Db, itemIds: number[]): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(pricingData)
    .where(inArray(pricingData.itemId, itemIds));
  return row?.value ?? 0;
}

/** The prices of some items, per item in tier order (pack tiers then pallet tiers, by start). */
export function selectPricesOfItems(db: Db, itemIds: number[], window: Window): Promise<PriceRow[]> {
  return db
    .select(priceColumns)
    .from(pricingData)
    .innerJoin(pricingTiers, eq(pricingTiers.id, pricingData.pricingTierId))
    .where(inArray(pricingData.itemId, itemIds))
    .orderBy(
      asc(pricingData.itemId),
      asc(pricingTiers.tierType),
      asc(pricingTiers.rangeStart),
      asc(pricingTiers.id),
    )
    .limit(window.limit)
    .offset(window.offset);
}

// ---------------------------------------------------------------------------------------------
// Exclusive prices
// ---------------------------------------------------------------------------------------------

export type ExclusivePriceRow = { id: number; itemId: number; discountPercentage: number };

function exclusiveWhere(userId: number, itemIds: number[] | undefined): SQL | undefined {
  return and(
    eq(exclusivePrices.userId, userId),
    itemIds ? inArray(exclusivePrices.itemId, itemIds) : undefined,
  );
}

export async function countExclusivePrices(db: Db, userId: number, itemIds?: number[]): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(exclusivePrices)
    .where(exclusiveWhere(userId, itemIds));
  return row?.value ?? 0;
}

/** A user's own exclusive prices, optionally of some items only. */
export function selectExclusivePrices(
  db: Db,
  userId: number,
  itemIds: number[] | undefined,
  window: Window,
): Promise<ExclusivePriceRow[]> {
  return db
    .select({
      id: exclusivePrices.id,
      itemId: exclusivePrices.itemId,
      discountPercentage: exclusivePrices.discountPercentage,
    })
    .from(exclusivePrices)
    .where(exclusiveWhere(userId, itemIds))
    .orderBy(asc(exclusivePrices.itemId), asc(exclusivePrices.id))
    .limit(window.limit)
    .offset(window.offset);
}
