import { describe, expect, it } from 'vitest';
import { reorderLineMessage, reorderSummary, type ReorderLine } from './reorder';

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
