import type { CartView, ExclusivePrice } from '@shop/domain';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { isAbortError } from '~/lib/api-client';
import { useIsLoggedIn } from '~/lib/use-session';
import { getCurrentCart } from '../api/get-current-cart';
import { getExclusivePrices } from '../api/get-exclusive-prices';
import { type CustomerPricing, NO_CUSTOMER } from '../product-pricing';

/** The part of the customer's cart the page uses. */
export interface CartSummary {
  id: number;
  totalWeightKg: number;
}

export interface Customer {
  loggedIn: boolean;
  pricing: CustomerPricing;
  /** The customer's cart once read; null for visitors, while loading, or when it could not be read. */
  cart: CartSummary | null;
  /** Reads the cart again (after adding to it); resolves with it, or rejects like the request. */
  reloadCart: () => Promise<CartSummary>;
}

const summary = (cart: CartView): CartSummary => ({ id: cart.id, totalWeightKg: cart.total_weight });

/**
 * What depends on the login (DESIGN §2): after hydration, and only for a logged-in customer, the
 * exclusive prices of every item on the page in one request and the current cart in another. Both are
 * aborted when the page goes away. A failure leaves list prices and an empty cart weight: the page
 * still works, and Add to Cart asks for the cart again.
 */
export function useCustomerPricing(itemIds: readonly number[]): Customer {
  const loggedIn = useIsLoggedIn();
  const [exclusive, setExclusive] = useState<ReadonlyMap<number, ExclusivePrice>>(NO_CUSTOMER.exclusive);
  const [cart, setCart] = useState<CartSummary | null>(null);
  const idsKey = itemIds.join(',');

  useEffect(() => {
    if (!loggedIn) return;
    const controller = new AbortController();
    const ids = idsKey ? idsKey.split(',').map(Number) : [];
    getExclusivePrices(ids, controller.signal).then(
      (prices) => setExclusive(new Map(prices.map((price) => [price.item, price]))),
      (error: unknown) => {
        if (!isAbortError(error)) setExclusive(NO_CUSTOMER.exclusive);
      },
    );
    getCurrentCart(controller.signal).then(
      (view) => setCart(summary(view)),
      (error: unknown) => {
        if (!isAbortError(error)) setCart(null);
      },
    );
    return () => controller.abort();
  }, [loggedIn, idsKey]);

  const reloadCart = useCallback(async () => {
    const next = summary(await getCurrentCart());
    setCart(next);
    return next;
  }, []);

  const pricing = useMemo<CustomerPricing>(
    () => (loggedIn ? { exclusive, cartWeightKg: cart?.totalWeightKg ?? 0 } : NO_CUSTOMER),
    [loggedIn, exclusive, cart],
  );
  // After a logout what was read for the customer no longer applies.
  return { loggedIn, pricing, cart: loggedIn ? cart : null, reloadCart };
}
