import type { Db } from '../../db/client';
import { enqueueEmails } from '../mail/service';
import { backInStockEmail } from './emails';
import { spendAlertsOfItems } from './queries';

/** What a stock change must say about an item for its alerts to be weighed. */
export interface StockChange {
  stock: number;
  trackInventory: boolean;
  unitsPerPack: number;
  status: 'active' | 'inactive';
}

/**
 * Whether a change can have made an item orderable: more stock, fewer units a pack, no longer tracked, or
 * back on sale. Only these items' alerts are weighed (an import rewrites up to 100k items).
 */
export function mayHaveRestocked(before: StockChange, after: StockChange): boolean {
  return (
    after.stock > before.stock ||
    after.unitsPerPack < before.unitsPerPack ||
    (before.trackInventory && !after.trackInventory) ||
    (before.status !== 'active' && after.status === 'active')
  );
}

/**
 * The back-in-stock step of every stock change staff make (the adjustment, the item form, the CSV import), in
 * the change's own transaction with the items' rows locked: each confirmed waiting alert of these items whose
 * stock now covers a pack is spent, and one e-mail per alert goes into the outbox, in two statements (none
 * more when no alert is due). Both commit with the stock or neither does; the UPDATE's row locks make each
 * subscriber's e-mail happen once however many restocks, processes and sales run at the same time.
 * Answers the ids of the alerts spent.
 */
export async function notifyRestocked(
  tx: Db,
  itemIds: readonly number[],
  publicUrl: string,
): Promise<number[]> {
  if (itemIds.length === 0) return [];
  const spent = await spendAlertsOfItems(tx, itemIds);
  await enqueueEmails(
    tx,
    spent.map((alert) => backInStockEmail(alert, publicUrl)),
  );
  return spent.map((alert) => alert.id);
}
