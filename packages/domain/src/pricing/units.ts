import { type DimensionUnit, INCH_IN, type WeightUnit, WEIGHT_UNITS_IN_KG } from './constants';

/** A weight in kilograms (spec 2, §9: lb 0.453592, oz 0.0283495, g 0.001). */
export function weightToKg(weight: number, unit: WeightUnit): number {
  return weight * WEIGHT_UNITS_IN_KG[unit];
}

/** A cart's weight in kilograms (spec 2, §2): each line's packs times its pack's weight, summed. */
export function cartWeightKg(
  lines: readonly { packQuantity: number; weight: number; weightUnit: WeightUnit }[],
): number {
  return lines.reduce((sum, line) => sum + line.packQuantity * weightToKg(line.weight, line.weightUnit), 0);
}

/**
 * A weight in kilograms to 0.1 g, the database's scale: float sums of packs times weights come out as
 * 12.300000000000001 and are shown and stored as 12.3.
 */
export function roundKg(kg: number): number {
  return Math.round(kg * 10_000) / 10_000;
}

/** A length given in inches, in inches, centimetres or millimetres (spec 2, §9: cm 2.54, mm 25.4). */
export function fromInches(inches: number, unit: DimensionUnit): number {
  return inches * INCH_IN[unit];
}

/** A bag's dimension as the table shows it: the number in `unit`, up to two decimals, trailing zeros dropped. */
export function formatDimension(inches: number | null, unit: DimensionUnit): string {
  if (inches === null) return '';
  const value = fromInches(inches, unit);
  return `${Number(value.toFixed(2))}`;
}

/** Weight as shown: kilograms with a fixed number of decimals (3 on the cart page, 1 at checkout). */
export function formatKg(kg: number, decimals: number): string {
  return `${kg.toFixed(decimals)} kg`;
}
