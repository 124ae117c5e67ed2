import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { cartItems, pricingData, pricingTiers, items, type PackUnit } from '../../../../db/schema';
import { q } from '../query-parts';

export type TierRow = typeof pricingTiers.$inferSelect;

/** A variant's tiers: pack tiers by start, then pallet tiers by start. */
export function selectTiers(db: Db, variantId: number): Promise<TierRow[]> {
  return db
    .select()
    .from(pricingTiers)
    .where(eq(pricingTiers.productVariantId, variantId))
    .orderBy(asc(pricingTiers.tierType), asc(pricingTiers.rangeStart), asc(pricingTiers.id));
}

/** A variant's items by SKU, each with its prices as `[tier, pence]` pairs. */
export function selectPricedItems(db: Db, variantId: number) {
  return db
    .select({
      id: items.id,
      sku: items.sku,
      title: items.title,
      status: items.status,
      prices: sql<
        [number, number][] | null
      >`(select json_agg(json_build_array(${q(pricingData.pricingTierId)}, ${q(pricingData.pricePence)})) from ${pricingData} where ${q(pricingData.itemId)} = ${q(items.id)})`,
    })
    .from(items)
    .where(eq(items.productVariantId, variantId))
    .orderBy(asc(items.sku));
}

export type TierWrite = {
  tierType: PackUnit;
  rangeStart: number;
  rangeEnd: number | null;
  noEndRange: boolean;
};

/** Sets the ranges of existing tiers, one statement for all of them. */
export async function updateTiers(db: Db, tiers: (TierWrite & { id: number })[]): Promise<void> {
  if (tiers.length === 0) return;
  const rows = sql.join(
    tiers.map(
      (tier) =>
        sql`(${tier.id}::int, ${tier.tierType}::pack_unit, ${tier.rangeStart}::int, ${tier.rangeEnd}::int, ${tier.noEndRange}::boolean)`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    update ${pricingTiers} set tier_type = v.tier_type, range_start = v.range_start, range_end = v.range_end,
      no_end_range = v.no_end_range
    from (values ${rows}) as v(id, tier_type, range_start, range_end, no_end_range)
    where ${pricingTiers.id} = v.id`);
}

export async function insertTiers(db: Db, variantId: number, tiers: TierWrite[]): Promise<number[]> {
  if (tiers.length === 0) return [];
  const rows = await db
    .insert(pricingTiers)
    .values(tiers.map((tier) => ({ productVariantId: variantId, ...tier })))
    .returning({ id: pricingTiers.id });
  return rows.map((row) => row.id);
}

/**
 * Removes tiers. Cart lines priced in one are moved to `replacement` first (a tier of the same variant),
 * since the cart re-prices every line when it is read; without it the cascade would empty them.
 */
export async function deleteTiers(db: Db, ids: number[], replacement: number): Promise<void> {
  if (ids.length === 0) return;
  await db.update(cartItems).set({ pricingTierId: replacement }).where(inArray(cartItems.pricingTierId, ids));
  await db.delete(pricingTiers).where(inArray(pricingTiers.id, ids));
}

/** Stores prices (tier, item, pence), replacing any already there, in one statement. */
export async function upsertPrices(
  db: Db,
  prices: { tierId: number; itemId: number; pence: number }[],
): Promise<void> {
  if (prices.length === 0) return;
  await db
    .insert(pricingData)
    .values(
      prices.map((price) => ({ pricingTierId: price.tierId, itemId: price.itemId, pricePence: price.pence })),
    )
    .onConflictDoUpdate({
      target: [pricingData.pricingTierId, pricingData.itemId],
      set: { pricePence: sql`excluded.price_pence` },
    });
}
