import { SIZE_UNIT_LENGTH, type SizeUnit } from '../search/size-search';
import { convertLength, toMillimetres } from '../units/length';

/** An item's own dimensions in its unit; height is absent for flat goods (bags, labels, sheets). */
export interface ItemDimensions {
  unit: SizeUnit;
  length: number;
  width: number;
  height?: number | null;
}

/** An item's dimensions as it is stored: as given, in inches, and in mm sorted for the size search. */
export interface ItemDimensionColumns {
  measurementUnit: SizeUnit | null;
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
 * Every stored form of an item's dimensions (all null without them): as given; in inches to 3 decimals for the
 * product page; and the three in mm to 3 decimals, smallest first, for the orientation-free size search (a
 * missing height counts as 0).
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
  const unit = SIZE_UNIT_LENGTH[dims.unit];
  const height = dims.height ?? null;
  const inches = (value: number | null) =>
    value === null ? null : round3(convertLength(value, unit, 'inch'));
  const sortedMm = [dims.length, dims.width, height ?? 0]
    .map((value) => round3(toMillimetres(value, unit)))
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
