import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withVat } from '../pricing/totals';
import { lineRefundPence, refundablePence } from './refunds';

describe('lineRefundPence', () => {
  it.each([
    // total, packs of the line, packs refunded, VAT %, pence back
    [3750, 3, 1, 20, 1500], // £12.50 a pack + £2.50 VAT
    [3750, 3, 3, 20, 4500], // the whole line with its VAT
    [1748, 2, 1, 20, 1049], // 874 + 174.8 VAT rounded half-up = 175
    [1000, 3, 1, 20, 400], // 333.33 → 333, + 66.6 → 67
    [1000, 3, 2, 20, 800], // 666.67 → 667, + 133.4 → 133
    [999, 2, 1, 0, 500], // 499.5 rounds half-up; no VAT
    [3750, 3, 0, 20, 0],
  ])('refunds %i pence over %i packs, %i of them at %i %% VAT: %i', (total, packs, refunded, vat, back) => {
    expect(lineRefundPence({ total_pence: total, pack_quantity: packs }, refunded, vat)).toBe(back);
  });

  it('refuses more packs than the line has, fractions and negatives', () => {
    const line = { total_pence: 1000, pack_quantity: 2 };
    expect(() => lineRefundPence(line, 3, 20)).toThrow(RangeError);
    expect(() => lineRefundPence(line, 1.5, 20)).toThrow(RangeError);
    expect(() => lineRefundPence(line, -1, 20)).toThrow(RangeError);
  });

  it('never gives back more than the line cost with VAT, and grows with the packs', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99_999_999 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.nat(),
        (total, packs, pick) => {
          const line = { total_pence: total, pack_quantity: packs };
          const some = pick % (packs + 1);
          const back = lineRefundPence(line, some, 20);
          expect(back).toBeLessThanOrEqual(withVat(total, 20));
          expect(lineRefundPence(line, packs, 20)).toBe(withVat(total, 20));
          if (some < packs) expect(back).toBeLessThanOrEqual(lineRefundPence(line, some + 1, 20));
        },
      ),
    );
  });
});

describe('refundablePence', () => {
  it('is what was paid less what was refunded, never below nothing', () => {
    expect(refundablePence(10_000, 0)).toBe(10_000);
    expect(refundablePence(10_000, 6_000)).toBe(4_000);
    expect(refundablePence(10_000, 10_000)).toBe(0);
    expect(refundablePence(10_000, 12_000)).toBe(0);
  });
});
