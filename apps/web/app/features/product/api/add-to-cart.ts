import type { CartItemCreate, CartItemView } from '@shop/domain';
import { request } from '~/lib/api-client';

/** POST cart-items/ with the page's lines; all are added or none (spec 2, §7). */
export function addToCart(lines: readonly CartItemCreate[]): Promise<CartItemView[]> {
  return request<CartItemView[]>('cart-items/', { method: 'POST', body: lines });
}
