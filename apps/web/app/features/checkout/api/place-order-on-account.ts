import {
  type AwaitingApprovalView,
  AwaitingApprovalViewSchema,
  type OrderCreate,
  type OrderView,
} from '@shop/domain';
import { request } from '~/lib/api-client';

export type OnAccountOrderInput = Pick<
  OrderCreate,
  | 'shipping_address'
  | 'billing_address'
  | 'cart_id'
  | 'purchase_order_number'
  | 'confirm_purchase_order_reuse'
  | 'delivery_service'
  | 'delivery_extras'
>;

/** The order placed (201), or held for the company's approvers because it is above the buyer's limit (202). */
export type OnAccountOutcome =
  { kind: 'placed'; order: OrderView } | { kind: 'awaiting_approval'; approval: AwaitingApprovalView };

/**
 * Places the cart's order on the company's account (POST orders/ with payment_method "account"):
 * no card, the invoice issued at once; or, above the buyer's order limit, held for an approver.
 */
export async function placeOrderOnAccount(input: OnAccountOrderInput): Promise<OnAccountOutcome> {
  const answer = await request<unknown>('orders/', {
    method: 'POST',
    body: { ...input, payment_method: 'account' },
  });
  const held = AwaitingApprovalViewSchema.safeParse(answer);
  if (held.success) return { kind: 'awaiting_approval', approval: held.data };
  return { kind: 'placed', order: answer as OrderView };
}
