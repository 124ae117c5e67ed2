import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shopSettings } from '../../db/schema';
import {
  DEFAULT_SHOP_SETTINGS,
  type ShopSettingKey,
  type ShopSettingValues,
} from '../../db/seed/shop-settings';

/** A shop setting, or its default when the back office has not stored one. */
export async function selectSetting<K extends ShopSettingKey>(db: Db, key: K): Promise<ShopSettingValues[K]> {
  const [row] = await db
    .select({ value: shopSettings.value })
    .from(shopSettings)
    .where(eq(shopSettings.key, key));
  return (row?.value as ShopSettingValues[K] | undefined) ?? DEFAULT_SHOP_SETTINGS[key];
}
