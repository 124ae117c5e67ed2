import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routeStub } from '~test/route-stub';
import { SiteShell } from './site-shell';

function renderShell() {
  const Stub = routeStub([
    {
      path: '*',
      Component: () => (
        <SiteShell>
          <p>Page content</p>
        </SiteShell>
      ),
    },
  ]);
  render(<Stub initialEntries={['/']} />);
  return {
    toggle: screen.getByRole('button', { name: 'Menu' }),
    nav: screen.getByRole('navigation', { name: 'Categories' }),
    shell: document.querySelector('.shell')!,
  };
}

describe('side menu', () => {
  it('is closed at first and lets CSS decide by window width', () => {
    const { toggle, nav, shell } = renderShell();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', nav.id);
    expect(shell).toHaveAttribute('data-menu', 'auto');
  });

  it('opens with the toggle and moves focus into the menu', async () => {
    const user = userEvent.setup();
    const { toggle, nav, shell } = renderShell();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(shell).toHaveAttribute('data-menu', 'open');
    expect(nav).toContainElement(document.activeElement as HTMLElement);
  });

  it('closes on a second press of the toggle', async () => {
    const user = userEvent.setup();
    const { toggle } = renderShell();
    await user.click(toggle);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape and gives focus back to the toggle', async () => {
    const user = userEvent.setup();
    const { toggle, shell } = renderShell();
    await user.click(toggle);
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(shell).toHaveAttribute('data-menu', 'auto');
    expect(toggle).toHaveFocus();
  });

  it('closes on a click outside it', async () => {
    const user = userEvent.setup();
    const { toggle } = renderShell();
    await user.click(toggle);
    await user.click(screen.getByText('Page content'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when focus leaves it, without pulling focus back', async () => {
    const user = userEvent.setup();
    const { toggle } = renderShell();
    await user.click(toggle);
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).not.toHaveFocus();
  });

  it('closes when a link in it is followed', async () => {
    const user = userEvent.setup();
    const { toggle, nav } = renderShell();
    await user.click(toggle);
    const link = screen.getAllByRole('link', { name: 'Pallet Wraps' }).find((l) => nav.contains(l))!;
    await user.click(link);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(link).toHaveAttribute('aria-current', 'page');
  });

  it('links every group to its category page and every item to its product page', () => {
    const { nav } = renderShell();
    const hrefs = [...nav.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(
      expect.arrayContaining([
        '/category/wraps',
        '/details/wraps/pallet-wraps',
        '/details/tapes/packing-tapes',
        '/details/food-packaging/greaseproof-paper',
        '/category/labels',
        '/details/labels/thermal-labels',
      ]),
    );
  });
});
