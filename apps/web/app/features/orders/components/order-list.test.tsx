import { ORDER_MESSAGES, ORDER_STATUSES, type OrderView } from '@shop/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrdersPage } from '../api/get-orders';
import { OrderList } from './order-list';
import { json, stubApi } from '~test/stub-api';
import { order } from '~test/fake-checkout';
import { routeStub } from '~test/route-stub';

function renderList(initial: OrdersPage) {
  const Stub = routeStub([{ path: '/track-order', Component: () => <OrderList initial={initial} /> }]);
  render(<Stub initialEntries={['/track-order']} />);
  return userEvent.setup();
}

const table = () => screen.getByRole('table', { name: 'Your orders' });
const rowTexts = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('OrderList', () => {
  it('lists the orders newest first: number, date, lines, total, status and payment', () => {
    renderList({
      orders: [
        order({ id: 101, created_at: '2025-03-05T10:15:00Z' }),
        order({
          id: 102,
          created_at: '2025-04-01T09:00:00Z',
          status: 'shipped',
          payment_status: 'REFUND',
          total: '1234.50',
          items: [...order().items, { ...order().items[0]!, id: 2 }],
        }),
      ],
      next: null,
    });
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Order', 'Date', 'Items', 'Total', 'Status', 'Payment']);
    expect(rowTexts()).toEqual([
      ['#102', '1 Apr 2025', '2', '£1,234.50', 'Shipped', 'Refunded'],
      ['#101', '5 Mar 2025', '1', '£116.12', 'Pending', 'Paid'],
    ]);
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Load more orders' })).not.toBeInTheDocument();
  });

  it('opens each order’s page from its number', () => {
    renderList({
      orders: [order({ id: 101 }), order({ id: 7, created_at: '2025-01-01T09:00:00Z' })],
      next: null,
    });
    expect(within(table()).getByRole('link', { name: '#101' })).toHaveAttribute('href', '/track-order/101');
    expect(within(table()).getByRole('link', { name: '#7' })).toHaveAttribute('href', '/track-order/7');
  });

  it('gives each status its own colour and always its word', () => {
    const orders: OrderView[] = ORDER_STATUSES.map((status, index) => order({ id: index + 1, status }));
    renderList({ orders, next: null });
    for (const [status, word] of [
      ['pending', 'Pending'],
      ['processing', 'Processing'],
      ['shipped', 'Shipped'],
      ['delivered', 'Delivered'],
      ['cancelled', 'Cancelled'],
    ] as const) {
      const badge = within(table()).getByText(word, { selector: '.order-status' });
      expect(badge).toHaveClass(`order-status--${status}`);
    }
    expect(within(table()).getAllByText('Paid', { selector: 'td' })).toHaveLength(5);
  });

  it('shows payment statuses in words', () => {
    renderList({
      orders: [
        order({ id: 1, payment_status: 'PENDING' }),
        order({ id: 2, payment_status: 'COMPLETED' }),
        order({ id: 3, payment_status: 'REFUND' }),
      ],
      next: null,
    });
    expect(rowTexts().map((cells) => cells[5])).toEqual(['Refunded', 'Paid', 'Pending']);
  });

  it('shows the carrier, tracking number, refunded amount and status history with dates', async () => {
    const user = renderList({
      orders: [
        order({
          id: 103,
          status: 'shipped',
          payment_status: 'COMPLETED',
          carrier: 'Royal Mail',
          tracking_number: 'RM123456789GB',
          refunded: '12.50',
          status_history: [
            { status: 'pending', note: 'Order placed', created_at: '2025-03-05T10:15:00Z' },
            { status: 'processing', note: '', created_at: '2025-03-06T09:00:00Z' },
            { status: 'shipped', note: 'Two boxes', created_at: '2025-03-31T23:30:00Z' },
          ],
        }),
      ],
      next: null,
    });
    const [row] = within(table()).getAllByRole('row').slice(1);
    const cells = within(row!).getAllByRole('cell');
    expect(within(cells[3]!).getByText('Shipped', { selector: '.order-status' })).toBeInTheDocument();
    expect(cells[3]).toHaveTextContent('Royal Mail: tracking number RM123456789GB');
    expect(cells[4]).toHaveTextContent('Paid£12.50 refunded');
    const history = within(cells[3]!).getByText('History', { exact: false, selector: 'summary' });
    expect(history).toHaveTextContent('History of order #103');
    await user.click(history);
    expect(
      within(cells[3]!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '5 Mar 2025 Pending – Order placed',
      '6 Mar 2025 Processing',
      // 23:30 UTC on 31 March is 1 April in the UK (BST).
      '1 Apr 2025 Shipped – Two boxes',
    ]);
    expect(within(cells[3]!).getAllByRole('listitem')[2]!.querySelector('time')).toHaveAttribute(
      'datetime',
      '2025-03-31T23:30:00Z',
    );
  });

  it('shows nothing refunded and no shipment for an order not yet shipped', () => {
    renderList({ orders: [order({ refunded: '0.00', carrier: null, tracking_number: null })], next: null });
    expect(rowTexts()).toEqual([['#101', '5 Mar 2025', '1', '£116.12', 'Pending', 'Paid']]);
  });

  it('scrolls a wide table inside a labelled region keyboard users can reach', () => {
    renderList({ orders: [order()], next: null });
    expect(screen.getByRole('region', { name: 'Your orders' })).toHaveAttribute('tabindex', '0');
  });

  it('says You have no orders yet. when there are none', () => {
    renderList({ orders: [], next: null });
    expect(screen.getByText('You have no orders yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
  });

  it('loads older orders a page at a time', async () => {
    const api = stubApi({
      'GET /api/orders/?page=2': {
        count: 3,
        next: '/api/orders/?page=3',
        previous: '/api/orders/',
        results: [order({ id: 2, created_at: '2025-02-01T00:00:00Z' })],
      },
      'GET /api/orders/?page=3': {
        count: 3,
        next: null,
        previous: null,
        results: [order({ id: 1, created_at: '2025-01-01T00:00:00Z' })],
      },
    });
    const user = renderList({ orders: [order({ id: 3 })], next: '/api/orders/?page=2' });
    await user.click(screen.getByRole('button', { name: 'Load more orders' }));
    expect(await within(table()).findByText('#2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more orders' }));
    expect(await within(table()).findByText('#1')).toBeInTheDocument();
    expect(rowTexts().map((cells) => cells[0])).toEqual(['#3', '#2', '#1']);
    expect(screen.queryByRole('button', { name: 'Load more orders' })).not.toBeInTheDocument();
    expect(api.calls.map((call) => call.url)).toEqual(['/api/orders/?page=2', '/api/orders/?page=3']);
  });

  it('keeps the orders shown and says so when the next page fails or makes no sense', async () => {
    let answer = json(undefined, 500);
    stubApi({ 'GET /api/orders/?page=2': () => answer });
    const user = renderList({ orders: [order()], next: '/api/orders/?page=2' });
    await user.click(screen.getByRole('button', { name: 'Load more orders' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ORDER_MESSAGES.loadFailed);
    answer = json({ orders: [] });
    await user.click(screen.getByRole('button', { name: 'Load more orders' }));
    expect(await screen.findByText(ORDER_MESSAGES.invalidResponse)).toHaveAttribute('role', 'alert');
    expect(within(table()).getByText('#101')).toBeInTheDocument();
  });
});
