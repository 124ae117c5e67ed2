import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIMENSION_UNITS, INCH_IN, WEIGHT_UNITS, WEIGHT_UNITS_IN_KG } from './constants';
import { cartWeightKg, formatDimension, formatKg, fromInches, roundKg, weightToKg } from './units';

describe('conversion constants (spec 2, §9)', () => {
  it('holds the spec factors', () => {
    expect(WEIGHT_UNITS_IN_KG).toEqual({ kg: 1, lb: 0.453592, oz: 0.0283495, g: 0.001 });
    expect(INCH_IN).toEqual({ in: 1, cm: 2.54, mm: 25.4 });
    expect(WEIGHT_UNITS).toEqual(['kg', 'lb', 'oz', 'g']);
    expect(DIMENSION_UNITS).toEqual(['in', 'cm', 'mm']);
  });
});

describe('cartWeightKg (spec 2, §2: the sum of weight times packs)', () => {
  it.each([
    [[], 0],
    [[{ packQuantity: 3, weight: 2.5, weightUnit: 'kg' }], 7.5],
    [
      [
        { packQuantity: 2, weight: 10, weightUnit: 'lb' },
        { packQuantity: 4, weight: 500, weightUnit: 'g' },
      ],
      11.07184,
    ],
  ] as const)('weighs %j as %d kg', (lines, kg) => {
    expect(cartWeightKg(lines)).toBeCloseTo(kg, 10);
  });
});

describe('weightToKg', () => {
  it.each([
    [1, 'kg', 1],
    [2.5, 'kg', 2.5],
    [1, 'lb', 0.453592],
    [2, 'lb', 0.907184],
    [10, 'lb', 4.53592],
    [1, 'oz', 0.0283495],
    [16, 'oz', 0.453592],
    [1, 'g', 0.001],
    [500, 'g', 0.5],
    [750_000, 'g', 750],
    [0, 'lb', 0],
  ] as const)('%d %s is %d kg', (weight, unit, kg) => {
    expect(weightToKg(weight, unit)).toBeCloseTo(kg, 10);
  });

  it('is linear in the weight for every unit (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.constantFrom(...WEIGHT_UNITS), (weight, unit) => {
        expect(weightToKg(weight, unit)).toBeCloseTo(weight * WEIGHT_UNITS_IN_KG[unit], 6);
        expect(weightToKg(weight, unit)).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('fromInches', () => {
  it.each([
    [1, 'in', 1],
    [1, 'cm', 2.54],
    [1, 'mm', 25.4],
    [10, 'cm', 25.4],
    [10, 'mm', 254],
    [12, 'mm', 304.8],
    [0, 'cm', 0],
  ] as const)('%d in is %d %s', (inches, unit, value) => {
    expect(fromInches(inches, unit)).toBeCloseTo(value, 10);
  });
});

describe('formatDimension', () => {
  it('shows up to two decimals with trailing zeros dropped', () => {
    expect(formatDimension(10, 'cm')).toBe('25.4');
    expect(formatDimension(12, 'mm')).toBe('304.8');
    expect(formatDimension(10, 'mm')).toBe('254');
    expect(formatDimension(2, 'in')).toBe('2');
    expect(formatDimension(1.5, 'in')).toBe('1.5');
    expect(formatDimension(1 / 3, 'cm')).toBe('0.85');
    expect(formatDimension(0, 'mm')).toBe('0');
  });

  it('is empty when the item has no such dimension', () => {
    expect(formatDimension(null, 'cm')).toBe('');
  });
});

describe('formatKg', () => {
  it('uses the given number of decimals (3 on the cart page, 1 at checkout)', () => {
    expect(formatKg(1.23456, 3)).toBe('1.235 kg');
    expect(formatKg(1.23456, 1)).toBe('1.2 kg');
    expect(formatKg(750, 1)).toBe('750.0 kg');
    expect(formatKg(0, 3)).toBe('0.000 kg');
    expect(formatKg(weightToKg(2, 'lb'), 3)).toBe('0.907 kg');
  });
});

describe('roundKg (to 0.1 g, the database scale)', () => {
  it.each([
    [12.300000000000001, 12.3],
    [0.1 + 0.2, 0.3],
    [3 * 0.907184, 2.7216],
    [1.23456789, 1.2346],
    [1.23454, 1.2345],
    [750, 750],
    [0, 0],
  ])('%d kg is %d kg', (kg, rounded) => {
    expect(roundKg(kg)).toBe(rounded);
  });
});
