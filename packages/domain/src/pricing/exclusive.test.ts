import { describe, expect, it } from 'vitest';
import { appliedExclusivePrice, type ExclusiveDiscount } from './exclusive';

const personal = (discount_percentage: number): ExclusiveDiscount => ({ id: 7, discount_percentage });
const company = (discount_percentage: number): ExclusiveDiscount => ({ id: 3, discount_percentage });

describe('appliedExclusivePrice', () => {
  it.each([
    // [personal, company, expected]: the greater discount, so the lower price; a tie keeps the buyer's own.
    [null, null, null],
    [personal(0), null, { id: 7, discount_percentage: 0, source: 'personal' }],
    [null, company(0), { id: 3, discount_percentage: 0, source: 'company' }],
    [personal(10), null, { id: 7, discount_percentage: 10, source: 'personal' }],
    [null, company(10), { id: 3, discount_percentage: 10, source: 'company' }],
    [personal(5), company(10), { id: 3, discount_percentage: 10, source: 'company' }],
    [personal(15), company(10), { id: 7, discount_percentage: 15, source: 'personal' }],
    [personal(10), company(10), { id: 7, discount_percentage: 10, source: 'personal' }],
    [personal(0), company(0.01), { id: 3, discount_percentage: 0.01, source: 'company' }],
    [personal(99.99), company(100), { id: 3, discount_percentage: 100, source: 'company' }],
    [personal(100), company(99.99), { id: 7, discount_percentage: 100, source: 'personal' }],
  ] as const)('personal %o and company %o give %o', (own, company, expected) => {
    expect(appliedExclusivePrice(own, company)).toEqual(expected);
  });
});
