import type { CartView } from '@shop/domain';
import { request } from '~/lib/api-client';

/** The caller's cart, made on first use (GET ecommerce/carts/current/): its id and its weight. */
export function getCurrentCart(signal?: AbortSignal): Promise<CartView> {
  return request<CartView>('ecommerce/carts/current/', { signal });
}
