import type { AddressView, CartView, PaymentConfig } from '@shop/domain';
import { usableAddresses } from '../checkout-rules';
import { getAddresses } from '~/features/addresses/api/get-addresses';
import { fetchCurrentCart } from '~/lib/current-cart';
import { type CheckoutCompany, getCheckoutCompany } from './get-checkout-company';
import { getPaymentConfig } from './get-payment-config';

export interface CheckoutData {
  cart: CartView;
  addresses: AddressView[];
  payment: PaymentConfig;
  /** The buyer's approved trade account and its shared addresses (issue 21); null or absent: none. */
  company?: CheckoutCompany | null;
}

/**
 * What the checkout needs before it can show anything: the cart, the saved addresses, the processor, and the
 * buyer's trade account if they have one.
 */
export async function loadCheckout(signal?: AbortSignal): Promise<CheckoutData> {
  const [cart, addresses, payment, company] = await Promise.all([
    fetchCurrentCart(signal),
    getAddresses(signal).then(usableAddresses),
    getPaymentConfig(signal),
    getCheckoutCompany(signal),
  ]);
  if (!company) return { cart, addresses, payment, company: null };
  // A shared address is offered once, under the company's name, never as the buyer's own as well.
  const shared = new Set(company.addresses.map((address) => address.id));
  return { cart, addresses: addresses.filter((address) => !shared.has(address.id)), payment, company };
}
