// First: the cart messages share a module with Zod schemas, which must be built in jitless mode.
import '~/lib/jitless-validation';
import { CART_MESSAGES } from '@shop/domain';
import { showToast } from '~/components/ui/toasts';
import { addToCart } from './api/add-to-cart';
import { addToCartFailure } from './add-to-cart-failure';
import { cartLines } from './cart-lines';
import type { Customer } from './hooks/use-customer-pricing';
import type { ItemPricing } from './product-pricing';

export interface AddSelectionInput {
  customer: Customer;
  selected: readonly ItemPricing[];
  /** Where the login page sends the customer back to. */
  returnPath: string;
  navigate: (to: string) => void;
  /** After a success: the selection is cleared. */
  onAdded: () => void;
  /** After a stock refusal: the items it names (by id) go back to 0. */
  onOutOfStock: (itemIds: number[]) => void;
  /** Before a visitor is sent to log in: the page keeps the selection to put back on return. */
  onLoginNeeded?: () => void;
}

/**
 * Add to Cart (spec 2, §4 and §8): visitors are sent to log in; an empty selection is a warning;
 * otherwise one POST cart-items/ with a line per selected item. Success clears the selection, reloads
 * the cart and opens /cart; a refusal keeps the selection but resets the items stock cannot cover.
 * Loaded on first use, so the product page's first load carries neither it nor Zod.
 */
export async function addSelectionToCart(input: AddSelectionInput): Promise<void> {
  const { customer, selected } = input;
  if (!customer.loggedIn) {
    showToast(CART_MESSAGES.loginToAdd, 'error');
    input.onLoginNeeded?.();
    input.navigate(`/login?from=${encodeURIComponent(input.returnPath)}`);
    return;
  }
  if (selected.length === 0) {
    showToast(CART_MESSAGES.nothingSelected, 'warning');
    return;
  }

  let cartId = customer.cart?.id;
  if (cartId === undefined) {
    try {
      cartId = (await customer.reloadCart()).id;
    } catch {
      showToast(CART_MESSAGES.cartFailed, 'error');
      return;
    }
  }
  const body = cartLines(cartId, selected);
  if ('error' in body) {
    showToast(body.error, 'error');
    return;
  }

  let added: number;
  try {
    added = (await addToCart(body.lines)).length;
  } catch (error) {
    const failure = addToCartFailure(error);
    const skus = new Set(failure.outOfStock.map((limit) => limit.sku));
    const named = selected.filter((pricing) => skus.has(pricing.item.sku));
    if (named.length > 0) input.onOutOfStock(named.map((pricing) => pricing.item.id));
    showToast(failure.message, 'error');
    return;
  }
  input.onAdded();
  // The cart's new weight; /cart reads the cart itself, so a failure here changes nothing.
  await customer.reloadCart().catch(() => undefined);
  showToast(CART_MESSAGES.added(added), 'success');
  input.navigate('/cart');
}
