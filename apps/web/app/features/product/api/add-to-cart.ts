// First: the cart messages share a module with Zod schemas, which must be built in jitless mode.
import '~/lib/jitless-validation';
import { CART_MESSAGES, type CartItemCreate, type CartItemView } from '@shop/domain';
import { request } from '~/lib/api-client';

/**
 * POST cart-items/ with the page's lines; all are added or none (spec 2, §7). Without a stored access token
 * (a logout in another tab) nothing is sent and it fails with 'No access token found. Please log in.'.
 */
export function addToCart(lines: readonly CartItemCreate[]): Promise<CartItemView[]> {
  return request<CartItemView[]>('cart-items/', {
    method: 'POST',
    body: lines,
    requireToken: CART_MESSAGES.noToken,
  });
}
