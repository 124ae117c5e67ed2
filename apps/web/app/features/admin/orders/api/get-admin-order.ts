import type { AdminOrderDetail } from '@shop/domain';
import { adminRequest } from '../../api';

/** Everything about one order: lines, payments, refunds, history and its audit entries. */
export function getAdminOrder(orderId: number, signal?: AbortSignal): Promise<AdminOrderDetail> {
  return adminRequest<AdminOrderDetail>(`orders/${orderId}/`, { signal });
}
