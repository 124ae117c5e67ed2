/** The checkout's fixtures: a cart, addresses, a payment intent, an order, the data the checkout loads. */
import type {
  AddressView,
  CartItemView,
  CartView,
  DeliveryExtra,
  DeliveryService,
  OrderView,
  PaymentConfig,
  PaymentIntentView,
} from '@shop/domain';
import type { CheckoutData } from '~/features/checkout/api/load-checkout';
import { makeCart, makeCartDelivery, makeCartLine, makeDeliveryOption } from './fake-cart';
import { json, type Route } from './stub-api';

/** The cart page's fixture line (fake-cart.ts), without images. */
export function cartLine(overrides: Partial<CartItemView> = {}): CartItemView {
  const base = makeCartLine();
  return makeCartLine({
    item: { ...base.item, title: 'Clear Hand Pallet Wrap 400mm x 250m', images: [] },
    ...overrides,
  });
}

/** The cart page's fixture cart (fake-cart.ts), with this file's line. */
export function cart(overrides: Partial<CartView> = {}): CartView {
  return makeCart({ items: [cartLine()], total_weight: 39.64, ...overrides });
}

export function address(overrides: Partial<AddressView> = {}): AddressView {
  return {
    id: 21,
    first_name: 'Jane',
    last_name: 'Doe',
    street: '1 High Street',
    city: 'London',
    state: null,
    postal_code: 'SW1A 1AA',
    country: 'UK',
    telephone_number: '+447700900123',
    is_default_billing: false,
    is_default_shipping: false,
    ...overrides,
  };
}

export const HOME = address();
export const WORK = address({
  id: 20,
  first_name: 'Jane',
  last_name: 'Doe',
  street: '5 Mill Lane',
  city: 'Leeds',
  state: 'West Yorkshire',
  postal_code: 'LS1 4AP',
});

export function intent(overrides: Partial<PaymentIntentView> = {}): PaymentIntentView {
  return {
    client_secret: 'pi_test_1_secret_abc',
    payment_intent_id: 'pi_test_1',
    amount: 11_612,
    currency: 'gbp',
    provider: 'test',
    ...overrides,
  };
}

export function order(overrides: Partial<OrderView> = {}): OrderView {
  const snapshot = {
    first_name: 'Jane',
    last_name: 'Doe',
    street: '1 High Street',
    city: 'London',
    state: null,
    postal_code: 'SW1A 1AA',
    country: 'UK',
    telephone_number: '+447700900123',
  };
  return {
    id: 101,
    created_at: '2025-03-05T10:15:00Z',
    status: 'pending',
    payment_status: 'COMPLETED',
    payment_verified: true,
    subtotal: '89.82',
    discount: '0.00',
    shipping_cost: '6.95',
    vat: 20,
    vat_amount: '19.35',
    total: '116.12',
    total_packs: 3,
    total_weight: 39.64,
    items: [
      {
        id: 1,
        item: 11,
        sku: 'PW-HAND-400-CL',
        title: 'Clear Hand Pallet Wrap 400mm x 250m',
        pack_quantity: 3,
        units_per_pack: 6,
        units: 18,
        unit_type: 'pack',
        price_per_pack: '29.94',
        subtotal: '89.82',
        discount_percentage: 0,
        total: '89.82',
        weight: 39.64,
      },
    ],
    shipping_address: snapshot,
    billing_address: snapshot,
    shipping_details: null,
    payment_method: 'card',
    transaction_id: 'pi_test_1',
    invoice: null,
    paid_receipt: null,
    refund_receipt: null,
    ...overrides,
  };
}

export const TEST_CONFIG: PaymentConfig = { provider: 'test', publishable_key: null };

export function checkoutData(overrides: Partial<CheckoutData> = {}): CheckoutData {
  return { cart: cart(), addresses: [HOME, WORK], payment: TEST_CONFIG, ...overrides };
}

/**
 * The delivery calls the checkout makes once it knows the shipping address: a parcel to
 * anywhere, and the cart's PATCH answered with the fixture cart priced for the postcode and choice sent.
 */
export function deliveryRoutes(base: () => CartView = cart): Record<string, Route> {
  return {
    'POST /api/ecommerce/delivery-options/': [makeDeliveryOption()],
    'PATCH /api/ecommerce/carts/3/': (body: {
      postal_code: string;
      delivery_service: DeliveryService | null;
      delivery_extras: DeliveryExtra[];
    }) => {
      const current = base();
      return json({
        ...current,
        delivery: makeCartDelivery({
          postal_code: body.postal_code,
          service: body.delivery_service,
          extras: body.delivery_extras,
        }),
      });
    },
  };
}
