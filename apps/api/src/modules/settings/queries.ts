import type { DeliveryRules, DeliverySettings, ShippingRates } from '@shop/domain';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reusableStatement } from '../../db/reusable-statement';
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

const pricingSettingsStatement = reusableStatement((db) =>
  db
    .select({ key: shopSettings.key, value: shopSettings.value })
    .from(shopSettings)
    .where(inArray(shopSettings.key, ['vat_rate', 'shipping', 'delivery']))
    .prepare('settings_pricing'),
);

/** What prices every cart and order: the VAT rate and the delivery rules. */
export interface PricingSettings {
  vatRate: number;
  rules: DeliveryRules;
}

/**
 * The VAT rate, the shipping rates and the delivery rules, which price every cart and order, in
 * one read with their defaults. Named, so each connection plans it once, inside a transaction too, and built
 * once.
 */
export async function selectPricingSettings(db: Db): Promise<PricingSettings> {
  const rows = await pricingSettingsStatement(db).execute();
  const value = (key: ShopSettingKey) => rows.find((row) => row.key === key)?.value;
  return {
    vatRate: (value('vat_rate') as number | undefined) ?? DEFAULT_SHOP_SETTINGS.vat_rate,
    rules: {
      shipping: (value('shipping') as ShippingRates | undefined) ?? DEFAULT_SHOP_SETTINGS.shipping,
      delivery: (value('delivery') as DeliverySettings | undefined) ?? DEFAULT_SHOP_SETTINGS.delivery,
    },
  };
}
