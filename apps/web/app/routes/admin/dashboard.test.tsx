import type { Dashboard, DashboardCharts } from '@shop/domain';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeStub } from '~test/route-stub';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import * as dashboardRoute from './dashboard';

// Chart.js draws on a canvas, which jsdom lacks: the drawing module is stood in for, and asked what it drew.
const drawChart = vi.hoisted(() => vi.fn(() => ({ destroy: () => undefined })));
vi.mock('~/features/admin/dashboard/components/chart-canvas', () => ({ drawChart }));

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
  due_out_today: { total: 5, overdue: 2 },
  low_stock: {
    count: 12,
    items: [{ id: 5, sku: 'TD-PRO-50', title: 'Tape dispenser', stock: 0, low_stock_threshold: 20 }],
  },
  unanswered_messages: 9,
  trade_applications: 3,
  quotes_to_price: 6,
  warnings: [],
};

const day = (date: string, net = 0, vat = 0, orders = 0) => ({
  date,
  net_pence: net,
  vat_pence: vat,
  orders,
});
const CHARTS: DashboardCharts = {
  generated_at: '2025-07-01T10:00:00.000Z',
  time_zone: 'Europe/London',
  as_of: '2025-07-01',
  days: [
    ...Array.from({ length: 28 }, (_, i) => day(`2025-06-${String(2 + i).padStart(2, '0')}`)),
    day('2025-06-30', 40_000, 8_000, 3),
    day('2025-07-01', 15_000, 3_000, 2),
  ],
  months: [
    ...Array.from({ length: 11 }, (_, i) => ({
      month: i < 5 ? `2024-${String(8 + i).padStart(2, '0')}` : `2025-0${i - 4}`,
      net_pence: 0,
      vat_pence: 0,
      orders: 0,
    })),
    { month: '2025-07', net_pence: 1_234_567, vat_pence: 246_913, orders: 1_234 },
  ],
  aged: { current: 100_000, '1_30': 25_050, '31_60': 0, '61_90': 1_000, over_90: 999_999 },
  most_overdue: [
    {
      id: 7,
      trading_name: 'Acme Joinery',
      account_number: 'TA-000007',
      overdue_pence: 1_000_999,
      oldest_days_past_due: 95,
      on_hold: true,
    },
    {
      id: 3,
      trading_name: 'Brick & Co',
      account_number: 'TA-000003',
      overdue_pence: 25_050,
      oldest_days_past_due: 4,
      on_hold: false,
    },
  ],
};

function renderPage(answer: () => Response, charts: () => Response = () => json(CHARTS)) {
  localStorage.setItem(ACCESS_TOKEN_KEY, 'staff-token');
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url === '/api/administration/dashboard/charts/') return charts();
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
  drawChart.mockClear();
});

/** A table's body rows as their cells' text, the row header first. */
function rows(table: HTMLElement) {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
}

describe('/admin (the dashboard)', () => {
  it('shows today’s and this month’s trade, what is waiting, and links to the lists', async () => {
    const fetch = renderPage(() => json(FIGURES));
    const today = 'Today (1 July 2025)';
    expect(await screen.findByRole('heading', { level: 2, name: today })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual([
      'Dashboard',
    ]);
    expect(figure(today, 'Orders invoiced')).toBe('2');
    expect(figure(today, 'Revenue, net of VAT')).toBe('£150.00');
    expect(figure(today, 'VAT')).toBe('£30.00');
    expect(figure(today, 'Refunded')).toBe('£6.00');
    const month = 'This month (July 2025)';
    expect(figure(month, 'Orders invoiced')).toBe('1,234');
    expect(figure(month, 'Revenue, net of VAT')).toBe('£12,345.67');
    expect(figure(month, 'VAT')).toBe('£2,469.13');

    expect(figure('Waiting for you', 'Orders waiting to ship')).toBe('7');
    expect(figure('Waiting for you', 'Due out today')).toBe('5 (2 overdue)');
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
    // Due out today counts the overdue too; each part links to its list, earliest dispatch-by first.
    expect(screen.getByRole('link', { name: '3 due out today' })).toHaveAttribute(
      'href',
      '/admin/orders?due=today&ordering=dispatch_by',
    );
    expect(screen.getByRole('link', { name: '2 overdue' })).toHaveAttribute(
      'href',
      '/admin/orders?due=overdue&ordering=dispatch_by',
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
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('counts the trade applications to decide and the quotes to price, each linked to its list', async () => {
    renderPage(() => json(FIGURES));
    expect(await screen.findByRole('heading', { level: 2, name: 'Waiting for you' })).toBeInTheDocument();
    expect(figure('Waiting for you', 'Trade applications to decide')).toBe('3');
    expect(figure('Waiting for you', 'Quotes to price')).toBe('6');
    expect(screen.getByRole('link', { name: '3 trade applications' })).toHaveAttribute(
      'href',
      '/admin/companies?status=pending',
    );
    expect(screen.getByRole('link', { name: '6 requests for quote' })).toHaveAttribute(
      'href',
      '/admin/quotes?status=requested',
    );
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

  it('says nothing of overdue orders when none is late', async () => {
    renderPage(() => json({ ...FIGURES, due_out_today: { total: 4, overdue: 0 } }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Waiting for you' })).toBeInTheDocument();
    expect(figure('Waiting for you', 'Due out today')).toBe('4');
    expect(screen.getByRole('link', { name: '4 due out today' })).toBeInTheDocument();
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

  it('shows each chart with a table of the same figures, and the companies most overdue', async () => {
    renderPage(() => json(FIGURES));
    expect(await screen.findByRole('heading', { level: 2, name: 'Sales, last 30 days' })).toBeInTheDocument();

    const days = screen.getByRole('table', { name: 'Sales, last 30 days' });
    const dayRows = rows(days);
    expect(dayRows).toHaveLength(30);
    expect(dayRows[0]).toEqual(['2 June 2025', '£0.00', '£0.00', '0']);
    expect(dayRows.slice(-2)).toEqual([
      ['30 June 2025', '£400.00', '£80.00', '3'],
      ['1 July 2025', '£150.00', '£30.00', '2'],
    ]);
    const months = rows(screen.getByRole('table', { name: 'Sales, last 12 months' }));
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual(['August 2024', '£0.00', '£0.00', '0']);
    expect(months.at(-1)).toEqual(['July 2025', '£12,345.67', '£2,469.13', '1,234']);

    const aged = rows(screen.getByRole('table', { name: 'Aged debt by days past due' }));
    expect(aged).toEqual([
      ['Current', '£1,000.00'],
      ['1-30 days', '£250.50'],
      ['31-60 days', '£0.00'],
      ['61-90 days', '£10.00'],
      ['Over 90 days', '£9,999.99'],
      ['Total', '£11,260.49'],
    ]);

    const overdue = screen.getByRole('table', { name: 'Companies most overdue' });
    expect(rows(overdue)).toEqual([
      ['Acme Joinery', 'TA-000007', '£10,009.99', '95', 'On hold'],
      ['Brick & Co', 'TA-000003', '£250.50', '4', 'No'],
    ]);
    expect(within(overdue).getByRole('link', { name: 'Acme Joinery' })).toHaveAttribute(
      'href',
      '/admin/companies/7',
    );

    // Each chart is one image named by what it shows; the canvas is drawn in the browser.
    const images = screen.getAllByRole('img');
    expect(images.map((image) => image.tagName)).toEqual(['CANVAS', 'CANVAS', 'CANVAS']);
    expect(images[0]).toHaveAccessibleName(
      'Bar chart of sales invoiced per day, 2 June 2025 to 1 July 2025: £550.00 net and £110.00 VAT from 5 orders in all; highest 30 June 2025, £400.00 net. The table gives each figure.',
    );
    expect(images[2]).toHaveAccessibleName(
      'Bar chart of the debt every company owes on open invoices, by days past due: Current £1,000.00, 1-30 days £250.50, 31-60 days £0.00, 61-90 days £10.00, Over 90 days £9,999.99; £11,260.49 in all.',
    );
    await vi.waitFor(() => expect(drawChart).toHaveBeenCalledTimes(3));
    expect(drawChart).toHaveBeenCalledWith(
      images[0],
      expect.objectContaining({
        kind: 'revenue',
        net: expect.arrayContaining([40_000, 15_000]),
        orders: expect.arrayContaining([3, 2]),
      }),
    );
    expect(drawChart).toHaveBeenCalledWith(images[2], {
      kind: 'aged',
      labels: ['Current', '1-30 days', '31-60 days', '61-90 days', 'Over 90 days'],
      values: [100_000, 25_050, 0, 1_000, 999_999],
    });
  });

  it('says when no company is overdue', async () => {
    renderPage(
      () => json(FIGURES),
      () => json({ ...CHARTS, most_overdue: [] }),
    );
    expect(await screen.findByText('No company has an invoice past due.')).toBeInTheDocument();
  });

  it('keeps the figures when the charts cannot be loaded', async () => {
    renderPage(
      () => json(FIGURES),
      () => json({ detail: 'A server error occurred.' }, 500),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The charts could not be loaded: A server error occurred.',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Today (1 July 2025)' })).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
