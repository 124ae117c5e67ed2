import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminListPageSchema, pageSchema } from './pagination';

const Row = z.object({ id: z.number().int() });

describe('pageSchema', () => {
  it.each([
    ['a first page', { count: 2, next: '/api/x/?page=2', previous: null, results: [{ id: 1 }] }, true],
    ['an empty list', { count: 0, next: null, previous: null, results: [] }, true],
    ['a page without its count', { next: null, previous: null, results: [] }, false],
    [
      'a page whose rows are not the item',
      { count: 1, next: null, previous: null, results: [{ id: 'a' }] },
      false,
    ],
    ['a fractional count', { count: 1.5, next: null, previous: null, results: [] }, false],
  ])('%s: valid %s', (_name, page, valid) => {
    expect(pageSchema(Row).safeParse(page).success).toBe(valid);
  });
});

describe('adminListPageSchema', () => {
  it.each([
    ['a capped count', { count: 10_000, count_capped: true }, true],
    ['an exact count', { count: 3, count_capped: false }, true],
    ['a list that does not cap', { count: 3 }, true],
    ['a cap that is not a boolean', { count: 3, count_capped: 'yes' }, false],
  ])('%s: valid %s', (_name, fields, valid) => {
    const page = { next: null, previous: null, results: [], ...fields };
    expect(adminListPageSchema(Row).safeParse(page).success).toBe(valid);
  });
});
