import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packsStockAllows, unitsStockLeaves } from './stock';

describe('unitsStockLeaves', () => {
  it.each([
    ['nothing held', 90, 0, 90],
    ['some held', 90, 36, 54],
    ['all held', 90, 90, 0],
    ['more held than the stock (edited down since)', 90, 120, 0],
    ['no stock', 0, 0, 0],
  ])('%s: %d in stock, %d held, %d free', (_name, stock, held, free) => {
    expect(unitsStockLeaves(stock, held)).toBe(free);
  });
});

describe('packsStockAllows', () => {
  it.each([
    ['whole packs of the free units', 100, 0, 36, 2],
    ['exactly the free units', 72, 0, 36, 2],
    ['one unit short of a pack', 71, 0, 36, 1],
    ['after the units held', 100, 36, 36, 1],
    ['none when the held units take it all', 100, 100, 36, 0],
    ['none when more is held than in stock', 10, 40, 1, 0],
    ['single units', 7, 3, 1, 4],
    ['no stock', 0, 0, 12, 0],
  ])('%s: %d in stock, %d held, packs of %d: %d', (_name, stock, held, unitsPerPack, packs) => {
    expect(packsStockAllows(stock, held, unitsPerPack)).toBe(packs);
  });

  it('allows any number of packs of an untracked item', () => {
    expect(packsStockAllows(null, 1_000_000, 36)).toBe(Number.POSITIVE_INFINITY);
  });

  it('allows packs exactly when their units fit in the stock beside the held units (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        (stock, held, unitsPerPack, packs) => {
          const fits = held + packs * unitsPerPack <= stock;
          expect(packs <= packsStockAllows(stock, held, unitsPerPack)).toBe(fits);
        },
      ),
    );
  });
});
