import { render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import * as checkout from './checkout';
import * as login from './login';

// The route stub calls loaders with server-style arguments; the guard only reads the request.
const clientArgs = (request: Request) => ({ request }) as Parameters<typeof checkout.clientLoader>[0];

function renderAt(path: string) {
  const Stub = createRoutesStub([
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
      loader: ({ request }: { request: Request }) => checkout.clientLoader(clientArgs(request)),
      HydrateFallback: checkout.HydrateFallback,
    },
  ]);
  render(<Stub initialEntries={[path]} />);
}

describe('account and commerce route guards', () => {
  it('takes a visitor from /checkout to the login page', async () => {
    renderAt('/checkout');
    expect(await screen.findByRole('form', { name: 'Log in to your account' })).toBeInTheDocument();
  });

  it('shows /checkout to a customer with a stored token', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    renderAt('/checkout');
    expect(await screen.findByText('Checkout will appear here.')).toBeInTheDocument();
  });

  it('shows a loading state with the page title until the browser has checked the session', () => {
    renderAt('/checkout');
    expect(screen.getByRole('status')).toHaveTextContent('Loading your order…');
  });

  it('takes a logged-in customer from /login to the home page', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    renderAt('/login');
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });
});
