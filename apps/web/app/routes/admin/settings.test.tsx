import type { ReceivablesSettingsView, ShopSettingsView } from '@shop/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '~test/stub-api';
import { routeStub } from '~test/route-stub';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import * as settingsScreen from './settings';

const settings: ShopSettingsView = {
  invoice: {
    legal_name: 'PackRight Supplies Ltd',
    address: {
      street: 'Unit 4, Meridian Business Park',
      city: 'Leicester',
      postal_code: 'LE19 1WZ',
      country: 'United Kingdom',
    },
    vat_number: 'GB123456782',
    company_number: '01234567',
  },
  vat_rate: 20,
  shipping: {
    free_over_net_pence: 15000,
    parcel_rate_pence: 695,
    parcel_max_weight_kg: 30,
    pallet_rate_pence: 4500,
    pallet_max_weight_kg: 1000,
    pallet_from_weight_kg: 750,
  },
};

const GET = 'GET /api/administration/settings/';
const BANK = 'GET /api/administration/settings/bank/';
/** No bank details yet: the API answers null until staff set them. */
const bank = null;
const RECEIVABLES = 'GET /api/administration/settings/receivables/';
const receivables: ReceivablesSettingsView = {
  reminder_days_before: 3,
  overdue_reminder_every_days: 7,
  hold_after_days_overdue: 14,
  email_statements: true,
};

function renderScreen() {
  localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
  const Stub = routeStub([
    {
      path: '/admin/settings',
      Component: settingsScreen.default,
      loader: settingsScreen.clientLoader,
    },
  ]);
  return render(<Stub initialEntries={['/admin/settings']} />);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/admin/settings', () => {
  it('shows the five forms filled with the saved settings under one h1, and passes axe', async () => {
    stubApi({ [GET]: settings, [BANK]: bank, [RECEIVABLES]: receivables });
    const { container } = renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Invoice details',
      'Bank details',
      'VAT rate',
      'Delivery',
      'Reminders, holds and statements',
    ]);
    expect(screen.getByLabelText('VAT number')).toHaveValue('GB123456782');
    expect(screen.getByLabelText('VAT rate (%)')).toHaveValue(20);
    expect(screen.getByLabelText('Rate per parcel (pence)')).toHaveValue(695);
    expect(screen.getByText('£6.95')).toBeInTheDocument();
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations).toEqual([]);
  }, 20_000);

  it('sends the invoice details as the API takes them, shows its field errors, then saves', async () => {
    let answer: Response = json({ vat_number: ['This VAT number’s check digits do not match.'] }, 400);
    const api = stubApi({
      [GET]: settings,
      [RECEIVABLES]: receivables,
      [BANK]: bank,
      'PUT /api/administration/settings/invoice/': () => answer,
    });
    renderScreen();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Invoice details' });
    const vat = within(form).getByLabelText('VAT number');
    await user.clear(vat);
    await user.type(vat, 'GB 980 7806 84');
    await user.click(within(form).getByRole('button', { name: 'Save invoice details' }));

    expect(await within(form).findByText('This VAT number’s check digits do not match.')).toHaveAttribute(
      'id',
      'invoice-vat-number-error',
    );
    expect(vat).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByRole('alert')).toHaveTextContent('Check the highlighted fields.');
    expect(api.called('PUT', '/api/administration/settings/invoice/').map((call) => call.body)).toEqual([
      { ...settings.invoice, vat_number: 'GB980780684' },
    ]);

    answer = json({ ...settings.invoice, vat_number: 'GB980780684' });
    await user.click(within(form).getByRole('button', { name: 'Save invoice details' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('The invoice details are saved');
    expect(vat).toHaveValue('GB980780684');
    expect(vat).not.toHaveAttribute('aria-invalid');
  });

  it('refuses a malformed VAT number or postcode before sending anything', async () => {
    const api = stubApi({ [GET]: settings, [BANK]: bank, [RECEIVABLES]: receivables });
    renderScreen();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Invoice details' });
    await user.clear(within(form).getByLabelText('VAT number'));
    await user.type(within(form).getByLabelText('VAT number'), 'FR123');
    await user.clear(within(form).getByLabelText('Postcode'));
    await user.type(within(form).getByLabelText('Postcode'), '90210');
    await user.click(within(form).getByRole('button', { name: 'Save invoice details' }));
    expect(await within(form).findByText(/Enter a UK VAT number/)).toBeInTheDocument();
    expect(within(form).getByText('Enter a valid UK postcode.')).toBeInTheDocument();
    expect(api.called('PUT', '/api/administration/settings/invoice/')).toEqual([]);
  });

  it('saves the VAT rate, and shows the server’s refusal under the field', async () => {
    let answer: Response = json({ vat_rate: ['Enter a VAT rate from 0 to 100.'] }, 400);
    const api = stubApi({
      [GET]: settings,
      [RECEIVABLES]: receivables,
      [BANK]: bank,
      'PUT /api/administration/settings/vat-rate/': () => answer,
    });
    renderScreen();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'VAT rate' });
    const rate = within(form).getByLabelText('VAT rate (%)');
    await user.clear(rate);
    await user.type(rate, '17.5');
    await user.click(within(form).getByRole('button', { name: 'Save VAT rate' }));
    expect(await within(form).findByText('Enter a VAT rate from 0 to 100.')).toHaveAttribute(
      'id',
      'vat-rate-error',
    );

    answer = json({ vat_rate: 17.5 });
    await user.click(within(form).getByRole('button', { name: 'Save VAT rate' }));
    expect(await within(form).findByRole('status')).toHaveTextContent(
      'VAT is now 17.5% for carts and new orders; placed orders keep theirs.',
    );
    expect(api.called('PUT', '/api/administration/settings/vat-rate/').map((call) => call.body)).toEqual([
      { vat_rate: 17.5 },
      { vat_rate: 17.5 },
    ]);
    await user.clear(rate);
    await user.type(rate, '120');
    await user.click(within(form).getByRole('button', { name: 'Save VAT rate' }));
    expect(await within(form).findByText('Enter a VAT rate from 0 to 100.')).toBeInTheDocument();
    expect(api.called('PUT', '/api/administration/settings/vat-rate/')).toHaveLength(2);
  });

  it('saves the delivery rates as numbers, and shows a bound the server refuses under its field', async () => {
    let answer: Response = json(
      { pallet_from_weight_kg: ['Pallet delivery must start at or below the weight of one pallet.'] },
      400,
    );
    const api = stubApi({
      [GET]: settings,
      [RECEIVABLES]: receivables,
      [BANK]: bank,
      'PUT /api/administration/settings/shipping/': () => answer,
    });
    renderScreen();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Delivery' });
    const parcel = within(form).getByLabelText('Rate per parcel (pence)');
    await user.clear(parcel);
    await user.type(parcel, '750');
    await user.click(within(form).getByRole('button', { name: 'Save delivery rates' }));
    expect(
      await within(form).findByText('Pallet delivery must start at or below the weight of one pallet.'),
    ).toHaveAttribute('id', 'shipping-pallet-from-weight-kg-error');
    expect(api.called('PUT', '/api/administration/settings/shipping/').map((call) => call.body)).toEqual([
      { ...settings.shipping, parcel_rate_pence: 750 },
    ]);

    answer = json({ ...settings.shipping, parcel_rate_pence: 750 });
    await user.click(within(form).getByRole('button', { name: 'Save delivery rates' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('The delivery rates are saved');

    // The schema's own bounds stop a pallet threshold above a pallet's weight before it is sent.
    const from = within(form).getByLabelText('Goods go by pallet from (kg)');
    await user.clear(from);
    await user.type(from, '1500');
    await user.click(within(form).getByRole('button', { name: 'Save delivery rates' }));
    expect(
      await within(form).findByText('Pallet delivery must start at or below the weight of one pallet.'),
    ).toBeInTheDocument();
    expect(api.called('PUT', '/api/administration/settings/shipping/')).toHaveLength(2);
  });

  it('saves the bank details, the sort code as six digits, and shows them as 12-34-56', async () => {
    let answer: Response = json({ account_number: ['Enter the 8-digit account number.'] }, 400);
    const api = stubApi({
      [GET]: settings,
      [RECEIVABLES]: receivables,
      [BANK]: bank,
      'PUT /api/administration/settings/bank/': () => answer,
    });
    renderScreen();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Bank details' });
    expect(within(form).getByLabelText('Sort code')).toHaveValue('');
    await user.type(within(form).getByLabelText('Account name'), 'PackRight Supplies Ltd');
    await user.type(within(form).getByLabelText('Sort code'), '12-34-56');
    await user.type(within(form).getByLabelText('Account number'), '12345678');
    await user.click(within(form).getByRole('button', { name: 'Save bank details' }));
    expect(await within(form).findByText('Enter the 8-digit account number.')).toBeInTheDocument();
    expect(within(form).getByRole('alert')).toHaveTextContent('Check the highlighted fields.');

    answer = json({
      account_name: 'PackRight Supplies Ltd',
      sort_code: '123456',
      account_number: '12345678',
    });
    await user.click(within(form).getByRole('button', { name: 'Save bank details' }));
    expect(
      await within(form).findByText('The bank details are saved; new on-account invoices print them.'),
    ).toHaveAttribute('role', 'status');
    expect(within(form).getByLabelText('Sort code')).toHaveValue('12-34-56');
    expect(api.called('PUT', '/api/administration/settings/bank/').map((call) => call.body)).toEqual([
      { account_name: 'PackRight Supplies Ltd', sort_code: '123456', account_number: '12345678' },
      { account_name: 'PackRight Supplies Ltd', sort_code: '123456', account_number: '12345678' },
    ]);
  });

  it('refuses a short sort code or account number before sending anything', async () => {
    const api = stubApi({
      [GET]: settings,
      [RECEIVABLES]: receivables,
      [BANK]: { account_name: 'PackRight Supplies Ltd', sort_code: '123456', account_number: '12345678' },
    });
    renderScreen();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Bank details' });
    expect(within(form).getByLabelText('Sort code')).toHaveValue('12-34-56');
    const sortCode = within(form).getByLabelText('Sort code');
    await user.clear(sortCode);
    await user.type(sortCode, '12-34');
    const accountNumber = within(form).getByLabelText('Account number');
    await user.clear(accountNumber);
    await user.type(accountNumber, '1234');
    await user.click(within(form).getByRole('button', { name: 'Save bank details' }));
    expect(await within(form).findByText('Enter the 6-digit sort code, e.g. 12-34-56.')).toBeInTheDocument();
    expect(within(form).getByText('Enter the 8-digit account number.')).toBeInTheDocument();
    expect(api.called('PUT', '/api/administration/settings/bank/')).toHaveLength(0);
  });

  it('saves the receivables settings, refusing a bad number before sending and showing the server’s refusal', async () => {
    const PUT = 'PUT /api/administration/settings/receivables/';
    let answer: Response = json({ hold_after_days_overdue: ['Enter a number from 1 to 365.'] }, 400);
    const api = stubApi({ [GET]: settings, [BANK]: bank, [RECEIVABLES]: receivables, [PUT]: () => answer });
    renderScreen();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Reminders, holds and statements' });
    const before = within(form).getByLabelText('Days before the due date for the first reminder');
    const every = within(form).getByLabelText('Days between overdue reminders');
    const hold = within(form).getByLabelText('Days overdue before an automatic hold');
    const statements = within(form).getByRole('checkbox', { name: 'E-mail monthly statements' });
    expect(before).toHaveValue(3);
    expect(every).toHaveValue(7);
    expect(hold).toHaveValue(14);
    expect(statements).toBeChecked();
    const save = within(form).getByRole('button', { name: 'Save receivables settings' });

    // Out of bounds and not whole: refused in the browser with the API's own messages.
    await user.clear(before);
    await user.type(before, '31');
    await user.clear(every);
    await user.type(every, '2.5');
    await user.click(save);
    expect(await within(form).findByText('Enter a number from 1 to 30.')).toHaveAttribute(
      'id',
      'receivables-days-before-error',
    );
    expect(within(form).getByText('Enter a whole number of days.')).toBeInTheDocument();
    expect(before).toHaveAttribute('aria-invalid', 'true');
    expect(api.called('PUT', '/api/administration/settings/receivables/')).toEqual([]);

    await user.clear(before);
    await user.type(before, '5');
    await user.clear(every);
    await user.type(every, '10');
    await user.clear(hold);
    await user.type(hold, '30');
    await user.click(statements);
    await user.click(save);
    expect(await within(form).findByText('Enter a number from 1 to 365.')).toHaveAttribute(
      'id',
      'receivables-hold-after-error',
    );
    const sent = {
      reminder_days_before: 5,
      overdue_reminder_every_days: 10,
      hold_after_days_overdue: 30,
      email_statements: false,
    };
    answer = json(sent);
    await user.click(save);
    expect(await within(form).findByRole('status')).toHaveTextContent('The receivables settings are saved');
    expect(hold).not.toHaveAttribute('aria-invalid');
    expect(statements).not.toBeChecked();
    expect(api.called('PUT', '/api/administration/settings/receivables/').map((call) => call.body)).toEqual([
      sent,
      sent,
    ]);
  });
});
