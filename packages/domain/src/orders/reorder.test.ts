import { describe, expect, it } from 'vitest';
import type { Tier } from '../pricing/tiers';
import {
  packsToReorder,
  planReorder,
  reorderLineMessage,
  reorderSummary,
  type PlannedReorderLine,
  type ReorderItem,
  type ReorderLine,
} from './reorder';

const line = (overrides: Partial<ReorderLine>): ReorderLine => ({
  sku: 'BOX-1',
  title: 'Single wall box',
  packs_ordered: 5,
  packs_added: 5,
  outcome: 'added',
  old_price_per_pack: '1.20',
  new_price_per_pack: '1.20',
  ...overrides,
});

describe('reorderLineMessage', () => {
  it.each<[string, Partial<ReorderLine>, string]>([
    ['all packs at the price paid', {}, '5 packs of BOX-1 added'],
    ['one pack', { packs_ordered: 1, packs_added: 1 }, '1 pack of BOX-1 added'],
    [
      'a new price',
      { outcome: 'price_changed', new_price_per_pack: '1.35' },
      'Price changed: BOX-1 was £1.20, now £1.35 per pack',
    ],
    [
      'fewer packs for the stock',
      { sku: 'TAPE-48', packs_ordered: 10, packs_added: 3, outcome: 'clamped' },
      'Only 3 packs of TAPE-48 in stock: 3 added',
    ],
    [
      'fewer packs at a new price',
      { sku: 'TAPE-48', packs_added: 1, outcome: 'clamped', new_price_per_pack: '1.10' },
      'Only 1 pack of TAPE-48 in stock: 1 added (was £1.20, now £1.10 per pack)',
    ],
    [
      'no stock',
      { packs_added: 0, outcome: 'out_of_stock', new_price_per_pack: null },
      'BOX-1 is out of stock: none added',
    ],
    [
      'an item no longer sold',
      { sku: 'BAG-9', packs_added: 0, outcome: 'unavailable', new_price_per_pack: null },
      'BAG-9 is no longer sold',
    ],
  ])('says %s', (_case, overrides, message) => {
    expect(reorderLineMessage(line(overrides))).toBe(message);
  });
});

describe('reorderSummary', () => {
  it.each<[string, ReorderLine[], string]>([
    ['one line', [line({})], 'The line was added to your cart.'],
    ['every line', [line({}), line({ sku: 'BOX-2' })], 'All 2 lines were added to your cart.'],
    [
      'some lines',
      [line({}), line({ sku: 'BAG-9', packs_added: 0, outcome: 'unavailable' })],
      '1 of 2 lines was added to your cart.',
    ],
    ['no line', [line({ packs_added: 0, outcome: 'out_of_stock' })], 'Nothing could be added to your cart.'],
  ])('says %s', (_case, lines, summary) => {
    expect(reorderSummary(lines)).toBe(summary);
  });
});

/** Packs from 1 up at £5 (tier 10); a variant with pallets adds pallets from 1 up at £150 (tier 20). */
const packTier: Tier = { id: 10, tier_type: 'pack', range_start: 1, range_end: null, no_end_range: true };
const palletTier: Tier = { id: 20, tier_type: 'pallet', range_start: 1, range_end: null, no_end_range: true };
const priced = { tiers: [packTier], prices: new Map([[10, 500]]) };

/** An active, tracked item of 10 units a pack, 1 kg a pack, 1,000 units in stock, none in the cart. */
const item = (overrides: Partial<ReorderItem> = {}): ReorderItem => ({
  id: 1,
  status: 'active',
  unitsPerPack: 10,
  stock: 1_000,
  trackInventory: true,
  weight: 1,
  weightUnit: 'kg',
  unitsPerPallet: null,
  showUnitsPer: 'pack',
  exclusivePriceId: null,
  lines: [],
  pricing: priced,
  ...overrides,
});
const ordered = (itemId: number | null, packQuantity: number) => ({ itemId, packQuantity });

/** Each planned line as [packs, why it is left out or the unit type it is added in, its tier]. */
const outcomes = (plan: readonly PlannedReorderLine[]) =>
  plan.map((planned) => [planned.packs, planned.leftOut ?? planned.unitType, planned.request?.pricing_tier]);

describe('packsToReorder (the stock rule of a reorder)', () => {
  it.each<[string, ReturnType<typeof ordered>[], ReorderItem[], unknown[]]>([
    ['all packs the stock covers', [ordered(1, 5)], [item()], [[5, undefined]]],
    ['none of a deleted item', [ordered(null, 5)], [item()], [[0, 'unavailable']]],
    ['none of a retired item', [ordered(1, 5)], [item({ status: 'inactive' })], [[0, 'unavailable']]],
    ['none of an item read without prices', [ordered(1, 5)], [item({ pricing: null })], [[0, 'unavailable']]],
    ['the whole packs the stock allows', [ordered(1, 5)], [item({ stock: 36 })], [[3, undefined]]],
    [
      'none when the cart holds the stock',
      [ordered(1, 5)],
      [item({ stock: 36, lines: [{ id: 7, packQuantity: 3, unitType: 'pack' }] })],
      [[0, 'out_of_stock']],
    ],
    [
      "after the order's earlier lines of the item",
      [ordered(1, 6), ordered(1, 6), ordered(1, 6)],
      [item({ stock: 100 })],
      [
        [6, undefined],
        [4, undefined],
        [0, 'out_of_stock'],
      ],
    ],
    [
      'any number of an untracked item',
      [ordered(1, 500)],
      [item({ stock: 0, trackInventory: false })],
      [[500, undefined]],
    ],
  ])('%s', (_name, lines, items, expected) => {
    const plan = packsToReorder(lines, new Map(items.map((row) => [row.id, row])));
    expect(plan.map((planned) => [planned.packs, planned.leftOut])).toEqual(expected);
  });

  it('leaves out the lines the tiers could not price', () => {
    const plan = packsToReorder([ordered(1, 5), ordered(1, 5)], new Map([[1, item()]]), new Set([0]));
    expect(plan.map((planned) => [planned.packs, planned.leftOut])).toEqual([
      [0, 'unavailable'],
      [5, undefined],
    ]);
  });
});

describe('planReorder', () => {
  /** A variant of 1 unit a pack, 4 units a pallet, 100 kg a pack, priced per pack and per pallet. */
  const heavy = (overrides: Partial<ReorderItem> = {}) =>
    item({
      unitsPerPack: 1,
      unitsPerPallet: 4,
      weight: 100,
      pricing: {
        tiers: [packTier, palletTier],
        prices: new Map([
          [10, 500],
          [20, 15_000],
        ]),
      },
      ...overrides,
    });

  it.each<[string, ReturnType<typeof ordered>[], ReorderItem[], unknown[]]>([
    ['a line in its pack tier', [ordered(1, 5)], [item()], [[5, 'pack', 10]]],
    [
      'a clamped line, priced for the packs that go back',
      [ordered(1, 5)],
      [item({ stock: 30 })],
      [[3, 'pack', 10]],
    ],
    ['a line out of stock', [ordered(1, 5)], [item({ stock: 0 })], [[0, 'out_of_stock', undefined]]],
    [
      'a line whose tier has no price',
      [ordered(1, 5)],
      [item({ pricing: { tiers: [packTier], prices: new Map() } })],
      [[0, 'unavailable', undefined]],
    ],
    [
      'a variant without tiers',
      [ordered(1, 5)],
      [item({ pricing: { tiers: [], prices: new Map() } })],
      [[0, 'unavailable', undefined]],
    ],
    ['the pallet basis when the request reaches 750 kg', [ordered(1, 8)], [heavy()], [[8, 'pallet', 20]]],
    [
      'the pallet basis when the cart and the request reach 750 kg',
      [ordered(1, 4)],
      [heavy({ lines: [{ id: 3, packQuantity: 4, unitType: 'pack' }] })],
      [[4, 'pallet', 20]],
    ],
    [
      'the pack basis again once an unpriced heavy line drops out',
      [ordered(2, 8), ordered(1, 4)],
      [heavy(), heavy({ id: 2, pricing: { tiers: [packTier, palletTier], prices: new Map([[10, 500]]) } })],
      [
        [0, 'unavailable', undefined],
        [4, 'pack', 10],
      ],
    ],
    [
      "a line whose tier, with the cart's packs of it added, has no price",
      [ordered(1, 5)],
      [
        item({
          lines: [{ id: 3, packQuantity: 8, unitType: 'pack' }],
          pricing: {
            tiers: [
              { ...packTier, range_end: 10, no_end_range: false },
              { ...packTier, id: 11, range_start: 11 },
            ],
            prices: new Map([[10, 500]]),
          },
        }),
      ],
      [[0, 'unavailable', undefined]],
    ],
  ])('%s', (_name, lines, items, expected) => {
    expect(outcomes(planReorder(4, lines, items))).toEqual(expected);
  });

  it("asks the cart's add for each line that goes back, with the buyer's exclusive price", () => {
    const [planned] = planReorder(4, [ordered(1, 5)], [item({ exclusivePriceId: 9 })]);
    expect(planned!.request).toEqual({
      cart: 4,
      item: 1,
      pricing_tier: 10,
      pack_quantity: 5,
      unit_type: 'pack',
      user_exclusive_price: 9,
    });
  });

  it('keeps the order line it planned, whatever else it carries', () => {
    const line = { ...ordered(1, 5), sku: 'BOX-1' };
    expect(planReorder(4, [line], [item()])[0]!.ordered).toBe(line);
  });
});
