import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CartLink } from '~/features/layout/components/cart-link';
import { setCartCount } from '~/lib/current-cart';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import { makeCart, makeCartLine, makeTapeLine, mockCartApi } from '~test/fake-cart';
import { routeStub } from '~test/route-stub';
import * as cart from './cart';

// The route stub calls loaders with server-style arguments; the loader only reads the request.

/** The cart page under a header with the cart link, as the shell composes them. */
function renderCartPage() {
  const Stub = routeStub([
    {
      path: '/cart',
      Component: (props: Parameters<typeof cart.default>[0]) => (
        <>
          <CartLink />
          <cart.default {...props} />
        </>
      ),
      loader: cart.clientLoader,
      HydrateFallback: cart.HydrateFallback,
    },
  ]);
  render(<Stub initialEntries={['/cart']} />);
  return userEvent.setup();
}

afterEach(() => {
  vi.restoreAllMocks();
  setCartCount(null);
});

describe('the cart page', () => {
  it('asks a visitor to log in, without calling the API', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderCartPage();
    expect(await screen.findByText('Please login to see your items in the cart.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Cart' })).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows a loading state with the page title until the cart is read', () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    mockCartApi(makeCart());
    renderCartPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your cart…');
  });

  it('says there are no items, and nothing else, when the cart cannot be read', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 500 }));
    renderCartPage();
    expect(await screen.findByText('You have no items.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeEmptyDOMElement();
  });

  it('updates the header’s count as lines go, from the cart it reads again', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    const api = mockCartApi(makeCart({ items: [makeCartLine({ pack_quantity: 1 }), makeTapeLine()] }));
    const user = renderCartPage();
    expect(await screen.findByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove one box of PW-HAND-400-CL' }));
    expect(await screen.findByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('row', { name: /TAPE-48-BRN/ })).toHaveLength(1));
    // One read for the page and the header together (identical reads in flight are merged), then one
    // after the DELETE.
    expect(api.seen.map((request) => request.method)).toEqual(['GET', 'DELETE', 'GET']);
  });
});
