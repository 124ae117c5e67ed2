import type { OrderStatus, PaymentStatus } from '@shop/domain';

/** Each status in words; the colour beside it is never the only sign (WCAG 1.4.1). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  PENDING: 'Pending',
  COMPLETED: 'Completed',
  REFUND: 'Refunded',
};

/** Newest first; orders made in the same instant by id, highest first. */
export function newestFirst<T extends { id: number; created_at: string }>(orders: readonly T[]): T[] {
  return [...orders].sort((a, b) => {
    const byDate = Date.parse(b.created_at) - Date.parse(a.created_at);
    return byDate || b.id - a.id;
  });
}
