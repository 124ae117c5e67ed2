import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeStub } from '~test/route-stub';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import { company } from '~test/fake-company';
import { stubApi } from '~test/stub-api';
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

const tokenWith = (claims: object) =>
  `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.sig`;

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
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/track-order');
    expect(screen.getByRole('link', { name: 'Quick order' })).toHaveAttribute('href', '/quick-order');
    // Without a company: the way to a trade account, and no company-only places.
    expect(screen.getByRole('link', { name: 'Trade account' })).toHaveAttribute('href', '/account/company');
    expect(screen.queryByRole('link', { name: 'Approvals' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Invoices' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Change Password' })).toHaveAttribute('href', '/change-password');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('offers Admin to staff and owners only, from the token’s role hint', async () => {
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
    await user.click(screen.getByRole('link', { name: 'Orders' }));
    expect(screen.getByText('At /track-order')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('logs out: tells the server, forgets the token, goes home and shows Login again', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    const api = stubApi({
      'GET /api/account/trade-account/': { company: null },
      'POST /api/account/logout/': {},
    });
    const user = userEvent.setup();
    renderAt('/track-order');
    await user.click(screen.getByRole('button', { name: 'Account' }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('At /')).toBeInTheDocument();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(api.called('POST', '/api/account/logout/')).toHaveLength(1);
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

  it('shows a trade member their company and its available credit, and the places their role allows', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, tokenWith({ sub: '31', role: 'customer' }));
    stubApi({
      'GET /api/account/trade-account/': {
        company: company({ role: 'approver', trading_name: 'Brightbox', available_credit: '4200.50' }),
      },
    });
    const user = userEvent.setup();
    renderAt('/account');
    const line = await screen.findByRole('link', { name: /Brightbox/ });
    expect(line).toHaveAttribute('href', '/account/company');
    expect(line).toHaveTextContent('BrightboxAvailable credit £4,200.50');
    await user.click(screen.getByRole('button', { name: 'Account' }));
    expect(screen.getByRole('link', { name: 'Approvals' })).toHaveAttribute('href', '/account/approvals');
    expect(screen.getByRole('link', { name: 'Invoices' })).toHaveAttribute(
      'href',
      '/account/company#invoices',
    );
    expect(screen.getByRole('link', { name: 'Company' })).toHaveAttribute('href', '/account/company');
  });

  it('reads nothing for staff, who are not customers, and shows them no company', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, tokenWith({ sub: '32', role: 'staff' }));
    const api = stubApi({ 'GET /api/account/trade-account/': { company: company() } });
    const user = userEvent.setup();
    renderAt('/account');
    await user.click(screen.getByRole('button', { name: 'Account' }));
    expect(screen.getByRole('link', { name: 'Admin' })).toBeInTheDocument();
    expect(screen.queryByText(/Available credit/)).toBeNull();
    expect(api.calls).toEqual([]);
  });
});
