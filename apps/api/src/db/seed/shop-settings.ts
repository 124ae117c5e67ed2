import {
  DEFAULT_DELIVERY_SETTINGS,
  DEFAULT_RECEIVABLES_SETTINGS,
  DEFAULT_STOCK_ALERT_SETTINGS,
  type DeliverySettings,
  type ReceivablesSettings,
  type ShippingRates,
  type StockAlertSettings,
} from '@shop/domain';
import type { Db } from '../client';
import { shopSettings } from '../schema';

export interface ContactSettings {
  phone: string;
  /** The phone number in E.164, for tel: links. */
  phone_e164: string;
  email: string;
  address: { street: string; city: string; postal_code: string; country: string };
  opening_hours: string;
  map: { latitude: number; longitude: number };
}

/** The shop's details printed on its VAT invoices. */
export interface InvoiceSettings {
  legal_name: string;
  address: { street: string; city: string; postal_code: string; country: string };
  /** GB and 9 or 12 digits, or GBGD/GBHA and 3 digits, stored without spaces. */
  vat_number: string;
  /** Companies House number, 8 characters. */
  company_number: string;
}

/** The account customers on account pay into: digits without separators. */
export interface BankDetails {
  account_name: string;
  /** 6 digits, printed 12-34-56. */
  sort_code: string;
  /** 8 digits. */
  account_number: string;
}

export interface ShopSettingValues {
  /** VAT percentage. */
  vat_rate: number;
  shipping: ShippingRates;
  contact: ContactSettings;
  invoice: InvoiceSettings;
  /** No default: an invoice on account says to ask the accounts team until staff set them. */
  bank: BankDetails | null;
  /** Reminders, automatic holds and monthly statements. */
  receivables: ReceivablesSettings;
  /** Zones, services, extras, cut-off and closing days; the mainland's rates are `shipping`'s. */
  delivery: DeliverySettings;
  /** How long spent back-in-stock alerts are kept (stock-alerts/purge.ts). */
  stock_alerts: StockAlertSettings;
}

export type ShopSettingKey = keyof ShopSettingValues;

/** The values a new shop starts with; the back office edits them afterwards. */
export const DEFAULT_SHOP_SETTINGS: ShopSettingValues = {
  vat_rate: 20,
  shipping: {
    free_over_net_pence: 15000,
    parcel_rate_pence: 695,
    parcel_max_weight_kg: 30,
    pallet_rate_pence: 4500,
    pallet_max_weight_kg: 1000,
    pallet_from_weight_kg: 750,
  },
  contact: {
    // Ofcom's drama range for Leicester (0116 496 0xxx) until the owner enters the real number;
    // the storefront shows the same details (apps/web/app/lib/shop.ts).
    phone: '0116 496 0123',
    phone_e164: '+441164960123',
    email: 'sales@packright.example',
    address: {
      street: 'Unit 4, Meridian Business Park',
      city: 'Leicester',
      postal_code: 'LE19 1WZ',
      country: 'UK',
    },
    opening_hours: 'Monday to Friday, 8:30am to 5:00pm',
    map: { latitude: 52.6141, longitude: -1.1954 },
  },
  // Placeholders until the owner enters the real details in the back office: the VAT number passes HMRC's
  // check-digit rule but belongs to nobody we know of, and the address is the contact address above.
  invoice: {
    legal_name: 'PackRight Supplies Ltd',
    address: {
      street: 'Unit 4, Meridian Business Park',
      city: 'Leicester',
      postal_code: 'LE19 1WZ',
      country: 'United Kingdom',
    },
    vat_number: 'GB123456782',
    company_number: '01234567',
  },
  bank: null,
  receivables: DEFAULT_RECEIVABLES_SETTINGS,
  delivery: DEFAULT_DELIVERY_SETTINGS,
  stock_alerts: DEFAULT_STOCK_ALERT_SETTINGS,
};

/** Inserts the default settings that are missing; never overwrites what the back office changed. */
export async function seedShopSettings(db: Db): Promise<void> {
  const rows = Object.entries(DEFAULT_SHOP_SETTINGS)
    .filter(([, value]) => value !== null)
    .map(([key, value]) => ({ key, value }));
  await db.insert(shopSettings).values(rows).onConflictDoNothing({ target: shopSettings.key });
}
