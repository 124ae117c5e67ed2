import '~/lib/jitless-validation';
import { type CartView, CART_MESSAGES } from '@shop/domain';
import { ApiError, request } from '~/lib/api-client';

/** The caller's cart, made on first use (GET ecommerce/carts/current/). */
export function fetchCurrentCart(signal?: AbortSignal): Promise<CartView> {
  return request<CartView>('ecommerce/carts/current/', { signal });
}

/** The spec's message for a cart that could not be had, whatever the cause (spec 2, §8). */
export function cartFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return CART_MESSAGES.noToken;
  return CART_MESSAGES.cartFailed;
}
