import { CHECKOUT_MESSAGES } from '@shop/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { address, cart, HOME, intent, WORK } from '~test/fake-checkout';
import { json, stubApi } from '~test/stub-api';
import { routeStub } from '~test/route-stub';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import * as checkout from './checkout';
import * as login from './login';

// The route stub calls loaders with server-style arguments; the loader only reads the request.

function renderAt(path: string) {
  const Stub = routeStub([
    { path: '/', Component: () => <h1>Home</h1> },
    {
      path: '/login',
      Component: login.default,
      loader: login.clientLoader,
      HydrateFallback: login.HydrateFallback,
    },
    {
      path: '/checkout',
      Component: checkout.default,
      loader: checkout.clientLoader,
      HydrateFallback: checkout.HydrateFallback,
    },
  ]);
  render(<Stub initialEntries={[path]} />);
}

const SHOP = {
  'GET /api/ecommerce/carts/current/': cart(),
  'GET /api/addresses/': { count: 3, next: '/api/addresses/?page=2', previous: null, results: [HOME, WORK] },
  'GET /api/addresses/?page=2': {
    count: 3,
    next: null,
    previous: '/api/addresses/',
    results: [address({ id: 4, street: '2 Old Road' }), address({ id: 3, telephone_number: '' })],
  },
  'GET /api/payments/config/': { provider: 'test', publishable_key: null },
  'POST /api/ecommerce/payment-intents/': intent(),
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/checkout', () => {
  it('takes a visitor to the login page', async () => {
    const api = stubApi(SHOP);
    renderAt('/checkout');
    expect(await screen.findByRole('form', { name: 'Log in to your account' })).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('shows a loading state with the page title until the browser has checked the session', () => {
    renderAt('/checkout');
    expect(screen.getByRole('status')).toHaveTextContent('Loading your order…');
  });

  it('loads the cart, every page of complete addresses and the processor, then shows the checkout', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    const api = stubApi(SHOP);
    renderAt('/checkout');
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    const billing = await screen.findByRole('group', { name: 'Billing address' });
    // The address without a telephone number is not offered (spec 2, §3 Address).
    expect(
      within(billing)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['21', '20', '4']);
    expect(screen.getByRole('complementary', { name: 'Order summary' })).toHaveTextContent('£116.12');
    expect(await screen.findByRole('textbox', { name: 'Card number' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled();
    expect(api.calls.filter((call) => call.method === 'GET').map((call) => call.url)).toEqual(
      expect.arrayContaining([
        '/api/ecommerce/carts/current/',
        '/api/addresses/',
        '/api/addresses/?page=2',
        '/api/payments/config/',
      ]),
    );
  });

  it('says Failed to load checkout data. when any of it fails, and tries again', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    let configDown = true;
    stubApi({
      ...SHOP,
      'GET /api/payments/config/': () =>
        configDown ? json(undefined, 500) : json({ provider: 'test', publishable_key: null }),
    });
    renderAt('/checkout');
    expect(await screen.findByText(CHECKOUT_MESSAGES.loadFailed)).toHaveAttribute('role', 'alert');
    configDown = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Billing address' })).toBeInTheDocument();
  });

  it('takes a customer whose session ended while loading to the login page', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    const expired = () => json({ detail: 'Expired', code: 'token_not_valid' }, 401);
    stubApi({
      'GET /api/ecommerce/carts/current/': expired,
      'GET /api/addresses/': expired,
      'GET /api/payments/config/': expired,
      'POST /api/account/token/refresh/': json({ detail: 'No.' }, 401),
    });
    renderAt('/checkout');
    expect(await screen.findByRole('form', { name: 'Log in to your account' })).toBeInTheDocument();
  });

  it('checks out the cart ?cart= names (an accepted quote’s) instead of the buyer’s own', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    const api = stubApi({
      ...SHOP,
      'GET /api/ecommerce/carts/55/': cart({ id: 55, quote: { id: 12, number: 'Q-000012' } }),
    });
    renderAt('/checkout?cart=55');
    expect(await screen.findByRole('note')).toHaveTextContent('Quote Q-000012: prices fixed as quoted.');
    await screen.findByRole('textbox', { name: 'Card number' });
    const urls = api.calls.map((call) => call.url);
    expect(urls).toContain('/api/ecommerce/carts/55/');
    expect(urls).not.toContain('/api/ecommerce/carts/current/');
    expect(api.called('POST', '/api/ecommerce/payment-intents/')[0]!.body).toEqual({ cart_id: 55 });
  });

  it('fails to load, rather than paying the buyer’s own cart, for a ?cart= that is not a cart id', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    const api = stubApi(SHOP);
    renderAt('/checkout?cart=mine');
    expect(await screen.findByText(CHECKOUT_MESSAGES.loadFailed)).toHaveAttribute('role', 'alert');
    expect(api.calls).toEqual([]);
  });

  it('takes a logged-in customer from /login to the home page', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    renderAt('/login');
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });
});
