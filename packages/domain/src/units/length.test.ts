import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LENGTH_UNITS, convertLength, formatConverted, toMillimetres } from './length';

describe('convertLength', () => {
  it.each([
    ['micron', 1000, 'mm', 1],
    ['gauge', 100, 'mm', 2.54],
    ['inch', 1, 'mm', 25.4],
    ['cm', 1, 'mm', 10],
    ['ft', 1, 'inch', 12],
    ['m', 1, 'cm', 100],
    ['yd', 1, 'ft', 3],
    ['mm', 25.4, 'inch', 1],
  ] as const)('turns %s %s into %s %s', (from, value, to, expected) => {
    expect(convertLength(value, from, to)).toBeCloseTo(expected, 10);
  });

  it('shows one inch as 25.4000 mm', () => {
    expect(formatConverted(toMillimetres(1, 'inch'))).toBe('25.4000');
  });

  it('returns the original value after a round trip through any unit', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        fc.constantFrom(...LENGTH_UNITS),
        fc.constantFrom(...LENGTH_UNITS),
        (value, from, to) => {
          const back = convertLength(convertLength(value, from, to), to, from);
          expect(back).toBeCloseTo(value, 6);
        },
      ),
    );
  });
});
