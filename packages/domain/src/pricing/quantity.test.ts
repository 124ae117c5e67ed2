import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  commitUnits,
  digitsOnly,
  maxUnits,
  packsForPalletWeight,
  palletUnits,
  type QuantityItem,
  roundedUpMessage,
  stepDown,
  stepDownPallet,
  stepUp,
  stepUpPallet,
  stockCapMessage,
  unitsForTierClick,
} from './quantity';
import type { PackUnit, Tier } from './tiers';
import { MAX_PACK_QUANTITY } from './constants';

/** 10 units a pack, 95 units in stock (so 9 whole packs, 90 units), tracked. */
const tracked: QuantityItem = { units_per_pack: 10, stock: 95, track_inventory: true };
/** The same item with stock not tracked (and none recorded). */
const untracked: QuantityItem = { units_per_pack: 10, stock: 0, track_inventory: false };
/** Plenty of stock; pallets of 100 units (10 packs) in the step tests. */
const roomy: QuantityItem = { units_per_pack: 10, stock: 10_000, track_inventory: true };

function tierOf(tier_type: PackUnit, range_start: number): Tier {
  return { id: 1, tier_type, range_start, range_end: null, no_end_range: true };
}

describe('maxUnits', () => {
  it('is the units in whole packs of stock when tracked, the line limit otherwise', () => {
    expect(maxUnits(tracked)).toBe(90);
    expect(maxUnits({ ...tracked, stock: 90 })).toBe(90);
    expect(maxUnits({ ...tracked, stock: 9 })).toBe(0);
    expect(maxUnits({ ...tracked, stock: -5 })).toBe(0);
    expect(maxUnits(untracked)).toBe(MAX_PACK_QUANTITY * 10);
    expect(maxUnits({ ...tracked, stock: 10_000_000_000 })).toBe(MAX_PACK_QUANTITY * tracked.units_per_pack);
  });
});

describe('commitUnits', () => {
  it.each([
    [0, 0],
    [1, 10],
    [9, 10],
    [10, 10],
    [11, 20],
    [85, 90],
    [90, 90],
  ])('commits %i typed units as %i (rounded up to whole packs)', (typed, units) => {
    expect(commitUnits(typed, tracked)).toEqual({ units, capped: false });
  });

  it.each([-1, -10, Number.NaN, Number.NEGATIVE_INFINITY])('commits %d as 0', (typed) => {
    expect(commitUnits(typed, tracked)).toEqual({ units: 0, capped: false });
  });

  it('caps at the whole packs of tracked stock and says so', () => {
    // 95 rounds up to 100, above the 90 units in whole packs.
    expect(commitUnits(95, tracked)).toEqual({ units: 90, capped: true });
    expect(commitUnits(91, tracked)).toEqual({ units: 90, capped: true });
    expect(commitUnits(1000, tracked)).toEqual({ units: 90, capped: true });
    // Less than one pack in stock: nothing can be bought.
    expect(commitUnits(1, { ...tracked, stock: 5 })).toEqual({ units: 0, capped: true });
    expect(commitUnits(1, { ...tracked, stock: 0 })).toEqual({ units: 0, capped: true });
  });

  it('does not cap when stock is not tracked', () => {
    expect(commitUnits(1000, untracked)).toEqual({ units: 1000, capped: false });
    expect(commitUnits(1001, untracked)).toEqual({ units: 1010, capped: false });
    expect(commitUnits(500_000, untracked)).toEqual({ units: 500_000, capped: false });
    // Above the line limit (MAX_PACK_QUANTITY packs) the quantity stops there, without a stock warning.
    expect(commitUnits(5_000_000, untracked)).toEqual({ units: MAX_PACK_QUANTITY * 10, capped: false });
    expect(commitUnits(Number.POSITIVE_INFINITY, untracked)).toEqual({
      units: MAX_PACK_QUANTITY * 10,
      capped: false,
    });
  });

  it('takes whatever units per pack the item has', () => {
    expect(commitUnits(1, { units_per_pack: 1, stock: 3, track_inventory: true })).toEqual({
      units: 1,
      capped: false,
    });
    expect(commitUnits(250, { units_per_pack: 144, stock: 1000, track_inventory: true })).toEqual({
      units: 288,
      capped: false,
    });
    expect(commitUnits(1000, { units_per_pack: 144, stock: 1000, track_inventory: true })).toEqual({
      units: 864,
      capped: true,
    });
  });

  it('keeps the smallest whole-pack quantity at or above the request, within stock (property)', () => {
    fc.assert(
      fc.property(itemArb, fc.integer({ min: 0, max: 10_000_000 }), (item, typed) => {
        const { units, capped } = commitUnits(typed, item);
        expect(units % item.units_per_pack).toBe(0);
        if (capped) {
          expect(item.track_inventory).toBe(true);
          expect(units).toBe(maxUnits(item));
          expect(typed).toBeGreaterThan(units);
        } else if (typed > maxUnits(item)) {
          expect(units).toBe(maxUnits(item));
        } else {
          expect(units).toBeGreaterThanOrEqual(typed);
          expect(units - typed).toBeLessThan(item.units_per_pack);
        }
      }),
    );
  });
});

describe('digitsOnly', () => {
  it.each([
    ['123', '123'],
    ['12a3', '123'],
    ['-5', '5'],
    ['1.5', '15'],
    [' 1 000 ', '1000'],
    ['1e3', '13'],
    ['abc', ''],
    ['', ''],
    ['²٣', ''],
  ])('keeps the digits of "%s": "%s"', (typed, kept) => {
    expect(digitsOnly(typed)).toBe(kept);
  });
});

describe('palletUnits', () => {
  it('is the units on a pallet rounded up to whole packs, or null without a pallet size', () => {
    expect(palletUnits(1000, 10)).toBe(1000);
    expect(palletUnits(1000, 300)).toBe(1200);
    expect(palletUnits(null, 10)).toBeNull();
    expect(palletUnits(0, 10)).toBeNull();
  });
});

describe('stepUp', () => {
  it.each([
    [0, 10],
    [10, 20],
    [90, 100],
    [110, 120],
    [100, 200],
    [200, 300],
  ])('plus from %i units gives %i (a pallet of 100 once a whole-pallet multiple)', (from, to) => {
    expect(stepUp(from, roomy, 100)).toEqual({ units: to, capped: false });
  });

  it('adds one pack when the variant has no pallet size', () => {
    expect(stepUp(100, roomy, null)).toEqual({ units: 110, capped: false });
  });

  it('steps by a pallet rounded up to whole packs', () => {
    const item: QuantityItem = { units_per_pack: 100, stock: 10_000, track_inventory: true };
    // 250 units a pallet is 300 in whole packs.
    expect(stepUp(300, item, 250)).toEqual({ units: 600, capped: false });
    expect(stepUp(600, item, 250)).toEqual({ units: 900, capped: false });
    expect(stepUp(200, item, 250)).toEqual({ units: 300, capped: false });
    expect(stepDown(600, item, 250)).toEqual({ units: 300, capped: false });
    expect(stepDown(300, item, 250)).toEqual({ units: 0, capped: false });
  });

  it('stops at tracked stock', () => {
    expect(stepUp(90, tracked, null)).toEqual({ units: 90, capped: true });
    expect(stepUp(200, { ...roomy, stock: 250 }, 100)).toEqual({ units: 250, capped: true });
    expect(stepUp(100, { ...untracked }, 100)).toEqual({ units: 200, capped: false });
  });
});

describe('stepDown', () => {
  it.each([
    [0, 0],
    [10, 0],
    [100, 0],
    [200, 100],
    [300, 200],
    [110, 100],
    [150, 140],
    [90, 80],
  ])('minus from %i units gives %i (a pallet of 100 from a whole-pallet multiple)', (from, to) => {
    expect(stepDown(from, roomy, 100)).toEqual({ units: to, capped: false });
  });

  it('removes one pack when the variant has no pallet size', () => {
    expect(stepDown(100, roomy, null)).toEqual({ units: 90, capped: false });
    expect(stepDown(0, roomy, null)).toEqual({ units: 0, capped: false });
  });

  it('brings a quantity above stock back within it', () => {
    expect(stepDown(200, tracked, null)).toEqual({ units: 90, capped: true });
  });
});

describe('stepUpPallet and stepDownPallet (the pallet view)', () => {
  it.each([
    [0, 100, 0],
    [10, 100, 0],
    [100, 200, 0],
    [150, 200, 100],
    [200, 300, 100],
  ])('from %i units plus gives %i and minus %i (whole pallets of 100)', (from, up, down) => {
    expect(stepUpPallet(from, roomy, 100)).toEqual({ units: up, capped: false });
    expect(stepDownPallet(from, roomy, 100)).toEqual({ units: down, capped: false });
  });

  it('steps by a pack when the variant has no pallet size', () => {
    expect(stepUpPallet(10, roomy, null)).toEqual({ units: 20, capped: false });
    expect(stepDownPallet(10, roomy, null)).toEqual({ units: 0, capped: false });
  });

  it('stops at tracked stock', () => {
    expect(stepUpPallet(0, tracked, 100)).toEqual({ units: 90, capped: true });
  });
});

describe('packsForPalletWeight', () => {
  it.each([
    [13.2, 57],
    [15.6, 49],
    [750, 1],
    [7.5, 100],
    [0, null],
  ])('a pack of %f kg reaches 750 kg at %s packs', (kg, packs) => {
    expect(packsForPalletWeight(kg)).toBe(packs);
  });
});

describe('roundedUpMessage', () => {
  it('says how a typed quantity was rounded up to whole boxes', () => {
    expect(roundedUpMessage(30, { units: 50, capped: false }, 25)).toBe(
      'Rounded up to 2 boxes of 25 = 50 units',
    );
    expect(roundedUpMessage(3, { units: 6, capped: false }, 6)).toBe('Rounded up to 1 box of 6 = 6 units');
  });

  it('says nothing when nothing was rounded or stock capped it', () => {
    expect(roundedUpMessage(50, { units: 50, capped: false }, 25)).toBeNull();
    expect(roundedUpMessage(0, { units: 0, capped: false }, 25)).toBeNull();
    expect(roundedUpMessage(30, { units: 25, capped: true }, 25)).toBeNull();
  });
});

describe('unitsForTierClick', () => {
  const item = { ...roomy, pack_weight_kg: 5 };

  it("sets a pack tier's start in packs as units", () => {
    expect(unitsForTierClick(tierOf('pack', 1), item, 1000)).toEqual({ units: 10, capped: false });
    expect(unitsForTierClick(tierOf('pack', 10), item, 1000)).toEqual({ units: 100, capped: false });
    expect(unitsForTierClick(tierOf('pack', 50), item, 1000)).toEqual({ units: 500, capped: false });
  });

  it('does not raise a pack tier to 750 kg', () => {
    expect(unitsForTierClick(tierOf('pack', 1), { ...item, pack_weight_kg: 1 }, 1000).units).toBe(10);
  });

  it('selects at least one pack for a tier starting at 0', () => {
    expect(unitsForTierClick(tierOf('pack', 0), item, 1000)).toEqual({ units: 10, capped: false });
  });

  it("sets a pallet tier's start in pallets, rounded up to whole packs", () => {
    // 10 kg a pack: a pallet of 100 packs is 1000 kg, past 750 kg already.
    const heavy = { ...item, pack_weight_kg: 10 };
    expect(unitsForTierClick(tierOf('pallet', 1), heavy, 1000)).toEqual({ units: 1000, capped: false });
    expect(unitsForTierClick(tierOf('pallet', 2), heavy, 1000)).toEqual({ units: 2000, capped: false });
    // 995 units a pallet are 100 whole packs.
    expect(unitsForTierClick(tierOf('pallet', 1), heavy, 995)).toEqual({ units: 1000, capped: false });
  });

  it('raises a pallet tier to the quantity that reaches 750 kg for the item', () => {
    // 5 kg a pack: one pallet (100 packs) is 500 kg; 150 packs reach 750 kg.
    expect(unitsForTierClick(tierOf('pallet', 1), item, 1000)).toEqual({ units: 1500, capped: false });
    // Two pallets are 1000 kg: not raised.
    expect(unitsForTierClick(tierOf('pallet', 2), item, 1000)).toEqual({ units: 2000, capped: false });
    // Exactly 750 kg is enough: 100 packs of 7.5 kg.
    const exact = { ...item, pack_weight_kg: 7.5 };
    expect(unitsForTierClick(tierOf('pallet', 1), exact, 1000)).toEqual({ units: 1000, capped: false });
    // 7.4 kg a pack needs 102 packs (101 are 747.4 kg).
    const light = { ...item, pack_weight_kg: 7.4 };
    expect(unitsForTierClick(tierOf('pallet', 1), light, 1000)).toEqual({ units: 1020, capped: false });
  });

  it('uses the pallet start alone when the item has no weight', () => {
    const weightless = { ...item, pack_weight_kg: 0 };
    expect(unitsForTierClick(tierOf('pallet', 3), weightless, 1000)).toEqual({ units: 3000, capped: false });
  });

  it('is capped at stock', () => {
    expect(unitsForTierClick(tierOf('pack', 50), { ...item, stock: 300 }, 1000)).toEqual({
      units: 300,
      capped: true,
    });
    expect(unitsForTierClick(tierOf('pallet', 1), { ...item, stock: 1205 }, 1000)).toEqual({
      units: 1200,
      capped: true,
    });
  });

  it('reaches 750 kg for a pallet tier unless stock or the line limit caps it (property)', () => {
    fc.assert(
      fc.property(itemArb, fc.integer({ min: 0, max: 50 }), (item, start) => {
        const { units, capped } = unitsForTierClick(tierOf('pallet', start), item, item.units_per_pallet);
        expect(units % item.units_per_pack).toBe(0);
        if (!capped && item.pack_weight_kg > 0 && units < maxUnits(item)) {
          const packs = units / item.units_per_pack;
          expect(packs * item.pack_weight_kg).toBeGreaterThanOrEqual(750 - 1e-9);
          // Raised no further than needed, unless the tier's own start asks for more.
          const startUnits = start * (item.units_per_pallet ?? item.units_per_pack);
          if (units > startUnits + item.units_per_pack) {
            expect((packs - 1) * item.pack_weight_kg).toBeLessThan(750);
          }
        }
      }),
    );
  });
});

describe('stockCapMessage', () => {
  it('is the spec text word for word', () => {
    expect(stockCapMessage(90, 'Brown Packing Tape 48mm')).toBe(
      'Cannot exceed available stock of 90 units for Brown Packing Tape 48mm.',
    );
    expect(stockCapMessage(0, 'Mailer Box')).toBe('Cannot exceed available stock of 0 units for Mailer Box.');
  });
});

describe('the quantity flow as a whole (property)', () => {
  it('stays a whole number of packs, at least 0 and within tracked stock, whatever the buyer does', () => {
    fc.assert(
      fc.property(itemArb, fc.array(opArb, { maxLength: 30 }), (item, ops) => {
        let units = 0;
        const limit = maxUnits(item);
        for (const op of ops) {
          const before = units;
          const result = apply(op, units, item);
          units = result.units;
          expect(Number.isInteger(units)).toBe(true);
          expect(units % item.units_per_pack).toBe(0);
          expect(units).toBeGreaterThanOrEqual(0);
          if (item.track_inventory) expect(units).toBeLessThanOrEqual(item.stock);
          else expect(result.capped).toBe(false);
          if (result.capped) expect(units).toBe(limit);
          expect(units).toBeLessThanOrEqual(limit);
          if (op.kind === 'up') expect(units).toBeGreaterThanOrEqual(Math.min(before, limit));
          if (op.kind === 'down') expect(units).toBeLessThanOrEqual(before);
        }
      }),
      { numRuns: 300 },
    );
  });
});

type Op =
  | { kind: 'commit'; value: number }
  | { kind: 'type'; text: string }
  | { kind: 'up' }
  | { kind: 'down' }
  | { kind: 'tier'; tier: Tier };

type TestItem = QuantityItem & { pack_weight_kg: number; units_per_pallet: number | null };

function apply(op: Op, units: number, item: TestItem): { units: number; capped: boolean } {
  switch (op.kind) {
    case 'commit':
      return commitUnits(op.value, item);
    case 'type':
      return commitUnits(Number(digitsOnly(op.text)), item);
    case 'up':
      return stepUp(units, item, item.units_per_pallet);
    case 'down':
      return stepDown(units, item, item.units_per_pallet);
    case 'tier':
      return unitsForTierClick(op.tier, item, item.units_per_pallet);
  }
}

/** Items of 1-1000 units a pack, stock 0-10^6, tracked or not, pallets null or a whole number of packs. */
const itemArb: fc.Arbitrary<TestItem> = fc.integer({ min: 1, max: 1000 }).chain((unitsPerPack) =>
  fc.record({
    units_per_pack: fc.constant(unitsPerPack),
    stock: fc.integer({ min: 0, max: 1_000_000 }),
    track_inventory: fc.boolean(),
    pack_weight_kg: fc.integer({ min: 0, max: 100_000 }).map((grams) => grams / 1000),
    units_per_pallet: fc.option(fc.integer({ min: 1, max: 200 }).map((packs) => packs * unitsPerPack)),
  }),
);

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('commit' as const),
    value: fc.oneof(
      fc.integer({ min: -1000, max: 2_000_000 }),
      fc.double({ min: -10, max: 1_000_000, noNaN: true }),
      fc.constant(Number.NaN),
    ),
  }),
  fc.record({
    kind: fc.constant('type' as const),
    text: fc.string({ unit: fc.constantFrom(...'0123456789 -.a'), maxLength: 8 }),
  }),
  fc.constant({ kind: 'up' as const }),
  fc.constant({ kind: 'down' as const }),
  fc.record({
    kind: fc.constant('tier' as const),
    tier: fc
      .record({
        tier_type: fc.constantFrom<PackUnit>('pack', 'pallet'),
        range_start: fc.integer({ min: 0, max: 60 }),
      })
      .map(({ tier_type, range_start }) => tierOf(tier_type, range_start)),
  }),
);
