import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from './schemas';
import { canMoveOrder, nextStatuses, orderMoveProblem } from './transitions';

/** Every legal move; every other pair of statuses is refused. */
const LEGAL: [OrderStatus, OrderStatus][] = [
  ['pending', 'processing'],
  ['processing', 'shipped'],
  ['shipped', 'delivered'],
  ['pending', 'cancelled'],
  ['processing', 'cancelled'],
];

describe('canMoveOrder', () => {
  it.each(LEGAL)('allows %s → %s', (from, to) => {
    expect(canMoveOrder(from, to)).toBe(true);
    expect(orderMoveProblem(from, to)).toBeNull();
  });

  const illegal = ORDER_STATUSES.flatMap((from) =>
    ORDER_STATUSES.filter((to) => !LEGAL.some(([a, b]) => a === from && b === to)).map(
      (to) => [from, to] as [OrderStatus, OrderStatus],
    ),
  );

  it('refuses the other 20 pairs, staying put included', () => {
    expect(illegal).toHaveLength(20);
    for (const [from, to] of illegal) expect(canMoveOrder(from, to), `${from} → ${to}`).toBe(false);
  });

  it.each([
    [
      'delivered',
      'pending',
      'An order cannot move from delivered to pending: a delivered order does not change status.',
    ],
    [
      'shipped',
      'cancelled',
      'An order cannot move from shipped to cancelled; from shipped it can only move to delivered.',
    ],
    [
      'cancelled',
      'processing',
      'An order cannot move from cancelled to processing: a cancelled order does not change status.',
    ],
    [
      'pending',
      'shipped',
      'An order cannot move from pending to shipped; from pending it can only move to processing or cancelled.',
    ],
    [
      'processing',
      'pending',
      'An order cannot move from processing to pending; from processing it can only move to shipped or cancelled.',
    ],
    ['shipped', 'shipped', 'The order is already shipped.'],
  ] as const)('names the refused move %s → %s', (from, to, message) => {
    expect(orderMoveProblem(from, to)).toBe(message);
  });
});

describe('nextStatuses', () => {
  it.each([
    ['pending', ['processing', 'cancelled']],
    ['processing', ['shipped', 'cancelled']],
    ['shipped', ['delivered']],
    ['delivered', []],
    ['cancelled', []],
  ] as const)('offers %s → %j', (from, next) => {
    expect(nextStatuses(from)).toEqual(next);
  });
});
