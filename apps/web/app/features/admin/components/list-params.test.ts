import { describe, expect, it } from 'vitest';
import { listParams, listQuery, withParam } from './list-params';

const url = (query: string) => `https://shop.test/admin/orders${query}`;

describe('listParams', () => {
  it.each([
    ['', '-created_at', { page: 1, ordering: '-created_at' }],
    ['?page=3&ordering=total', '-created_at', { page: 3, ordering: 'total' }],
    ['?page=abc', '', { page: 1, ordering: '' }],
    ['?ordering=', 'name', { page: 1, ordering: 'name' }],
  ])('%s (default %s)', (query, defaultOrdering, expected) => {
    expect(listParams(new Request(url(query)), defaultOrdering)).toEqual(expected);
    expect(listParams(new URLSearchParams(query), defaultOrdering)).toEqual(expected);
  });
});

describe('listQuery', () => {
  it.each([
    ['', ['page'], ''],
    ['?status=shipped&page=2&junk=1', ['status', 'page'], '?status=shipped&page=2'],
    ['?page=2&status=shipped', ['status', 'page'], '?status=shipped&page=2'],
    ['?status=&customer=%20jane%20&sku=%20', ['status', 'customer', 'sku'], '?customer=jane'],
  ])('%s with %j', (query, names, expected) => {
    expect(listQuery(url(query), names)).toBe(expected);
  });
});

describe('withParam', () => {
  it.each([
    ['?status=shipped&page=3', 'ordering', 'total', '?status=shipped&ordering=total'],
    ['?ordering=total', 'page', '2', '?ordering=total&page=2'],
    ['?ordering=total', 'ordering', null, '?'],
  ])('%s: %s=%s', (search, name, value, expected) => {
    expect(withParam(search, name, value)).toBe(expected);
  });
});
