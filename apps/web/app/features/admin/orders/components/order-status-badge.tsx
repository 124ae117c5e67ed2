import { ORDER_STATUS_LABELS, type OrderStatus } from '@shop/domain';

/** The status in words, on its colour (admin-orders.css; each pair at least 4.5:1). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`admin-badge admin-orders__status--${status}`}>{ORDER_STATUS_LABELS[status]}</span>;
}
