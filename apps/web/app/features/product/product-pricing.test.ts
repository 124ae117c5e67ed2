import type { PricingTier } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { makeProductPage } from '~test/fake-catalogue';
import { NO_CUSTOMER, pricePage, tierColumns, tierLabel } from './product-pricing';

const tier = (tier_type: PricingTier['tier_type'], start: number, end: number | null): PricingTier => ({
  id: 1,
  tier_type,
  range_start: start,
  range_end: end,
  no_end_range: end === null,
});

describe('tierLabel', () => {
  it.each([
    [tier('pack', 1, 9), '1-9 packs'],
    [tier('pack', 10, null), '10+ packs'],
    [tier('pallet', 1, null), '1+ pallets'],
    [tier('pallet', 1, 4), '1-4 pallets'],
    [tier('pack', 1, 1), '1 pack'],
    [tier('pack', 5, 5), '5 packs'],
  ])('labels %o as %s', (input, label) => {
    expect(tierLabel(input)).toBe(label);
  });
});

describe('pricePage', () => {
  const page = makeProductPage();

  it('orders tier columns packs first, then pallets, by start', () => {
    const shuffled = { ...page.variants[0]!, pricing_tiers: [...page.variants[0]!.pricing_tiers].reverse() };
    expect(tierColumns(shuffled).map(tierLabel)).toEqual([
      '1-9 packs',
      '10-49 packs',
      '50+ packs',
      '1+ pallets',
    ]);
  });

  it('weighs the whole page’s selection for every variant’s price basis', () => {
    // 40 machine packs (700 kg) and 5 hand packs (66 kg): 766 kg, so the hand variant goes by the pallet.
    const priced = pricePage(page, { 1001: 30, 2001: 40 }, NO_CUSTOMER);
    expect(priced.selectionWeightKg).toBeCloseTo(766);
    expect(priced.basis.get(11)).toBe('pallet');
    // 5 packs are no whole pallet: the pack tier applies.
    expect(priced.byItem.get(1001)).toMatchObject({ packs: 5, unitType: 'pack', pricePerPackPence: 2994 });
    expect(priced.byItem.get(2001)).toMatchObject({ packs: 40, unitType: 'pallet', pricePerPackPence: 1946 });
    expect(priced.selected.map((item) => item.item.sku)).toEqual([
      'PW-HAND-400-CL',
      'PW-MACH-500-1500-CL-LONG',
    ]);
    expect(priced.totals.subtotal_pence).toBe(5 * 2994 + 40 * 1946);
  });

  it('adds the cart’s weight for a customer', () => {
    const light = pricePage(page, { 1001: 240 }, NO_CUSTOMER);
    expect(light.byItem.get(1001)?.tier?.id).toBe(2);
    const heavy = pricePage(page, { 1001: 240 }, { exclusive: new Map(), cartWeightKg: 300 });
    expect(heavy.byItem.get(1001)?.tier?.id).toBe(4);
  });
});
