import type { AdminOrderRow } from '@shop/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '~test/stub-api';
import { routeStub } from '~test/route-stub';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import * as ordersRoute from './orders';

const API = '/api/administration/orders/';

function row(overrides: Partial<AdminOrderRow> = {}): AdminOrderRow {
  return {
    id: 101,
    created_at: '2025-03-05T10:15:00Z',
    customer: { id: 7, name: 'Jane Doe', email: 'jane@example.com' },
    status: 'shipped',
    payment_status: 'COMPLETED',
    total: '1234.5',
    refunded: '12.00',
    line_count: 2,
    is_test: false,
    delivery_service: 'parcel',
    delivery_label: 'Parcel',
    dispatch_by: '2025-03-05',
    delivery_date: '2025-03-06',
    ...overrides,
  };
}

const page = (results: AdminOrderRow[], extra: object = {}) => ({
  count: results.length,
  count_capped: false,
  next: null,
  previous: null,
  results,
  ...extra,
});

function renderList(entry: string) {
  const Stub = routeStub([
    {
      path: '/admin/orders',
      Component: ordersRoute.default,
      loader: ordersRoute.clientLoader,
      HydrateFallback: () => <p>Loading</p>,
    },
  ]);
  render(<Stub initialEntries={[entry]} />);
  return userEvent.setup();
}

beforeEach(() => {
  localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
});
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('/admin/orders', () => {
  it('lists the orders with money in pounds, links to each and sortable headers', async () => {
    stubApi({ [`GET ${API}`]: page([row(), row({ id: 100, status: 'pending', refunded: '0.00' })]) });
    renderList('/admin/orders');
    const table = await screen.findByRole('table', { name: 'Orders' });
    expect(screen.getByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    const [header, first] = within(table).getAllByRole('row');
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
      // The current order, newest first, is marked (and told to screen readers by aria-sort).
    ).toEqual([
      'Order',
      'Placed ▼',
      'Dispatch by',
      'Customer',
      'PO number',
      'Status',
      'Payment',
      'Lines',
      'Total',
      'Refunded',
    ]);
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '#101',
      '5 Mar 2025, 10:15',
      'Wed 5 Mar 2025Parcel',
      'Jane Doejane@example.com',
      '',
      'Shipped',
      'Paid',
      '2',
      '£1,234.50',
      '£12.00',
    ]);
    expect(within(first!).getByRole('link', { name: '#101' })).toHaveAttribute('href', '/admin/orders/101');
    expect(within(header!).getByRole('link', { name: 'Total' })).toHaveAttribute(
      'href',
      '/admin/orders?ordering=total',
    );
    expect(within(header!).getByRole('columnheader', { name: /Placed/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('marks an order paid through the test processor TEST, and only that one', async () => {
    stubApi({ [`GET ${API}`]: page([row({ id: 102, is_test: true }), row()]) });
    renderList('/admin/orders');
    const table = await screen.findByRole('table', { name: 'Orders' });
    const [, test, real] = within(table).getAllByRole('row');
    expect(within(test!).getAllByRole('cell')[0]).toHaveTextContent(/^#102 TEST$/);
    expect(within(test!).getByText('TEST')).toHaveAttribute(
      'title',
      'Paid through the test processor: no money was taken',
    );
    expect(within(real!).getAllByRole('cell')[0]).toHaveTextContent(/^#101$/);
  });

  it('sends the URL’s filters to the API, leaving out empty ones, and shows them in the form', async () => {
    const api = stubApi({
      [`GET ${API}?status=shipped&customer=jane&ordering=total`]: page([row()]),
      [`GET ${API}?status=shipped&customer=jane&sku=TD-PRO-75&ordering=total`]: page([]),
    });
    const user = renderList('/admin/orders?status=shipped&payment_status=&customer=jane&ordering=total');
    expect(await screen.findByRole('link', { name: '#101' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('shipped');
    expect(screen.getByRole('searchbox', { name: 'Customer' })).toHaveValue('jane');
    await user.type(screen.getByRole('searchbox', { name: 'SKU' }), 'TD-PRO-75');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('No orders match these filters.')).toBeInTheDocument();
    expect(api.calls.map((call) => call.url)).toEqual([
      `${API}?status=shipped&customer=jane&ordering=total`,
      `${API}?status=shipped&customer=jane&sku=TD-PRO-75&ordering=total`,
    ]);
  });

  it('shows the server’s error under a filter it refused', async () => {
    stubApi({
      [`GET ${API}?date_from=2024-02-02&date_to=2024-02-01`]: json(
        { date_to: ['The end date must be on or after the start date.'] },
        400,
      ),
    });
    renderList('/admin/orders?date_from=2024-02-02&date_to=2024-02-01');
    expect(await screen.findByText('The end date must be on or after the start date.')).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription(
      'The end date must be on or after the start date.',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The orders could not be loaded');
  });

  it('filters by PO number through the URL, and shows a trade order’s PO and account numbers', async () => {
    const trade = row({
      id: 103,
      payment_status: 'ON_ACCOUNT',
      purchase_order_number: 'PO-7781',
      company_account_number: 'TA-000042',
    });
    const api = stubApi({
      [`GET ${API}`]: page([row()]),
      [`GET ${API}?purchase_order_number=PO-77`]: page([trade]),
    });
    const user = renderList('/admin/orders');
    expect(await screen.findByRole('link', { name: '#101' })).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'PO number' }), 'PO-77');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const link = await screen.findByRole('link', { name: '#103' });
    const cells = within(link.closest('tr')!).getAllByRole('cell');
    expect(cells[3]).toHaveTextContent('Trade account TA-000042');
    expect(cells[4]).toHaveTextContent(/^PO-7781$/);
    expect(cells[6]).toHaveTextContent('On account');
    expect(screen.getByRole('searchbox', { name: 'PO number' })).toHaveValue('PO-77');
    expect(api.calls.map((call) => call.url)).toEqual([API, `${API}?purchase_order_number=PO-77`]);
  });

  it('sorts by dispatch-by day and leaves the day blank for an order from before delivery dates', async () => {
    const old = row({
      id: 90,
      delivery_service: null,
      delivery_label: null,
      dispatch_by: null,
      delivery_date: null,
    });
    stubApi({ [`GET ${API}?ordering=dispatch_by`]: page([row(), old]) });
    renderList('/admin/orders?ordering=dispatch_by');
    const table = await screen.findByRole('table', { name: 'Orders' });
    const [header, dated, undated] = within(table).getAllByRole('row');
    const column = within(header!).getByRole('columnheader', { name: /Dispatch by/ });
    expect(column).toHaveAttribute('aria-sort', 'ascending');
    // Clicking again turns it round, latest first.
    expect(within(column).getByRole('link')).toHaveAttribute('href', '/admin/orders?ordering=-dispatch_by');
    expect(within(dated!).getByText('Wed 5 Mar 2025')).toHaveAttribute('dateTime', '2025-03-05');
    expect(within(undated!).getAllByRole('cell')[2]).toHaveTextContent(/^$/);
  });

  it('filters by what is due out and by dispatch-by days through the URL', async () => {
    const api = stubApi({
      [`GET ${API}?due=overdue`]: page([row()]),
      [`GET ${API}?due=today&dispatch_by_from=2025-03-01&dispatch_by_to=2025-03-31`]: page([]),
    });
    const user = renderList('/admin/orders?due=overdue');
    expect(await screen.findByRole('link', { name: '#101' })).toBeInTheDocument();
    const due = screen.getByRole('combobox', { name: 'Due out' });
    expect(due).toHaveValue('overdue');
    expect(
      within(due)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Any', 'Today', 'Overdue']);
    expect(due).toHaveAccessibleDescription('Orders still to ship');
    await user.selectOptions(due, 'today');
    await user.type(screen.getByLabelText('Dispatch by from'), '2025-03-01');
    await user.type(screen.getByLabelText('Dispatch by to'), '2025-03-31');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('No orders match these filters.')).toBeInTheDocument();
    expect(api.calls.map((call) => call.url)).toEqual([
      `${API}?due=overdue`,
      `${API}?due=today&dispatch_by_from=2025-03-01&dispatch_by_to=2025-03-31`,
    ]);
  });

  it('shows the server’s error under a dispatch-by day it refused', async () => {
    const message = 'The end date must be on or after the start date.';
    stubApi({
      [`GET ${API}?dispatch_by_from=2025-03-02&dispatch_by_to=2025-03-01`]: json(
        { dispatch_by_to: [message] },
        400,
      ),
    });
    renderList('/admin/orders?dispatch_by_from=2025-03-02&dispatch_by_to=2025-03-01');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('Dispatch by to')).toHaveAccessibleDescription(message);
  });
});
