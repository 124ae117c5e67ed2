import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PACK_QUANTITY } from '../pricing/constants';
import type { Tier } from '../pricing/tiers';
import {
  listPackPricePence,
  mergeListLines,
  parsePacksCell,
  savedListCsv,
  type ListPricedItem,
} from './rules';
import { SavedListAddToCartSchema, SavedListWriteSchema } from './schemas';

describe('mergeListLines', () => {
  it('sums the packs of lines of one item in the place of its first line, capped', () => {
    expect(
      mergeListLines([
        { item: 2, packs: 3 },
        { item: 1, packs: 1 },
        { item: 2, packs: 4 },
        { item: 1, packs: MAX_PACK_QUANTITY },
      ]),
    ).toEqual([
      { item: 2, packs: 7 },
      { item: 1, packs: MAX_PACK_QUANTITY },
    ]);
  });

  it('keeps every item once, with packs from 1 to the cap', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ item: fc.integer({ min: 1, max: 5 }), packs: fc.integer({ min: 1, max: 100_000 }) }),
        ),
        (lines) => {
          const merged = mergeListLines(lines);
          expect(new Set(merged.map((line) => line.item)).size).toBe(merged.length);
          expect(merged.map((line) => line.item).sort()).toEqual(
            [...new Set(lines.map((l) => l.item))].sort(),
          );
          for (const line of merged) {
            const sum = lines.filter((l) => l.item === line.item).reduce((total, l) => total + l.packs, 0);
            expect(line.packs).toBe(Math.min(sum, MAX_PACK_QUANTITY));
          }
        },
      ),
    );
  });
});

const tiers: Tier[] = [
  { id: 1, tier_type: 'pack', range_start: 1, range_end: 9, no_end_range: false },
  { id: 2, tier_type: 'pack', range_start: 10, range_end: null, no_end_range: true },
  { id: 3, tier_type: 'pallet', range_start: 1, range_end: null, no_end_range: true },
];

const item = (overrides: Partial<ListPricedItem> = {}): ListPricedItem => ({
  unitsPerPack: 10,
  weight: 1,
  weightUnit: 'kg',
  unitsPerPallet: 1000,
  showUnitsPer: 'pack',
  tiers,
  prices: new Map([
    [1, 500],
    [2, 450],
    [3, 400],
  ]),
  discountPercentage: null,
  ...overrides,
});

describe('listPackPricePence', () => {
  it.each<[string, Partial<ListPricedItem>, number, number | null]>([
    ['the first tier', {}, 3, 500],
    ['the tier its packs reach', {}, 10, 450],
    ['after the buyer’s discount', { discountPercentage: 10 }, 10, 405],
    // 750 packs of 1 kg reach pallet weight: 7,500 units are 7 whole pallets.
    ['the pallet tier once the line alone weighs a pallet', {}, 750, 400],
    ['none without a price for the tier', { prices: new Map([[1, 500]]) }, 10, null],
    ['none without tiers', { tiers: [] }, 1, null],
  ])('%s', (_name, overrides, packs, pence) => {
    expect(listPackPricePence(item(overrides), packs)).toBe(pence);
  });
});

describe('parsePacksCell', () => {
  it.each<[string, number | null]>([
    ['', 1],
    ['3', 3],
    [' 1,200 ', 1200],
    ['1 200', 1200],
    ['100000', 100_000],
    ['100001', null],
    ['0', null],
    ['-1', null],
    ['2.5', null],
    ['many', null],
    ['12,34', null],
  ])('%j is %j', (text, packs) => {
    expect(parsePacksCell(text)).toBe(packs);
  });
});

describe('savedListCsv', () => {
  it('writes a header and a line of SKU and packs each, quoting a SKU that holds a separator', () => {
    expect(
      savedListCsv([
        { sku: 'BOX-1', packs: 3 },
        { sku: 'ODD,SKU "X"', packs: 1 },
      ]),
    ).toBe('sku,packs\r\nBOX-1,3\r\n"ODD,SKU ""X""",1\r\n');
  });
});

describe('the list schemas', () => {
  it('trims the name and defaults sharing and lines', () => {
    expect(SavedListWriteSchema.parse({ name: ' Cafe ' })).toEqual({
      name: 'Cafe',
      shared: false,
      lines: [],
    });
  });

  it('refuses unknown keys, an empty name and more than 200 lines', () => {
    expect(SavedListWriteSchema.safeParse({ name: 'A', owner: 1 }).success).toBe(false);
    expect(SavedListWriteSchema.safeParse({ name: '   ' }).success).toBe(false);
    const lines = Array.from({ length: 201 }, (_, n) => ({ item: n + 1, packs: 1 }));
    expect(SavedListWriteSchema.safeParse({ name: 'A', lines }).success).toBe(false);
    expect(SavedListAddToCartSchema.safeParse({ lines: [] }).success).toBe(false);
    expect(SavedListAddToCartSchema.parse({})).toEqual({});
  });
});
