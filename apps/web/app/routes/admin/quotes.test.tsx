import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QuoteView } from '@shop/domain';
import { expiredQuote, quoteRow, requestedQuote, sentQuote } from '~test/fake-quotes';
import { json, stubApi } from '~test/stub-api';
import { routeStub } from '~test/route-stub';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import * as quotesRoute from './quotes';

const API = '/api/administration/quotes/';

const page = (results: QuoteView[], extra: object = {}) => ({
  count: results.length,
  next: null,
  previous: null,
  results: results.map(quoteRow),
  ...extra,
});

function renderList(entry: string) {
  const Stub = routeStub([
    {
      path: '/admin/quotes',
      Component: quotesRoute.default,
      loader: quotesRoute.clientLoader,
      HydrateFallback: () => <p>Loading</p>,
    },
  ]);
  const { container } = render(<Stub initialEntries={[entry]} />);
  return { user: userEvent.setup(), container };
}

beforeEach(() => localStorage.setItem(ACCESS_TOKEN_KEY, 'token'));
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('/admin/quotes', () => {
  it('lists requests and quotes with the customer, status in words, total and expiry, each linking to its page', async () => {
    stubApi({
      [`GET ${API}`]: page([
        requestedQuote({ id: 14, number: 'Q-000014' }),
        sentQuote(),
        expiredQuote({ id: 11, number: 'Q-000011' }),
      ]),
    });
    const { container } = renderList('/admin/quotes');
    const table = await screen.findByRole('table', { name: 'Quotes' });
    expect(screen.getByRole('heading', { level: 1, name: 'Quotes' })).toBeInTheDocument();
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
    expect(rows[0]).toEqual([
      'Quote',
      'Requested',
      'Customer',
      'Status',
      'Version',
      'Lines',
      'Total',
      'Valid until',
    ]);
    expect(rows.slice(1).map((row) => [row[0], row[3], row[4], row[6], row[7]])).toEqual([
      ['Q-000014', 'Requested', '–', '–', '–'],
      ['Q-000012', 'Sent', '2', '£1,434.00', '31 Dec 2099'],
      ['Q-000011', 'Expired', '2', '£1,434.00', '5 Dec 2020'],
    ]);
    expect(rows[1]![2]).toBe('Ann Smithann@acme.exampleAcme Packaging');
    expect(within(table).getByRole('link', { name: 'Q-000014' })).toHaveAttribute('href', '/admin/quotes/14');
    expect(screen.getByRole('region', { name: 'Quotes table' })).toBeInTheDocument();
    expect(
      (await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })).violations,
    ).toEqual([]);
  });

  it('filters by status through the URL and pages with the server', async () => {
    const api = stubApi({
      [`GET ${API}?status=requested`]: page([requestedQuote()], {
        count: 41,
        next: `${API}?status=requested&page=2`,
      }),
      [`GET ${API}?status=requested&page=2`]: page([requestedQuote({ id: 3, number: 'Q-000003' })], {
        count: 41,
        previous: `${API}?status=requested`,
      }),
      [`GET ${API}?status=sent`]: page([sentQuote()]),
    });
    const { user } = renderList('/admin/quotes?status=requested');
    expect(await screen.findByRole('link', { name: 'Q-000012' })).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('requested');
    await user.click(screen.getByRole('link', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Q-000003' })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'sent');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByRole('link', { name: 'Q-000012' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Q-000003' })).toBeNull();
    expect(api.calls.map((call) => call.url)).toEqual([
      `${API}?status=requested`,
      `${API}?status=requested&page=2`,
      `${API}?status=sent`,
    ]);
  });

  it('puts the server’s refusal of a filter under it', async () => {
    stubApi({ [`GET ${API}?status=lost`]: json({ status: ['Not a status.'] }, 400) });
    renderList('/admin/quotes?status=lost');
    expect(await screen.findByText('Not a status.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The quotes could not be loaded');
  });
});
