import type { MeasurementUnit } from '../schema';

/** Millimetres per measurement unit. */
export const MM_PER_UNIT: Record<MeasurementUnit, number> = { MM: 1, CM: 10, IN: 25.4, M: 1000 };

/** An item's own dimensions in its unit; height is absent for flat goods (bags, labels, sheets). */
export interface ItemDimensions {
  unit: MeasurementUnit;
  length: number;
  width: number;
  height?: number | null;
}

/** The dimension columns of an items row, as the size search and the product page read them. */
export interface ItemDimensionColumns {
  measurementUnit: MeasurementUnit | null;
  length: number | null;
  width: number | null;
  height: number | null;
  lengthInInches: number | null;
  widthInInches: number | null;
  heightInInches: number | null;
  dimSmallMm: number | null;
  dimMidMm: number | null;
  dimLargeMm: number | null;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/**
 * Fills every dimension column from an item's dimensions: inches for the product page, and the three
 * dimensions in mm sorted ascending for the orientation-free size search (a missing one counts as 0).
 */
export function dimensionColumns(dims: ItemDimensions | null | undefined): ItemDimensionColumns {
  if (!dims) {
    return {
      measurementUnit: null,
      length: null,
      width: null,
      height: null,
      lengthInInches: null,
      widthInInches: null,
      heightInInches: null,
      dimSmallMm: null,
      dimMidMm: null,
      dimLargeMm: null,
    };
  }
  const mmPer = MM_PER_UNIT[dims.unit];
  const height = dims.height ?? null;
  const inches = (value: number | null) => (value === null ? null : round3((value * mmPer) / 25.4));
  const sortedMm = [dims.length, dims.width, height ?? 0]
    .map((value) => round3(value * mmPer))
    .sort((a, b) => a - b);
  return {
    measurementUnit: dims.unit,
    length: dims.length,
    width: dims.width,
    height,
    lengthInInches: inches(dims.length),
    widthInInches: inches(dims.width),
    heightInInches: inches(height),
    dimSmallMm: sortedMm[0]!,
    dimMidMm: sortedMm[1]!,
    dimLargeMm: sortedMm[2]!,
  };
}
