import type { OrderView } from '@shop/domain';
import { request } from '~/lib/api-client';

/** One of the customer's orders (GET orders/{id}/); another customer's or an unknown one is a 404. */
export function getOrder(orderId: number, signal?: AbortSignal): Promise<OrderView> {
  return request<OrderView>(`orders/${orderId}/`, { signal });
}
