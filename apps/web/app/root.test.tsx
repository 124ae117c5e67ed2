import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useRouteError } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { routeStub } from '~test/route-stub';
import type { Route } from './+types/root';
import { ErrorBoundary } from './root';

function renderFailingRoute(failure: () => never) {
  const Stub = routeStub([
    {
      path: '/',
      loader: failure,
      Component: () => null,
      HydrateFallback: () => null,
      ErrorBoundary: ErrorBoundary,
    },
  ]);
  render(<Stub initialEntries={['/']} />);
}

describe('root error boundary', () => {
  it('shows a generic message inside the shop layout, never the error itself', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderFailingRoute(() => {
      throw new Error('database password is hunter2');
    });
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.queryByText(/hunter2/)).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Categories' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  });

  it('says which chunk of code did not load, and where, with a reload (spec 1, §8)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const chunk = 'https://shop.test/assets/cart-Bx1c9.js';
    // What a route's split client loader rejects with when its chunk cannot be fetched.
    renderFailingRoute(() => {
      throw new TypeError(`Failed to fetch dynamically imported module: ${chunk}`);
    });
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
    expect(screen.getAllByRole('definition').map((definition) => definition.textContent)).toEqual([
      'A script file did not load',
      chunk,
    ]);
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Categories' })).toBeInTheDocument();
  });

  it('recognises a route whose lazily loaded code fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // Framework mode loads a route's split client loader through `lazy`; a chunk that never arrives
    // rejects it (Safari's words, without the address).
    const router = createMemoryRouter(
      [
        {
          path: '/',
          Component: Outlet,
          ErrorBoundary: () => (
            <ErrorBoundary {...({ error: useRouteError() } as Route.ErrorBoundaryProps)} />
          ),
          children: [
            {
              path: 'cart',
              lazy: { loader: () => Promise.reject(new TypeError('Importing a module script failed.')) },
              Component: () => <p>Cart</p>,
            },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    await act(() => router.navigate('/cart'));
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
    expect(screen.queryByText('Cart')).not.toBeInTheDocument();
    expect(screen.getAllByRole('definition')[1]).toHaveTextContent('Not given by the browser');
  });

  it('calls a 404 "Page not found"', async () => {
    renderFailingRoute(() => {
      throw new Response(null, { status: 404 });
    });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
