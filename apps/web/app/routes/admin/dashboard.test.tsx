import type { Dashboard } from '@shop/domain';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeStub } from '~test/route-stub';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import * as dashboardRoute from './dashboard';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const FIGURES: Dashboard = {
  generated_at: '2025-07-01T10:00:00.000Z',
  time_zone: 'Europe/London',
  today: {
    from: '2025-06-30T23:00:00.000Z',
    to: '2025-07-01T23:00:00.000Z',
    orders: 2,
    net_pence: 15_000,
    vat_pence: 3_000,
    total_pence: 18_000,
    refunded_pence: 600,
    test_orders: 0,
  },
  this_month: {
    from: '2025-06-30T23:00:00.000Z',
    to: '2025-07-31T23:00:00.000Z',
    orders: 1_234,
    net_pence: 1_234_567,
    vat_pence: 246_913,
    total_pence: 1_481_480,
    refunded_pence: 0,
    test_orders: 0,
  },
  waiting_to_ship: { pending: 4, processing: 3, total: 7 },
  low_stock: {
    count: 12,
    items: [{ id: 5, sku: 'TD-PRO-50', title: 'Tape dispenser', stock: 0, low_stock_threshold: 20 }],
  },
  unanswered_messages: 9,
};

function renderPage(answer: () => Response) {
  localStorage.setItem(ACCESS_TOKEN_KEY, 'staff-token');
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return url === '/api/administration/dashboard/' ? answer() : json({ detail: 'Not found.' }, 404);
  });
  const Stub = routeStub([
    {
      path: '/admin',
      Component: dashboardRoute.default,
      loader: dashboardRoute.clientLoader,
      HydrateFallback: dashboardRoute.HydrateFallback,
    },
  ]);
  render(<Stub initialEntries={['/admin']} />);
  return fetch;
}

/** A figure of a section: the definition that follows its term. */
function figure(section: string, term: string) {
  const region = screen.getByRole('region', { name: section });
  return within(region).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/admin (the dashboard)', () => {
  it('shows today’s and this month’s trade, what is waiting, and links to the lists', async () => {
    const fetch = renderPage(() => json(FIGURES));
    const today = 'Today (1 July 2025)';
    expect(await screen.findByRole('heading', { level: 2, name: today })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual([
      'Dashboard',
    ]);
    expect(figure(today, 'Paid orders')).toBe('2');
    expect(figure(today, 'Revenue, net of VAT')).toBe('£150.00');
    expect(figure(today, 'VAT')).toBe('£30.00');
    expect(figure(today, 'Refunded')).toBe('£6.00');
    const month = 'This month (July 2025)';
    expect(figure(month, 'Paid orders')).toBe('1,234');
    expect(figure(month, 'Revenue, net of VAT')).toBe('£12,345.67');
    expect(figure(month, 'VAT')).toBe('£2,469.13');

    expect(figure('Waiting for you', 'Orders waiting to ship')).toBe('7');
    expect(figure('Waiting for you', 'Items low on stock')).toBe('12');
    expect(figure('Waiting for you', 'Unanswered messages')).toBe('9');
    expect(screen.getByRole('link', { name: '4 pending orders' })).toHaveAttribute(
      'href',
      '/admin/orders?status=pending',
    );
    expect(screen.getByRole('link', { name: '3 processing orders' })).toHaveAttribute(
      'href',
      '/admin/orders?status=processing',
    );
    expect(screen.getByRole('link', { name: 'The low-stock list' })).toHaveAttribute('href', '/admin/stock');
    expect(screen.getByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/admin/messages');

    const low = screen.getByRole('table', { name: 'Furthest under their low-stock threshold' });
    const row = within(low).getByRole('row', { name: /TD-PRO-50/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Tape dispenser', '0', '20']);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('counts test orders apart, marked TEST, only when there were some', async () => {
    renderPage(() => json({ ...FIGURES, this_month: { ...FIGURES.this_month, test_orders: 3 } }));
    const month = 'This month (July 2025)';
    expect(await screen.findByRole('heading', { level: 2, name: month })).toBeInTheDocument();
    expect(figure(month, 'TEST orders, not counted')).toBe('3');
    // Today had none: nothing to say.
    expect(
      within(screen.getByRole('region', { name: 'Today (1 July 2025)' })).queryByText(/TEST/),
    ).not.toBeInTheDocument();
    expect(screen.getByText(/Orders paid through the test processor took no money/)).toBeInTheDocument();
  });

  it('says nothing of test orders when there were none', async () => {
    renderPage(() => json(FIGURES));
    expect(await screen.findByRole('heading', { level: 2, name: 'Today (1 July 2025)' })).toBeInTheDocument();
    expect(screen.queryByText(/TEST|test processor/)).not.toBeInTheDocument();
  });

  it('says so when the figures cannot be loaded', async () => {
    renderPage(() => json({ detail: 'A server error occurred.' }, 500));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The dashboard could not be loaded: A server error occurred.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });
});
