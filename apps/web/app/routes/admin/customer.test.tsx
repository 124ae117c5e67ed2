import type { CustomerDetail } from '@shop/domain';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffMe } from '~/features/admin/api';
import { json, stubApi } from '~test/stub-api';
import { routeStub } from '~test/route-stub';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import * as customerScreen from './customer';

const price = {
  id: 71,
  item: { id: 5, sku: 'TD-PRO-75', title: 'Pro tape dispenser 75mm' },
  discount_percentage: 10,
  starts_on: '2025-01-01',
  ends_on: null,
  in_force: true,
  created_at: '2025-01-01T09:00:00.000Z',
};

const customer: CustomerDetail = {
  id: 12,
  email: 'trade@example.com',
  first_name: 'Tara',
  last_name: 'Trader',
  company_name: 'Crates Ltd',
  role: 'customer',
  is_active: true,
  created_at: '2024-11-05T10:00:00.000Z',
  interested_in_marketing_communications: false,
  order_count: 1,
  addresses: [
    {
      id: 3,
      first_name: 'Tara',
      last_name: 'Trader',
      street: '1 Dock Road',
      city: 'Hull',
      state: null,
      postal_code: 'HU1 1AA',
      country: 'UK',
      telephone_number: '+447700900123',
    },
  ],
  recent_orders: [
    {
      id: 101,
      status: 'pending',
      payment_status: 'COMPLETED',
      total_pence: 12345,
      created_at: '2025-02-01T10:00:00Z',
    },
  ],
  exclusive_price_count: 1,
  exclusive_prices: [price],
};

const DETAIL = 'GET /api/administration/customers/12/';
const PRICES = '/api/administration/customers/12/exclusive-prices/';

/** The screen, under the back office's layout route as the signed-in member `me` sees it. */
function renderScreen(me: StaffMe = { id: 1, email: 'desk@example.com', role: 'staff' }) {
  localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
  const Stub = routeStub([
    {
      id: 'routes/admin/layout',
      path: '/admin',
      Component: Outlet,
      loader: () => ({ state: 'staff', me }),
      children: [
        {
          path: 'customers/:id',
          Component: customerScreen.default,
          loader: customerScreen.clientLoader,
        },
      ],
    },
  ]);
  return render(<Stub initialEntries={['/admin/customers/12']} />);
}

const OWNER: StaffMe = { id: 2, email: 'boss@example.com', role: 'owner' };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/admin/customers/:id', () => {
  it('shows the customer with one h1, their prices, orders and addresses, and passes axe', async () => {
    stubApi({ [DETAIL]: customer });
    const { container } = renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'Tara Trader' })).toBeInTheDocument();
    const prices = screen.getByRole('table', { name: 'Exclusive prices' });
    expect(within(prices).getByRole('rowheader', { name: /TD-PRO-75/ })).toBeInTheDocument();
    expect(within(prices).getByText('From 1 Jan 2025')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Order #101' })).toHaveAttribute('href', '/admin/orders/101');
    expect(screen.getByText(/£123\.45/)).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations).toEqual([]);
  }, 20_000);

  it('adds an exclusive price with its SKU, percent and dates, then loads the customer again', async () => {
    const created = {
      ...price,
      id: 72,
      discount_percentage: 12.5,
      starts_on: '2025-03-01',
      ends_on: '2025-03-31',
    };
    const api = stubApi({ [DETAIL]: customer, [`POST ${PRICES}`]: json(created, 201) });
    renderScreen();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Add an exclusive price' });
    await user.type(within(form).getByLabelText('Item SKU'), 'TD-PRO-75');
    await user.type(within(form).getByLabelText('Discount (%)'), '12.5');
    fireEvent.change(within(form).getByLabelText('From (optional)'), { target: { value: '2025-03-01' } });
    fireEvent.change(within(form).getByLabelText('Until (optional)'), { target: { value: '2025-03-31' } });
    await user.click(within(form).getByRole('button', { name: 'Add price' }));

    expect(await screen.findByText('TD-PRO-75 now has 12.5% off for this customer.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(api.called('POST', PRICES).map((call) => call.body)).toEqual([
      { item: 'TD-PRO-75', discount_percentage: 12.5, starts_on: '2025-03-01', ends_on: '2025-03-31' },
    ]);
    expect(api.called('GET', '/api/administration/customers/12/').length).toBeGreaterThanOrEqual(2);
    expect(within(form).getByLabelText('Item SKU')).toHaveValue('');
  });

  it('shows the server’s field errors under their fields, and keeps what was typed', async () => {
    const api = stubApi({
      [DETAIL]: customer,
      [`POST ${PRICES}`]: json(
        { item: ['This customer already has an exclusive price for this item.'] },
        400,
      ),
    });
    renderScreen();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Add an exclusive price' });
    await user.type(within(form).getByLabelText('Item SKU'), 'TD-PRO-75');
    await user.type(within(form).getByLabelText('Discount (%)'), '5');
    await user.click(within(form).getByRole('button', { name: 'Add price' }));

    const sku = within(form).getByLabelText('Item SKU');
    expect(
      await within(form).findByText('This customer already has an exclusive price for this item.'),
    ).toHaveAttribute('id', 'price-item-error');
    expect(sku).toHaveAttribute('aria-invalid', 'true');
    expect(sku).toHaveAttribute('aria-describedby', 'price-item-error');
    expect(sku).toHaveValue('TD-PRO-75');
    expect(within(form).getByRole('alert')).toHaveTextContent('Check the highlighted fields.');
    expect(api.called('POST', PRICES)).toHaveLength(1);
  });

  it('checks the percent and the dates with the API’s schema before sending anything', async () => {
    const api = stubApi({ [DETAIL]: customer });
    renderScreen();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Add an exclusive price' });
    await user.type(within(form).getByLabelText('Item SKU'), 'TD-PRO-75');
    await user.type(within(form).getByLabelText('Discount (%)'), '150');
    fireEvent.change(within(form).getByLabelText('From (optional)'), { target: { value: '2025-03-02' } });
    fireEvent.change(within(form).getByLabelText('Until (optional)'), { target: { value: '2025-03-01' } });
    await user.click(within(form).getByRole('button', { name: 'Add price' }));
    expect(await within(form).findByText('Enter a percentage from 0 to 100.')).toBeInTheDocument();
    expect(within(form).getByText('The end date must be on or after the start date.')).toBeInTheDocument();
    expect(api.called('POST', PRICES)).toHaveLength(0);
  });

  it('edits a price in place and removes one', async () => {
    const api = stubApi({
      [DETAIL]: customer,
      [`PATCH ${PRICES}71/`]: { ...price, discount_percentage: 15, starts_on: null },
      [`DELETE ${PRICES}71/`]: new Response(null, { status: 204 }),
    });
    renderScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit the price for TD-PRO-75' }));
    const form = screen.getByRole('form', { name: 'Edit the price for TD-PRO-75' });
    const percent = within(form).getByLabelText('Discount (%)');
    await user.clear(percent);
    await user.type(percent, '15');
    fireEvent.change(within(form).getByLabelText('From (optional)'), { target: { value: '' } });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByRole('button', { name: 'Edit the price for TD-PRO-75' });
    expect(api.called('PATCH', `${PRICES}71/`).map((call) => call.body)).toEqual([
      { discount_percentage: 15, starts_on: null, ends_on: null },
    ]);

    await user.click(screen.getByRole('button', { name: 'Remove the price for TD-PRO-75' }));
    expect(await screen.findByText('The exclusive price for TD-PRO-75 was removed.')).toBeInTheDocument();
    expect(api.called('DELETE', `${PRICES}71/`)).toHaveLength(1);
  });

  it('deactivates the account, and says why when the server refuses', async () => {
    let refuse = false;
    const api = stubApi({
      [DETAIL]: customer,
      'PATCH /api/administration/customers/12/': () =>
        refuse
          ? json({ detail: 'Only an owner can change a staff or owner account.' }, 403)
          : json({ ...customer, is_active: false }),
    });
    renderScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Deactivate account' }));
    expect(await screen.findByText('trade@example.com is deactivated and signed out.')).toBeInTheDocument();
    expect(api.called('PATCH', '/api/administration/customers/12/').map((call) => call.body)).toEqual([
      { is_active: false },
    ]);
    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Deactivate account' }));
    expect(await screen.findByText('Only an owner can change a staff or owner account.')).toHaveAttribute(
      'role',
      'alert',
    );
  });

  describe('staff and owner accounts (owners manage them; no exclusive prices)', () => {
    const colleague = (role: 'staff' | 'owner'): CustomerDetail => ({
      ...customer,
      role,
      exclusive_price_count: 0,
      exclusive_prices: [],
    });

    it.each([
      ['a staff', 'staff'],
      ['an owner', 'owner'],
    ] as const)(
      'offers a staff member no switch and no prices for %s account, and says why',
      async (_, role) => {
        const api = stubApi({ [DETAIL]: colleague(role) });
        const { container } = renderScreen();
        const account = await screen.findByRole('region', { name: 'Account' });
        expect(
          within(account).getByText('Only an owner can deactivate or reactivate a staff or owner account.'),
        ).toBeInTheDocument();
        expect(within(account).queryByRole('button')).toBeNull();
        const prices = screen.getByRole('region', { name: 'Exclusive prices' });
        expect(
          within(prices).getByText(
            'Exclusive prices are for customer accounts only: staff and owners pay the shop’s prices.',
          ),
        ).toBeInTheDocument();
        expect(screen.queryByRole('form', { name: 'Add an exclusive price' })).toBeNull();
        expect(api.called('PATCH', '/api/administration/customers/12/')).toHaveLength(0);
        const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
        expect(results.violations).toEqual([]);
      },
      20_000,
    );

    it('lets an owner switch a staff account off, still with no exclusive prices', async () => {
      const api = stubApi({
        [DETAIL]: colleague('staff'),
        'PATCH /api/administration/customers/12/': json({ ...colleague('staff'), is_active: false }),
      });
      renderScreen(OWNER);
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Deactivate account' }));
      expect(await screen.findByText('trade@example.com is deactivated and signed out.')).toBeInTheDocument();
      expect(api.called('PATCH', '/api/administration/customers/12/')).toHaveLength(1);
      expect(screen.queryByRole('form', { name: 'Add an exclusive price' })).toBeNull();
      expect(screen.queryByRole('table', { name: 'Exclusive prices' })).toBeNull();
    });

    it('shows a price left on a staff account from before the rule, removable only', async () => {
      const api = stubApi({
        [DETAIL]: { ...colleague('staff'), exclusive_price_count: 1, exclusive_prices: [price] },
        [`DELETE ${PRICES}71/`]: new Response(null, { status: 204 }),
      });
      renderScreen(OWNER);
      const user = userEvent.setup();
      const prices = await screen.findByRole('table', { name: 'Exclusive prices' });
      expect(within(prices).queryByRole('button', { name: 'Edit the price for TD-PRO-75' })).toBeNull();
      await user.click(within(prices).getByRole('button', { name: 'Remove the price for TD-PRO-75' }));
      expect(await screen.findByText('The exclusive price for TD-PRO-75 was removed.')).toBeInTheDocument();
      expect(api.called('DELETE', `${PRICES}71/`)).toHaveLength(1);
      expect(screen.queryByRole('form', { name: 'Add an exclusive price' })).toBeNull();
    });

    it('keeps every action on a customer account for staff', async () => {
      stubApi({ [DETAIL]: customer });
      renderScreen();
      expect(await screen.findByRole('button', { name: 'Deactivate account' })).toBeInTheDocument();
      expect(screen.getByRole('form', { name: 'Add an exclusive price' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Edit the price for TD-PRO-75' })).toBeInTheDocument();
    });
  });
});
