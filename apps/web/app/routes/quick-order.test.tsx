import { render, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeStub } from '~test/route-stub';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import * as quickOrder from './quick-order';

function Where() {
  const location = useLocation();
  return <p>At {location.pathname + location.search}</p>;
}

function renderPage() {
  const Stub = routeStub([
    { path: '/login', Component: Where },
    {
      path: '/quick-order',
      Component: quickOrder.default,
      loader: quickOrder.clientLoader,
      HydrateFallback: quickOrder.HydrateFallback,
    },
  ]);
  render(<Stub initialEntries={['/quick-order']} />);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/quick-order', () => {
  it('takes a visitor to the login page, to come back afterwards, without calling the API', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderPage();
    expect(await screen.findByText('At /login?from=%2Fquick-order')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('gives a signed-in customer the page, with nothing asked of the API until there are lines', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderPage();
    expect(await screen.findByRole('textbox', { name: 'SKU and packs, one item a line' })).toHaveValue('');
    expect(screen.getByRole('heading', { level: 1, name: 'Quick order' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'SKU' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add all to cart' })).toBeDisabled();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
