import { describe, expect, it } from 'vitest';
import { quarterBounds } from './rules';
import {
  isVatPeriod,
  previousVatPeriod,
  recentVatPeriods,
  staggerOf,
  VAT_STAGGERS,
  vatPeriodBounds,
  vatPeriodContaining,
  vatPeriodLabel,
  vatPeriodOfQuarter,
} from './vat-periods';

describe('vatPeriodBounds', () => {
  it.each([
    ['2026-03', '2026-01-01', '2026-03-31'],
    ['2026-01', '2025-11-01', '2026-01-31'],
    ['2026-02', '2025-12-01', '2026-02-28'],
    ['2028-02', '2027-12-01', '2028-02-29'],
    ['2026-04', '2026-02-01', '2026-04-30'],
    ['2026-05', '2026-03-01', '2026-05-31'],
    ['2026-11', '2026-09-01', '2026-11-30'],
    ['2026-12', '2026-10-01', '2026-12-31'],
  ])('the period ending %s runs from %s to %s', (period, from, to) => {
    expect(vatPeriodBounds(period)).toEqual({ from, to });
  });

  it.each(['2026-00', '2026-13', '2026-1', '26-01', '2026-Q1', '', '2026-01 ', '2026-01-31'])(
    'refuses %j',
    (period) => {
      expect(isVatPeriod(period)).toBe(false);
      expect(() => vatPeriodBounds(period)).toThrow(RangeError);
    },
  );

  it('covers each day of a year exactly once in each stagger, three months at a time', () => {
    for (const stagger of VAT_STAGGERS) {
      const periods = recentVatPeriods(stagger, '2027-01-15', 8).reverse();
      for (const [index, period] of periods.entries()) {
        const { from, to } = vatPeriodBounds(period);
        expect(staggerOf(period)).toBe(stagger);
        if (index > 0) {
          const before = vatPeriodBounds(periods[index - 1]!).to;
          expect(new Date(`${before}T00:00:00Z`).getTime() + 86_400_000).toBe(
            new Date(`${from}T00:00:00Z`).getTime(),
          );
        }
        expect(to > from).toBe(true);
      }
    }
  });
});

describe('vatPeriodOfQuarter', () => {
  it.each([
    ['2026-Q1', '2026-03'],
    ['2026-Q2', '2026-06'],
    ['2026-Q3', '2026-09'],
    ['2026-Q4', '2026-12'],
  ])('%s is the period ending %s, with the same days', (quarter, period) => {
    expect(vatPeriodOfQuarter(quarter)).toBe(period);
    expect(vatPeriodBounds(period)).toEqual(quarterBounds(quarter));
  });

  it('refuses what is not a quarter', () => {
    expect(() => vatPeriodOfQuarter('2026-Q5')).toThrow(RangeError);
  });
});

describe('staggers', () => {
  it.each([
    ['2026-03', 1],
    ['2026-06', 1],
    ['2026-12', 1],
    ['2026-01', 2],
    ['2026-04', 2],
    ['2026-10', 2],
    ['2026-02', 3],
    ['2026-05', 3],
    ['2026-11', 3],
  ] as const)('the period ending %s is stagger %s', (period, stagger) => {
    expect(staggerOf(period)).toBe(stagger);
  });

  it.each([
    [1, '2026-02-10', '2026-03'],
    [2, '2026-02-10', '2026-04'],
    [3, '2026-02-10', '2026-02'],
    [2, '2025-12-31', '2026-01'],
    [3, '2025-12-01', '2026-02'],
    [1, '2026-12-31', '2026-12'],
  ] as const)('stagger %s: %s falls in the period ending %s', (stagger, day, period) => {
    expect(vatPeriodContaining(stagger, day)).toBe(period);
    const { from, to } = vatPeriodBounds(period);
    expect(from <= day && day <= to).toBe(true);
  });

  it('lists the period under way, then those before it, newest first', () => {
    expect(recentVatPeriods(2, '2026-02-10', 3)).toEqual(['2026-04', '2026-01', '2025-10', '2025-07']);
    expect(recentVatPeriods(1, '2026-02-10', 1)).toEqual(['2026-03', '2025-12']);
    expect(previousVatPeriod('2026-02')).toBe('2025-11');
  });
});

describe('vatPeriodLabel', () => {
  it.each([
    ['2026-03', 'January to March 2026'],
    ['2026-04', 'February to April 2026'],
    ['2026-01', 'November 2025 to January 2026'],
    ['2026-02', 'December 2025 to February 2026'],
  ])('%s reads %s', (period, label) => {
    expect(vatPeriodLabel(period)).toBe(label);
  });
});
