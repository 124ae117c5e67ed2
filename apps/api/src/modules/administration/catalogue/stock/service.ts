import {
  CATALOGUE_LIMITS,
  CATALOGUE_MESSAGES as M,
  type LowStockItem,
  type StockAdjustment,
  type StockMovement,
} from '@shop/domain';
import type { Db } from '../../../../db/client';
import { Invalid, NotFound } from '../../../../http/errors';
import { countOfPage } from '../../../../http/pagination';
import { notifyRestocked } from '../../../stock-alerts/restock';
import { audit, type Actor } from '../../audit';
import { itemExists, lockItem, updateItem } from '../items/service';
import type { Window } from '../query-parts';
import { countOfList, type ListPage } from '../shared';
import * as queries from './queries';

/**
 * The back office's stock: adjustments (each with its movement, audit entry and back-in-stock e-mails),
 * movements and low stock. `publicUrl` is the shop's origin, for the e-mails' product links.
 */
export function createStockAdminService(db: Db, { publicUrl }: { publicUrl: string }) {
  return {
    /**
     * Changes an item's stock by `delta` or to `set_to`, with a reason. The item's row is locked for the
     * change, so two adjustments (or a sale) at once apply one after the other; stock never goes below 0. Stock
     * added spends the item's waiting alerts once it covers a pack (stock-alerts/restock.ts), in this
     * transaction.
     */
    async adjustStock(
      actor: Actor,
      id: number,
      body: StockAdjustment,
    ): Promise<{ stock: number; movement: StockMovement }> {
      return db.transaction(async (tx) => {
        const row = await lockItem(tx, id);
        if (!row) throw new NotFound();
        const field = body.set_to !== undefined ? 'set_to' : 'delta';
        const stock = body.set_to ?? row.stock + body.delta!;
        if (stock < 0) throw new Invalid({ [field]: [M.belowZero(row.stock)] });
        if (stock > CATALOGUE_LIMITS.stock) throw new Invalid({ [field]: [M.aboveMaximum] });
        const delta = stock - row.stock;
        await updateItem(tx, id, { stock });
        await queries.insertMovement(tx, {
          itemId: id,
          delta,
          stockAfter: stock,
          reason: body.reason,
          actorId: actor.id,
        });
        await audit(tx, actor, {
          action: 'item.stock_adjust',
          entityType: 'item',
          entityId: id,
          before: { stock: row.stock },
          after: { stock, reason: body.reason },
        });
        if (stock > row.stock) await notifyRestocked(tx, [id], publicUrl);
        const [latest] = await queries.selectMovements(tx, id, { limit: 1, offset: 0 });
        return {
          stock,
          movement: {
            id: latest!.id,
            delta: latest!.delta,
            stock_after: latest!.stockAfter,
            reason: latest!.reason,
            actor_email: latest!.actorEmail,
            order: latest!.orderId,
            created_at: latest!.createdAt.toISOString(),
          },
        };
      });
    },

    async listMovements(itemId: number, window: Window): Promise<ListPage<StockMovement>> {
      if (!(await itemExists(db, itemId))) throw new NotFound();
      const rows = await queries.selectMovements(db, itemId, window);
      const count = await countOfPage(rows, window, () => queries.countMovements(db, itemId));
      return {
        count,
        capped: false,
        results: rows.map((row) => ({
          id: row.id,
          delta: row.delta,
          stock_after: row.stockAfter,
          reason: row.reason,
          actor_email: row.actorEmail,
          order: row.orderId,
          created_at: row.createdAt.toISOString(),
        })),
      };
    },

    async listLowStock(window: Window): Promise<ListPage<LowStockItem>> {
      const rows = await queries.selectLowStock(db, window);
      const { count, capped } = await countOfList(rows.length, window, () => queries.countLowStock(db));
      return {
        count,
        capped,
        results: rows.map((row) => ({
          id: row.id,
          sku: row.sku,
          title: row.title,
          stock: row.stock,
          low_stock_threshold: row.lowStockThreshold,
          shortfall: row.lowStockThreshold - row.stock,
          product: row.productId,
          product_name: row.productName,
          alert_waiters: row.alertWaiters,
        })),
      };
    },
  };
}
