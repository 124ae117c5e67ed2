import '~/lib/jitless-validation';
import { type CartItemCreate, type CartItemUpdate, type CartItemView, CART_MESSAGES } from '@shop/domain';
import { ApiError, request } from '~/lib/api-client';

/** The caller's cart, made on first use (GET ecommerce/carts/current/); the header's count follows it. */
export { fetchCurrentCart } from '~/lib/current-cart';

/** The spec's message for a cart that could not be had, whatever the cause (spec 2, §8). */
export function cartFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return CART_MESSAGES.noToken;
  return CART_MESSAGES.cartFailed;
}

/*
 * The cart's writes need a stored access token; without one (a logout in another tab) they fail with
 * 'No access token found. Please log in.' and send nothing (spec 2, §7).
 */

/**
 * PATCH ecommerce/cart-items/{id}/ with a new pack count. Only the count is sent: the server recomputes
 * the line's tier and unit type from it (DESIGN §4.4), so the client's hints would change nothing.
 */
export function updateCartItem(id: number, packQuantity: number): Promise<CartItemView> {
  return request<CartItemView>(`ecommerce/cart-items/${id}/`, {
    method: 'PATCH',
    body: { pack_quantity: packQuantity } satisfies CartItemUpdate,
    requireToken: CART_MESSAGES.noToken,
  });
}

/** DELETE ecommerce/cart-items/{id}/ (204). */
export async function deleteCartItem(id: number): Promise<void> {
  await request<undefined>(`ecommerce/cart-items/${id}/`, {
    method: 'DELETE',
    requireToken: CART_MESSAGES.noToken,
  });
}

/**
 * POST ecommerce/cart-items/ with one line: a removed line put back as it was (its item, its boxes, the
 * tier and exclusive price it was priced with; the server checks and prices it again, stock included).
 */
export async function restoreCartLine(cartId: number, line: CartItemView): Promise<void> {
  await request<CartItemView[]>('ecommerce/cart-items/', {
    method: 'POST',
    body: [
      {
        cart: cartId,
        item: line.item.id,
        pricing_tier: line.pricing_tier.id,
        pack_quantity: line.pack_quantity,
        unit_type: line.unit_type,
        user_exclusive_price: line.user_exclusive_price,
      },
    ] satisfies CartItemCreate[],
    requireToken: CART_MESSAGES.noToken,
  });
}
