import type { AdminOrderDetail, OrderStatusChange } from '@shop/domain';
import { adminRequest } from '../../api';

/** Moves an order on (shipping with its carrier and tracking number); answers the order as it is now. */
export function changeOrderStatus(orderId: number, body: OrderStatusChange): Promise<AdminOrderDetail> {
  return adminRequest<AdminOrderDetail>(`orders/${orderId}/status/`, { method: 'POST', body });
}
