import { CHECKOUT_MESSAGES, type CartView, type DeliveryService } from '@shop/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutData } from '../api/load-checkout';
import { DELIVERY_STEP_MESSAGES } from '../hooks/use-delivery-choice';
import { CheckoutView } from './checkout-view';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import { makeCartDelivery, makeDeliveryOption, PALLET_OPTIONS } from '~test/fake-cart';
import { address, cart, checkoutData, HOME, intent, order, WORK } from '~test/fake-checkout';
import { routeStub } from '~test/route-stub';
import { json, type Route, stubApi } from '~test/stub-api';

const OPTIONS = 'POST /api/ecommerce/delivery-options/';
const PATCH_CART = 'PATCH /api/ecommerce/carts/3/';
const INTENTS = 'POST /api/ecommerce/payment-intents/';
const ORDERS = 'POST /api/orders/';

const money = (pence: number) => (pence / 100).toFixed(2);

interface DeliveryBody {
  postal_code: string;
  delivery_service: DeliveryService | null;
  delivery_extras: ('am_slot' | 'timed_slot' | 'tail_lift')[];
}

/** A pallet's cart (750 kg of goods at £89.82) as the server prices it for a postcode, service and extras. */
function palletCart(body: Partial<DeliveryBody> = {}): CartView {
  const service = body.delivery_service ?? 'pallet_economy';
  const option = PALLET_OPTIONS.find((entry) => entry.service === service)!;
  const extras = option.extras.filter((extra) => body.delivery_extras?.includes(extra.code));
  const shipping = [option.price, ...extras.map((extra) => extra.price)].reduce(
    (sum, price) => sum + Math.round(Number(price) * 100),
    0,
  );
  const vat = Math.round((8982 + shipping) * 0.2);
  return cart({
    total_weight: 750,
    shipping_cost: money(shipping),
    vat_amount: money(vat),
    total: money(8982 + shipping + vat),
    shipping_details: { parcel_type: 'pallet', parcels_needed: 1, explanation: 'One pallet.' },
    delivery: makeCartDelivery({
      postal_code: body.postal_code ?? null,
      service,
      label: option.label,
      extras: extras.map((extra) => extra.code),
      price: money(shipping),
      delivery_date: option.delivery_date,
    }),
  });
}

/** The shop for a pallet's cart: the intent's amount is the cart's as last priced by PATCH. */
function palletShop(routes: Record<string, Route> = {}) {
  let priced = palletCart();
  return stubApi({
    [OPTIONS]: PALLET_OPTIONS,
    [PATCH_CART]: (body: DeliveryBody) => {
      priced = palletCart(body);
      return json(priced);
    },
    [INTENTS]: () => json(intent({ amount: Math.round(Number(priced.total) * 100) })),
    'POST /api/payments/test/confirm/': () =>
      json({
        id: 'pi_test_1',
        object: 'payment_intent',
        status: 'succeeded',
        amount: Math.round(Number(priced.total) * 100),
        currency: 'gbp',
        next_action: null,
      }),
    [ORDERS]: json(order(), 201),
    ...routes,
  });
}

function renderCheckout(data: CheckoutData) {
  const Stub = routeStub([
    { path: '/checkout', Component: () => <CheckoutView data={data} /> },
    { path: '/order-confirmed/:id', Component: () => <h1>Order confirmed</h1> },
  ]);
  render(<Stub initialEntries={['/checkout']} />);
  return userEvent.setup();
}

const deliverySection = () => screen.getByRole('region', { name: 'Delivery' });
const summaryRow = (label: string) =>
  within(screen.getByRole('complementary', { name: 'Order summary' })).getByRole('row', {
    name: new RegExp(`^${label}`),
  });
const settled = () => waitFor(() => expect(within(deliverySection()).getAllByRole('radio')[0]).toBeEnabled());

async function enterCard(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: 'Card number' }), '4242424242424242');
  await user.type(screen.getByRole('textbox', { name: 'Expiry date (MM / YY)' }), '1234');
  await user.type(screen.getByRole('textbox', { name: 'CVC' }), '123');
  await waitFor(() => expect(screen.queryByText('Preparing secure payment…')).not.toBeInTheDocument());
}

vi.setConfig({ testTimeout: 20_000 });
beforeEach(() => localStorage.setItem(ACCESS_TOKEN_KEY, 'token'));
afterEach(() => vi.restoreAllMocks());

describe('the checkout’s delivery', () => {
  it('keeps the cart’s own choice when the shipping address is offered it, asking nothing more', async () => {
    const chosen = palletCart({
      postal_code: 'LS1 4AP',
      delivery_service: 'pallet_next_day',
      delivery_extras: ['tail_lift'],
    });
    const api = palletShop();
    renderCheckout(checkoutData({ cart: chosen, addresses: [WORK] }));
    await settled();
    const next = within(deliverySection()).getByRole('radio', { name: /^Pallet, next day £65\.00/ });
    expect(next).toBeChecked();
    expect(within(deliverySection()).getByRole('checkbox', { name: /^Tail lift/ })).toBeChecked();
    expect(api.called('POST', '/api/ecommerce/delivery-options/')[0]!.body).toEqual({
      cart_id: 3,
      postal_code: 'LS1 4AP',
    });
    expect(api.called('PATCH', '/api/ecommerce/carts/3/')).toEqual([]);
  });

  it('chooses the cheapest for an address the cart’s choice does not reach, and prices the cart for it', async () => {
    const api = palletShop({ [OPTIONS]: [PALLET_OPTIONS[0]!] });
    renderCheckout(
      checkoutData({
        cart: palletCart({ postal_code: 'LS1 4AP', delivery_service: 'pallet_next_day' }),
        addresses: [address({ postal_code: 'iv1 1aa' })],
      }),
    );
    await settled();
    expect(within(deliverySection()).getByRole('radio', { name: /^Pallet, economy/ })).toBeChecked();
    expect(api.called('POST', '/api/ecommerce/delivery-options/')[0]!.body).toMatchObject({
      postal_code: 'IV1 1AA',
    });
    expect(api.called('PATCH', '/api/ecommerce/carts/3/').map((call) => call.body)).toEqual([
      { postal_code: 'IV1 1AA', delivery_service: 'pallet_economy', delivery_extras: [] },
    ]);
  });

  it('chooses the next-day pallet with a tail lift: the summary, the intent and the amount follow', async () => {
    const api = palletShop();
    const user = renderCheckout(checkoutData({ cart: palletCart(), addresses: [HOME] }));
    await settled();
    expect(summaryRow('Total')).toHaveTextContent('£161.78');

    await user.click(within(deliverySection()).getByRole('radio', { name: /^Pallet, next day/ }));
    await settled();
    await user.click(within(deliverySection()).getByRole('checkbox', { name: /^Tail lift/ }));
    await settled();
    await waitFor(() => expect(summaryRow('Total')).toHaveTextContent('£215.78'));
    expect(summaryRow('Shipping')).toHaveTextContent('£90.00');
    expect(summaryRow('Delivery')).toHaveTextContent(
      'Pallet, next day + Tail lift (no forklift on site), arrives Friday 27 November',
    );

    await enterCard(user);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText(CHECKOUT_MESSAGES.orderPlaced)).toBeInTheDocument();
    expect(api.called('POST', '/api/ecommerce/payment-intents/').at(-1)!.body).toEqual({
      cart_id: 3,
      billing_address: HOME.id,
      shipping_address: HOME.id,
      delivery_service: 'pallet_next_day',
      delivery_extras: ['tail_lift'],
    });
    expect(api.called('POST', '/api/payments/test/confirm/')).toHaveLength(1);
  });

  it('offers no extras for parcels', async () => {
    stubApi({
      [OPTIONS]: [makeDeliveryOption()],
      [PATCH_CART]: (body: DeliveryBody) =>
        json(cart({ delivery: makeCartDelivery({ postal_code: body.postal_code }) })),
      [INTENTS]: intent(),
    });
    renderCheckout(checkoutData({ addresses: [HOME] }));
    await settled();
    expect(within(deliverySection()).getByRole('radio', { name: /^Parcel £6\.95/ })).toBeChecked();
    expect(screen.queryByRole('group', { name: 'Pallet delivery options' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /Tail lift/ })).toBeNull();
  });

  it('asks again for another shipping address’s postcode', async () => {
    const api = palletShop();
    const user = renderCheckout(checkoutData({ cart: palletCart(), addresses: [HOME, WORK] }));
    await settled();
    await user.click(screen.getByRole('checkbox', { name: 'Same as billing address' }));
    await user.click(
      within(screen.getByRole('group', { name: 'Shipping address' })).getByRole('radio', {
        name: /5 Mill Lane/,
      }),
    );
    await waitFor(() => expect(api.called('POST', '/api/ecommerce/delivery-options/')).toHaveLength(2));
    expect(api.called('POST', '/api/ecommerce/delivery-options/').map((call) => call.body)).toEqual([
      { cart_id: 3, postal_code: 'SW1A 1AA' },
      { cart_id: 3, postal_code: 'LS1 4AP' },
    ]);
  });

  it('blocks paying, with the reason, for an address in a zone not served', async () => {
    const reason = 'We do not deliver to the Isle of Man online yet: contact us for a quote.';
    const api = stubApi({
      [OPTIONS]: { options: [], reason, zone: 'isle_of_man' },
      [PATCH_CART]: json(cart()),
      [INTENTS]: intent(),
    });
    const user = renderCheckout(checkoutData({ addresses: [address({ postal_code: 'IM1 1AA' })] }));
    expect(await within(deliverySection()).findByText(reason)).toHaveAttribute('role', 'alert');
    expect(within(deliverySection()).queryByRole('radio')).toBeNull();
    await enterCard(user);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText(CHECKOUT_MESSAGES.deliveryNotServed)).toHaveAttribute('role', 'alert');
    // Only the page's first intent, of the cart alone: none with the address, no payment, no order.
    expect(api.called('POST', '/api/ecommerce/payment-intents/').map((call) => call.body)).toEqual([
      { cart_id: 3 },
    ]);
    expect(api.called('POST', '/api/payments/test/confirm/')).toEqual([]);
    expect(api.called('POST', '/api/orders/')).toEqual([]);
  });

  it('says when the services cannot be loaded, blocks paying, and tries again', async () => {
    let down = true;
    const api = stubApi({
      [OPTIONS]: () => (down ? json(undefined, 503) : json([makeDeliveryOption()])),
      [PATCH_CART]: (body: DeliveryBody) =>
        json(cart({ delivery: makeCartDelivery({ postal_code: body.postal_code }) })),
      [INTENTS]: intent(),
    });
    const user = renderCheckout(checkoutData({ addresses: [HOME] }));
    expect(
      await within(deliverySection()).findByText(DELIVERY_STEP_MESSAGES.optionsFailed),
    ).toBeInTheDocument();
    await enterCard(user);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(api.called('POST', '/api/payments/test/confirm/')).toEqual([]);
    down = false;
    await user.click(within(deliverySection()).getByRole('button', { name: 'Try again' }));
    await settled();
    expect(within(deliverySection()).getByRole('radio', { name: /^Parcel/ })).toBeChecked();
  });
});
