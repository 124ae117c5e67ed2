import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { shopSettings } from '../../../db/schema';
import {
  DEFAULT_SHOP_SETTINGS,
  type ShopSettingKey,
  type ShopSettingValues,
} from '../../../db/seed/shop-settings';

/** Settings the back office edits, each with its default when none is stored. */
export async function selectSettings<K extends ShopSettingKey>(
  db: Db,
  keys: readonly K[],
): Promise<Pick<ShopSettingValues, K>> {
  const rows = await db
    .select({ key: shopSettings.key, value: shopSettings.value })
    .from(shopSettings)
    .where(inArray(shopSettings.key, [...keys]));
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  return Object.fromEntries(
    keys.map((key) => [
      key,
      (stored.get(key) as ShopSettingValues[K] | undefined) ?? DEFAULT_SHOP_SETTINGS[key],
    ]),
  ) as Pick<ShopSettingValues, K>;
}

/** A setting as stored, locked until the transaction ends (its default when none is stored yet). */
export async function lockSetting<K extends ShopSettingKey>(tx: Db, key: K): Promise<ShopSettingValues[K]> {
  const [row] = await tx
    .select({ value: shopSettings.value })
    .from(shopSettings)
    .where(eq(shopSettings.key, key))
    .for('update');
  return (row?.value as ShopSettingValues[K] | undefined) ?? DEFAULT_SHOP_SETTINGS[key];
}

/**
 * Stores a setting. The table's trigger announces the write to every process (NOTIFY), and the pricing
 * reads ask the table on every cart and order, so the next cart or order anywhere uses the new value.
 */
export async function upsertSetting<K extends ShopSettingKey>(
  tx: Db,
  key: K,
  value: ShopSettingValues[K],
): Promise<void> {
  await tx
    .insert(shopSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: shopSettings.key, set: { value, updatedAt: sql`now()` } });
}
