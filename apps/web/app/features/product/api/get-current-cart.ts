import type { CartView } from '@shop/domain';
import { fetchCurrentCart } from '~/lib/current-cart';

/**
 * The caller's cart, made on first use (GET ecommerce/carts/current/): its id and its weight. Read through
 * the shared reader, so the header's cart count follows an add to cart.
 */
export function getCurrentCart(signal?: AbortSignal): Promise<CartView> {
  return fetchCurrentCart(signal);
}
