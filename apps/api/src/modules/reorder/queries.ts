import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reusableStatement } from '../../db/reusable-statement';
import { carts, orderItems, orders } from '../../db/schema';
import { orderViewableBy } from '../orders/service';

/** A line of an order as a reorder needs it: the item (null once deleted), what was bought and at what price. */
export type OrderedLine = {
  itemId: number | null;
  sku: string;
  title: string;
  packQuantity: number;
  pricePerPackPence: number;
  discountPercentage: number;
};

/**
 * The lines of an order the user may open (their own, or as an administrator a colleague's order of their
 * company: `orderViewableBy`), oldest first, as a named statement built once: none when the order is unknown
 * or not theirs to open (an order always has lines, so none means not found).
 */
export function prepareOwnOrderLines(db: Db): (orderId: number, userId: number) => Promise<OrderedLine[]> {
  const statement = db
    .select({
      itemId: orderItems.itemId,
      sku: orderItems.sku,
      title: orderItems.title,
      packQuantity: orderItems.packQuantity,
      pricePerPackPence: orderItems.pricePerPackPence,
      discountPercentage: orderItems.discountPercentage,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.id, sql.placeholder('orderId')), orderViewableBy(sql.placeholder('userId'))))
    .orderBy(asc(orderItems.id))
    .prepare('reorder_order_lines');
  return (orderId, userId) => statement.execute({ orderId, userId });
}

const lockStatement = reusableStatement((tx) =>
  tx
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.userId, sql.placeholder('userId')), isNull(carts.quoteId)))
    .for('update')
    .prepare('reorder_cart_lock'),
);

/**
 * Locks the user's cart row until the transaction ends, as every cart write does (carts/queries.ts
 * `lockOwnCart`), found by its owner since a reorder names no cart. Null when the user has none yet.
 */
export async function lockCartOfUser(tx: Db, userId: number): Promise<number | null> {
  const [row] = await lockStatement(tx).execute({ userId });
  return row?.id ?? null;
}
