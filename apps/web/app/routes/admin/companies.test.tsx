import type { AdminCompanyRow } from '@shop/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '~test/stub-api';
import { routeStub } from '~test/route-stub';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import * as companiesRoute from './companies';

const API = '/api/administration/companies/';

function row(overrides: Partial<AdminCompanyRow> = {}): AdminCompanyRow {
  return {
    id: 42,
    account_number: 'TA-000042',
    status: 'pending',
    legal_name: 'Crates and Co Ltd',
    trading_name: 'Crates',
    business_type: 'partnership',
    applicant_email: 'tara@crates.example',
    members: 1,
    credit_limit: '0.00',
    requested_credit_limit: '2500.00',
    on_hold: false,
    created_at: '2026-11-20T09:30:00Z',
    ...overrides,
  };
}

const page = (results: AdminCompanyRow[]) => ({ count: results.length, next: null, previous: null, results });

function renderList(entry: string) {
  const Stub = routeStub([
    {
      path: '/admin/companies',
      Component: companiesRoute.default,
      loader: companiesRoute.clientLoader,
      HydrateFallback: () => <p>Loading</p>,
    },
  ]);
  const { container } = render(<Stub initialEntries={[entry]} />);
  return { user: userEvent.setup(), container };
}

beforeEach(() => {
  localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
});
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('/admin/companies', () => {
  it('lists the applications awaiting a decision by default, with their columns, and passes axe', async () => {
    const api = stubApi({ [`GET ${API}?status=pending`]: page([row()]) });
    const { container } = renderList('/admin/companies');
    const table = await screen.findByRole('table', { name: 'Trade accounts' });
    expect(screen.getByRole('heading', { level: 1, name: 'Trade accounts' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('pending');
    const [header, first] = within(table).getAllByRole('row');
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Account',
      'Company',
      'Applicant',
      'Status',
      'Credit limit',
      'Members',
      'On hold',
      'Applied ▼',
    ]);
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'TA-000042',
      'Crates and Co LtdTrading as CratesPartnership',
      'tara@crates.example',
      'Awaiting a decision',
      '£2,500.00 asked',
      '1',
      'No',
      '20 Nov 2026',
    ]);
    expect(within(first!).getByRole('link', { name: 'TA-000042' })).toHaveAttribute(
      'href',
      '/admin/companies/42',
    );
    expect(api.calls.map((call) => call.url)).toEqual([`${API}?status=pending`]);
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations).toEqual([]);
  }, 20_000);

  it('shows an approved company’s limit and hold, and asks for every status with "Any status"', async () => {
    const api = stubApi({
      [`GET ${API}?status=pending`]: page([]),
      [`GET ${API}?search=crates`]: page([
        row({ status: 'approved', credit_limit: '5000.00', on_hold: true, members: 3 }),
      ]),
    });
    const { user } = renderList('/admin/companies');
    expect(await screen.findByText('No trade accounts match this search.')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'any');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'crates');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('link', { name: 'TA-000042' });
    const row1 = screen.getByRole('row', { name: /TA-000042/ });
    expect(within(row1).getByText('£5,000.00')).toBeInTheDocument();
    expect(within(row1).getByText('On hold')).toBeInTheDocument();
    expect(within(row1).getByText('Approved')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('any');
    expect(api.calls.map((call) => call.url)).toEqual([`${API}?status=pending`, `${API}?search=crates`]);
  });

  it('keeps a chosen status, the search and the ordering in the API call', async () => {
    const api = stubApi({
      [`GET ${API}?status=declined&search=box&ordering=legal_name&page=2`]: page([
        row({ status: 'declined' }),
      ]),
    });
    renderList('/admin/companies?status=declined&search=box&ordering=legal_name&page=2');
    expect(await screen.findByRole('link', { name: 'TA-000042' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('box');
    expect(api.calls).toHaveLength(1);
  });

  it('shows the server’s error under a filter it refused', async () => {
    stubApi({
      [`GET ${API}?status=closed`]: json({ status: ['Choose pending, approved or declined.'] }, 400),
    });
    renderList('/admin/companies?status=closed');
    expect(await screen.findByText('Choose pending, approved or declined.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The trade accounts could not be loaded');
  });
});
