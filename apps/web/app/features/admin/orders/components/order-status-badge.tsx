import type { OrderStatus } from '@shop/domain';
import { STATUS_WORDS } from '../labels';

/** The status in words, on its colour (admin-orders.css; each pair at least 4.5:1). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`admin-badge admin-orders__status--${status}`}>{STATUS_WORDS[status]}</span>;
}
