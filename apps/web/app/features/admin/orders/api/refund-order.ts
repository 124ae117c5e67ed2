import type { AdminRefundView, OrderRefundCreate } from '@shop/domain';
import { adminRequest } from '../../api';

/** Refunds an amount or packs of lines of an order through the payment provider. */
export function refundOrder(orderId: number, body: OrderRefundCreate): Promise<AdminRefundView> {
  return adminRequest<AdminRefundView>(`orders/${orderId}/refunds/`, { method: 'POST', body });
}
