import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expiredQuote, orderedQuote, quotePage, requestedQuote, sentQuote } from '~test/fake-quotes';
import { json, stubApi } from '~test/stub-api';
import { routeStub } from '~test/route-stub';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import * as login from './login';
import * as quotes from './account-quotes';

function renderAt(path: string) {
  const Stub = routeStub([
    { path: '/login', Component: login.default, loader: login.clientLoader },
    {
      path: '/account/quotes',
      Component: quotes.default,
      loader: quotes.clientLoader,
      HydrateFallback: quotes.HydrateFallback,
    },
  ]);
  const { container } = render(<Stub initialEntries={[path]} />);
  return { user: userEvent.setup(), container };
}

const AXE = { rules: { 'color-contrast': { enabled: false } } } as const;

beforeEach(() => localStorage.setItem(ACCESS_TOKEN_KEY, 'token'));
afterEach(() => vi.restoreAllMocks());

describe('/account/quotes', () => {
  it('lists each quote with its number, date, status in words (expired too), total and expiry', async () => {
    stubApi({
      'GET /api/quotes/': quotePage([
        requestedQuote({ id: 14, number: 'Q-000014' }),
        sentQuote(),
        expiredQuote({ id: 11, number: 'Q-000011' }),
        orderedQuote({ id: 10, number: 'Q-000010' }),
      ]),
    });
    const { container } = renderAt('/account/quotes');
    const table = await screen.findByRole('table', { name: 'Your quotes' });
    expect(screen.getByRole('heading', { level: 1, name: 'Your quotes' })).toBeInTheDocument();
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
    expect(rows).toEqual([
      ['Quote Q-000014', '20 Nov 2026', 'Requested', 'Not priced yet', '–'],
      ['Quote Q-000012', '20 Nov 2026', 'Sent', '£1,434.00', '31 Dec 2099'],
      ['Quote Q-000011', '20 Nov 2026', 'Expired', '£1,434.00', '5 Dec 2020'],
      ['Quote Q-000010', '20 Nov 2026', 'Ordered', '£1,434.00', '31 Dec 2099'],
    ]);
    expect(within(table).getByRole('link', { name: 'Quote Q-000012' })).toHaveAttribute(
      'href',
      '/account/quotes/12',
    );
    expect(screen.queryByRole('navigation', { name: 'Pages of your quotes' })).toBeNull();
    expect((await axe.run(container, AXE)).violations).toEqual([]);
  });

  it('pages through the quotes with the URL’s page', async () => {
    const api = stubApi({
      'GET /api/quotes/?page=2': quotePage([sentQuote()], {
        previous: '/api/quotes/',
        next: '/api/quotes/?page=3',
      }),
    });
    renderAt('/account/quotes?page=2');
    const pages = await screen.findByRole('navigation', { name: 'Pages of your quotes' });
    expect(within(pages).getByRole('link', { name: 'Previous page' })).toHaveAttribute(
      'href',
      '/account/quotes',
    );
    expect(within(pages).getByRole('link', { name: 'Next page' })).toHaveAttribute(
      'href',
      '/account/quotes?page=3',
    );
    expect(api.calls.map((call) => call.url)).toEqual(['/api/quotes/?page=2']);
  });

  it('says there are none yet, and where quotes come from', async () => {
    stubApi({ 'GET /api/quotes/': quotePage([]) });
    renderAt('/account/quotes');
    expect(
      await screen.findByText('You have no quotes yet. Ask for one from your cart.'),
    ).toBeInTheDocument();
  });

  it('says when the quotes cannot be read, and reads them again', async () => {
    let down = true;
    stubApi({
      'GET /api/quotes/': () => (down ? json(undefined, 500) : json(quotePage([sentQuote()]))),
    });
    const { user } = renderAt('/account/quotes');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your quotes could not be loaded. Please try again later.',
    );
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Your quotes' })).toBeInTheDocument();
  });

  it('takes a visitor to the login page without calling the API', async () => {
    localStorage.clear();
    const api = stubApi({});
    renderAt('/account/quotes');
    expect(await screen.findByRole('form', { name: 'Log in to your account' })).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });
});
