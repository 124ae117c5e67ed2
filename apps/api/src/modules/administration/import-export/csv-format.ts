/**
 * The catalogue CSV (docs/catalogue-csv.md): one row per item, keyed by SKU, with one price column per tier of
 * the item's variant. Cells are parsed and written here, so the export and the import read and write the same
 * text, and an exported file imports back with no change.
 */
import {
  CATALOGUE_CSV_MAX_BYTES,
  CATALOGUE_CSV_MAX_COLUMNS,
  CATALOGUE_CSV_MAX_LISTED,
  CATALOGUE_CSV_MAX_ROWS,
  penceFromDecimal,
  penceToDecimal,
} from '@shop/domain';
import type { ItemStatus, PackUnit, WeightUnit } from '../../../db/schema';

/** A request body larger than this is refused (413) before it is read. */
export const MAX_CSV_BYTES = CATALOGUE_CSV_MAX_BYTES;
/** Item rows (the header not counted) one file may hold; split a bigger catalogue into several files. */
export const MAX_CSV_ROWS = CATALOGUE_CSV_MAX_ROWS;
/**
 * Cells one record may have, the header included. A real file has the 12 item columns and a price column per
 * tier start in use (a few dozen); the cap stops a file of one line and millions of commas before it is parsed.
 */
export const MAX_CSV_COLUMNS = CATALOGUE_CSV_MAX_COLUMNS;
/** The preview lists at most this many errors and changed rows; its counts cover them all. */
export const MAX_LISTED = CATALOGUE_CSV_MAX_LISTED;

export const SKU_MAX = 100;
export const TITLE_MAX = 200;
export const UNITS_PER_PACK_MAX = 1_000_000;
export const STOCK_MAX = 100_000_000;
/** The items_low_stock_threshold_range check. */
export const LOW_STOCK_THRESHOLD_MAX = 1_000_000;
/** numeric(12, 4): below 10^8, to 4 decimals. */
export const WEIGHT_MAX = 99_999_999.9999;
/** A pack's price: at most one order's amount (MAX_ORDER_TOTAL_PENCE, £999,999.99). */
export const PRICE_MAX_PENCE = 99_999_999;

/** The editable values of an item, as the import compares and writes them. */
export interface ItemValues {
  title: string;
  unitsPerPack: number;
  stock: number;
  trackInventory: boolean;
  weight: number;
  weightUnit: WeightUnit;
  status: ItemStatus;
  lowStockThreshold: number;
}

/** A new item's values where its row leaves a cell empty: the database's defaults (title is required). */
export const NEW_ITEM_DEFAULTS: Omit<ItemValues, 'title'> = {
  unitsPerPack: 1,
  stock: 0,
  trackInventory: true,
  weight: 0,
  weightUnit: 'kg',
  status: 'active',
  lowStockThreshold: 10,
};

type Parsed<T> = { value: T } | { error: string };

interface FieldFormat<K extends keyof ItemValues> {
  column: string;
  key: K;
  parse(text: string): Parsed<ItemValues[K]>;
  format(value: ItemValues[K]): string;
}

const DIGITS = /^\d+$/;

function wholeNumber(label: string, min: number, max: number) {
  return (text: string): Parsed<number> => {
    const value = DIGITS.test(text) ? Number(text) : Number.NaN;
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      return { error: `${label} must be a whole number from ${min} to ${max.toLocaleString('en-GB')}.` };
    }
    return { value };
  };
}

function oneOf<T extends string>(label: string, values: readonly T[]) {
  return (text: string): Parsed<T> => {
    const value = text.toLowerCase() as T;
    return values.includes(value) ? { value } : { error: `${label} must be one of: ${values.join(', ')}.` };
  };
}

const TRUE_WORDS = ['true', 'yes', '1'];
const FALSE_WORDS = ['false', 'no', '0'];

const field = <K extends keyof ItemValues>(spec: FieldFormat<K>) => spec;

/** The item's editable columns, in the export's order. */
export const ITEM_FIELDS = [
  field({
    column: 'title',
    key: 'title',
    parse: (text) =>
      text.length > TITLE_MAX ? { error: `Title must be at most ${TITLE_MAX} characters.` } : { value: text },
    format: (value) => value,
  }),
  field({
    column: 'units_per_pack',
    key: 'unitsPerPack',
    parse: wholeNumber('Units per pack', 1, UNITS_PER_PACK_MAX),
    format: String,
  }),
  field({ column: 'stock', key: 'stock', parse: wholeNumber('Stock', 0, STOCK_MAX), format: String }),
  field({
    column: 'track_inventory',
    key: 'trackInventory',
    parse: (text) => {
      const word = text.toLowerCase();
      if (TRUE_WORDS.includes(word)) return { value: true };
      if (FALSE_WORDS.includes(word)) return { value: false };
      return { error: 'Track inventory must be true or false.' };
    },
    format: String,
  }),
  field({
    column: 'weight',
    key: 'weight',
    parse: (text) => {
      const value = /^\d+(\.\d{1,4})?$/.test(text) ? Number(text) : Number.NaN;
      if (!(value >= 0 && value <= WEIGHT_MAX)) {
        return { error: 'Weight must be a number from 0 to 99,999,999 with at most 4 decimals.' };
      }
      return { value };
    },
    format: String,
  }),
  field({
    column: 'weight_unit',
    key: 'weightUnit',
    parse: oneOf<WeightUnit>('Weight unit', ['kg', 'g', 'lb', 'oz']),
    format: (value) => value,
  }),
  field({
    column: 'status',
    key: 'status',
    parse: oneOf<ItemStatus>('Status', ['active', 'inactive']),
    format: (value) => value,
  }),
  field({
    column: 'low_stock_threshold',
    key: 'lowStockThreshold',
    parse: wholeNumber('Low-stock threshold', 0, LOW_STOCK_THRESHOLD_MAX),
    format: String,
  }),
] as const;

export type ItemField = (typeof ITEM_FIELDS)[number];

/** Formats one editable value as the CSV writes it. */
export function formatField(spec: ItemField, values: ItemValues): string {
  return (spec.format as (value: unknown) => string)(values[spec.key]);
}

/** The columns before the editable ones: the key, the variant, and two read-only names for people. */
export const KEY_COLUMNS = ['sku', 'variant_id', 'product', 'variant'] as const;
/** Written by the export so a person can tell the rows apart; ignored by the import. */
export const READ_ONLY_COLUMNS: ReadonlySet<string> = new Set(['product', 'variant']);

export interface TierKey {
  tierType: PackUnit;
  rangeStart: number;
}

/** A tier's price column: `price_pack_10` is the pack tier starting at 10 packs. */
export function priceColumn(tier: TierKey): string {
  return `price_${tier.tierType}_${tier.rangeStart}`;
}

/** The tier a price column names, or null when the name is not a price column's. */
export function tierOfColumn(column: string): TierKey | null {
  const match = /^price_(pack|pallet)_(0|[1-9]\d{0,8})$/.exec(column);
  if (!match) return null;
  return { tierType: match[1] as PackUnit, rangeStart: Number(match[2]) };
}

/** A price cell: pounds with at most 2 decimals ("12.50", "12.5", "12"), as pence. */
export function parsePrice(text: string): Parsed<number> {
  const pence = /^\d+(\.\d{1,2})?$/.test(text) ? penceFromDecimal(text) : Number.NaN;
  if (!(pence >= 0 && pence <= PRICE_MAX_PENCE)) {
    return { error: 'Price must be in pounds, from 0.00 to 999999.99, with at most 2 decimals.' };
  }
  return { value: pence };
}

export const formatPrice = penceToDecimal;

/** The variant_id cell. */
export function parseVariantId(text: string): Parsed<number> {
  return wholeNumber('Variant id', 1, 2_147_483_647)(text);
}

/** The SKU cell (already trimmed). */
export function checkSku(sku: string): string | null {
  if (sku === '') return 'SKU is required.';
  if (sku.length > SKU_MAX) return `SKU must be at most ${SKU_MAX} characters.`;
  return null;
}
