import { describe, expect, it } from 'vitest';
import { withRangeEnds } from './tier-ranges';
import type { PackUnit } from './tiers';

type Draft = { tier_type: PackUnit; range_start: number };
const pack = (range_start: number): Draft => ({ tier_type: 'pack', range_start });
const pallet = (range_start: number): Draft => ({ tier_type: 'pallet', range_start });

describe('withRangeEnds', () => {
  it.each<[string, Draft[], [number | null, boolean][]]>([
    ['nothing for no tiers', [], []],
    ['one open-ended tier', [pack(1)], [[null, true]]],
    [
      'each pack tier ending one below the next, the last open-ended',
      [pack(1), pack(10), pack(50)],
      [
        [9, false],
        [49, false],
        [null, true],
      ],
    ],
    [
      'a tier of one pack when the next starts one above it',
      [pack(1), pack(2)],
      [
        [1, false],
        [null, true],
      ],
    ],
    [
      'pallet tiers ended by pallet tiers only, after the pack tiers',
      [pack(1), pack(10), pallet(1), pallet(5)],
      [
        [9, false],
        [null, true],
        [4, false],
        [null, true],
      ],
    ],
    [
      'the two types ended by their own kind when listed interleaved',
      [pack(1), pallet(1), pack(20), pallet(3)],
      [
        [19, false],
        [2, false],
        [null, true],
        [null, true],
      ],
    ],
    ['a lone pallet tier open-ended', [pallet(2)], [[null, true]]],
  ])('%s', (_name, tiers, ends) => {
    expect(withRangeEnds(tiers).map((tier) => [tier.range_end, tier.no_end_range])).toEqual(ends);
  });

  it('keeps every other property of a tier, its id included, and the order', () => {
    const tiers = [
      { id: 7, tier_type: 'pack' as const, range_start: 1 },
      { tier_type: 'pack' as const, range_start: 5 },
    ];
    expect(withRangeEnds(tiers)).toEqual([
      { id: 7, tier_type: 'pack', range_start: 1, range_end: 4, no_end_range: false },
      { tier_type: 'pack', range_start: 5, range_end: null, no_end_range: true },
    ]);
  });
});
