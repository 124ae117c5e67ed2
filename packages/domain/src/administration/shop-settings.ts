import { z } from 'zod';
import { isUkPostcode, normalisePostcode } from '../addresses/schemas';
import { RECEIVABLES_SETTING_LIMITS, type ReceivablesSettings } from '../receivables/rules';

/** The back office's words for the shop settings. */
export const SETTINGS_MESSAGES = {
  required: 'This field is required.',
  tooLong: (max: number) => `Ensure this field has no more than ${max} characters.`,
  postcode: 'Enter a valid UK postcode.',
  vatFormat: 'Enter a UK VAT number: GB and 9 or 12 digits, or GBGD or GBHA and 3 digits.',
  vatCheck: 'This VAT number’s check digits do not match; check it against the VAT certificate.',
  companyNumber: 'Enter the 8-character Companies House number, e.g. 01234567 or SC123456.',
  vatRate: 'Enter a VAT rate from 0 to 100.',
  decimals: (places: number) => `Use at most ${places} decimal places.`,
  wholePence: 'Enter whole pence.',
  range: (min: number, max: number) => `Enter a number from ${min} to ${max}.`,
  palletFrom: 'Pallet delivery must start at or below the weight of one pallet.',
  parcelMax: 'A parcel cannot weigh more than the weight from which goods travel by pallet.',
} as const;

const text = (max: number) =>
  z
    .string({ message: SETTINGS_MESSAGES.required })
    .trim()
    .min(1, SETTINGS_MESSAGES.required)
    .max(max, SETTINGS_MESSAGES.tooLong(max));

const decimalPlaces = (places: number) => (value: number) =>
  Math.abs(value * 10 ** places - Math.round(value * 10 ** places)) < 1e-6;

/** The weights 8…2 HMRC applies to the first seven digits of a VAT number. */
const VAT_WEIGHTS = [8, 7, 6, 5, 4, 3, 2];

/**
 * Whether nine VAT digits pass HMRC's check: the weighted sum of the first seven plus the last two is a
 * multiple of 97 (numbers issued before 2010), or is once 55 is added (numbers issued since).
 */
export function ukVatCheckDigitsValid(nineDigits: string): boolean {
  if (!/^\d{9}$/.test(nineDigits)) return false;
  const sum = VAT_WEIGHTS.reduce((total, weight, i) => total + weight * Number(nineDigits[i]), 0);
  const total = sum + Number(nineDigits.slice(7));
  return total % 97 === 0 || (total + 55) % 97 === 0;
}

/** A VAT number as stored: upper case, no spaces or dashes ('gb 123 4567 82' → 'GB123456782'). */
export const normaliseVatNumber = (value: string) => value.replace(/[\s.-]/g, '').toUpperCase();

/** UK VAT numbers: GB + 9 digits, GB + 12 (a branch), GBGD + 000-499 (government), GBHA + 500-999 (health). */
const UK_VAT_FORMAT = /^GB(?:\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/;

export const UkVatNumberSchema = z
  .string({ message: SETTINGS_MESSAGES.required })
  .trim()
  .min(1, { message: SETTINGS_MESSAGES.required, abort: true })
  .max(20, { message: SETTINGS_MESSAGES.vatFormat, abort: true })
  .transform(normaliseVatNumber)
  .refine((value) => UK_VAT_FORMAT.test(value), { message: SETTINGS_MESSAGES.vatFormat, abort: true })
  .refine((value) => /^GB[GH]/.test(value) || ukVatCheckDigitsValid(value.slice(2, 11)), {
    message: SETTINGS_MESSAGES.vatCheck,
  });

/** Companies House: 8 digits, or a 2-letter prefix (SC, NI, OC, …) and 6 digits; short numbers gain zeros. */
export const CompanyNumberSchema = z
  .string({ message: SETTINGS_MESSAGES.required })
  .trim()
  .min(1, { message: SETTINGS_MESSAGES.required, abort: true })
  .max(12, { message: SETTINGS_MESSAGES.companyNumber, abort: true })
  .transform((value) => {
    const compact = value.replace(/\s/g, '').toUpperCase();
    return /^\d{1,7}$/.test(compact) ? compact.padStart(8, '0') : compact;
  })
  .refine((value) => /^(?:\d{2}|[A-Z]{2}|R0)\d{6}$/.test(value), SETTINGS_MESSAGES.companyNumber);

/** PUT administration/settings/invoice/: the shop's details printed on its VAT invoices. */
export const InvoiceSettingsSchema = z
  .object({
    legal_name: text(200),
    address: z
      .object({
        street: text(200),
        city: text(100),
        postal_code: z
          .string({ message: SETTINGS_MESSAGES.required })
          .trim()
          .min(1, { message: SETTINGS_MESSAGES.required, abort: true })
          .max(10, { message: SETTINGS_MESSAGES.postcode, abort: true })
          .transform(normalisePostcode)
          .refine(isUkPostcode, SETTINGS_MESSAGES.postcode),
        country: text(60),
      })
      .strict(),
    vat_number: UkVatNumberSchema,
    company_number: CompanyNumberSchema,
  })
  .strict();
export type InvoiceSettings = z.infer<typeof InvoiceSettingsSchema>;

/** PUT administration/settings/vat-rate/: percent, to the hundredth. */
export const VatRateSettingSchema = z
  .object({
    vat_rate: z
      .number({ message: SETTINGS_MESSAGES.vatRate })
      .min(0, SETTINGS_MESSAGES.vatRate)
      .max(100, SETTINGS_MESSAGES.vatRate)
      .refine(decimalPlaces(2), SETTINGS_MESSAGES.decimals(2)),
  })
  .strict();
export type VatRateSetting = z.infer<typeof VatRateSettingSchema>;

const pence = (max: number) =>
  z
    .number({ message: SETTINGS_MESSAGES.range(0, max) })
    .int(SETTINGS_MESSAGES.wholePence)
    .min(0, SETTINGS_MESSAGES.range(0, max))
    .max(max, SETTINGS_MESSAGES.range(0, max));

// Grams are the shipping rule's unit (packages/domain pricing/shipping.ts), so weights keep 3 decimals.
const kilograms = (min: number, max: number) =>
  z
    .number({ message: SETTINGS_MESSAGES.range(min, max) })
    .min(min, SETTINGS_MESSAGES.range(min, max))
    .max(max, SETTINGS_MESSAGES.range(min, max))
    .refine(decimalPlaces(3), SETTINGS_MESSAGES.decimals(3));

/** PUT administration/settings/shipping/: the delivery rates and thresholds (DESIGN §4.8). */
export const ShippingSettingsSchema = z
  .object({
    /**
     * Parcel delivery is free when the goods' net value (after discounts, before VAT) is above this: up to
     * £999,999.99, the most one order may cost.
     */
    free_over_net_pence: pence(99_999_999),
    /** Up to £10,000 a parcel or a pallet. */
    parcel_rate_pence: pence(1_000_000),
    parcel_max_weight_kg: kilograms(0.1, 1000),
    pallet_rate_pence: pence(1_000_000),
    pallet_max_weight_kg: kilograms(1, 10_000),
    /** From this cart weight on, goods travel on pallets. */
    pallet_from_weight_kg: kilograms(0.1, 10_000),
  })
  .strict()
  .refine((value) => value.pallet_from_weight_kg <= value.pallet_max_weight_kg, {
    message: SETTINGS_MESSAGES.palletFrom,
    path: ['pallet_from_weight_kg'],
  })
  .refine((value) => value.parcel_max_weight_kg <= value.pallet_from_weight_kg, {
    message: SETTINGS_MESSAGES.parcelMax,
    path: ['parcel_max_weight_kg'],
  });
export type ShippingSettingsInput = z.infer<typeof ShippingSettingsSchema>;

/** GET administration/settings/: everything the back office edits. */
export const ShopSettingsViewSchema = z.object({
  invoice: z.object({
    legal_name: z.string(),
    address: z.object({
      street: z.string(),
      city: z.string(),
      postal_code: z.string(),
      country: z.string(),
    }),
    vat_number: z.string(),
    company_number: z.string(),
  }),
  vat_rate: z.number(),
  shipping: z.object({
    free_over_net_pence: z.number(),
    parcel_rate_pence: z.number(),
    parcel_max_weight_kg: z.number(),
    pallet_rate_pence: z.number(),
    pallet_max_weight_kg: z.number(),
    pallet_from_weight_kg: z.number(),
  }),
});
export type ShopSettingsView = z.infer<typeof ShopSettingsViewSchema>;

/** The back office's words for the bank details. */
export const BANK_DETAILS_MESSAGES = {
  sortCode: 'Enter the 6-digit sort code, e.g. 12-34-56.',
  accountNumber: 'Enter the 8-digit account number.',
} as const;

/** A sort code as stored: its 6 digits ('12-34-56' or '12 34 56' → '123456'). */
export const normaliseSortCode = (value: string) => value.replace(/[\s-]/g, '');

/** A sort code as printed: '123456' → '12-34-56'. */
export const formatSortCode = (digits: string) => digits.replace(/^(\d{2})(\d{2})(\d{2})$/, '$1-$2-$3');

/**
 * PUT administration/settings/bank/: the account customers on account pay into, printed on their
 * invoices. Digits stored without separators.
 */
export const BankDetailsSettingsSchema = z
  .object({
    account_name: text(100),
    sort_code: z
      .string({ message: SETTINGS_MESSAGES.required })
      .trim()
      .min(1, { message: SETTINGS_MESSAGES.required, abort: true })
      .max(10, { message: BANK_DETAILS_MESSAGES.sortCode, abort: true })
      .transform(normaliseSortCode)
      .refine((value) => /^\d{6}$/.test(value), BANK_DETAILS_MESSAGES.sortCode),
    account_number: z
      .string({ message: SETTINGS_MESSAGES.required })
      .trim()
      .min(1, { message: SETTINGS_MESSAGES.required, abort: true })
      .max(12, { message: BANK_DETAILS_MESSAGES.accountNumber, abort: true })
      .transform((value) => value.replace(/\s/g, ''))
      .refine((value) => /^\d{8}$/.test(value), BANK_DETAILS_MESSAGES.accountNumber),
  })
  .strict();
export type BankDetailsSettings = z.infer<typeof BankDetailsSettingsSchema>;

/** GET administration/settings/bank/: the stored details, or null when staff have not set them yet. */
export const BankDetailsViewSchema = z
  .object({ account_name: z.string(), sort_code: z.string(), account_number: z.string() })
  .nullable();
export type BankDetailsView = z.infer<typeof BankDetailsViewSchema>;

/** The back office's words for the receivables settings. */
export const RECEIVABLES_SETTINGS_MESSAGES = {
  wholeDays: 'Enter a whole number of days.',
  yesOrNo: 'Choose yes or no.',
} as const;

const days = ({ min, max }: { min: number; max: number }) =>
  z
    .number({ message: SETTINGS_MESSAGES.range(min, max) })
    .int(RECEIVABLES_SETTINGS_MESSAGES.wholeDays)
    .min(min, SETTINGS_MESSAGES.range(min, max))
    .max(max, SETTINGS_MESSAGES.range(min, max));

/**
 * PUT administration/settings/receivables/: when payment reminders go, when an overdue invoice puts
 * its company on hold, and whether statements are e-mailed each month. Bounded by RECEIVABLES_SETTING_LIMITS.
 */
export const ReceivablesSettingsSchema = z
  .object({
    reminder_days_before: days(RECEIVABLES_SETTING_LIMITS.reminder_days_before),
    overdue_reminder_every_days: days(RECEIVABLES_SETTING_LIMITS.overdue_reminder_every_days),
    hold_after_days_overdue: days(RECEIVABLES_SETTING_LIMITS.hold_after_days_overdue),
    email_statements: z.boolean({ message: RECEIVABLES_SETTINGS_MESSAGES.yesOrNo }),
  })
  .strict() satisfies z.ZodType<ReceivablesSettings>;

/** GET and PUT administration/settings/receivables/: the settings in force (their defaults until saved). */
export const ReceivablesSettingsViewSchema = z.object({
  reminder_days_before: z.number().int(),
  overdue_reminder_every_days: z.number().int(),
  hold_after_days_overdue: z.number().int(),
  email_statements: z.boolean(),
});
export type ReceivablesSettingsView = z.infer<typeof ReceivablesSettingsViewSchema>;

/** How long back-in-stock alerts are kept once their e-mail has gone (docs/security.md). */
export interface StockAlertSettings {
  /** Days a spent (e-mailed) alert is kept before the schedule deletes it. */
  spent_retention_days: number;
}

export const STOCK_ALERT_SETTING_LIMITS = { spent_retention_days: { min: 1, max: 730 } } as const;

export const DEFAULT_STOCK_ALERT_SETTINGS: StockAlertSettings = { spent_retention_days: 90 };

/** PUT administration/settings/stock-alerts/: the retention of spent alerts, 1 to 730 days. */
export const StockAlertSettingsSchema = z
  .object({ spent_retention_days: days(STOCK_ALERT_SETTING_LIMITS.spent_retention_days) })
  .strict() satisfies z.ZodType<StockAlertSettings>;

/** GET and PUT administration/settings/stock-alerts/: the settings in force (the default until saved). */
export const StockAlertSettingsViewSchema = z.object({ spent_retention_days: z.number().int() });
