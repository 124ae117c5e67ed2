import {
  COMPANY_MESSAGES,
  type AdminCompanyDetail,
  type AdminExclusivePrice,
  type LedgerView,
} from '@shop/domain';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '~test/stub-api';
import { routeStub } from '~test/route-stub';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import * as companyScreen from './company';

const address = {
  first_name: 'Tara',
  last_name: 'Trader',
  street: '1 Dock Road',
  city: 'Hull',
  state: null,
  postal_code: 'HU1 1AA',
  country: 'United Kingdom',
  telephone_number: '+447700900123',
};

const pending: AdminCompanyDetail = {
  id: 42,
  account_number: 'TA-000042',
  status: 'pending',
  legal_name: 'Crates and Co Ltd',
  trading_name: 'Crates',
  business_type: 'limited_company',
  applicant_email: 'tara@crates.example',
  members: 1,
  credit_limit: '0.00',
  requested_credit_limit: '2500.00',
  on_hold: false,
  created_at: '2026-11-20T09:30:00Z',
  company_number: '01234567',
  vat_number: 'GB123456782',
  registered_address: address,
  invoice_address: { ...address, street: '2 Ledger Lane' },
  accounts_email: 'accounts@crates.example',
  trade_references: [
    { name: 'Boxes Ltd', email: 'credit@boxes.example' },
    { name: 'Tape plc', email: 'ar@tape.example' },
  ],
  decline_reason: null,
  payment_terms: null,
  pay_on_account: false,
  po_required: false,
  hold_reason: null,
  hold_set_by: null,
  balance: '0.00',
  overdue: '0.00',
  aged: { current: '0.00', '1_30': '0.00', '31_60': '0.00', '61_90': '0.00', over_90: '0.00' },
  available_credit: '0.00',
  decided_at: null,
  member_list: [
    {
      id: 5,
      user: 12,
      email: 'tara@crates.example',
      first_name: 'Tara',
      last_name: 'Trader',
      role: 'administrator',
      order_limit: null,
      joined_at: '2026-11-20T09:30:00Z',
    },
  ],
  warnings: [],
};

const approved: AdminCompanyDetail = {
  ...pending,
  status: 'approved',
  credit_limit: '5000.00',
  payment_terms: { kind: 'days', days: 30, label: '30 days from the invoice date' },
  pay_on_account: true,
  balance: '1200.00',
  available_credit: '3800.00',
  decided_at: '2026-11-21T10:00:00Z',
};

const price: AdminExclusivePrice = {
  id: 71,
  item: { id: 5, sku: 'TD-PRO-75', title: 'Pro tape dispenser 75mm' },
  discount_percentage: 10,
  starts_on: null,
  ends_on: '2026-12-31',
  in_force: true,
  created_at: '2026-11-21T10:00:00Z',
};

const COMPANY = '/api/administration/companies/42/';

/** A company's ledger with nothing on it (ledger-section.test.tsx covers the section). */
const EMPTY_LEDGER: LedgerView = {
  balance: '0.00',
  overdue: '0.00',
  unapplied_credit: '0.00',
  aged: { current: '0.00', '1_30': '0.00', '31_60': '0.00', '61_90': '0.00', over_90: '0.00' },
  invoices: [],
  payments: [],
  credit_notes: [],
  entries: [],
};
const PRICES = `${COMPANY}prices/`;
const pricesPage = (results: AdminExclusivePrice[]) => ({
  count: results.length,
  next: null,
  previous: null,
  results,
});

/** The API with the company as `company()` answers it now, and its prices. */
function stubCompany(company: () => AdminCompanyDetail, routes: Record<string, unknown> = {}) {
  return stubApi({
    [`GET ${COMPANY}`]: () => json(company()),
    [`GET ${PRICES}?page_size=100`]: pricesPage([price]),
    [`GET ${COMPANY}ledger/`]: EMPTY_LEDGER,
    ...routes,
  });
}

function renderScreen(id = '42') {
  const Stub = routeStub([
    {
      path: '/admin/companies/:id',
      Component: companyScreen.default,
      loader: companyScreen.clientLoader,
      HydrateFallback: () => <p>Loading</p>,
    },
  ]);
  const { container } = render(<Stub initialEntries={[`/admin/companies/${id}`]} />);
  return { user: userEvent.setup(), container };
}

const AXE = { rules: { 'color-contrast': { enabled: false } } } as const;

beforeEach(() => {
  localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
});
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('/admin/companies/:id', () => {
  it('shows a pending application, its members and prices, the decision forms, and passes axe', async () => {
    stubCompany(() => pending);
    const { container } = renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'Crates' })).toBeInTheDocument();
    const application = screen.getByRole('region', { name: 'Application' });
    for (const text of [
      'Crates and Co Ltd',
      'Limited company',
      '01234567',
      'GB123456782',
      'accounts@crates.example',
      '£2,500.00',
      'Boxes Ltd, credit@boxes.example',
      '2 Ledger Lane',
    ]) {
      expect(within(application).getByText(text)).toBeInTheDocument();
    }
    const account = screen.getByRole('region', { name: 'Account' });
    expect(within(account).getByText('TA-000042')).toBeInTheDocument();
    expect(within(account).getByText('Awaiting a decision')).toBeInTheDocument();
    const members = screen.getByRole('table', { name: 'Members' });
    expect(within(members).getByRole('link', { name: 'Tara Trader' })).toHaveAttribute(
      'href',
      '/admin/customers/12',
    );
    expect(within(members).getByText('Administrator')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Approve' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Decline' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Hold' })).toBeNull();
    expect(within(screen.getByRole('table', { name: 'Company prices' })).getByText('Until 31 Dec 2026'));
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect((await axe.run(container, AXE)).violations).toEqual([]);
  }, 20_000);

  it('shows a sole trader’s application without registration numbers', async () => {
    stubCompany(() => ({ ...pending, business_type: 'sole_trader', company_number: null, vat_number: null }));
    renderScreen();
    await screen.findByRole('heading', { level: 1, name: 'Crates' });
    const application = screen.getByRole('region', { name: 'Application' });
    expect(within(application).getByText('Sole trader')).toBeInTheDocument();
    expect(within(application).getByText('None')).toBeInTheDocument();
    expect(within(application).getByText('Not VAT registered')).toBeInTheDocument();
  });

  it('approves with a credit limit and days after the invoice, then shows the approved account', async () => {
    let company = pending;
    const api = stubCompany(() => company, {
      [`POST ${COMPANY}approve/`]: () => {
        company = approved;
        return json(approved);
      },
    });
    const { user } = renderScreen();
    const form = await screen.findByRole('form', { name: 'Approve' });
    const limit = within(form).getByLabelText('Credit limit (£)');
    expect(limit).toHaveValue('2500.00');
    await user.clear(limit);
    await user.type(limit, '5000');
    const days = within(form).getByLabelText('Number of days');
    await user.clear(days);
    await user.type(days, '45');
    await user.click(within(form).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByRole('form', { name: 'Hold' })).toBeInTheDocument();
    expect(api.called('POST', `${COMPANY}approve/`).map((call) => call.body)).toEqual([
      { credit_limit: '5000', payment_terms_days: 45 },
    ]);
    const account = screen.getByRole('region', { name: 'Account' });
    expect(within(account).getByText('£3,800.00')).toBeInTheDocument();
    expect(within(account).getByText('30 days from the invoice date')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Approve' })).toBeNull();
  });

  it('approves for card payment only with a limit of 0, or to the end of the following month', async () => {
    const api = stubCompany(() => pending, { [`POST ${COMPANY}approve/`]: json(approved) });
    const { user } = renderScreen();
    const form = await screen.findByRole('form', { name: 'Approve' });
    await user.click(within(form).getByLabelText('End of the month after the invoice'));
    await user.click(within(form).getByRole('button', { name: 'Approve' }));
    expect(
      await within(form).findByText(
        'Crates is approved for a credit limit of £2,500.00, end of the month following the invoice. The applicant is e-mailed.',
      ),
    ).toHaveAttribute('role', 'status');
    await user.click(within(form).getByLabelText('Card payment only, no credit'));
    expect(within(form).queryByLabelText('Credit limit (£)')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Approve' }));
    expect(await within(form).findByText(/approved for card payment only/)).toBeInTheDocument();
    expect(api.called('POST', `${COMPANY}approve/`).map((call) => call.body)).toEqual([
      { credit_limit: '2500.00', payment_terms: 'end_of_following_month' },
      { credit_limit: '0' },
    ]);
  });

  it('checks the limit and the days with the API’s schema, and shows the server’s refusal', async () => {
    const api = stubCompany(() => pending, {
      [`POST ${COMPANY}approve/`]: json({ detail: 'This application has already been decided.' }, 409),
    });
    const { user } = renderScreen();
    const form = await screen.findByRole('form', { name: 'Approve' });
    const limit = within(form).getByLabelText('Credit limit (£)');
    await user.clear(limit);
    await user.type(limit, 'lots');
    const days = within(form).getByLabelText('Number of days');
    await user.clear(days);
    await user.type(days, '500');
    await user.click(within(form).getByRole('button', { name: 'Approve' }));
    expect(await within(form).findByText(COMPANY_MESSAGES.money)).toBeInTheDocument();
    expect(within(form).getByText('Enter a number of days from 1 to 120.')).toBeInTheDocument();
    expect(within(form).getByRole('alert')).toHaveTextContent('Check the highlighted fields.');
    expect(limit).toHaveAttribute('aria-invalid', 'true');
    expect(api.called('POST', `${COMPANY}approve/`)).toHaveLength(0);

    await user.clear(limit);
    await user.type(limit, '2500');
    await user.clear(days);
    await user.type(days, '30');
    await user.click(within(form).getByRole('button', { name: 'Approve' }));
    expect(await within(form).findByText('This application has already been decided.')).toHaveAttribute(
      'role',
      'alert',
    );
  });

  it('declines with a reason, and asks for one first', async () => {
    let company = pending;
    const api = stubCompany(() => company, {
      [`POST ${COMPANY}decline/`]: () => {
        company = { ...pending, status: 'declined', decline_reason: 'No trading history.' };
        return json(company);
      },
    });
    const { user } = renderScreen();
    const form = await screen.findByRole('form', { name: 'Decline' });
    await user.click(within(form).getByRole('button', { name: 'Decline the application' }));
    expect(await within(form).findByText('This field is required.')).toBeInTheDocument();
    expect(api.called('POST', `${COMPANY}decline/`)).toHaveLength(0);
    await user.type(within(form).getByLabelText('Reason'), 'No trading history.');
    await user.click(within(form).getByRole('button', { name: 'Decline the application' }));
    const account = screen.getByRole('region', { name: 'Account' });
    expect(await within(account).findByText('No trading history.')).toBeInTheDocument();
    expect(within(account).getByText('Declined')).toBeInTheDocument();
    expect(api.called('POST', `${COMPANY}decline/`).map((call) => call.body)).toEqual([
      { reason: 'No trading history.' },
    ]);
    expect(screen.queryByRole('form', { name: 'Approve' })).toBeNull();
  });

  it('changes an approved company’s limit and terms, and shows the server’s field errors', async () => {
    let answer = json({ credit_limit: ['Enter an amount from £0.00 to £999,999.99.'] }, 400);
    const api = stubCompany(() => approved, { [`PATCH ${COMPANY}`]: () => answer });
    const { user, container } = renderScreen();
    const form = await screen.findByRole('form', { name: 'Change the credit limit and terms' });
    const limit = within(form).getByLabelText('Credit limit (£)');
    expect(limit).toHaveValue('5000.00');
    await user.clear(limit);
    await user.type(limit, '7500.50');
    await user.click(within(form).getByRole('button', { name: 'Save the credit' }));
    expect(await within(form).findByText('Enter an amount from £0.00 to £999,999.99.')).toBeInTheDocument();
    expect(within(form).getByRole('alert')).toHaveTextContent('Check the highlighted fields.');

    answer = json({ ...approved, credit_limit: '7500.50' });
    await user.click(within(form).getByRole('button', { name: 'Save the credit' }));
    expect(
      await within(form).findByText(
        'Crates now has a credit limit of £7,500.50, 30 days from the invoice date.',
      ),
    ).toBeInTheDocument();
    expect(api.called('PATCH', COMPANY).map((call) => call.body)).toEqual([
      { credit_limit: '7500.50', payment_terms_days: 30 },
      { credit_limit: '7500.50', payment_terms_days: 30 },
    ]);
    expect((await axe.run(container, AXE)).violations).toEqual([]);
  }, 20_000);

  it('puts the company on hold with a reason and lifts the hold', async () => {
    let company = approved;
    const api = stubCompany(() => company, {
      [`POST ${COMPANY}hold/`]: (body: { on_hold: boolean; reason: string }) => {
        company = {
          ...approved,
          on_hold: body.on_hold,
          hold_reason: body.on_hold ? body.reason : null,
          hold_set_by: body.on_hold ? 'staff' : null,
        };
        return json(company);
      },
    });
    const { user } = renderScreen();
    const form = await screen.findByRole('form', { name: 'Hold' });
    await user.type(within(form).getByLabelText('Reason'), 'Invoice 1001 is overdue');
    await user.click(within(form).getByRole('button', { name: 'Put on hold' }));
    expect(await within(form).findByRole('button', { name: 'Lift the hold' })).toBeInTheDocument();
    expect(within(form).getByText(/The account is/)).toHaveTextContent(
      'The account is on hold (set by staff): Invoice 1001 is overdue',
    );
    await user.click(within(form).getByRole('button', { name: 'Lift the hold' }));
    expect(await within(form).findByRole('button', { name: 'Put on hold' })).toBeInTheDocument();
    expect(api.called('POST', `${COMPANY}hold/`).map((call) => call.body)).toEqual([
      { on_hold: true, reason: 'Invoice 1001 is overdue' },
      { on_hold: false, reason: '' },
    ]);
  });

  it('adds, edits and removes company prices', async () => {
    const api = stubCompany(() => approved, {
      [`POST ${PRICES}`]: (body: { item: string }) =>
        body.item === 'NOPE'
          ? json({ item: ['There is no item with this SKU.'] }, 400)
          : json({ ...price, id: 72, discount_percentage: 12.5 }, 201),
      [`PATCH ${PRICES}71/`]: { ...price, discount_percentage: 15 },
      [`DELETE ${PRICES}71/`]: new Response(null, { status: 204 }),
    });
    const { user } = renderScreen();
    const form = await screen.findByRole('form', { name: 'Add a company price' });
    await user.type(within(form).getByLabelText('Item SKU'), 'NOPE');
    await user.type(within(form).getByLabelText('Discount (%)'), '12.5');
    await user.click(within(form).getByRole('button', { name: 'Add price' }));
    expect(await within(form).findByText('There is no item with this SKU.')).toBeInTheDocument();
    const sku = within(form).getByLabelText('Item SKU');
    await user.clear(sku);
    await user.type(sku, 'TD-PRO-75');
    fireEvent.change(within(form).getByLabelText('Until (optional)'), { target: { value: '2026-12-31' } });
    await user.click(within(form).getByRole('button', { name: 'Add price' }));
    expect(
      await within(form).findByText('TD-PRO-75 now has 12.5% off for this company’s members.'),
    ).toBeInTheDocument();
    expect(api.called('POST', PRICES).map((call) => call.body)).toEqual([
      { item: 'NOPE', discount_percentage: 12.5, starts_on: null, ends_on: null },
      { item: 'TD-PRO-75', discount_percentage: 12.5, starts_on: null, ends_on: '2026-12-31' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Edit the price for TD-PRO-75' }));
    const edit = screen.getByRole('form', { name: 'Edit the price for TD-PRO-75' });
    const percent = within(edit).getByLabelText('Discount (%)');
    await user.clear(percent);
    await user.type(percent, '15');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await screen.findByRole('button', { name: 'Edit the price for TD-PRO-75' });
    expect(api.called('PATCH', `${PRICES}71/`).map((call) => call.body)).toEqual([
      { discount_percentage: 15, starts_on: null, ends_on: '2026-12-31' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Remove the price for TD-PRO-75' }));
    expect(await screen.findByText('The company price for TD-PRO-75 was removed.')).toBeInTheDocument();
    expect(api.called('DELETE', `${PRICES}71/`)).toHaveLength(1);
  });

  it('says so when there is no such trade account', async () => {
    stubApi({});
    renderScreen('42');
    expect(await screen.findByText('There is no such trade account.')).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('link', { name: 'All trade accounts' })).toHaveAttribute(
      'href',
      '/admin/companies',
    );
  });

  it('answers a bad id with the same message, without asking the API', async () => {
    const api = stubApi({});
    renderScreen('abc');
    expect(await screen.findByText('There is no such trade account.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});
