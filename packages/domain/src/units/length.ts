/** Length units of the unit converter (spec 1, §9), with their size in millimetres. */
export const LENGTH_UNITS_IN_MM = {
  micron: 0.001,
  gauge: 0.0254,
  mm: 1,
  inch: 25.4,
  cm: 10,
  ft: 304.8,
  m: 1000,
  yd: 914.4,
} as const;

export type LengthUnit = keyof typeof LENGTH_UNITS_IN_MM;
export const LENGTH_UNITS = Object.keys(LENGTH_UNITS_IN_MM) as LengthUnit[];

/** Converts a length from one unit to another. */
export function convertLength(value: number, from: LengthUnit, to: LengthUnit): number {
  return (value * LENGTH_UNITS_IN_MM[from]) / LENGTH_UNITS_IN_MM[to];
}

/** A length in millimetres. */
export function toMillimetres(value: number, from: LengthUnit): number {
  return convertLength(value, from, 'mm');
}

/** The converter's display: four decimals (spec 1, §9). */
export function formatConverted(value: number): string {
  return value.toFixed(4);
}
