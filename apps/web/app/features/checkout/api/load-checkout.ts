import type { AddressView, CartView, PaymentConfig } from '@shop/domain';
import { usableAddresses } from '../checkout-rules';
import { getAddresses } from '~/features/addresses/api/get-addresses';
import { request } from '~/lib/api-client';
import { fetchCurrentCart } from '~/lib/current-cart';
import { type CheckoutCompany, getCheckoutCompany } from './get-checkout-company';
import { getPaymentConfig } from './get-payment-config';

export interface CheckoutData {
  cart: CartView;
  addresses: AddressView[];
  payment: PaymentConfig;
  /** The buyer's approved trade account and its shared addresses; null or absent: none. */
  company?: CheckoutCompany | null;
}

/**
 * The cart the checkout pays: the buyer's own (GET carts/current/, whose count the header shows), or, named
 * by `?cart=`, another cart of theirs, an accepted quote's at its fixed prices (GET carts/{id}/);
 * another customer's cart answers 404.
 */
export function readCheckoutCart(cartId: number | null, signal?: AbortSignal): Promise<CartView> {
  if (cartId === null) return fetchCurrentCart(signal);
  return request<CartView>(`ecommerce/carts/${cartId}/`, { signal });
}

/**
 * What the checkout needs before it can show anything: the cart (the buyer's own, or the one `cartId`
 * names), the saved addresses, the processor, and the buyer's trade account if they have one.
 */
export async function loadCheckout(
  signal?: AbortSignal,
  cartId: number | null = null,
): Promise<CheckoutData> {
  const [cart, addresses, payment, company] = await Promise.all([
    readCheckoutCart(cartId, signal),
    getAddresses(signal).then(usableAddresses),
    getPaymentConfig(signal),
    getCheckoutCompany(signal),
  ]);
  if (!company) return { cart, addresses, payment, company: null };
  // A shared address is offered once, under the company's name, never as the buyer's own as well.
  const shared = new Set(company.addresses.map((address) => address.id));
  return { cart, addresses: addresses.filter((address) => !shared.has(address.id)), payment, company };
}
