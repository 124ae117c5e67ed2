import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AdminShell } from './admin-shell';

const ME = { id: 1, email: 'owner@packright.example', role: 'owner' as const };
const SECTIONS = [
  { to: '/admin', label: 'Dashboard' },
  { to: '/admin/orders', label: 'Orders' },
];

function renderShell(onSignOut = vi.fn()) {
  const Stub = createRoutesStub([
    {
      path: '*',
      Component: () => (
        <AdminShell me={ME} sections={SECTIONS} onSignOut={onSignOut}>
          <h1>Screen</h1>
        </AdminShell>
      ),
    },
  ]);
  render(<Stub initialEntries={['/admin']} />);
  return {
    user: userEvent.setup(),
    menu: screen.getByRole('button', { name: 'Menu' }),
    nav: screen.getByRole('navigation', { name: 'Back office' }),
    shell: document.querySelector('.admin-shell')!,
    onSignOut,
  };
}

describe('AdminShell', () => {
  it('has the shop’s name, the way back to the shop, the sections and the screen, and no storefront', () => {
    renderShell();
    expect(screen.getByRole('link', { name: /^PackRight Supplies/ })).toHaveAttribute('href', '/admin');
    expect(screen.getByRole('link', { name: 'View shop' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/admin/orders');
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { name: 'Screen' }));
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Chat with us' })).not.toBeInTheDocument();
  });

  it('folds the sections behind a Menu button that closes on navigation and with Escape', async () => {
    const { user, menu, nav, shell } = renderShell();
    expect(menu).toHaveAttribute('aria-controls', nav.id);
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(shell).toHaveAttribute('data-menu', 'closed');
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(shell).toHaveAttribute('data-menu', 'open');
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
    await user.click(menu);
    await user.click(screen.getByRole('link', { name: 'Orders' }));
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows who is signed in in the Account menu, and signs out from it', async () => {
    const { user, onSignOut } = renderShell();
    const account = screen.getByRole('button', { name: 'Account' });
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    await user.click(account);
    expect(account).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('owner@packright.example')).toBeVisible();
    expect(screen.getByText('Owner')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
    expect(account).toHaveAttribute('aria-expanded', 'false');
  });

  it('is a bare frame while nobody is known yet', () => {
    const Stub = createRoutesStub([
      { path: '*', Component: () => <AdminShell me={null}>Loading</AdminShell> },
    ]);
    render(<Stub initialEntries={['/admin']} />);
    expect(screen.getByRole('link', { name: 'View shop' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
