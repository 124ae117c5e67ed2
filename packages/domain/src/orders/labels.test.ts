import { describe, expect, it } from 'vitest';
import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from './labels';
import { ORDER_STATUSES, PAYMENT_STATUSES } from './schemas';

describe('ORDER_STATUS_LABELS', () => {
  it.each([
    ['pending', 'Pending'],
    ['processing', 'Processing'],
    ['shipped', 'Shipped'],
    ['delivered', 'Delivered'],
    ['cancelled', 'Cancelled'],
  ] as const)('shows %s as %s', (status, label) => {
    expect(ORDER_STATUS_LABELS[status]).toBe(label);
  });

  it('has one word per status, no two alike', () => {
    expect(Object.keys(ORDER_STATUS_LABELS)).toEqual([...ORDER_STATUSES]);
    expect(new Set(Object.values(ORDER_STATUS_LABELS)).size).toBe(ORDER_STATUSES.length);
  });
});

describe('PAYMENT_STATUS_LABELS', () => {
  it.each([
    ['PENDING', 'Pending'],
    ['COMPLETED', 'Paid'],
    ['REFUND', 'Refunded'],
  ] as const)('shows %s as %s', (status, label) => {
    expect(PAYMENT_STATUS_LABELS[status]).toBe(label);
  });

  it('has one word per status, no two alike', () => {
    expect(Object.keys(PAYMENT_STATUS_LABELS)).toEqual([...PAYMENT_STATUSES]);
    expect(new Set(Object.values(PAYMENT_STATUS_LABELS)).size).toBe(PAYMENT_STATUSES.length);
  });
});
