import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  discounted,
  formatDecimalGbp,
  formatGbp,
  formatNearestGbp,
  penceFromDecimal,
  penceToDecimal,
  formatPercent,
  percentOf,
  tenThousandthsToDecimal,
  unitPriceDecimal,
} from './money';

describe('percentOf', () => {
  it.each([
    // [pence, percent, expected]: exact value in the comment, rounded half-up to a whole penny (DESIGN §4.5)
    [1, 20, 0], // 0.2
    [2, 20, 0], // 0.4
    [3, 20, 1], // 0.6
    [12, 20, 2], // 2.4
    [13, 20, 3], // 2.6
    [4, 12.5, 1], // 0.5, half-up
    [12, 12.5, 2], // 1.5, half-up
    [20, 12.5, 3], // 2.5, half-up (banker's rounding would give 2)
    [2, 17.5, 0], // 0.35
    [1998, 12.5, 250], // 249.75
    [999, 10, 100], // 99.9
    [6193, 20, 1239], // 1238.6
    [100, 33.33, 33], // 33.33
    [0, 20, 0],
    [12_345, 0, 0],
    [12_345, 100, 12_345],
  ])('%i pence at %d %% is %i pence', (pence, percent, expected) => {
    expect(percentOf(pence, percent)).toBe(expected);
  });

  it('reads percentages with two decimals exactly, whatever their float form', () => {
    // 0.29 * 100 is 28.999999999999996 in floating point; it still means 29 hundredths.
    expect(percentOf(10_000, 0.29)).toBe(29);
    expect(percentOf(10_000, 12.34)).toBe(1234);
    expect(percentOf(1_000_000, 0.01)).toBe(100);
  });

  it('rounds negative amounts symmetrically (half away from zero) and never gives negative zero', () => {
    expect(percentOf(-3, 20)).toBe(-1);
    expect(percentOf(-4, 12.5)).toBe(-1);
    expect(percentOf(-13, 20)).toBe(-3);
    // 20 % of -1p is -0.2p: no money, and it must not print as "-£0.00".
    expect(percentOf(-1, 20)).toBe(0);
    expect(formatGbp(percentOf(-1, 20))).toBe('£0.00');
  });

  it('refuses amounts that are not whole pence', () => {
    expect(() => percentOf(1.5, 20)).toThrow(RangeError);
    expect(() => percentOf(Number.NaN, 20)).toThrow(RangeError);
  });

  it('is within half a penny of the exact value, and ties go away from zero (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (pence, hundredths) => {
          const result = percentOf(pence, hundredths / 100);
          // Compare in ten-thousandths of a penny, all exact integers.
          const exact = pence * hundredths;
          const error = result * 10_000 - exact;
          expect(Number.isInteger(result)).toBe(true);
          expect(Math.abs(error)).toBeLessThanOrEqual(5_000);
          if (Math.abs(error) === 5_000) expect(Math.abs(result * 10_000)).toBeGreaterThan(Math.abs(exact));
          expect(percentOf(-pence, hundredths / 100) + result).toBe(0);
        },
      ),
    );
  });
});

describe('discounted', () => {
  it.each([
    [3750, 0, 3750],
    [1998, 12.5, 1748],
    [999, 10, 899],
    [1000, 100, 0],
    [1, 20, 1],
    [3, 20, 2],
  ])('%i pence less %d %% is %i pence', (pence, percent, expected) => {
    expect(discounted(pence, percent)).toBe(expected);
  });

  it('is the amount less percentOf, never negative and never above the amount for 0..100 % (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (pence, hundredths) => {
          const result = discounted(pence, hundredths / 100);
          expect(result).toBe(pence - percentOf(pence, hundredths / 100));
          expect(result).toBeGreaterThanOrEqual(0);
          expect(result).toBeLessThanOrEqual(pence);
        },
      ),
    );
  });
});

describe('penceToDecimal', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [50, '0.50'],
    [1250, '12.50'],
    [123_450, '1234.50'],
    [100_000_000, '1000000.00'],
    [-5, '-0.05'],
    [-300, '-3.00'],
  ])('%i pence is "%s"', (pence, text) => {
    expect(penceToDecimal(pence)).toBe(text);
  });
});

describe('penceFromDecimal', () => {
  it.each([
    ['12.50', 1250],
    ['12.5', 1250],
    ['12', 1200],
    ['0.05', 5],
    ['0.5', 50],
    ['-3', -300],
    ['-0.05', -5],
    [' 7.05 ', 705],
    ['007.00', 700],
  ])('"%s" is %i pence', (text, pence) => {
    expect(penceFromDecimal(text)).toBe(pence);
  });

  it('reads a negative zero as plain zero', () => {
    expect(penceFromDecimal('-0.00')).toBe(0);
    expect(formatGbp(penceFromDecimal('-0'))).toBe('£0.00');
  });

  it.each(['', 'abc', '12.505', '1,000.00', '.5', '5.', '+5', '£5.00', '1e3', '12.5.0', '--1'])(
    'gives NaN for "%s"',
    (text) => {
      expect(penceFromDecimal(text)).toBeNaN();
    },
  );

  it('round-trips with penceToDecimal (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 }), (pence) => {
        const text = penceToDecimal(pence);
        expect(text).toMatch(/^-?\d+\.\d{2}$/);
        expect(penceFromDecimal(text)).toBe(pence);
      }),
    );
  });
});

describe('formatGbp', () => {
  it.each([
    [123_450, '£1,234.50'],
    [0, '£0.00'],
    [5, '£0.05'],
    [1250, '£12.50'],
    [100, '£1.00'],
    [99_999, '£999.99'],
    [100_000_000, '£1,000,000.00'],
    [-150, '-£1.50'],
  ])('%i pence shows as %s (en-GB, 2 decimals)', (pence, text) => {
    expect(formatGbp(pence)).toBe(text);
  });

  it('shows exactly the pence it was given, with no float drift (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 }), (pence) => {
        expect(formatGbp(pence).replace(/[£,]/g, '')).toBe(penceToDecimal(pence));
      }),
    );
  });
});

describe('formatNearestGbp (a chart scale’s amounts)', () => {
  it.each([
    [1234.6, '£12.35'],
    [1234.4, '£12.34'],
    ['150', '£1.50'],
    [0, '£0.00'],
    [250_000, '£2,500.00'],
  ])('%s pence shows as %s', (pence, text) => {
    expect(formatNearestGbp(pence)).toBe(text);
  });
});

describe('formatDecimalGbp', () => {
  it.each([
    ['1234.50', '£1,234.50'],
    ['1234.5', '£1,234.50'],
    ['0', '£0.00'],
    ['0.00', '£0.00'],
    ['-0.00', '£0.00'],
    ['0.05', '£0.05'],
    ['12', '£12.00'],
    ['-12.5', '-£12.50'],
    ['1000000.00', '£1,000,000.00'],
    // 0.1 + 0.2 is not 0.3 in floating point; read as pence it is.
    ['0.30', '£0.30'],
  ])('"%s" shows as %s', (decimal, text) => {
    expect(formatDecimalGbp(decimal)).toBe(text);
  });

  it.each(['', 'abc', '12.505', '£5.00'])('shows "%s", which is no amount, as it came', (text) => {
    expect(formatDecimalGbp(text)).toBe(text);
  });

  it('shows the same as formatGbp of the pence the text stands for (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 }), (pence) => {
        expect(formatDecimalGbp(penceToDecimal(pence))).toBe(formatGbp(pence));
      }),
    );
  });
});

describe('tenThousandthsToDecimal (the price of one unit)', () => {
  it.each([
    [3472, '0.3472'],
    [58, '0.0058'],
    [1, '0.0001'],
    [0, '0.0000'],
    [12_500, '1.2500'],
    [1_000_000_000, '100000.0000'],
  ])('%d ten-thousandths are £%s', (tenThousandths, decimal) => {
    expect(tenThousandthsToDecimal(tenThousandths)).toBe(decimal);
  });
});

describe('unitPriceDecimal (an export line’s price of one)', () => {
  it.each([
    [1000, 3, '3.3333'],
    [250, 1, '2.5'],
    [5000, 4, '12.5'],
    [1, 3, '0.0033'],
    [0, 7, '0'],
    [-1000, 3, '-3.3333'],
  ])('%d pence over %d is £%s', (pence, quantity, decimal) => {
    expect(unitPriceDecimal(pence, quantity)).toBe(decimal);
  });
});

describe('formatPercent', () => {
  it.each([
    [20, '20%'],
    [12.5, '12.5%'],
    [7.25, '7.25%'],
    [0, '0%'],
    [33.333, '33.33%'],
    [5.005, '5%'],
  ])('%s is written %s', (percent, text) => {
    expect(formatPercent(percent)).toBe(text);
  });
});
