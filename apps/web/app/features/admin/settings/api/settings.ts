import type { InvoiceSettings, ShippingSettingsInput, ShopSettingsView, VatRateSetting } from '@shop/domain';
import { adminRequest } from '../../api';

export function getSettings(signal?: AbortSignal) {
  return adminRequest<ShopSettingsView>('settings/', { signal });
}

export function saveInvoiceSettings(body: InvoiceSettings) {
  return adminRequest<ShopSettingsView['invoice']>('settings/invoice/', { method: 'PUT', body });
}

export function saveVatRate(body: VatRateSetting) {
  return adminRequest<VatRateSetting>('settings/vat-rate/', { method: 'PUT', body });
}

export function saveShippingSettings(body: ShippingSettingsInput) {
  return adminRequest<ShopSettingsView['shipping']>('settings/shipping/', { method: 'PUT', body });
}
