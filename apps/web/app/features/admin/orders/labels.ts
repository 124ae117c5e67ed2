import type { OrderStatus, PaymentStatus } from '@shop/domain';

/** Each status in words (the badge's colour is never the only sign). */
export const STATUS_WORDS: Record<OrderStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export const PAYMENT_WORDS: Record<PaymentStatus, string> = {
  PENDING: 'Pending',
  COMPLETED: 'Paid',
  REFUND: 'Refunded',
};
