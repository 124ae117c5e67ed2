import type { ReorderResult, SavedListLineInput } from '@shop/domain';
import { request } from '~/lib/api-client';
import { setCartCount } from '~/lib/current-cart';
import { getAccessToken } from '~/lib/session';

/**
 * Puts a list in the buyer's cart at today's prices (POST account/lists/{id}/add-to-cart/): all of it, or the
 * ticked lines with their packs as edited; tells the header's cart link the cart's new number of lines.
 */
export async function addSavedListToCart(
  id: number,
  lines?: readonly SavedListLineInput[],
): Promise<ReorderResult> {
  const result = await request<ReorderResult>(`account/lists/${id}/add-to-cart/`, {
    method: 'POST',
    body: lines ? { lines } : {},
  });
  // An answer that lands after a logout belongs to nobody now.
  if (getAccessToken() !== null) setCartCount(result.cart.items.length);
  return result;
}
