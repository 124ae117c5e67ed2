import { setImmediate as nextTurn } from 'node:timers/promises';
import { asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  items,
  pricingData,
  pricingTiers,
  productVariants,
  products,
  stockMovements,
  type PackUnit,
} from '../../../db/schema';
import { priceColumn, type ItemValues, type TierKey } from './csv-format';
import type { ExistingItem, VariantTiers } from './plan';

/** Rows per multi-row statement: a few thousand bound values, far below PostgreSQL's 65,535. */
export const WRITE_BATCH = 1_000;
/** Keys per `= any(array)` read: on PGlite one such statement holds the event loop for a few milliseconds. */
export const READ_BATCH = 2_000;

/** A PostgreSQL array literal of integers, bound as one parameter. */
const intArray = (values: readonly number[]) => `{${values.join(',')}}`;
/** A PostgreSQL array literal of text, each element quoted, bound as one parameter. */
const textArray = (values: readonly string[]) =>
  `{${values.map((value) => `"${value.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;

function batches<T>(values: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < values.length; start += size) out.push(values.slice(start, start + size));
  return out;
}

/**
 * `batches`, each in a turn of the event loop of its own. On PGlite a statement runs in this thread and its promise
 * settles without the loop taking a turn, so the statements of a 50,000-row file would hold every other request
 * (health checks included) until the last one; between batches they are answered.
 */
export async function* batchesInTurns<T>(values: readonly T[], size: number): AsyncGenerator<T[]> {
  for (const [index, batch] of batches(values, size).entries()) {
    if (index > 0) await nextTurn();
    yield batch;
  }
}

const itemColumns = {
  id: items.id,
  sku: items.sku,
  variantId: items.productVariantId,
  title: items.title,
  unitsPerPack: items.unitsPerPack,
  stock: items.stock,
  trackInventory: items.trackInventory,
  weight: items.weight,
  weightUnit: items.weightUnit,
  status: items.status,
  lowStockThreshold: items.lowStockThreshold,
};

/**
 * The items with these SKUs, each with its price per tier id. With `lock`, the items are locked (in id order,
 * as checkout locks them) until the transaction ends, so nothing changes them between the check and the write.
 */
export async function selectItemsBySku(
  db: Db,
  skus: readonly string[],
  lock: boolean,
): Promise<Map<string, ExistingItem>> {
  const found = new Map<string, ExistingItem>();
  for await (const batch of batchesInTurns(skus, READ_BATCH)) {
    const query = db
      .select(itemColumns)
      .from(items)
      .where(sql`${items.sku} = any(${textArray(batch)}::text[])`)
      .orderBy(asc(items.id));
    const rows = lock ? await query.for('update') : await query;
    if (rows.length === 0) continue;
    const byId = new Map<number, ExistingItem>();
    for (const row of rows) {
      const item = { ...row, prices: new Map<number, number>() };
      byId.set(row.id, item);
      found.set(row.sku, item);
    }
    const prices = await db
      .select({
        itemId: pricingData.itemId,
        tierId: pricingData.pricingTierId,
        pence: pricingData.pricePence,
      })
      .from(pricingData)
      .where(sql`${pricingData.itemId} = any(${intArray([...byId.keys()])}::int[])`);
    for (const price of prices) byId.get(price.itemId)?.prices.set(price.tierId, price.pence);
  }
  return found;
}

/**
 * Variants by id, each with its tiers by price column; a variant with no tiers is there with none. Where two
 * tiers share a type and start, the lower id names the column (the export reads prices the same way).
 */
export async function selectVariantTiers(
  db: Db,
  variantIds: readonly number[],
): Promise<Map<number, VariantTiers>> {
  const variants = new Map<number, VariantTiers>();
  for await (const batch of batchesInTurns(variantIds, READ_BATCH)) {
    const rows = await db
      .select({
        variantId: productVariants.id,
        tierId: pricingTiers.id,
        tierType: pricingTiers.tierType,
        rangeStart: pricingTiers.rangeStart,
      })
      .from(productVariants)
      .leftJoin(pricingTiers, eq(pricingTiers.productVariantId, productVariants.id))
      .where(sql`${productVariants.id} = any(${intArray(batch)}::int[])`)
      .orderBy(asc(productVariants.id), asc(pricingTiers.id));
    for (const row of rows) {
      let tiers = variants.get(row.variantId);
      if (!tiers) variants.set(row.variantId, (tiers = new Map()));
      if (row.tierId === null || row.tierType === null || row.rangeStart === null) continue;
      const column = priceColumn({ tierType: row.tierType, rangeStart: row.rangeStart });
      if (!tiers.has(column)) tiers.set(column, row.tierId);
    }
  }
  return variants;
}

// ---------------------------------------------------------------------------------------------
// Export
// ---------------------------------------------------------------------------------------------

/** Every tier type and start any variant has: the export's price columns, packs first, then pallets. */
export function selectTierKeys(db: Db): Promise<TierKey[]> {
  return db
    .selectDistinct({ tierType: pricingTiers.tierType, rangeStart: pricingTiers.rangeStart })
    .from(pricingTiers)
    .orderBy(asc(pricingTiers.tierType), asc(pricingTiers.rangeStart));
}

export interface ExportRow extends ItemValues {
  id: number;
  sku: string;
  variantId: number;
  productName: string;
  variantName: string;
  /** `[tier_type, range_start, price_pence]` for each price, in tier id order. */
  prices: [PackUnit, number, number][] | null;
}

/** One page of the export: the items after `afterId` in id order, each with its prices (one statement). */
export function selectExportBatch(db: Db, afterId: number, limit: number): Promise<ExportRow[]> {
  return db
    .select({
      ...itemColumns,
      productName: products.name,
      variantName: productVariants.name,
      prices: sql<[PackUnit, number, number][] | null>`(
        select json_agg(json_build_array(t.tier_type, t.range_start, d.price_pence) order by t.id)
        from ${pricingData} d join ${pricingTiers} t on t.id = d.pricing_tier_id
        where d.item_id = ${items.id})`,
    })
    .from(items)
    .innerJoin(productVariants, eq(productVariants.id, items.productVariantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(gt(items.id, afterId))
    .orderBy(asc(items.id))
    .limit(limit);
}

// ---------------------------------------------------------------------------------------------
// Apply (inside the import's transaction)
// ---------------------------------------------------------------------------------------------

export interface NewItemRow extends ItemValues {
  sku: string;
  variantId: number;
}

/**
 * Inserts new items, a batch per statement; answers their ids by SKU. A SKU that another request created
 * meanwhile is skipped, so the caller sees it missing and refuses the import.
 */
export async function insertItems(tx: Db, rows: readonly NewItemRow[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for await (const batch of batchesInTurns(rows, WRITE_BATCH)) {
    const created = await tx
      .insert(items)
      .values(
        batch.map((row) => ({
          productVariantId: row.variantId,
          sku: row.sku,
          title: row.title,
          unitsPerPack: row.unitsPerPack,
          stock: row.stock,
          trackInventory: row.trackInventory,
          weight: row.weight,
          weightUnit: row.weightUnit,
          status: row.status,
          lowStockThreshold: row.lowStockThreshold,
        })),
      )
      .onConflictDoNothing({ target: items.sku })
      .returning({ id: items.id, sku: items.sku });
    for (const row of created) ids.set(row.sku, row.id);
  }
  return ids;
}

/** Sets the editable columns of existing items, a batch per `UPDATE … FROM (VALUES …)`. */
export async function updateItems(tx: Db, rows: readonly (ItemValues & { id: number })[]): Promise<void> {
  for await (const batch of batchesInTurns(rows, WRITE_BATCH)) {
    const values = sql.join(
      batch.map(
        (row) =>
          sql`(${row.id}::int, ${row.title}::text, ${row.unitsPerPack}::int, ${row.stock}::int, ${row.trackInventory}::boolean, ${String(row.weight)}::numeric, ${row.weightUnit}::weight_unit, ${row.status}::item_status, ${row.lowStockThreshold}::int)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      update ${items} set
        title = v.title, units_per_pack = v.units_per_pack, stock = v.stock,
        track_inventory = v.track_inventory, weight = v.weight, weight_unit = v.weight_unit,
        status = v.status, low_stock_threshold = v.low_stock_threshold
      from (values ${values}) as v(id, title, units_per_pack, stock, track_inventory, weight, weight_unit,
        status, low_stock_threshold)
      where ${items.id} = v.id`);
  }
}

/** Sets prices, a batch per `INSERT … ON CONFLICT (tier, item) DO UPDATE`. */
export async function upsertPrices(
  tx: Db,
  rows: readonly { tierId: number; itemId: number; pence: number }[],
): Promise<void> {
  for await (const batch of batchesInTurns(rows, WRITE_BATCH)) {
    await tx
      .insert(pricingData)
      .values(batch.map((row) => ({ pricingTierId: row.tierId, itemId: row.itemId, pricePence: row.pence })))
      .onConflictDoUpdate({
        target: [pricingData.pricingTierId, pricingData.itemId],
        set: { pricePence: sql`excluded.price_pence` },
      });
  }
}

export async function insertStockMovements(
  tx: Db,
  rows: readonly { itemId: number; delta: number; stockAfter: number }[],
  reason: string,
  actorId: number | null,
): Promise<void> {
  for await (const batch of batchesInTurns(rows, WRITE_BATCH)) {
    await tx.insert(stockMovements).values(batch.map((row) => ({ ...row, reason, actorId })));
  }
}
