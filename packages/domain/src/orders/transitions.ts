import type { OrderStatus } from './schemas';

/**
 * The moves staff may make: pending → processing → shipped → delivered, and pending or processing →
 * cancelled. Nothing leaves delivered or cancelled, and no move skips a step or goes back.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

/** The statuses an order in `status` may move to next, in the order a form offers them. */
export function nextStatuses(status: OrderStatus): readonly OrderStatus[] {
  return ORDER_TRANSITIONS[status] ?? [];
}

/** Whether an order may move from `from` to `to`. */
export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return nextStatuses(from).includes(to);
}

/** Why a move is refused, naming it, or null when it is allowed. */
export function orderMoveProblem(from: OrderStatus, to: OrderStatus): string | null {
  if (canMoveOrder(from, to)) return null;
  if (from === to) return `The order is already ${to}.`;
  const allowed = nextStatuses(from);
  return allowed.length === 0
    ? `An order cannot move from ${from} to ${to}: a ${from} order does not change status.`
    : `An order cannot move from ${from} to ${to}; from ${from} it can only move to ${allowed.join(' or ')}.`;
}
