import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routeStub } from '~test/route-stub';
import { HeaderSearch } from './header-search';

function renderSearch() {
  const Stub = routeStub([{ path: '*', Component: HeaderSearch }]);
  render(<Stub initialEntries={['/']} />);
}

describe('header search', () => {
  it('has a labelled search combobox on a text input with the spec placeholder', () => {
    renderSearch();
    const box = screen.getByRole('combobox', { name: 'Search products' });
    expect(box).toHaveAttribute('placeholder', 'Search Bags, Pallet Wraps, etc.');
    // The APG combobox pattern on a text input: valid HTML, unlike role="combobox" on type="search".
    expect(box).toHaveAttribute('type', 'text');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('search', { name: 'Products' })).toContainElement(box);
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('opens on narrow windows with its toggle, focuses the box, and closes on Escape', async () => {
    const user = userEvent.setup();
    renderSearch();
    const toggle = screen.getByRole('button', { name: 'Search products' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('combobox')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('toggles the Advanced Search panel with the filter button', async () => {
    const user = userEvent.setup();
    renderSearch();
    const filter = screen.getByRole('button', { name: 'Advanced search' });
    expect(filter).toHaveAttribute('aria-expanded', 'false');
    await user.click(filter);
    expect(filter).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(filter.getAttribute('aria-controls')!);
    expect(panel).toBeVisible();
    expect(await screen.findByRole('form', { name: 'Search by size' })).toBeInTheDocument();
    await user.click(filter);
    expect(filter).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();
  });

  it('closes the panel first on Escape, back to the filter button, then the search box', async () => {
    const user = userEvent.setup();
    renderSearch();
    const toggle = screen.getByRole('button', { name: 'Search products' });
    await user.click(toggle);
    const filter = screen.getByRole('button', { name: 'Advanced search' });
    await user.click(filter);
    await screen.findByRole('form', { name: 'Search by size' });
    await user.keyboard('{Escape}');
    expect(filter).toHaveAttribute('aria-expanded', 'false');
    expect(filter).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the panel on a click outside', async () => {
    const user = userEvent.setup();
    renderSearch();
    const filter = screen.getByRole('button', { name: 'Advanced search' });
    await user.click(filter);
    await screen.findByRole('form', { name: 'Search by size' });
    await user.click(document.body);
    expect(filter).toHaveAttribute('aria-expanded', 'false');
  });
});
