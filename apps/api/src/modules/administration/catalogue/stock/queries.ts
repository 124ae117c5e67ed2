import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { items, products, productVariants, stockAlerts, stockMovements, users } from '../../../../db/schema';
import { COUNT_CAP } from '../../listing';
import { q, totalOver, type Window } from '../query-parts';

export async function insertMovement(
  db: Db,
  movement: { itemId: number; delta: number; stockAfter: number; reason: string; actorId: number | null },
): Promise<void> {
  await db.insert(stockMovements).values(movement);
}

export function selectMovements(db: Db, itemId: number, window: Window) {
  return db
    .select({
      id: stockMovements.id,
      delta: stockMovements.delta,
      stockAfter: stockMovements.stockAfter,
      reason: stockMovements.reason,
      actorEmail: users.email,
      orderId: stockMovements.orderId,
      createdAt: stockMovements.createdAt,
      total: totalOver(),
    })
    .from(stockMovements)
    .leftJoin(users, eq(users.id, stockMovements.actorId))
    .where(eq(stockMovements.itemId, itemId))
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(window.limit)
    .offset(window.offset);
}

export async function countMovements(db: Db, itemId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(stockMovements)
    .where(eq(stockMovements.itemId, itemId));
  return row?.value ?? 0;
}

/** The shortfall items_low_stock_idx orders by: stock less the threshold (0 or less is low). */
const shortfall = sql`(${items.stock} - ${items.lowStockThreshold})`;
const lowStockWhere = sql`${items.trackInventory} and ${shortfall} <= 0 and ${items.status} = 'active'`;

/** Buyers waiting for an item's back-in-stock e-mail (confirmed, not yet sent): over stock_alerts_due_idx. */
const alertWaiters = sql<number>`(select count(*)::int from ${stockAlerts} where ${q(stockAlerts.itemId)} = ${q(items.id)} and ${q(stockAlerts.notifiedAt)} is null and ${q(stockAlerts.confirmedAt)} is not null)`;

/**
 * Tracked active items at or under their threshold, the shortest first: a walk of items_low_stock_idx, with
 * how many buyers wait for each one's back-in-stock e-mail.
 */
export function selectLowStock(db: Db, window: Window) {
  return db
    .select({
      id: items.id,
      sku: items.sku,
      title: items.title,
      stock: items.stock,
      lowStockThreshold: items.lowStockThreshold,
      productId: products.id,
      productName: products.name,
      alertWaiters,
    })
    .from(items)
    .innerJoin(productVariants, eq(productVariants.id, items.productVariantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(lowStockWhere)
    .orderBy(asc(shortfall), asc(items.id))
    .limit(window.limit)
    .offset(window.offset);
}

export async function countLowStock(db: Db): Promise<number> {
  const capped = db
    .select({ one: sql`1`.as('one') })
    .from(items)
    .where(lowStockWhere)
    .limit(COUNT_CAP + 1)
    .as('capped');
  const [row] = await db.select({ value: count() }).from(capped);
  return row?.value ?? 0;
}
