import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helper';
import { PageQuerySchema } from './pagination';
import { MAX_DB_INTEGER, queryId, queryIds } from './query-ids';

describe('queryId', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['007', 7],
    [String(MAX_DB_INTEGER), MAX_DB_INTEGER],
  ])('reads %j as %d', (text, id) => {
    expect(queryId.parse(text)).toBe(id);
  });

  it.each([
    '',
    ' 1',
    '1 ',
    '+1',
    '-1',
    '0',
    '1.5',
    '1.0',
    '1e3',
    '1e999',
    '0x10',
    '0b11',
    'NaN',
    'Infinity',
    'abc',
    String(MAX_DB_INTEGER + 1),
    '9'.repeat(400),
  ])('refuses %j', (text) => {
    expect(queryId.safeParse(text).success).toBe(false);
  });

  it('refuses what is not a string (a repeated parameter)', () => {
    expect(queryId.safeParse(['1', '2']).success).toBe(false);
    expect(queryId.safeParse(1).success).toBe(false);
  });
});

describe('queryIds', () => {
  it('reads one id or several, without repeats', () => {
    expect(queryIds.parse('3')).toEqual([3]);
    expect(queryIds.parse(['3', '1', '3'])).toEqual([3, 1]);
  });

  it('refuses a list with one bad id, none, or more than 100', () => {
    expect(queryIds.safeParse(['1', 'abc']).success).toBe(false);
    expect(queryIds.safeParse(['1', '0x2']).success).toBe(false);
    expect(queryIds.safeParse([]).success).toBe(false);
    expect(queryIds.safeParse(Array.from({ length: 101 }, (_, i) => String(i + 1))).success).toBe(false);
  });
});

describe('PageQuerySchema', () => {
  it('defaults to page 1 of 20 and takes pages up to 100,000 of up to 100', () => {
    expect(PageQuerySchema.parse({})).toEqual({ page: 1, page_size: 20 });
    expect(PageQuerySchema.parse({ page: '100000', page_size: '100' })).toEqual({
      page: 100_000,
      page_size: 100,
    });
  });

  it.each([
    { page: '0' },
    { page: '100001' },
    { page: '99999999999' },
    { page: '1e999' },
    { page: '1e2' },
    { page: '0x10' },
    { page: '' },
    { page: 'NaN' },
    { page: '-1' },
    { page: ['1', '2'] },
    { page_size: '0' },
    { page_size: '101' },
    { page_size: '1e2' },
  ])('refuses %j', (query) => {
    expect(PageQuerySchema.safeParse(query).success).toBe(false);
  });
});

describe('bad numbers over HTTP', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  // Every public route that reads an id or a page; the cart's own routes are covered in carts/limits.test.ts.
  const BAD = [
    '/api/categories/?page=1e999',
    '/api/categories/?page=99999999999',
    '/api/categories/?page=-1',
    '/api/categories/?page=NaN',
    '/api/categories/?page=0x2',
    '/api/categories/?page_size=1e2',
    '/api/categories/?page=',
    '/api/products/?page=1e1',
    '/api/products/?page_size=101',
    '/api/items/?product_variant=1&product_variant=abc',
    '/api/items/?product_variant=2147483648',
    '/api/items/?product_variant=0x1',
    '/api/product-variants/?product=2147483648',
    '/api/product-variants/?product=-1',
    '/api/product-variants/?product=',
    '/api/table-fields/?product_variant=1e3',
    '/api/pricing-tier-data/?item=1&item=abc',
    '/api/pricing-tier-data/?item=2147483648',
    '/api/ecommerce/pricing-tiers/?product_variant=1.5',
  ];

  it.each(BAD)('answers GET %s with a 400 and field errors', async (url) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<Record<string, unknown>>()).length).toBeGreaterThan(0);
  });

  it('still answers good ids and pages', async () => {
    for (const url of [
      '/api/categories/?page=1&page_size=100',
      '/api/product-variants/?product=1',
      '/api/pricing-tier-data/?item=1&item=2',
      `/api/items/?product_variant=${MAX_DB_INTEGER}`,
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
    }
  });
});
