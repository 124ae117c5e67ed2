import type { ReorderResult } from '@shop/domain';
import { request } from '~/lib/api-client';
import { setCartCount } from '~/lib/current-cart';
import { getAccessToken } from '~/lib/session';

/**
 * Puts an order's lines back in the customer's cart at today's prices (POST orders/{id}/reorder/), and tells
 * the header's cart link the cart's new number of lines.
 */
export async function reorderOrder(orderId: number): Promise<ReorderResult> {
  const result = await request<ReorderResult>(`orders/${orderId}/reorder/`, { method: 'POST' });
  // An answer that lands after a logout belongs to nobody now.
  if (getAccessToken() !== null) setCartCount(result.cart.items.length);
  return result;
}
