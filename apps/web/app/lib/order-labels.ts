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

const DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/** An order's date as a UK customer reads it ('5 Mar 2025'), in UK time whatever the browser's zone. */
export function orderDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE.format(date);
}

/** Newest first; orders made in the same instant by id, highest first. */
export function newestFirst<T extends { id: number; created_at: string }>(orders: readonly T[]): T[] {
  return [...orders].sort((a, b) => {
    const byDate = Date.parse(b.created_at) - Date.parse(a.created_at);
    return byDate || b.id - a.id;
  });
}
