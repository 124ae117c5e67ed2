import type { Db } from '../../db/client';
import { selectSetting } from '../settings/service';
import { deleteSpentAlerts } from './queries';

/** The most spent alerts one pass deletes; the next pass, minutes later, takes the rest. */
export const PURGE_BATCH = 5_000;

const DAY_MS = 86_400_000;

/**
 * Deletes the back-in-stock alerts whose e-mail went more than the settings' `spent_retention_days` ago (an
 * address kept no longer than it serves: docs/security.md), at most PURGE_BATCH a pass, in one transaction with
 * the read of the setting. Waiting alerts stay whatever their age. Answers how many were deleted.
 */
export async function purgeSpentAlerts(db: Db, now: Date, batch = PURGE_BATCH): Promise<number> {
  return db.transaction(async (tx) => {
    const { spent_retention_days: days } = await selectSetting(tx, 'stock_alerts');
    return deleteSpentAlerts(tx, new Date(now.getTime() - days * DAY_MS), batch);
  });
}
