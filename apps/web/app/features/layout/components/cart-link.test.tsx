import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCartCount } from '~/lib/current-cart';
import { ACCESS_TOKEN_KEY, clearSession } from '~/lib/session';
import { json } from '~test/stub-api';
import { makeCart, makeCartLine, makeTapeLine } from '~test/fake-cart';
import { routeStub } from '~test/route-stub';
import { CartLink } from './cart-link';

function renderLink() {
  const Stub = routeStub([{ path: '/', Component: CartLink }]);
  return render(<Stub initialEntries={['/']} />);
}

const twoLines = makeCart({ items: [makeCartLine(), makeTapeLine()] });

afterEach(() => {
  vi.restoreAllMocks();
  setCartCount(null);
});

describe('the header’s cart link', () => {
  it('is a plain Cart link for a visitor, who costs no request', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { container } = renderLink();
    expect(screen.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart');
    // The badge's box is there from the start, empty, laid over the icon: nothing moves when it fills.
    expect(container.querySelector('.cart-link__count')).toBeEmptyDOMElement();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('reads a customer’s cart once and shows its number of lines', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(twoLines));
    const { container } = renderLink();
    expect(await screen.findByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
    expect(container.querySelector('.cart-link__count')).toHaveTextContent('2');
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(String(fetchSpy.mock.calls[0]![0])).toBe('/api/ecommerce/carts/current/');
  });

  it('follows the count the cart and product pages publish, without reading the cart again', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(twoLines));
    const { container } = renderLink();
    await screen.findByRole('link', { name: 'Cart, 2 items' });
    act(() => setCartCount(1));
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
    act(() => setCartCount(0));
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();
    expect(container.querySelector('.cart-link__count')).toBeEmptyDOMElement();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('forgets the count when the customer logs out', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(twoLines));
    renderLink();
    await screen.findByRole('link', { name: 'Cart, 2 items' });
    act(() => clearSession());
    expect(screen.getByRole('link', { name: 'Cart' })).toBeInTheDocument();
  });

  it('shows no number when the cart cannot be read', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ detail: 'Boom' }, 500));
    renderLink();
    await vi.waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('link', { name: 'Cart' })).toBeInTheDocument();
  });
});
