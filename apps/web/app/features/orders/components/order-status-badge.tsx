import type { OrderView } from '@shop/domain';
import { ORDER_STATUS_LABELS } from '~/lib/order-labels';

/** An order's status in its colour and, always, its word (WCAG 1.4.1). */
export function OrderStatusBadge({ status }: { status: OrderView['status'] }) {
  return (
    <span className={`order-status order-status--${status}`}>
      <span className="order-status__dot" aria-hidden="true" />
      {ORDER_STATUS_LABELS[status] ?? status}
    </span>
  );
}
