// The settings module's calls for other modules: the shop's settings as the services read them.
export { selectPricingSettings, selectSetting, type PricingSettings } from './queries';
