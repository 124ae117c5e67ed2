import type {
  BankDetailsSettings,
  BankDetailsView,
  DeliverySettings,
  DeliverySettingsView,
  InvoiceSettings,
  ReceivablesSettings,
  ReceivablesSettingsView,
  ShippingSettingsInput,
  ShopSettingsView,
  StockAlertSettings,
  VatRateSetting,
} from '@shop/domain';
import { adminRequest } from '../../api';

/** The bank details as the API answers them: null until staff set them. */
export type { BankDetailsView };

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

/** The account printed on on-account invoices. */
export function getBankDetails(signal?: AbortSignal) {
  return adminRequest<BankDetailsView>('settings/bank/', { signal });
}

export function saveBankDetails(body: BankDetailsSettings) {
  return adminRequest<BankDetailsView>('settings/bank/', { method: 'PUT', body });
}

/** When reminders go, when an overdue invoice puts its company on hold, and monthly statements. */
export function getReceivablesSettings(signal?: AbortSignal) {
  return adminRequest<ReceivablesSettingsView>('settings/receivables/', { signal });
}

export function saveReceivablesSettings(body: ReceivablesSettings) {
  return adminRequest<ReceivablesSettingsView>('settings/receivables/', { method: 'PUT', body });
}

/** Zones, services, prices, cut-off and closing days, with the shipped bank holidays, read-only. */
export function getDeliverySettings(signal?: AbortSignal) {
  return adminRequest<DeliverySettingsView>('settings/delivery/', { signal });
}

export function saveDeliverySettings(body: DeliverySettings) {
  return adminRequest<DeliverySettingsView>('settings/delivery/', { method: 'PUT', body });
}

/** How long sent back-in-stock alerts are kept. */
export function getStockAlertSettings(signal?: AbortSignal) {
  return adminRequest<StockAlertSettings>('settings/stock-alerts/', { signal });
}

export function saveStockAlertSettings(body: StockAlertSettings) {
  return adminRequest<StockAlertSettings>('settings/stock-alerts/', { method: 'PUT', body });
}
