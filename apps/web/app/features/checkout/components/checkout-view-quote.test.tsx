import { CHECKOUT_MESSAGES, type CartView, type OrderView, TEST_CARDS } from '@shop/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutCompany } from '../api/get-checkout-company';
import type { CheckoutData } from '../api/load-checkout';
import { cart, checkoutData, HOME, intent, order } from '~test/fake-checkout';
import { makeCartDelivery, makeDeliveryOption } from '~test/fake-cart';
import { json, type Route, stubApi } from '~test/stub-api';
import { polyfillDialog } from '~test/polyfill-dialog';
import { routeStub } from '~test/route-stub';
import { CheckoutView } from './checkout-view';
import { getCartCount, setCartCount } from '~/lib/current-cart';
import { ACCESS_TOKEN_KEY } from '~/lib/session';

/*
 * The checkout of an accepted quote's own cart (`/checkout?cart=55`): the same checkout, paying that
 * cart at its fixed prices everywhere (intent, order, re-read), saying so, and leaving the buyer's own cart and
 * its count in the header alone.
 */

const QUOTE_CART = 55;
const PATCH = `PATCH /api/ecommerce/carts/${QUOTE_CART}/`;

const quoteCart = (overrides: Partial<CartView> = {}) =>
  cart({ id: QUOTE_CART, quote: { id: 12, number: 'Q-000012' }, ...overrides });

function shop(routes: Record<string, Route> = {}) {
  return stubApi({
    'POST /api/ecommerce/delivery-options/': [makeDeliveryOption()],
    [PATCH]: (body: { postal_code: string; delivery_service: 'parcel'; delivery_extras: [] }) =>
      json(
        quoteCart({
          delivery: makeCartDelivery({
            postal_code: body.postal_code,
            service: body.delivery_service,
            extras: body.delivery_extras,
          }),
        }),
      ),
    'POST /api/ecommerce/payment-intents/': intent(),
    'POST /api/payments/test/confirm/': {
      id: 'pi_test_1',
      object: 'payment_intent',
      status: 'succeeded',
      amount: 11_612,
      currency: 'gbp',
      next_action: null,
    },
    'POST /api/orders/': json(order(), 201),
    ...routes,
  });
}

function renderCheckout(data: CheckoutData) {
  const Stub = routeStub([
    { path: '/checkout', Component: () => <CheckoutView data={data} /> },
    { path: '/order-confirmed/:id', Component: () => <h1>Order confirmed</h1> },
  ]);
  const { container } = render(<Stub initialEntries={[`/checkout?cart=${QUOTE_CART}`]} />);
  return { user: userEvent.setup(), container };
}

const trade: CheckoutCompany = {
  company: {
    id: 7,
    account_number: 'TA-000007',
    status: 'approved',
    legal_name: 'Acme Packaging Ltd',
    trading_name: 'Acme Packaging',
    invoice_address: {
      first_name: 'Accounts',
      last_name: 'Payable',
      street: '12 Canal Wharf',
      city: 'Leeds',
      state: null,
      postal_code: 'LS1 4AB',
      country: 'United Kingdom',
      telephone_number: '+441130000000',
    },
    role: 'buyer',
    order_limit: null,
    po_required: false,
    pay_on_account: true,
    on_hold: false,
    hold_reason: null,
    available_credit: null,
  },
  addresses: [],
};

vi.setConfig({ testTimeout: 20_000 });

beforeAll(polyfillDialog);
beforeEach(() => localStorage.setItem(ACCESS_TOKEN_KEY, 'token'));
afterEach(() => {
  vi.restoreAllMocks();
  setCartCount(null);
  document.querySelectorAll('dialog').forEach((dialog) => dialog.remove());
});

describe('the checkout of a quote’s cart', () => {
  it('says the prices are fixed as quoted, and leads back to the quote rather than to the cart', async () => {
    shop();
    const { container } = renderCheckout(checkoutData({ cart: quoteCart() }));
    expect(screen.getByRole('note')).toHaveTextContent('Quote Q-000012: prices fixed as quoted.');
    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    expect(within(summary).getByRole('link', { name: 'Back to quote Q-000012' })).toHaveAttribute(
      'href',
      '/account/quotes/12',
    );
    expect(within(summary).queryByRole('link', { name: 'Edit cart' })).toBeNull();
    await screen.findByRole('textbox', { name: 'Card number' });
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations).toEqual([]);
  });

  it('pays that cart by card: the intent and the order name it, and the header’s count stays', async () => {
    setCartCount(4);
    const api = shop();
    const { user } = renderCheckout(checkoutData({ cart: quoteCart() }));
    await user.type(await screen.findByRole('textbox', { name: 'Card number' }), TEST_CARDS.succeeds);
    await user.type(screen.getByRole('textbox', { name: 'Expiry date (MM / YY)' }), '1234');
    await user.type(screen.getByRole('textbox', { name: 'CVC' }), '123');
    await waitFor(() => expect(screen.queryByText('Preparing secure payment…')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText(CHECKOUT_MESSAGES.orderPlaced)).toBeInTheDocument();
    const intents = api.called('POST', '/api/ecommerce/payment-intents/').map((call) => call.body);
    expect(intents.every((body) => (body as { cart_id: number }).cart_id === QUOTE_CART)).toBe(true);
    expect(api.called('POST', '/api/orders/')[0]!.body).toMatchObject({
      cart_id: QUOTE_CART,
      payment_method: 'card',
      transaction_id: 'pi_test_1',
    });
    expect(api.called('PATCH', `/api/ecommerce/carts/${QUOTE_CART}/`)).toHaveLength(1);
    // The buyer's own cart was not touched, so neither is its count.
    expect(getCartCount()).toBe(4);
    expect(api.calls.some((call) => call.url.includes('/carts/current/'))).toBe(false);
  });

  it('re-reads that cart, not the buyer’s own, when its total changed meanwhile', async () => {
    const api = shop({
      'POST /api/ecommerce/payment-intents/': (body: { billing_address?: number }) =>
        json(intent(body.billing_address ? { amount: 12_000 } : {})),
      [`GET /api/ecommerce/carts/${QUOTE_CART}/`]: quoteCart({ total: '120.00' }),
    });
    const { user } = renderCheckout(checkoutData({ cart: quoteCart() }));
    await user.type(await screen.findByRole('textbox', { name: 'Card number' }), TEST_CARDS.succeeds);
    await user.type(screen.getByRole('textbox', { name: 'Expiry date (MM / YY)' }), '1234');
    await user.type(screen.getByRole('textbox', { name: 'CVC' }), '123');
    await waitFor(() => expect(screen.queryByText('Preparing secure payment…')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText(CHECKOUT_MESSAGES.cartChanged)).toBeInTheDocument();
    expect(api.called('GET', `/api/ecommerce/carts/${QUOTE_CART}/`)).toHaveLength(1);
    expect(api.calls.some((call) => call.url.includes('/carts/current/'))).toBe(false);
  });

  it('places it on account with that cart', async () => {
    setCartCount(4);
    const onAccount: OrderView = order({ id: 205, payment_method: 'account', payment_status: 'ON_ACCOUNT' });
    const api = shop({ 'POST /api/orders/': json(onAccount, 201) });
    const { user } = renderCheckout(checkoutData({ cart: quoteCart(), company: trade }));
    await user.click(await screen.findByRole('button', { name: 'Place order on account' }));
    expect(await screen.findByText(CHECKOUT_MESSAGES.orderPlaced)).toBeInTheDocument();
    expect(api.called('POST', '/api/orders/')[0]!.body).toMatchObject({
      cart_id: QUOTE_CART,
      payment_method: 'account',
      billing_address: HOME.id,
    });
    expect(getCartCount()).toBe(4);
  });
});
