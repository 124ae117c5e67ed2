import { STOCK_ALERT_MESSAGES, type Page, type StockAlertView } from '@shop/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeStub } from '~test/route-stub';
import { json, stubApi } from '~test/stub-api';
import { StockAlertsSection } from './stock-alerts-section';

const alert = (id: number, overrides: Partial<StockAlertView> = {}): StockAlertView => ({
  id,
  item: 100 + id,
  sku: `SKU-${id}`,
  title: `Item ${id}`,
  product_name: 'Pallet Covers',
  product_url: '/details/wraps/pallet-covers',
  email: 'ann@example.com',
  status: 'active',
  created_at: '2026-03-05T10:00:00Z',
  notified_at: null,
  ...overrides,
});

const page = (results: StockAlertView[], count = results.length): Page<StockAlertView> => ({
  count,
  next: count > results.length ? '/api/account/stock-alerts/?page=2&page_size=20' : null,
  previous: null,
  results,
});

function renderSection(initial: Page<StockAlertView> | null) {
  const Stub = routeStub([{ path: '/account', Component: () => <StockAlertsSection initial={initial} /> }]);
  render(<Stub initialEntries={['/account']} />);
  return userEvent.setup();
}

const region = () => screen.getByRole('region', { name: 'Stock alerts' });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('StockAlertsSection', () => {
  it('lists each alert with its product page, SKU, state and date', () => {
    renderSection(
      page([
        alert(1),
        alert(2, { status: 'notified', notified_at: '2026-03-07T09:00:00Z', title: 'Black covers' }),
      ]),
    );
    const items = within(region()).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Item 1SKU SKU-1. Waiting for stock since 5 Mar 2026.Cancel',
      'Black coversSKU SKU-2. E-mailed on 7 Mar 2026.',
    ]);
    expect(within(items[0]!).getByRole('link', { name: 'Item 1' })).toHaveAttribute(
      'href',
      '/details/wraps/pallet-covers',
    );
  });

  it('says when there are none', () => {
    renderSection(page([]));
    expect(within(region()).getByText(STOCK_ALERT_MESSAGES.none)).toBeInTheDocument();
  });

  it('says when the alerts could not be read', () => {
    renderSection(null);
    expect(within(region()).getByRole('alert')).toHaveTextContent(STOCK_ALERT_MESSAGES.loadFailed);
  });

  it('cancels an alert, says so and moves the focus to the news; one already gone leaves too', async () => {
    const api = stubApi({
      'DELETE /api/account/stock-alerts/1/': json(undefined, 204),
      'DELETE /api/account/stock-alerts/2/': json({ detail: 'Not found.' }, 404),
    });
    const user = renderSection(page([alert(1), alert(2)]));
    await user.click(within(region()).getByRole('button', { name: 'Cancel the alert for SKU-1' }));
    const news = await within(region()).findByRole('status');
    expect(news).toHaveTextContent(STOCK_ALERT_MESSAGES.cancelled('SKU-1'));
    expect(news).toHaveFocus();
    expect(within(region()).getAllByRole('listitem')).toHaveLength(1);
    await user.click(within(region()).getByRole('button', { name: 'Cancel the alert for SKU-2' }));
    expect(await within(region()).findByText(STOCK_ALERT_MESSAGES.none)).toBeInTheDocument();
    expect(api.calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'DELETE /api/account/stock-alerts/1/',
      'DELETE /api/account/stock-alerts/2/',
    ]);
  });

  it('keeps the alert and says why when the cancel fails', async () => {
    stubApi({ 'DELETE /api/account/stock-alerts/1/': new Response(null, { status: 500 }) });
    const user = renderSection(page([alert(1)]));
    await user.click(within(region()).getByRole('button', { name: 'Cancel the alert for SKU-1' }));
    expect(await within(region()).findByRole('alert')).toHaveTextContent(STOCK_ALERT_MESSAGES.cancelFailed);
    expect(within(region()).getAllByRole('listitem')).toHaveLength(1);
  });

  it('shows more alerts a page at a time, missing none when some were cancelled meanwhile', async () => {
    const first = Array.from({ length: 20 }, (_, i) => alert(i + 1));
    const api = stubApi({
      'DELETE /api/account/stock-alerts/1/': json(undefined, 204),
      // After the cancel, alert 21 moved onto the first page.
      'GET /api/account/stock-alerts/?page=1&page_size=20': page([...first.slice(1), alert(21)], 21),
      'GET /api/account/stock-alerts/?page=2&page_size=20': page([alert(22)], 21),
    });
    const user = renderSection(page(first, 22));
    await user.click(within(region()).getByRole('button', { name: 'Cancel the alert for SKU-1' }));
    await user.click(await within(region()).findByRole('button', { name: 'Show more alerts' }));
    expect(await within(region()).findByRole('link', { name: 'Item 21' })).toBeInTheDocument();
    await user.click(within(region()).getByRole('button', { name: 'Show more alerts' }));
    expect(await within(region()).findByRole('link', { name: 'Item 22' })).toBeInTheDocument();
    expect(within(region()).getAllByRole('listitem')).toHaveLength(21);
    expect(within(region()).queryByRole('button', { name: 'Show more alerts' })).not.toBeInTheDocument();
    expect(api.calls.map((call) => call.url)).toEqual([
      '/api/account/stock-alerts/1/',
      '/api/account/stock-alerts/?page=1&page_size=20',
      '/api/account/stock-alerts/?page=2&page_size=20',
    ]);
  });
});
