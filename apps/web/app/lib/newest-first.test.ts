import { ukDate as orderDate } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { newestFirst } from './newest-first';

describe('orderDate', () => {
  it('writes the date as in the UK, in UK time', () => {
    expect(orderDate('2025-03-05T10:15:00Z')).toBe('5 Mar 2025');
    // 23:30 UTC on 30 June is already 1 July in London (BST).
    expect(orderDate('2025-06-30T23:30:00Z')).toBe('1 Jul 2025');
    expect(orderDate('not a date')).toBe('not a date');
  });
});

describe('newestFirst', () => {
  it('puts the newest order first, and the higher id first for the same instant', () => {
    const orders = [
      { id: 1, created_at: '2025-01-01T00:00:00Z' },
      { id: 3, created_at: '2025-02-01T00:00:00Z' },
      { id: 2, created_at: '2025-02-01T00:00:00Z' },
      { id: 4, created_at: '2024-12-01T00:00:00Z' },
    ];
    expect(newestFirst(orders).map((entry) => entry.id)).toEqual([3, 2, 1, 4]);
  });
});
