import type { OrderView } from '@shop/domain';
import { getOrders } from './get-orders';

/**
 * The customer's order made by a payment (GET orders/?transaction_id=), or null while there is none yet:
 * back from the card provider's own page, the payment's id is all the confirmation page knows.
 */
export async function findOrderByPayment(paymentId: string, signal?: AbortSignal): Promise<OrderView | null> {
  const page = await getOrders(`orders/?transaction_id=${encodeURIComponent(paymentId)}`, signal);
  return page.orders[0] ?? null;
}
