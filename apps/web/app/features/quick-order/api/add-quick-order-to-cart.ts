// First: the cart messages share a module with Zod schemas, which must be built in jitless mode.
import '~/lib/jitless-validation';
import {
  CART_MESSAGES,
  type CartItemCreate,
  type CartItemView,
  type QuickOrderLineResult,
} from '@shop/domain';
import { ApiError, cleanMessage, request } from '~/lib/api-client';
import { fetchCurrentCart } from '~/lib/current-cart';

export type AddOutcome = { ok: true; added: number } | { ok: false; message: string };

function messagesOf(value: unknown): string[] {
  if (typeof value === 'string') return [cleanMessage(value)].filter(Boolean);
  if (Array.isArray(value)) return value.flatMap(messagesOf);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, inner]) => (key === 'code' ? [] : messagesOf(inner)));
  }
  return [];
}

/**
 * What a refused add says: the server's own words (a detail, or field messages such as
 * 'Item X is no longer available.'), why no answer came, or the spec's fallback.
 */
export function addFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return CART_MESSAGES.addFailed;
  if (error.kind !== 'response') return error.message;
  const said = messagesOf(error.body).join(' ');
  return said || (error.generic ? CART_MESSAGES.addFailed : error.message);
}

/** POST cart-items/ lines for the checked lines that are ready, as the check priced them. */
export function cartLinesOf(cartId: number, lines: readonly QuickOrderLineResult[]): CartItemCreate[] {
  return lines
    .filter((line) => line.ok && line.item !== null && line.pricing_tier !== null)
    .map((line) => ({
      cart: cartId,
      item: line.item!.id,
      pricing_tier: line.pricing_tier!.id,
      pack_quantity: line.packs,
      unit_type: 'pack',
      user_exclusive_price: line.user_exclusive_price,
    }));
}

/**
 * 'Add all to cart': the caller's cart (made on first use), then one POST ecommerce/cart-items/ with every
 * ready line (all are added or none; the server checks them again), then the cart read again so the
 * header's count follows, as after an add on a product page.
 */
export async function addQuickOrderToCart(lines: readonly QuickOrderLineResult[]): Promise<AddOutcome> {
  let cartId: number;
  try {
    cartId = (await fetchCurrentCart()).id;
  } catch (error) {
    // A session that could not be renewed says so; anything else is the spec's cart failure.
    const expired = error instanceof ApiError && error.status === 401;
    return { ok: false, message: expired ? error.message : CART_MESSAGES.cartFailed };
  }
  const body = cartLinesOf(cartId, lines);
  if (body.length === 0) return { ok: false, message: CART_MESSAGES.nothingSelected };
  try {
    await request<CartItemView[]>('ecommerce/cart-items/', { method: 'POST', body });
  } catch (error) {
    return { ok: false, message: addFailureMessage(error) };
  }
  await fetchCurrentCart().catch(() => undefined);
  return { ok: true, added: body.length };
}
