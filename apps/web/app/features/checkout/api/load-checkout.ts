import type { AddressView, CartView, PaymentConfig } from '@shop/domain';
import { usableAddresses } from '../checkout-rules';
import { getAddresses } from '~/features/addresses/api/get-addresses';
import { fetchCurrentCart } from '~/lib/current-cart';
import { getPaymentConfig } from './get-payment-config';

export interface CheckoutData {
  cart: CartView;
  addresses: AddressView[];
  payment: PaymentConfig;
}

/** What the checkout needs before it can show anything: the cart, the saved addresses, the processor. */
export async function loadCheckout(signal?: AbortSignal): Promise<CheckoutData> {
  const [cart, addresses, payment] = await Promise.all([
    fetchCurrentCart(signal),
    getAddresses(signal).then(usableAddresses),
    getPaymentConfig(signal),
  ]);
  return { cart, addresses, payment };
}
