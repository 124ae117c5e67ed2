import fc from 'fast-check';
import { describe, expect, it, test } from 'vitest';
import { DEFAULT_DELIVERY_SETTINGS } from '../delivery/schemas';
import { deliveredTotals, freeDeliveryShortfall } from '../delivery/rules';
import { shippingLabel, shippingQuote, type ShippingRates } from './shipping';

/** The seeded defaults (DESIGN §4.8). */
const RATES: ShippingRates = {
  free_over_net_pence: 15_000,
  parcel_rate_pence: 695,
  parcel_max_weight_kg: 30,
  pallet_rate_pence: 4_500,
  pallet_max_weight_kg: 1_000,
  pallet_from_weight_kg: 750,
};

const quote = (weight_kg: number, goods_pence: number, lines = 1) =>
  shippingQuote({ lines, weight_kg, goods_pence }, RATES);

describe('shippingQuote', () => {
  it('ships nothing for an empty cart', () => {
    expect(quote(0, 0, 0)).toEqual({
      parcel_type: 'none',
      parcels_needed: 0,
      shipping_pence: 0,
      free: false,
      explanation: '',
    });
  });

  it('charges one parcel per 30 kg started, at least one', () => {
    expect(quote(0, 1_000)).toMatchObject({ parcel_type: 'parcel', parcels_needed: 1, shipping_pence: 695 });
    expect(quote(30, 1_000)).toMatchObject({ parcels_needed: 1, shipping_pence: 695 });
    expect(quote(30.001, 1_000)).toMatchObject({ parcels_needed: 2, shipping_pence: 1_390 });
    expect(quote(749.999, 1_000)).toMatchObject({ parcels_needed: 25, shipping_pence: 25 * 695 });
    expect(quote(45, 1_000).explanation).toBe(
      '2 parcels of up to 30 kg at £6.95 each. Delivery is free on parcel orders over £150.00 before VAT.',
    );
  });

  it('does not let floating-point sums tip over a parcel boundary', () => {
    // 0.1 + 0.2 style sums: 300 lines of 0.1 kg are 30 kg, one parcel.
    const weight = Array.from({ length: 300 }, () => 0.1).reduce((a, b) => a + b, 0);
    expect(weight).not.toBe(30);
    expect(quote(weight, 1_000).parcels_needed).toBe(1);
  });

  it('sends parcels free when the net goods are above GBP 150, not at it', () => {
    expect(quote(10, 15_000)).toMatchObject({ shipping_pence: 695, free: false });
    expect(quote(10, 15_001)).toEqual({
      parcel_type: 'parcel',
      parcels_needed: 1,
      shipping_pence: 0,
      free: true,
      explanation: 'Free delivery on parcel orders over £150.00 before VAT: 1 parcel of up to 30 kg.',
    });
  });

  it('ships by pallet from 750 kg, one per 1000 kg started, always charged', () => {
    expect(quote(750, 500_000)).toEqual({
      parcel_type: 'pallet',
      parcels_needed: 1,
      shipping_pence: 4_500,
      free: false,
      explanation: 'Orders of 750 kg or more travel by pallet: 1 pallet of up to 1000 kg at £45.00 each.',
    });
    expect(quote(1_000, 1)).toMatchObject({ parcels_needed: 1 });
    expect(quote(1_000.5, 1)).toMatchObject({ parcels_needed: 2, shipping_pence: 9_000 });
    expect(quote(2_500, 1)).toMatchObject({ parcels_needed: 3, shipping_pence: 13_500 });
  });

  it('follows the rates it is given', () => {
    const rates = { ...RATES, parcel_max_weight_kg: 20, parcel_rate_pence: 500, pallet_from_weight_kg: 400 };
    expect(shippingQuote({ lines: 2, weight_kg: 41, goods_pence: 100 }, rates)).toMatchObject({
      parcels_needed: 3,
      shipping_pence: 1_500,
    });
    expect(shippingQuote({ lines: 2, weight_kg: 400, goods_pence: 100 }, rates).parcel_type).toBe('pallet');
  });

  it('always charges a whole number of parcels or pallets at the rate', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 20_000, noNaN: true }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (weight, goods) => {
          const result = quote(weight, goods);
          expect(Number.isInteger(result.parcels_needed)).toBe(true);
          expect(result.parcels_needed).toBeGreaterThanOrEqual(1);
          const rate = result.parcel_type === 'pallet' ? RATES.pallet_rate_pence : RATES.parcel_rate_pence;
          expect(result.shipping_pence).toBe(result.free ? 0 : result.parcels_needed * rate);
          const max =
            result.parcel_type === 'pallet' ? RATES.pallet_max_weight_kg : RATES.parcel_max_weight_kg;
          expect(result.parcels_needed * max).toBeGreaterThanOrEqual(Math.round(weight * 1000) / 1000);
        },
      ),
    );
  });
});

describe('shippingLabel', () => {
  it('shows FREE, or the charge with the count and type of parcels or pallets', () => {
    expect(shippingLabel(0, 1, 'parcel')).toBe('FREE');
    expect(shippingLabel(695, 1, 'parcel')).toBe('£6.95 (1 parcel)');
    expect(shippingLabel(1390, 2, 'parcel')).toBe('£13.90 (2 parcels)');
    expect(shippingLabel(9000, 2, 'pallet')).toBe('£90.00 (2 pallets)');
  });
});

describe('deliveredTotals', () => {
  const line = (pence: number, kg: number) => ({
    packs: 1,
    units: 1,
    subtotal_pence: pence,
    discount_pence: 0,
    total_pence: pence,
    weight_kg: kg,
    price_per_unit_pence: pence,
    price_per_unit_ten_thousandths: pence * 100,
  });
  const rates: ShippingRates = {
    free_over_net_pence: 15000,
    parcel_rate_pence: 695,
    parcel_max_weight_kg: 30,
    pallet_rate_pence: 4500,
    pallet_max_weight_kg: 1000,
    pallet_from_weight_kg: 750,
  };
  const deliveryRules = { shipping: rates, delivery: DEFAULT_DELIVERY_SETTINGS };
  const mainland = { postal_code: null };
  const now = new Date('2026-11-27T10:00:00Z');

  it('charges VAT on goods plus the shipping quoted for their weight and value', () => {
    const { totals, choice } = deliveredTotals(
      [line(1000, 12), line(2000, 25)],
      20,
      deliveryRules,
      mainland,
      now,
    );
    expect(choice).toMatchObject({ ok: true, price_pence: 1390, option: { unit: 'parcel', units: 2 } });
    expect(totals).toMatchObject({
      goods_pence: 3000,
      shipping_pence: 1390,
      net_pence: 4390,
      vat_pence: 878,
    });
    expect(totals.total_pence).toBe(5268);
  });

  it('ships an empty cart for nothing', () => {
    expect(deliveredTotals([], 20, deliveryRules, mainland, now).totals.total_pence).toBe(0);
  });

  // Delivery is free only above the threshold, so the nudge names the least that takes the goods past it.
  test.each([
    { goods: 12_364, postal_code: null, kg: 10, shortfall: 2_637, why: 'a mainland parcel under £150' },
    { goods: 14_999, postal_code: null, kg: 10, shortfall: 2, why: 'a penny under £150' },
    { goods: 15_000, postal_code: null, kg: 10, shortfall: 1, why: 'exactly £150: not over it' },
    { goods: 15_001, postal_code: null, kg: 10, shortfall: null, why: 'free already' },
    { goods: 12_364, postal_code: 'IV2 3AA', kg: 10, shortfall: null, why: 'the Highlands: no threshold' },
    { goods: 12_364, postal_code: 'IM1 1AA', kg: 10, shortfall: null, why: 'the Isle of Man: not served' },
    { goods: 12_364, postal_code: null, kg: 800, shortfall: null, why: 'a pallet: no threshold' },
  ])('says $shortfall pence more for $why', ({ goods, postal_code, kg, shortfall }) => {
    const delivered = deliveredTotals([line(goods, kg)], 20, deliveryRules, { postal_code }, now);
    expect(freeDeliveryShortfall(delivered)).toBe(shortfall);
  });

  it('says nothing for a quote’s fixed delivery price', () => {
    const delivered = deliveredTotals(
      [line(12_364, 10)],
      20,
      deliveryRules,
      { postal_code: null, quoted_pence: 900 },
      now,
    );
    expect(freeDeliveryShortfall(delivered)).toBeNull();
  });
});
