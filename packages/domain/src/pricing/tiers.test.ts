import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PALLET_THRESHOLD_KG } from './constants';
import {
  activeTier,
  cartLineTier,
  nextTier,
  offersPallet,
  packsToNextTier,
  priceBasis,
  type PackUnit,
  type Tier,
  tierContains,
  tierForQuantity,
  tiersOfType,
  wholePallets,
} from './tiers';

function tier(id: number, tier_type: PackUnit, range_start: number, range_end: number | null): Tier {
  return { id, tier_type, range_start, range_end, no_end_range: range_end === null };
}

// A typical variant: pack tiers 1-9, 10-49, 50+ and pallet tiers 1-4, 5+ (listed out of order on purpose).
const pack1 = tier(1, 'pack', 1, 9);
const pack10 = tier(2, 'pack', 10, 49);
const pack50 = tier(3, 'pack', 50, null);
const pallet1 = tier(4, 'pallet', 1, 4);
const pallet5 = tier(5, 'pallet', 5, null);
const tiers: Tier[] = [pack50, pallet5, pack1, pallet1, pack10];

/** The spec's containment rule, written independently of tierContains. */
function contains(t: Tier, count: number): boolean {
  return count >= t.range_start && (t.no_end_range || t.range_end === null || count <= t.range_end);
}

const countArb = fc.integer({ min: 0, max: 2000 });

/** Valid tiers of both types: closed ranges (start <= end) or open-ended ones, possibly with gaps or overlaps. */
const tiersArb: fc.Arbitrary<Tier[]> = fc
  .array(
    fc.record({
      tier_type: fc.constantFrom<PackUnit>('pack', 'pallet'),
      range_start: fc.integer({ min: 0, max: 500 }),
      length: fc.option(fc.integer({ min: 0, max: 300 })),
    }),
    { maxLength: 8 },
  )
  .map((drafts) =>
    drafts.map((draft, index) => tier(index + 1, draft.tier_type, draft.range_start, lengthEnd(draft))),
  );

function lengthEnd(draft: { range_start: number; length: number | null }): number | null {
  return draft.length === null ? null : draft.range_start + draft.length;
}

describe('PALLET_THRESHOLD_KG', () => {
  it('is 750 kg (spec 2, §9)', () => {
    expect(PALLET_THRESHOLD_KG).toBe(750);
  });
});

describe('tierContains', () => {
  it('matches a closed range at both ends and nothing outside it', () => {
    expect(tierContains(pack10, 9)).toBe(false);
    expect(tierContains(pack10, 10)).toBe(true);
    expect(tierContains(pack10, 49)).toBe(true);
    expect(tierContains(pack10, 50)).toBe(false);
  });

  it('matches an open-ended range at or above its start', () => {
    expect(tierContains(pack50, 49)).toBe(false);
    expect(tierContains(pack50, 50)).toBe(true);
    expect(tierContains(pack50, 1_000_000)).toBe(true);
  });

  it('treats no_end_range as open even when a range_end is recorded, and a missing end as open', () => {
    expect(tierContains({ ...pack50, range_end: 60, no_end_range: true }, 61)).toBe(true);
    expect(tierContains({ ...pack50, range_end: null, no_end_range: false }, 500)).toBe(true);
  });
});

describe('tiersOfType', () => {
  it('keeps the tiers of one type, lowest start first, without touching the input', () => {
    const before = [...tiers];
    expect(tiersOfType(tiers, 'pack')).toEqual([pack1, pack10, pack50]);
    expect(tiersOfType(tiers, 'pallet')).toEqual([pallet1, pallet5]);
    expect(tiers).toEqual(before);
  });
});

describe('activeTier', () => {
  it.each([
    [1, '1-9', pack1],
    [5, '1-9', pack1],
    [9, '1-9', pack1],
    [10, '10-49', pack10],
    [49, '10-49', pack10],
    [50, '50+', pack50],
    [5000, '50+', pack50],
  ])('%i packs are in the %s pack tier', (packs, _label, expected) => {
    expect(activeTier(tiers, 'pack', packs)).toBe(expected);
  });

  it.each([
    [1, '1-4', pallet1],
    [4, '1-4', pallet1],
    [5, '5+', pallet5],
    [40, '5+', pallet5],
  ])('%i pallets are in the %s pallet tier', (pallets, _label, expected) => {
    expect(activeTier(tiers, 'pallet', pallets)).toBe(expected);
  });

  it('falls back to the tier with the highest start when no range contains the count', () => {
    // Below every start.
    expect(activeTier(tiers, 'pack', 0)).toBe(pack50);
    expect(activeTier(tiers, 'pallet', 0)).toBe(pallet5);
    // In a gap, and above the last closed range.
    const gappy = [tier(7, 'pack', 20, 29), tier(6, 'pack', 1, 9)];
    expect(activeTier(gappy, 'pack', 15)).toBe(gappy[0]);
    expect(activeTier(gappy, 'pack', 100)).toBe(gappy[0]);
    expect(activeTier(gappy, 'pack', 5)).toBe(gappy[1]);
  });

  it('is null only when the variant has no tier of that type', () => {
    expect(activeTier([], 'pack', 1)).toBeNull();
    expect(activeTier([pack1, pack10], 'pallet', 1)).toBeNull();
    expect(activeTier([pallet1], 'pack', 1)).toBeNull();
  });

  it('always gives a tier of the type containing the count, or the one with the highest start (property)', () => {
    fc.assert(
      fc.property(tiersArb, fc.constantFrom<PackUnit>('pack', 'pallet'), countArb, (list, type, count) => {
        const ofType = list.filter((t) => t.tier_type === type);
        const result = activeTier(list, type, count);
        if (ofType.length === 0) {
          expect(result).toBeNull();
          return;
        }
        expect(result).not.toBeNull();
        expect(result!.tier_type).toBe(type);
        const containing = ofType.filter((t) => contains(t, count));
        if (containing.length > 0) {
          expect(contains(result!, count)).toBe(true);
        } else {
          expect(result!.range_start).toBe(Math.max(...ofType.map((t) => t.range_start)));
        }
      }),
    );
  });
});

describe('nextTier', () => {
  it('gives the next price break of the same type, or null after the last', () => {
    expect(nextTier(tiers, pack1)).toBe(pack10);
    expect(nextTier(tiers, pack10)).toBe(pack50);
    expect(nextTier(tiers, pack50)).toBeNull();
    expect(nextTier(tiers, pallet1)).toBe(pallet5);
    expect(nextTier(tiers, pallet5)).toBeNull();
  });
});

describe('packsToNextTier', () => {
  it.each([
    [0, 1],
    [1, 9],
    [9, 1],
    [10, 40],
    [49, 1],
    [50, null],
    [500, null],
  ])('from %i packs, %o more packs reach the next price', (packs, more) => {
    expect(packsToNextTier(tiers, packs)).toBe(more);
  });

  it('looks at pack tiers only', () => {
    expect(packsToNextTier([pallet1, pallet5], 1)).toBeNull();
    expect(packsToNextTier([], 0)).toBeNull();
  });

  it('lands exactly on the start of a higher tier (property)', () => {
    fc.assert(
      fc.property(tiersArb, countArb, (list, packs) => {
        const more = packsToNextTier(list, packs);
        const starts = list.filter((t) => t.tier_type === 'pack').map((t) => t.range_start);
        if (more === null) {
          expect(starts.every((start) => start <= packs)).toBe(true);
        } else {
          expect(more).toBeGreaterThan(0);
          expect(starts).toContain(packs + more);
          expect(starts.some((start) => start > packs && start < packs + more)).toBe(false);
        }
      }),
    );
  });
});

describe('offersPallet', () => {
  it('offers pallets only when the variant has units per pallet', () => {
    expect(offersPallet({ units_per_pallet: 1000, show_units_per: 'pack' })).toBe(true);
    expect(offersPallet({ units_per_pallet: 1000, show_units_per: 'pallet' })).toBe(true);
    expect(offersPallet({ units_per_pallet: null, show_units_per: 'pallet' })).toBe(false);
    expect(offersPallet({ units_per_pallet: 0, show_units_per: 'pack' })).toBe(false);
  });
});

describe('priceBasis', () => {
  const perPack = { units_per_pallet: 1000, show_units_per: 'pack' as const };
  const perPallet = { units_per_pallet: 1000, show_units_per: 'pallet' as const };

  it('is pallet when cart weight plus the selection reaches 750 kg (exactly 750 counts)', () => {
    expect(priceBasis(perPack, 0, 749.999)).toBe('pack');
    expect(priceBasis(perPack, 0, 750)).toBe('pallet');
    expect(priceBasis(perPack, 750, 0)).toBe('pallet');
    expect(priceBasis(perPack, 500, 250)).toBe('pallet');
    expect(priceBasis(perPack, 400, 349)).toBe('pack');
    expect(priceBasis(perPack, 0, 0)).toBe('pack');
    expect(priceBasis(perPack, 1000, 2000)).toBe('pallet');
  });

  it('weighs at 0.1 g, so a sum that is 750 kg reaches it whatever order it was added in', () => {
    // 51 packs of 13.2 kg are 673.2 kg, which floating point makes 673.1999999999999.
    expect(76.8 + 51 * 13.2).toBeLessThan(750);
    expect(priceBasis(perPack, 76.8, 51 * 13.2)).toBe('pallet');
    expect(priceBasis(perPack, 51 * 13.2, 76.8)).toBe('pallet');
    // 0.1 g under is under.
    expect(priceBasis(perPack, 749.9999, 0)).toBe('pack');
  });

  it('is pallet whatever the weight when the variant itself shows per pallet (its show_units_per)', () => {
    expect(priceBasis(perPallet, 0, 0)).toBe('pallet');
    expect(priceBasis(perPallet, 10, 5)).toBe('pallet');
    expect(priceBasis(perPallet, 700, 50)).toBe('pallet');
  });

  it('takes nothing but the variant and the weights: no display choice moves a price', () => {
    // The Box/Pallet toggle decides how a quantity is entered and shown (spec 2, §4). A caller
    // that still hands it over as a fourth argument changes nothing.
    const withToggle = priceBasis as (...args: unknown[]) => PackUnit;
    expect(withToggle(perPack, 0, 114, 'pallet')).toBe('pack');
    expect(withToggle(perPallet, 0, 114, 'pack')).toBe('pallet');
    expect(withToggle(perPack, 700, 50, 'pack')).toBe('pallet');
  });

  it('is pack when the variant has no units per pallet, whatever the weight or display', () => {
    const noPallet = { units_per_pallet: null, show_units_per: 'pallet' as const };
    expect(priceBasis(noPallet, 0, 0)).toBe('pack');
    expect(priceBasis(noPallet, 1000, 1000)).toBe('pack');
    expect(priceBasis({ units_per_pallet: 0, show_units_per: 'pack' }, 800, 0)).toBe('pack');
  });
});

describe('cartLineTier', () => {
  // 10 units a pack, 1000 units (100 packs) a pallet.
  const perPack = { units_per_pallet: 1000, show_units_per: 'pack' as const };
  const perPallet = { units_per_pallet: 1000, show_units_per: 'pallet' as const };

  it('prices a line in the cart on the basis of the whole cart’s weight, the line’s own packs in it', () => {
    expect(cartLineTier(tiers, perPack, 749.9, 100, 10)).toEqual({ tier: pack50, unitType: 'pack' });
    expect(cartLineTier(tiers, perPack, 750, 100, 10)).toEqual({ tier: pallet1, unitType: 'pallet' });
    // On the pallet basis, part of a pallet is still priced by the pack.
    expect(cartLineTier(tiers, perPack, 900, 99, 10)).toEqual({ tier: pack50, unitType: 'pack' });
    expect(cartLineTier(tiers, perPallet, 0, 500, 10)).toEqual({ tier: pallet5, unitType: 'pallet' });
    expect(cartLineTier([], perPallet, 0, 500, 10)).toBeNull();
  });
});

/**
 * The rule of spec 2, §4 written out on its own, in whole tenths of a gram so that it has no rounding of
 * its own: the price of `packs` packs of an item of the `tiers` variant, pence.
 */
function rulePrice(
  variant: { units_per_pallet: number; show_units_per: PackUnit },
  totalTenthsOfGram: number,
  packs: number,
  unitsPerPack: number,
): number {
  const onPallets = variant.show_units_per === 'pallet' || totalTenthsOfGram >= 7_500_000;
  const pallets = Math.floor((packs * unitsPerPack) / variant.units_per_pallet);
  if (onPallets && pallets >= 5) return PRICES.get(pallet5.id)!;
  if (onPallets && pallets >= 1) return PRICES.get(pallet1.id)!;
  if (packs >= 50) return PRICES.get(pack50.id)!;
  return PRICES.get(packs >= 10 ? pack10.id : pack1.id)!;
}

const PRICES = new Map([
  [pack1.id, 1000],
  [pack10.id, 900],
  [pack50.id, 800],
  [pallet1.id, 700],
  [pallet5.id, 600],
]);

describe('the price basis around 750 kg (property)', () => {
  it('prices a selection, and the line it becomes in the cart, by the rule whatever the toggle shows', () => {
    // Totals from 600 to 900 kg, a third of them exactly 750 kg and a third within a gram of it.
    const totalArb = fc.oneof(
      fc.constant(7_500_000),
      fc.integer({ min: 7_499_990, max: 7_500_010 }),
      fc.integer({ min: 6_000_000, max: 9_000_000 }),
    );
    // As an older caller would hand over the Box/Pallet toggle (see above): it must change nothing.
    const withToggle = priceBasis as (...args: unknown[]) => PackUnit;
    fc.assert(
      fc.property(
        fc.constantFrom<PackUnit>('pack', 'pallet'),
        fc.constantFrom<PackUnit>('pack', 'pallet'),
        fc.integer({ min: 1, max: 600 }),
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 1, max: 120 }),
        totalArb,
        // The selection's share of the total, per ten thousand.
        fc.integer({ min: 0, max: 10_000 }),
        (shownPer, toggle, packs, unitsPerPack, packsPerPallet, totalTenths, share) => {
          // A pack's weight in tenths of a gram (the database's scale), at least 0.1 g.
          const packTenths = Math.max(1, Math.floor((totalTenths * share) / 10_000 / packs));
          const selectionTenths = packs * packTenths;
          fc.pre(selectionTenths <= totalTenths);
          const variant = { units_per_pallet: packsPerPallet * unitsPerPack, show_units_per: shownPer };
          // The weights as the shop has them: kg from the database's numbers, summed in floating point.
          const cartKg = (totalTenths - selectionTenths) / 10_000;
          const selectionKg = packs * (packTenths / 10_000);
          const expected = rulePrice(variant, totalTenths, packs, unitsPerPack);

          const basis = withToggle(variant, cartKg, selectionKg, toggle);
          const selected = tierForQuantity(tiers, basis, packs, unitsPerPack, variant.units_per_pallet);
          expect(PRICES.get(selected!.tier.id)).toBe(expected);
          // Once added, the line is weighed with the rest of the cart, summed the other way round.
          const inCart = cartLineTier(tiers, variant, selectionKg + cartKg, packs, unitsPerPack);
          expect(inCart).toEqual(selected);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('wholePallets', () => {
  it('counts whole pallets only', () => {
    expect(wholePallets(0, 1000)).toBe(0);
    expect(wholePallets(999, 1000)).toBe(0);
    expect(wholePallets(1000, 1000)).toBe(1);
    expect(wholePallets(2500, 1000)).toBe(2);
    expect(wholePallets(2500, null)).toBe(0);
    expect(wholePallets(2500, 0)).toBe(0);
  });
});

describe('tierForQuantity', () => {
  // 10 units a pack, 1000 units (100 packs) a pallet.
  const perPack = 10;
  const perPallet = 1000;

  it('uses the pallet tier containing the whole-pallet count on the pallet basis', () => {
    expect(tierForQuantity(tiers, 'pallet', 100, perPack, perPallet)).toEqual({
      tier: pallet1,
      unitType: 'pallet',
    });
    expect(tierForQuantity(tiers, 'pallet', 250, perPack, perPallet)).toEqual({
      tier: pallet1,
      unitType: 'pallet',
    });
    expect(tierForQuantity(tiers, 'pallet', 500, perPack, perPallet)).toEqual({
      tier: pallet5,
      unitType: 'pallet',
    });
  });

  it('falls back to the pack tier when no pallet tier contains the count', () => {
    // 50 packs are 500 units: no whole pallet.
    expect(tierForQuantity(tiers, 'pallet', 50, perPack, perPallet)).toEqual({
      tier: pack50,
      unitType: 'pack',
    });
    // A closed pallet range that 6 pallets overshoot: the pack tier, not the highest-start pallet tier.
    expect(tierForQuantity([pack1, pack50, pallet1], 'pallet', 600, perPack, perPallet)).toEqual({
      tier: pack50,
      unitType: 'pack',
    });
    // No pallet size: no whole pallets.
    expect(tierForQuantity(tiers, 'pallet', 5, perPack, null)).toEqual({ tier: pack1, unitType: 'pack' });
  });

  it('uses the pack tier on the pack basis even when a pallet tier would match', () => {
    expect(tierForQuantity(tiers, 'pack', 250, perPack, perPallet)).toEqual({
      tier: pack50,
      unitType: 'pack',
    });
    expect(tierForQuantity(tiers, 'pack', 12, perPack, perPallet)).toEqual({
      tier: pack10,
      unitType: 'pack',
    });
  });

  it('uses the pallet tiers by the highest-start rule when the variant has no pack tier', () => {
    expect(tierForQuantity([pallet1, pallet5], 'pack', 250, perPack, perPallet)).toEqual({
      tier: pallet1,
      unitType: 'pallet',
    });
    expect(tierForQuantity([pallet1, pallet5], 'pallet', 50, perPack, perPallet)).toEqual({
      tier: pallet5,
      unitType: 'pallet',
    });
  });

  it('is null when the variant has no tiers', () => {
    expect(tierForQuantity([], 'pack', 1, perPack, perPallet)).toBeNull();
    expect(tierForQuantity([], 'pallet', 100, perPack, perPallet)).toBeNull();
  });

  it("records the tier's own type as the unit type, and prefers a matching pallet tier (property)", () => {
    fc.assert(
      fc.property(
        tiersArb,
        fc.constantFrom<PackUnit>('pack', 'pallet'),
        countArb,
        fc.integer({ min: 1, max: 1000 }),
        fc.option(fc.integer({ min: 1, max: 200 })),
        (list, basis, packs, unitsPerPack, palletPacks) => {
          const unitsPerPallet = palletPacks === null ? null : palletPacks * unitsPerPack;
          const result = tierForQuantity(list, basis, packs, unitsPerPack, unitsPerPallet);
          if (list.length === 0) {
            expect(result).toBeNull();
            return;
          }
          expect(result).not.toBeNull();
          expect(result!.unitType).toBe(result!.tier.tier_type);
          const pallets = unitsPerPallet === null ? 0 : Math.floor((packs * unitsPerPack) / unitsPerPallet);
          const palletMatch = list.some((t) => t.tier_type === 'pallet' && contains(t, pallets));
          const hasPackTiers = list.some((t) => t.tier_type === 'pack');
          if (basis === 'pallet' && palletMatch) {
            expect(result!.unitType).toBe('pallet');
            expect(contains(result!.tier, pallets)).toBe(true);
          } else if (hasPackTiers) {
            expect(result!.tier).toBe(activeTier(list, 'pack', packs));
          } else {
            expect(result!.tier).toBe(activeTier(list, 'pallet', pallets));
          }
        },
      ),
    );
  });
});
