import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_VAT_PERCENT, STICKY_SKU_LENGTH } from './constants';
import { discounted, percentOf } from './money';
import { type LineInput, type LineTotals, lineTotals, shortSku, sumTotals, withVat } from './totals';

/** 3 packs of 36 units at £12.50 a pack, 2.4 kg a pack, no exclusive discount. */
const tape: LineInput = {
  packs: 3,
  units_per_pack: 36,
  price_per_pack_pence: 1250,
  discount_percentage: 0,
  pack_weight_kg: 2.4,
};
/** 2 packs of 100 units at £9.99 a pack with a 12.5 % exclusive discount. */
const mailers: LineInput = {
  packs: 2,
  units_per_pack: 100,
  price_per_pack_pence: 999,
  discount_percentage: 12.5,
  pack_weight_kg: 8,
};

describe('lineTotals', () => {
  it('is packs x tier price, with units, weight and price per unit', () => {
    const line = lineTotals(tape);
    expect(line).toMatchObject({
      packs: 3,
      units: 108,
      subtotal_pence: 3750,
      discount_pence: 0,
      total_pence: 3750,
    });
    expect(line.weight_kg).toBeCloseTo(7.2, 10);
    expect(line.price_per_unit_pence).toBeCloseTo(1250 / 36, 10);
  });

  it("takes the line's exclusive discount off the subtotal, rounded half-up once", () => {
    // 12.5 % of 1998 is 249.75: 250 off.
    expect(lineTotals(mailers)).toMatchObject({
      subtotal_pence: 1998,
      discount_pence: 250,
      total_pence: 1748,
      units: 200,
      weight_kg: 16,
    });
  });

  it('rounds the discount once per line, not once per pack', () => {
    // 10 % of 999 is 99.9: 100 off. Per pack it would be 3 x 33 = 99.
    const line = lineTotals({ ...tape, packs: 3, price_per_pack_pence: 333, discount_percentage: 10 });
    expect(line).toMatchObject({ subtotal_pence: 999, discount_pence: 100, total_pence: 899 });
  });

  it('handles a full discount and an empty line', () => {
    expect(lineTotals({ ...tape, discount_percentage: 100 })).toMatchObject({
      subtotal_pence: 3750,
      discount_pence: 3750,
      total_pence: 0,
    });
    expect(lineTotals({ ...tape, packs: 0 })).toMatchObject({
      units: 0,
      subtotal_pence: 0,
      total_pence: 0,
      weight_kg: 0,
    });
  });

  it('is never negative and never above the subtotal for discounts of 0..100 % (property)', () => {
    fc.assert(
      fc.property(lineInputArb, (input) => {
        const line = lineTotals(input);
        expect(line.subtotal_pence).toBe(input.packs * input.price_per_pack_pence);
        expect(line.total_pence).toBeGreaterThanOrEqual(0);
        expect(line.total_pence).toBeLessThanOrEqual(line.subtotal_pence);
        expect(line.total_pence).toBe(discounted(line.subtotal_pence, input.discount_percentage));
        expect(line.discount_pence).toBe(line.subtotal_pence - line.total_pence);
        expect(Number.isInteger(line.total_pence)).toBe(true);
        expect(line.units).toBe(input.packs * input.units_per_pack);
      }),
    );
  });
});

describe('lineTotals: price of one unit in ten-thousandths of a pound', () => {
  it.each([
    // [pence a pack, units a pack, expected]: exact value in the comment, rounded half-up
    [1250, 36, 3472], // 3472.22
    [999, 100, 999],
    [1, 3, 33], // 33.33
    [2, 3, 67], // 66.67
    [23, 40, 58], // 57.5, half-up (the float 23 / 40 x 100 is 57.49999999999999)
    [41, 40, 103], // 102.5, half-up
    [10_000_000, 1, 1_000_000_000],
    [0, 12, 0],
  ])('%dp for %d units is %d', (pricePence, unitsPerPack, tenThousandths) => {
    const line = lineTotals({ ...tape, price_per_pack_pence: pricePence, units_per_pack: unitsPerPack });
    expect(line.price_per_unit_ten_thousandths).toBe(tenThousandths);
  });

  it('rounds the exact quotient half-up for any price and pack size (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (pricePence, unitsPerPack) => {
          const line = lineTotals({
            ...tape,
            price_per_pack_pence: pricePence,
            units_per_pack: unitsPerPack,
          });
          // Half-up in integers: floor((2 x 100p + u) / 2u).
          const exact = Math.floor((200 * pricePence + unitsPerPack) / (2 * unitsPerPack));
          expect(line.price_per_unit_ten_thousandths).toBe(exact);
        },
      ),
    );
  });
});

describe('sumTotals', () => {
  it('adds lines, shipping and VAT on the discounted net plus shipping (DESIGN §4.5)', () => {
    const totals = sumTotals([lineTotals(tape), lineTotals(mailers)], 695, 20);
    expect(totals).toMatchObject({
      lines: 2,
      packs: 5,
      units: 308,
      subtotal_pence: 5748,
      discount_pence: 250,
      goods_pence: 5498,
      shipping_pence: 695,
      net_pence: 6193,
      vat_percent: 20,
      // 20 % of 6193 is 1238.6.
      vat_pence: 1239,
      total_pence: 7432,
    });
    expect(totals.weight_kg).toBeCloseTo(23.2, 10);
  });

  it('defaults to no shipping and 20 % VAT', () => {
    expect(DEFAULT_VAT_PERCENT).toBe(20);
    expect(sumTotals([lineTotals(tape)])).toMatchObject({
      shipping_pence: 0,
      net_pence: 3750,
      vat_percent: 20,
      vat_pence: 750,
      total_pence: 4500,
    });
  });

  it('charges VAT on delivery too', () => {
    expect(sumTotals([], 695)).toMatchObject({ net_pence: 695, vat_pence: 139, total_pence: 834 });
  });

  it('rounds VAT once on the net, not per line', () => {
    // Two lines of 3p: per line 0.6p would round to 1p each; on the net of 6p, 1.2p rounds to 1p.
    const threePence = lineTotals({ ...tape, packs: 1, price_per_pack_pence: 3 });
    expect(sumTotals([threePence, threePence])).toMatchObject({ net_pence: 6, vat_pence: 1, total_pence: 7 });
  });

  it('agrees with both spec readings when shipping is 0', () => {
    // Product page: discount on the subtotal, then VAT on the discounted amount.
    // Cart summary: VAT = (subtotal - discount + shipping) x VAT %.
    const totals = sumTotals([lineTotals(mailers)], 0, 20);
    const discountedSubtotal = discounted(1998, 12.5);
    expect(totals.total_pence).toBe(discountedSubtotal + percentOf(discountedSubtotal, 20));
    expect(totals.vat_pence).toBe(
      percentOf(totals.subtotal_pence - totals.discount_pence + totals.shipping_pence, 20),
    );
  });

  it('is all zero for no lines', () => {
    expect(sumTotals([])).toEqual({
      lines: 0,
      packs: 0,
      units: 0,
      weight_kg: 0,
      subtotal_pence: 0,
      discount_pence: 0,
      goods_pence: 0,
      shipping_pence: 0,
      net_pence: 0,
      vat_percent: 20,
      vat_pence: 0,
      total_pence: 0,
    });
  });

  it('has total = net + VAT, equal to the sum of its parts (property)', () => {
    fc.assert(
      fc.property(
        fc.array(lineInputArb, { maxLength: 10 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (inputs, shipping, vatHundredths) => {
          const vatPercent = vatHundredths / 100;
          const lines: LineTotals[] = inputs.map(lineTotals);
          const totals = sumTotals(lines, shipping, vatPercent);
          const sum = (pick: (line: LineTotals) => number) => lines.reduce((acc, l) => acc + pick(l), 0);
          expect(totals.lines).toBe(lines.length);
          expect(totals.packs).toBe(sum((l) => l.packs));
          expect(totals.units).toBe(sum((l) => l.units));
          expect(totals.subtotal_pence).toBe(sum((l) => l.subtotal_pence));
          expect(totals.goods_pence).toBe(sum((l) => l.total_pence));
          expect(totals.discount_pence).toBe(sum((l) => l.discount_pence));
          expect(totals.net_pence).toBe(totals.goods_pence + shipping);
          expect(totals.vat_pence).toBe(percentOf(totals.net_pence, vatPercent));
          expect(totals.total_pence).toBe(totals.net_pence + totals.vat_pence);
          expect(totals.total_pence).toBe(
            totals.subtotal_pence - totals.discount_pence + totals.shipping_pence + totals.vat_pence,
          );
          expect(Number.isInteger(totals.total_pence)).toBe(true);
          expect(totals.vat_pence).toBeGreaterThanOrEqual(0);
          expect(totals.total_pence).toBeGreaterThanOrEqual(totals.net_pence);
        },
      ),
    );
  });
});

describe('withVat', () => {
  it('adds VAT rounded half-up, 20 % by default', () => {
    expect(withVat(1000)).toBe(1200);
    expect(withVat(1250)).toBe(1500);
    expect(withVat(3)).toBe(4);
    expect(withVat(2)).toBe(2);
    expect(withVat(1000, 0)).toBe(1000);
    expect(withVat(1000, 5)).toBe(1050);
  });
});

describe('shortSku', () => {
  it('cuts SKUs longer than 18 characters to 18 plus dots', () => {
    expect(STICKY_SKU_LENGTH).toBe(18);
    expect(shortSku('TAPE-48')).toBe('TAPE-48');
    expect(shortSku('ABCDEFGHIJKLMNOPQR')).toBe('ABCDEFGHIJKLMNOPQR');
    expect(shortSku('ABCDEFGHIJKLMNOPQRS')).toBe('ABCDEFGHIJKLMNOPQR...');
    expect(shortSku('MAILER-BOX-A4-WHITE-DOUBLE-WALL')).toBe('MAILER-BOX-A4-WHIT...');
    expect(shortSku('')).toBe('');
  });

  it('takes another length', () => {
    expect(shortSku('ABCDEFGH', 4)).toBe('ABCD...');
    expect(shortSku('ABCD', 4)).toBe('ABCD');
  });
});

const lineInputArb: fc.Arbitrary<LineInput> = fc.record({
  packs: fc.integer({ min: 0, max: 100_000 }),
  units_per_pack: fc.integer({ min: 1, max: 1000 }),
  price_per_pack_pence: fc.integer({ min: 0, max: 1_000_000 }),
  discount_percentage: fc.integer({ min: 0, max: 10_000 }).map((hundredths) => hundredths / 100),
  pack_weight_kg: fc.integer({ min: 0, max: 100_000 }).map((grams) => grams / 1000),
});
