import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeStub } from '~test/route-stub';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import { AccountArea } from './account-area';

function Page() {
  const { pathname } = useLocation();
  return (
    <>
      <AccountArea />
      <p>At {pathname}</p>
    </>
  );
}

function renderAt(path: string) {
  const Stub = routeStub([{ path: '*', Component: Page }]);
  render(<Stub initialEntries={[path]} />);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('account area', () => {
  it('shows a Login link to visitors', () => {
    renderAt('/');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Account' })).not.toBeInTheDocument();
  });

  it('shows the account menu to a customer with a stored token', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    const user = userEvent.setup();
    renderAt('/');
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Account' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/account');
    expect(screen.getByRole('link', { name: 'Track Orders' })).toHaveAttribute('href', '/track-order');
    expect(screen.getByRole('link', { name: 'Change Password' })).toHaveAttribute('href', '/change-password');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('offers Admin to staff and owners only, from the token’s role hint', async () => {
    const tokenWith = (claims: object) =>
      `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.sig`;
    const user = userEvent.setup();
    localStorage.setItem(ACCESS_TOKEN_KEY, tokenWith({ sub: '1', role: 'customer' }));
    renderAt('/');
    await user.click(screen.getByRole('button', { name: 'Account' }));
    expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    cleanup();
    localStorage.setItem(ACCESS_TOKEN_KEY, tokenWith({ sub: '2', role: 'staff' }));
    renderAt('/');
    await user.click(screen.getByRole('button', { name: 'Account' }));
    expect(screen.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  it('closes the account menu on Escape and on a click outside', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    const user = userEvent.setup();
    renderAt('/');
    const toggle = screen.getByRole('button', { name: 'Account' });
    await user.click(toggle);
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    await user.click(toggle);
    await user.click(screen.getByText(/^At /));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the account menu when the customer navigates', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    const user = userEvent.setup();
    renderAt('/');
    await user.click(screen.getByRole('button', { name: 'Account' }));
    await user.click(screen.getByRole('link', { name: 'Track Orders' }));
    expect(screen.getByText('At /track-order')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('logs out: tells the server, forgets the token, goes home and shows Login again', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 200 }));
    const user = userEvent.setup();
    renderAt('/track-order');
    await user.click(screen.getByRole('button', { name: 'Account' }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('At /')).toBeInTheDocument();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/account/logout/');
    expect(init?.method).toBe('POST');
  });

  it('logs out locally even when the server cannot be reached', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const user = userEvent.setup();
    renderAt('/track-order');
    await user.click(screen.getByRole('button', { name: 'Account' }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('At /')).toBeInTheDocument();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });
});
