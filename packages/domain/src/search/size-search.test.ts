import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SizeSearchFormSchema,
  matchSize,
  parseSizeSearch,
  searchedMillimetres,
  type SortedDimensions,
} from './size-search';

const base = { measurement_unit: 'MM', category: 'boxes', width: '30', height: '20', length: '0' };

describe('parseSizeSearch', () => {
  it.each([
    [{}, 'Missing: measurement_unit, category'],
    [{ category: 'boxes' }, 'Missing: measurement_unit'],
    [{ measurement_unit: 'MM' }, 'Missing: category'],
    [{ ...base, measurement_unit: 'ft' }, 'Invalid unit'],
    [{ ...base, category: 'crates' }, 'Invalid category'],
    [{ ...base, width: '0', height: '0', length: '0' }, 'Two dimensions must be positive.'],
    [{ ...base, width: '', height: '', length: '' }, 'Two dimensions must be positive.'],
    [{ ...base, width: '5', height: '', length: '' }, 'Two dimensions must be positive.'],
    [{ ...base, width: '-1', height: '5', length: '5' }, 'Two dimensions must be positive.'],
    [{ ...base, width: 'abc', height: '5', length: '5' }, 'Two dimensions must be positive.'],
    [{ ...base, width: '101', height: '5', length: '5' }, 'Two dimensions must be positive.'],
    [{ ...base, width: '0x10', height: '5', length: '5' }, 'Two dimensions must be positive.'],
    [{ ...base, width: '1e1', height: '5', length: '5' }, 'Two dimensions must be positive.'],
    [{ ...base, width: '1e999', height: '5', length: '5' }, 'Two dimensions must be positive.'],
  ])('refuses %j with "%s"', (params, message) => {
    expect(parseSizeSearch(params)).toEqual({ ok: false, message });
  });

  it('accepts units and categories in any case, and the singular and plural words', () => {
    const result = parseSizeSearch({
      ...base,
      measurement_unit: 'in',
      category: 'Bag',
      width: '10',
      height: '14',
    });
    expect(result).toEqual({
      ok: true,
      value: { unit: 'IN', category: 'bags', width: 10, height: 14, length: 0, mode: 'approx' },
    });
    expect(parseSizeSearch({ ...base, category: 'postals' })).toMatchObject({
      ok: true,
      value: { category: 'postal' },
    });
  });

  it('accepts three positive dimensions (at least two, DESIGN §4.7)', () => {
    expect(parseSizeSearch({ ...base, length: '50' })).toMatchObject({ ok: true });
  });

  it('uses Minimum Size only when minimum_size is set and approx_size is not', () => {
    expect(parseSizeSearch({ ...base, minimum_size: 'true', approx_size: 'false' })).toMatchObject({
      value: { mode: 'minimum' },
    });
    expect(parseSizeSearch({ ...base, minimum_size: 'false', approx_size: 'true' })).toMatchObject({
      value: { mode: 'approx' },
    });
    expect(parseSizeSearch(base)).toMatchObject({ value: { mode: 'approx' } });
  });
});

describe('searchedMillimetres', () => {
  it('converts each unit to millimetres and sorts', () => {
    const search = (unit: 'MM' | 'CM' | 'IN' | 'M') =>
      searchedMillimetres({ unit, category: 'boxes', width: 2, height: 1, length: 0, mode: 'approx' });
    expect(search('MM')).toEqual([1, 2]);
    expect(search('CM')).toEqual([10, 20]);
    expect(search('IN')).toEqual([25.4, 50.8]);
    expect(search('M')).toEqual([1000, 2000]);
  });
});

describe('matchSize', () => {
  const box: SortedDimensions = [200, 250, 300];

  it('matches an exact size in any orientation with distance 0', () => {
    expect(matchSize([200, 250, 300], box, 'approx')).toEqual({ matches: true, distance: 0 });
    expect(matchSize([200, 250, 300], box, 'minimum')).toEqual({ matches: true, distance: 0 });
  });

  it('matches approx within 15 % and not beyond', () => {
    expect(matchSize([230, 250, 300], box, 'approx').matches).toBe(true);
    expect(matchSize([240, 250, 300], box, 'approx').matches).toBe(false);
  });

  it('matches minimum only when the item is at least as large in every compared dimension', () => {
    expect(matchSize([150, 200, 250], box, 'minimum').matches).toBe(true);
    expect(matchSize([150, 200, 301], box, 'minimum').matches).toBe(false);
  });

  it('lays two searched dimensions against the best pair of the item', () => {
    expect(matchSize([200, 300], box, 'approx')).toEqual({ matches: true, distance: 0 });
    expect(matchSize([250, 300], box, 'approx')).toEqual({ matches: true, distance: 0 });
    expect(matchSize([250, 300], [0, 250, 300], 'approx')).toEqual({ matches: true, distance: 0 });
  });

  const dims = fc.tuple(
    fc.integer({ min: 1, max: 2000 }),
    fc.integer({ min: 1, max: 2000 }),
    fc.integer({ min: 1, max: 2000 }),
  );
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

  it('ignores orientation: any permutation of the search gives the same answer', () => {
    fc.assert(
      fc.property(dims, dims, fc.constantFrom('approx', 'minimum' as const), (searched, item, mode) => {
        const itemDims = sorted(item) as unknown as SortedDimensions;
        const a = matchSize(sorted(searched), itemDims, mode as 'approx' | 'minimum');
        const b = matchSize(
          sorted([searched[2], searched[0], searched[1]]),
          itemDims,
          mode as 'approx' | 'minimum',
        );
        expect(a).toEqual(b);
      }),
    );
  });

  it('always matches an item of the searched size, and a larger one in minimum mode', () => {
    fc.assert(
      fc.property(dims, fc.integer({ min: 0, max: 500 }), (searched, grow) => {
        const exact = sorted(searched) as unknown as SortedDimensions;
        expect(matchSize(sorted(searched), exact, 'approx')).toEqual({ matches: true, distance: 0 });
        const larger = exact.map((value) => value + grow) as unknown as SortedDimensions;
        expect(matchSize(sorted(searched), larger, 'minimum').matches).toBe(true);
      }),
    );
  });

  it('never matches an approx item more than 15 % off in a dimension', () => {
    fc.assert(
      fc.property(dims, (searched) => {
        const wanted = sorted(searched);
        const far = wanted.map((value, i) => (i === 2 ? value * 1.2 : value)) as unknown as SortedDimensions;
        expect(matchSize(wanted, far, 'approx').matches).toBe(false);
      }),
    );
  });
});

describe('SizeSearchFormSchema', () => {
  const form = {
    width: '10',
    height: '20',
    length: '',
    measurement_unit: 'MM',
    category: 'boxes',
    size: 'approx',
  };

  it('accepts a form with two dimensions', () => {
    expect(SizeSearchFormSchema.safeParse(form).success).toBe(true);
  });

  it.each([
    [{ ...form, height: '' }, 'Two dimensions must be positive.'],
    [{ ...form, category: '' }, 'Select a category.'],
    [{ ...form, measurement_unit: '' }, 'Select a unit.'],
  ])('refuses %j with "%s"', (input, message) => {
    const result = SizeSearchFormSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });
});
