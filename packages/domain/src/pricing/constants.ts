/** Business constants of the commerce area (spec 2, §9). */

/** At or above this weight (kg) a selection is priced by the pallet. */
export const PALLET_THRESHOLD_KG = 750;

/** UK VAT, percent, when the shop settings say nothing else. */
export const DEFAULT_VAT_PERCENT = 20;

/** Kilograms in one of each weight unit. */
export const WEIGHT_UNITS_IN_KG = {
  kg: 1,
  lb: 0.453592,
  oz: 0.0283495,
  g: 0.001,
} as const;

export type WeightUnit = keyof typeof WEIGHT_UNITS_IN_KG;
export const WEIGHT_UNITS = Object.keys(WEIGHT_UNITS_IN_KG) as WeightUnit[];

/** Millimetres and centimetres in one inch. */
export const INCH_IN = { in: 1, cm: 2.54, mm: 25.4 } as const;
export type DimensionUnit = keyof typeof INCH_IN;
export const DIMENSION_UNITS = Object.keys(INCH_IN) as DimensionUnit[];

/** The sticky bar cuts SKUs to this many characters, then adds dots. */
export const STICKY_SKU_LENGTH = 18;

/** The most packs of one item a cart may hold, over all its lines (DESIGN §4.10: quantities are bounded). */
export const MAX_PACK_QUANTITY = 100_000;
