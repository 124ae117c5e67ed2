export { seedDemoCatalogue } from './demo';
export { seedSyntheticCatalogue, SYNTHETIC_PREFIX, type SyntheticOptions } from './synthetic';
export { seedShopSettings, DEFAULT_SHOP_SETTINGS } from './shop-settings';
export type { ShopSettingKey, ShopSettingValues, ContactSettings } from './shop-settings';
export { DEMO_CATEGORIES, DEMO_PRODUCTS, DEMO_PRODUCT_SLUGS } from './demo-data';
