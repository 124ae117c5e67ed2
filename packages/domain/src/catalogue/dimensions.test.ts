import { describe, expect, it } from 'vitest';
import { dimensionColumns, type ItemDimensions } from './dimensions';

describe('dimensionColumns', () => {
  it.each<[string, ItemDimensions, Record<string, number | null>]>([
    [
      'millimetres, sorted for the size search',
      { unit: 'MM', length: 211, width: 611, height: 411 },
      {
        lengthInInches: 8.307,
        widthInInches: 24.055,
        heightInInches: 16.181,
        dimSmallMm: 211,
        dimMidMm: 411,
        dimLargeMm: 611,
      },
    ],
    [
      'centimetres, to 3 decimals',
      { unit: 'CM', length: 77.7, width: 55.5, height: 33.3 },
      {
        lengthInInches: 30.591,
        widthInInches: 21.85,
        heightInInches: 13.11,
        dimSmallMm: 333,
        dimMidMm: 555,
        dimLargeMm: 777,
      },
    ],
    [
      'inches, as given',
      { unit: 'IN', length: 12, width: 9, height: 3 },
      {
        lengthInInches: 12,
        widthInInches: 9,
        heightInInches: 3,
        dimSmallMm: 76.2,
        dimMidMm: 228.6,
        dimLargeMm: 304.8,
      },
    ],
    [
      'metres',
      { unit: 'M', length: 1.2, width: 0.8, height: 0.15 },
      {
        lengthInInches: 47.244,
        widthInInches: 31.496,
        heightInInches: 5.906,
        dimSmallMm: 150,
        dimMidMm: 800,
        dimLargeMm: 1200,
      },
    ],
    [
      'a flat item, its missing height 0 mm in the search',
      { unit: 'MM', length: 300, width: 200 },
      {
        lengthInInches: 11.811,
        widthInInches: 7.874,
        heightInInches: null,
        dimSmallMm: 0,
        dimMidMm: 200,
        dimLargeMm: 300,
      },
    ],
  ])('%s', (_name, dims, expected) => {
    expect(dimensionColumns(dims)).toEqual({
      measurementUnit: dims.unit,
      length: dims.length,
      width: dims.width,
      height: dims.height ?? null,
      ...expected,
    });
  });

  it.each([null, undefined])('clears every column without dimensions (%s)', (dims) => {
    expect(Object.values(dimensionColumns(dims))).toEqual(Array(10).fill(null));
  });
});
