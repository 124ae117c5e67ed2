import { ORDER_MESSAGES } from '@shop/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '~test/stub-api';
import { order } from '~test/fake-checkout';
import { routeStub } from '~test/route-stub';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import * as trackOrder from './track-order';

function Where() {
  const location = useLocation();
  return <p>At {location.pathname + location.search}</p>;
}

function renderPage() {
  const Stub = routeStub([
    { path: '/login', Component: Where },
    {
      path: '/track-order',
      Component: trackOrder.default,
      loader: trackOrder.clientLoader,
      HydrateFallback: trackOrder.HydrateFallback,
    },
  ]);
  render(<Stub initialEntries={['/track-order']} />);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/track-order', () => {
  it('takes a visitor to the login page, to come back afterwards', async () => {
    const api = stubApi({});
    renderPage();
    expect(await screen.findByText('At /login?from=%2Ftrack-order')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('lists the customer’s orders', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    stubApi({ 'GET /api/orders/': { count: 1, next: null, previous: null, results: [order()] } });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Your orders' });
    expect(within(table).getByRole('rowheader', { name: '#101' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
  });

  it('shows a shipped order with its carrier, tracking number, refund and dated history', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    stubApi({
      'GET /api/orders/': {
        count: 1,
        next: null,
        previous: null,
        results: [
          order({
            status: 'shipped',
            carrier: 'DPD',
            tracking_number: '15501234567890',
            refunded: '5.00',
            status_history: [
              { status: 'pending', note: 'Order placed', created_at: '2025-03-05T10:15:00Z' },
              {
                status: 'shipped',
                note: 'Sent with DPD, tracking number 15501234567890',
                created_at: '2025-03-07T08:00:00Z',
              },
            ],
          }),
        ],
      },
    });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Your orders' });
    const row = within(table).getByRole('rowheader', { name: '#101' }).closest('tr')!;
    expect(within(row).getByText('Shipped', { selector: '.order-status' })).toBeInTheDocument();
    expect(row).toHaveTextContent('DPD: tracking number 15501234567890');
    expect(row).toHaveTextContent('£5.00 refunded');
    await userEvent.setup().click(within(row).getByText(/^History/, { selector: 'summary' }));
    expect(within(row).getByText('7 Mar 2025').closest('li')).toHaveTextContent(
      '7 Mar 2025 Shipped – Sent with DPD, tracking number 15501234567890',
    );
  });

  it('accepts a plain array of orders', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    stubApi({ 'GET /api/orders/': [order({ id: 7 })] });
    renderPage();
    expect(await screen.findByRole('rowheader', { name: '#7' })).toBeInTheDocument();
  });

  it('says You have no orders yet. for a customer without orders', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    stubApi({ 'GET /api/orders/': { count: 0, next: null, previous: null, results: [] } });
    renderPage();
    expect(await screen.findByText('You have no orders yet.')).toBeInTheDocument();
  });

  it('says Failed to load orders. Please try again later. and tries again', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    let down = true;
    stubApi({ 'GET /api/orders/': () => (down ? json(undefined, 503) : json([order()])) });
    renderPage();
    expect(await screen.findByText(ORDER_MESSAGES.loadFailed)).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
    down = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('rowheader', { name: '#101' })).toBeInTheDocument();
  });

  it('says the answer is in an invalid format when it is neither a page nor an array', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    stubApi({ 'GET /api/orders/': { orders: [] } });
    renderPage();
    expect(await screen.findByText(ORDER_MESSAGES.invalidResponse)).toHaveAttribute('role', 'alert');
  });

  it('says Please log in to view your orders. when the session has ended', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    stubApi({
      'GET /api/orders/': json({ detail: 'Expired', code: 'token_not_valid' }, 401),
      'POST /api/account/token/refresh/': json({ detail: 'No.' }, 401),
    });
    renderPage();
    expect(await screen.findByText(ORDER_MESSAGES.loginToView)).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login?from=%2Ftrack-order',
    );
  });
});
