import type { CartView } from '@shop/domain';
import { useSyncExternalStore } from 'react';
import { request } from './api-client';
import { getAccessToken, subscribeToSession } from './session';

/*
 * The number of lines in the customer's cart, for the header's cart link. The header and the pages that
 * read or change the cart (cart, product) are separate features that must not import each other, and the
 * number must outlive a navigation, so it is a tiny module-level store read with useSyncExternalStore
 * (like the notifications): every read of the cart through `fetchCurrentCart` publishes it. null means
 * not known (a visitor, or not read yet).
 */
let count: number | null = null;
const listeners = new Set<() => void>();

function publish(next: number | null) {
  if (next === count) return;
  count = next;
  for (const listener of listeners) listener();
}

/** Sets the known number of cart lines (null: unknown). */
export function setCartCount(next: number | null): void {
  publish(next);
}

export function getCartCount(): number | null {
  return count;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // A logout (here or in another tab) forgets the number, so the next customer never sees it.
  const stopSession = subscribeToSession(() => {
    if (getAccessToken() === null) publish(null);
  });
  return () => {
    listeners.delete(listener);
    stopSession();
  };
}

const unknown = () => null;

/** The number of lines in the cart as last read; null on the server, during hydration and until read. */
export function useCartCount(): number | null {
  return useSyncExternalStore(subscribe, getCartCount, unknown);
}

/** The caller's cart, made on first use (GET ecommerce/carts/current/); publishes its number of lines. */
export async function fetchCurrentCart(signal?: AbortSignal): Promise<CartView> {
  const cart = await request<CartView>('ecommerce/carts/current/', { signal });
  // An answer that lands after a logout belongs to nobody now.
  if (getAccessToken() !== null) publish(cart.items.length);
  return cart;
}
