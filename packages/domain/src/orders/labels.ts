import type { OrderStatus, PaymentStatus } from './schemas';

/**
 * Each order status in words, as the storefront and the back office show it; a colour beside it is never
 * the only sign (WCAG 1.4.1).
 */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** Each payment status in words: COMPLETED reads 'Paid', the word the receipts use, not an order's state. */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  PENDING: 'Pending',
  COMPLETED: 'Paid',
  REFUND: 'Refunded',
  ON_ACCOUNT: 'On account',
};
