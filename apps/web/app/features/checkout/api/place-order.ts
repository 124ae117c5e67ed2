import type { OrderView } from '@shop/domain';
import { request } from '~/lib/api-client';

export interface PlaceOrderInput {
  shipping_address: number;
  billing_address: number;
  payment_method: 'card';
  /** The card processor's payment id. */
  transaction_id: string;
  /** A trade buyer's purchase-order number, and the go-ahead to use one used before. */
  purchase_order_number?: string;
  confirm_purchase_order_reuse?: boolean;
  /** The cart paid for when it is not the buyer's own: an accepted quote's. */
  cart_id?: number;
}

/**
 * Makes the order from the server's cart and a payment it has verified (POST orders/). The body is the
 * spec's; the server ignores the money and status fields and works them out itself (DESIGN §4.3).
 */
export function placeOrder(input: PlaceOrderInput): Promise<OrderView> {
  return request<OrderView>('orders/', {
    method: 'POST',
    body: {
      shipping_address: input.shipping_address,
      billing_address: input.billing_address,
      shipping_cost: 0,
      vat: 20,
      discount: 0,
      status: 'pending',
      payment_status: 'COMPLETED',
      payment_method: input.payment_method,
      payment_verified: true,
      transaction_id: input.transaction_id,
      // Only a trade buyer's order names them: everyone else's body stays the spec's.
      ...(input.purchase_order_number ? { purchase_order_number: input.purchase_order_number } : {}),
      ...(input.confirm_purchase_order_reuse ? { confirm_purchase_order_reuse: true } : {}),
      // Only a quote's cart is named: the buyer's own is the server's default.
      ...(input.cart_id !== undefined ? { cart_id: input.cart_id } : {}),
    },
  });
}
