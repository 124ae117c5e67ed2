import { type CartItemCreate, CART_MESSAGES } from '@shop/domain';
import type { ItemPricing } from './product-pricing';

/**
 * The body of POST cart-items/ for a selection (spec 2, §3 Cart item, written): one line per item with
 * packs, in its tier, with the customer's exclusive price id. An item without a tier or a price in it
 * cannot be added: the spec's 'Invalid pricing tier for item {sku}.'
 */
export function cartLines(
  cartId: number,
  selected: readonly ItemPricing[],
): { lines: CartItemCreate[] } | { error: string } {
  const lines: CartItemCreate[] = [];
  for (const pricing of selected) {
    if (!pricing.tier || pricing.pricePerPackPence === null) {
      return { error: CART_MESSAGES.invalidTier(pricing.item.sku) };
    }
    lines.push({
      cart: cartId,
      item: pricing.item.id,
      pricing_tier: pricing.tier.id,
      pack_quantity: pricing.packs,
      unit_type: pricing.unitType,
      user_exclusive_price: pricing.exclusive?.id ?? null,
    });
  }
  return { lines };
}
