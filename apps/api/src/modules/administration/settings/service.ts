import { BANK_HOLIDAYS, type DeliverySettings, type DeliverySettingsView } from '@shop/domain';
import type {
  BankDetailsSettings,
  BankDetailsView,
  InvoiceSettings,
  ReceivablesSettings,
  ShippingSettingsInput,
  ShopSettingsView,
  StockAlertSettings,
} from '@shop/domain';
import type { Db } from '../../../db/client';
import type { ShopSettingKey, ShopSettingValues } from '../../../db/seed/shop-settings';
import { audit, canonicalJson, changedFields, type Actor } from '../audit';
import * as queries from './queries';

const EDITED = ['invoice', 'vat_rate', 'shipping'] as const;

/** The delivery settings as the back office shows them: with the bank holidays shipped as data, read-only. */
const withHolidays = (delivery: DeliverySettings): DeliverySettingsView => ({
  ...delivery,
  bank_holidays: {
    'england-and-wales': [...BANK_HOLIDAYS['england-and-wales']],
    scotland: [...BANK_HOLIDAYS.scotland],
    'northern-ireland': [...BANK_HOLIDAYS['northern-ireland']],
  },
});

/**
 * The shop's settings in the back office: invoice details, the VAT rate and the delivery rates.
 * A change prices the next cart read and the next order; orders keep the totals and rate they were made with.
 */
export function createSettingsService(db: Db) {
  async function put<K extends ShopSettingKey>(actor: Actor, key: K, value: ShopSettingValues[K]) {
    await db.transaction(async (tx) => {
      const before = await queries.lockSetting(tx, key);
      // Objects are audited field by field; a number as it was and is.
      const change =
        typeof value === 'object' && value !== null && typeof before === 'object' && before !== null
          ? changedFields(
              before as unknown as Record<string, unknown>,
              value as unknown as Record<string, unknown>,
            )
          : canonicalJson(before) === canonicalJson(value)
            ? null
            : { before, after: value };
      await queries.upsertSetting(tx, key, value);
      if (change) {
        await audit(tx, actor, {
          action: 'settings.update',
          entityType: 'settings',
          entityId: key,
          ...change,
        });
      }
    });
    return value;
  }

  return {
    getSettings: (): Promise<ShopSettingsView> => queries.selectSettings(db, EDITED),
    putInvoice: (actor: Actor, invoice: InvoiceSettings) => put(actor, 'invoice', invoice),
    putVatRate: async (actor: Actor, vatRate: number) => ({
      vat_rate: await put(actor, 'vat_rate', vatRate),
    }),
    putShipping: (actor: Actor, shipping: ShippingSettingsInput) => put(actor, 'shipping', shipping),
    /** The bank details invoices on account print from now on; issued ones keep theirs (decision 008). */
    getBank: async (): Promise<BankDetailsView> => (await queries.selectSettings(db, ['bank'])).bank,
    putBank: (actor: Actor, bank: BankDetailsSettings) => put(actor, 'bank', bank),
    /** Reminders, automatic holds and monthly statements: the next pass of the schedule uses them. */
    getReceivables: async (): Promise<ReceivablesSettings> =>
      (await queries.selectSettings(db, ['receivables'])).receivables,
    putReceivables: (actor: Actor, receivables: ReceivablesSettings) =>
      put(actor, 'receivables', receivables),
    /** How long spent back-in-stock alerts are kept: the schedule's next pass purges by it. */
    getStockAlerts: async (): Promise<StockAlertSettings> =>
      (await queries.selectSettings(db, ['stock_alerts'])).stock_alerts,
    putStockAlerts: (actor: Actor, stockAlerts: StockAlertSettings) =>
      put(actor, 'stock_alerts', stockAlerts),
    /**
     * Zones, services, prices, cut-off and closing days, with the shipped bank holidays to show
     * beside the added days. The next cart read, quote and order use a change.
     */
    getDelivery: async (): Promise<DeliverySettingsView> =>
      withHolidays((await queries.selectSettings(db, ['delivery'])).delivery),
    putDelivery: async (actor: Actor, delivery: DeliverySettings): Promise<DeliverySettingsView> =>
      withHolidays(await put(actor, 'delivery', delivery)),
  };
}
