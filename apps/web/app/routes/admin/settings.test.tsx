import {
  BANK_HOLIDAYS,
  DEFAULT_DELIVERY_SETTINGS,
  DELIVERY_SETTINGS_MESSAGES,
  type DeliverySettingsView,
  type ReceivablesSettingsView,
  type ShopSettingsView,
} from '@shop/domain';
import { fireEvent, render, screen, within } from '@testing-library/react';
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

const DELIVERY = 'GET /api/administration/settings/delivery/';
const delivery: DeliverySettingsView = {
  ...structuredClone(DEFAULT_DELIVERY_SETTINGS),
  bank_holidays: {
    'england-and-wales': [...BANK_HOLIDAYS['england-and-wales']],
    scotland: [...BANK_HOLIDAYS.scotland],
    'northern-ireland': [...BANK_HOLIDAYS['northern-ireland']],
  },
};

const ALERTS = 'GET /api/administration/settings/stock-alerts/';
const alerts = { spent_retention_days: 90 };

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
  it('shows the seven forms filled with the saved settings under one h1, and passes axe', async () => {
    stubApi({
      [GET]: settings,
      [BANK]: bank,
      [RECEIVABLES]: receivables,
      [DELIVERY]: delivery,
      [ALERTS]: alerts,
    });
    const { container } = renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Invoice details',
      'Bank details',
      'VAT rate',
      'Mainland delivery rates',
      'Delivery zones, services and dates',
      'Reminders, holds and statements',
      'Back-in-stock alerts',
    ]);
    expect(screen.getByLabelText('VAT number')).toHaveValue('GB123456782');
    expect(screen.getByLabelText('VAT rate (%)')).toHaveValue(20);
    expect(screen.getByLabelText('Days a sent alert is kept')).toHaveValue(90);
    // One unit on the whole page: pounds with two decimals, the API's pence turned into them.
    expect(screen.getByLabelText('Rate per parcel (£)')).toHaveValue('6.95');
    expect(screen.getByLabelText('Free parcel delivery over (£, before VAT)')).toHaveValue(
      (settings.shipping.free_over_net_pence / 100).toFixed(2),
    );
    expect(screen.queryByText(/\(pence/)).toBeNull();
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations).toEqual([]);
  }, 20_000);

  it('sends the invoice details as the API takes them, shows its field errors, then saves', async () => {
    let answer: Response = json({ vat_number: ['This VAT number’s check digits do not match.'] }, 400);
    const api = stubApi({
      [GET]: settings,
      [RECEIVABLES]: receivables,
      [DELIVERY]: delivery,
      [ALERTS]: alerts,
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
    const api = stubApi({
      [GET]: settings,
      [BANK]: bank,
      [RECEIVABLES]: receivables,
      [DELIVERY]: delivery,
      [ALERTS]: alerts,
    });
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
      [DELIVERY]: delivery,
      [ALERTS]: alerts,
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
      [DELIVERY]: delivery,
      [ALERTS]: alerts,
      [BANK]: bank,
      'PUT /api/administration/settings/shipping/': () => answer,
    });
    renderScreen();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Mainland delivery rates' });
    const parcel = within(form).getByLabelText('Rate per parcel (£)');
    // Pounds are turned into pence exactly, or refused: a fraction of a penny is never rounded.
    await user.clear(parcel);
    await user.type(parcel, '6.955');
    await user.click(within(form).getByRole('button', { name: 'Save delivery rates' }));
    expect(await within(form).findByText('Enter pounds and pence, e.g. 8.95.')).toHaveAttribute(
      'id',
      'shipping-parcel-rate-pence-error',
    );
    expect(api.called('PUT', '/api/administration/settings/shipping/')).toEqual([]);
    await user.clear(parcel);
    await user.type(parcel, '7.50');
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
      [DELIVERY]: delivery,
      [ALERTS]: alerts,
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
      [DELIVERY]: delivery,
      [ALERTS]: alerts,
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
    const api = stubApi({
      [GET]: settings,
      [BANK]: bank,
      [RECEIVABLES]: receivables,
      [DELIVERY]: delivery,
      [ALERTS]: alerts,
      [PUT]: () => answer,
    });
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

  describe('delivery zones, services and dates', () => {
    const PUT = 'PUT /api/administration/settings/delivery/';

    it('shows the settings: cut-off, prices in pounds, each zone’s services, the postcode rows and the bank holidays', async () => {
      stubApi({
        [GET]: settings,
        [BANK]: bank,
        [RECEIVABLES]: receivables,
        [DELIVERY]: delivery,
        [ALERTS]: alerts,
      });
      renderScreen();
      const form = await screen.findByRole('form', { name: 'Delivery zones, services and dates' });
      expect(within(form).getByLabelText('Cut-off time (UK)')).toHaveValue('14:00');
      expect(within(form).getByLabelText('Warehouse’s bank holidays')).toHaveValue('england-and-wales');
      expect(within(form).getByLabelText('Next-day pallet, mainland (£ per pallet)')).toHaveValue('65.00');
      expect(within(form).getByLabelText('Tail lift (no forklift on site) (£ per delivery)')).toHaveValue(
        '25.00',
      );
      expect(within(form).getByLabelText('Highlands and Islands, parcel: amount (£)')).toHaveValue('8.95');
      expect(within(form).getByLabelText('Highlands and Islands, parcel: price')).toHaveValue('surcharge');
      expect(within(form).getByLabelText('Highlands and Islands, parcel: served')).toBeChecked();
      expect(
        within(form).getByLabelText('Highlands and Islands, pallet, next day: served'),
      ).not.toBeChecked();
      expect(
        within(form).getByLabelText('Mainland Great Britain, parcel: free over the threshold'),
      ).toBeChecked();
      expect(within(form).getByLabelText('Isles of Scilly, parcel: working days of transit')).toHaveValue(3);
      expect(within(form).getByLabelText('Row 9: postcode area')).toHaveValue('PA');
      expect(within(form).getByLabelText('Row 9: from district')).toHaveValue(20);
      expect(within(form).getByLabelText('Row 9: to district')).toHaveValue(49);
      expect(within(form).getByLabelText('Row 4: from district')).toHaveValue(null);
      expect(within(form).getAllByRole('button', { name: /^Remove row/ })).toHaveLength(19);
      expect(within(form).getByText('No closing days added.')).toBeInTheDocument();
      // The shipped bank holidays, folded by region, read-only.
      const scotland = within(form).getByText('Scotland (27 days)').closest('details')!;
      expect(scotland).not.toHaveAttribute('open');
      expect(within(scotland).getByText('Mon 30 November 2026')).toHaveAttribute('datetime', '2026-11-30');
      expect(within(scotland).queryAllByRole('textbox')).toEqual([]);
      // The wide tables scroll in their own focusable boxes, named by their headings.
      expect(within(form).getByRole('region', { name: 'Zones and services' })).toHaveAttribute(
        'tabindex',
        '0',
      );
      expect(within(form).getByRole('region', { name: 'Postcode zones' })).toBeInTheDocument();
      expect(within(form).getByRole('region', { name: 'Closing days' })).toBeInTheDocument();
    });

    it('sends pence, rows added and removed, and shows the server’s refusals by their fields', async () => {
      const nested = {
        'zones.highlands.parcel.transit_days': [DELIVERY_SETTINGS_MESSAGES.transit],
        'added_days.0.date': [DELIVERY_SETTINGS_MESSAGES.duplicateDay],
        'zone_table.18.area': [DELIVERY_SETTINGS_MESSAGES.area],
      };
      let answer: Response = json(nested, 400);
      const api = stubApi({
        [GET]: settings,
        [BANK]: bank,
        [RECEIVABLES]: receivables,
        [DELIVERY]: delivery,
        [ALERTS]: alerts,
        [PUT]: () => answer,
      });
      renderScreen();
      const user = userEvent.setup();
      const form = await screen.findByRole('form', { name: 'Delivery zones, services and dates' });

      fireEvent.change(within(form).getByLabelText('Cut-off time (UK)'), { target: { value: '13:30' } });
      await user.selectOptions(within(form).getByLabelText('Warehouse’s bank holidays'), 'scotland');
      const amount = within(form).getByLabelText('Highlands and Islands, parcel: amount (£)');
      await user.clear(amount);
      await user.type(amount, '12.95');
      await user.click(within(form).getByLabelText('Isle of Wight, pallet, economy: served'));
      await user.selectOptions(within(form).getByLabelText('Isle of Man, parcel: price'), 'per_unit');
      await user.click(within(form).getByLabelText('Isle of Man, parcel: served'));
      const manAmount = within(form).getByLabelText('Isle of Man, parcel: amount (£)');
      await user.clear(manAmount);
      await user.type(manAmount, '24.5');
      const extra = within(form).getByLabelText('AM slot (before 12:00) (£ per delivery)');
      await user.clear(extra);
      await user.type(extra, '17');

      // Remove the Channel Islands' JE row (the last), add a row for KA 29.
      await user.click(within(form).getByRole('button', { name: 'Remove row 19 (JE)' }));
      await user.click(within(form).getByRole('button', { name: 'Add postcode row' }));
      await user.type(within(form).getByLabelText('Row 19: postcode area'), 'ka');
      await user.type(within(form).getByLabelText('Row 19: from district'), '29');
      await user.type(within(form).getByLabelText('Row 19: to district'), '29');
      await user.click(within(form).getByRole('button', { name: 'Add closing day' }));
      fireEvent.change(within(form).getByLabelText('Closing day 1: date'), {
        target: { value: '2026-12-24' },
      });
      await user.selectOptions(within(form).getByLabelText('Closing day 1: applies to'), 'scotland');
      await user.type(within(form).getByLabelText('Closing day 1: note'), 'Stocktake');

      const save = within(form).getByRole('button', { name: 'Save delivery settings' });
      await user.click(save);
      expect(await within(form).findByText(DELIVERY_SETTINGS_MESSAGES.transit)).toHaveAttribute(
        'id',
        'delivery-highlands-parcel-transit-error',
      );
      expect(
        within(form).getByLabelText('Highlands and Islands, parcel: working days of transit'),
      ).toHaveAttribute('aria-invalid', 'true');
      expect(within(form).getByText(DELIVERY_SETTINGS_MESSAGES.duplicateDay)).toHaveAttribute(
        'id',
        'delivery-day-0-date-error',
      );
      expect(within(form).getByText(DELIVERY_SETTINGS_MESSAGES.area)).toHaveAttribute(
        'id',
        'delivery-row-18-area-error',
      );
      expect(within(form).getByRole('alert')).toHaveTextContent('Check the highlighted fields.');

      const expected = structuredClone(DEFAULT_DELIVERY_SETTINGS);
      expected.cutoff = '13:30';
      expected.warehouse_region = 'scotland';
      expected.extras.am_slot = 1700;
      expected.zones.highlands.parcel.price.pence = 1295;
      expected.zones.isle_of_wight.pallet_economy.served = false;
      expected.zones.isle_of_man.parcel = { ...expected.zones.isle_of_man.parcel, served: true };
      expected.zones.isle_of_man.parcel.price = { kind: 'per_unit', pence: 2450 };
      expected.zone_table = [
        ...expected.zone_table.slice(0, 18),
        { area: 'KA', from: 29, to: 29, zone: 'highlands' },
      ];
      expected.added_days = [{ date: '2026-12-24', applies_to: 'scotland', note: 'Stocktake' }];
      const sent = api.called('PUT', '/api/administration/settings/delivery/').map((call) => call.body);
      expect(sent).toEqual([expected]);

      answer = json({ ...expected, bank_holidays: delivery.bank_holidays });
      await user.click(save);
      expect(await within(form).findByRole('status')).toHaveTextContent('The delivery settings are saved');
      expect(within(form).queryByText(DELIVERY_SETTINGS_MESSAGES.transit)).not.toBeInTheDocument();
      expect(within(form).getByLabelText('Isle of Man, parcel: amount (£)')).toHaveValue('24.50');
      expect(within(form).getByLabelText('Row 19: postcode area')).toHaveValue('KA');
    });

    it('refuses an amount that is not pounds, an area and a cut-off before sending anything', async () => {
      const api = stubApi({
        [GET]: settings,
        [BANK]: bank,
        [RECEIVABLES]: receivables,
        [DELIVERY]: delivery,
        [ALERTS]: alerts,
      });
      renderScreen();
      const user = userEvent.setup();
      const form = await screen.findByRole('form', { name: 'Delivery zones, services and dates' });
      const amount = within(form).getByLabelText('Northern Ireland, parcel: amount (£)');
      await user.clear(amount);
      await user.type(amount, '9,95');
      const area = within(form).getByLabelText('Row 1: postcode area');
      await user.clear(area);
      await user.type(area, 'A1');
      fireEvent.change(within(form).getByLabelText('Cut-off time (UK)'), { target: { value: '' } });
      const transit = within(form).getByLabelText('Isle of Wight, parcel: working days of transit');
      await user.clear(transit);
      await user.type(transit, '11');
      await user.click(within(form).getByRole('button', { name: 'Save delivery settings' }));

      expect(await within(form).findByText('Enter pounds and pence, e.g. 8.95.')).toHaveAttribute(
        'id',
        'delivery-northern-ireland-parcel-amount-error',
      );
      expect(within(form).getByText(DELIVERY_SETTINGS_MESSAGES.area)).toHaveAttribute(
        'id',
        'delivery-row-0-area-error',
      );
      expect(within(form).getByText(DELIVERY_SETTINGS_MESSAGES.cutoff)).toHaveAttribute(
        'id',
        'delivery-cutoff-error',
      );
      expect(within(form).getByText(DELIVERY_SETTINGS_MESSAGES.transit)).toBeInTheDocument();
      expect(api.called('PUT', '/api/administration/settings/delivery/')).toEqual([]);
    });
  });
});

describe('the back-in-stock alerts form', () => {
  it('saves the retention of sent alerts, refusing a number out of bounds before sending', async () => {
    const api = stubApi({
      [GET]: settings,
      [BANK]: bank,
      [RECEIVABLES]: receivables,
      [DELIVERY]: delivery,
      [ALERTS]: alerts,
      'PUT /api/administration/settings/stock-alerts/': { spent_retention_days: 30 },
    });
    renderScreen();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Back-in-stock alerts' });
    const days = within(form).getByLabelText('Days a sent alert is kept');
    await user.clear(days);
    await user.type(days, '731');
    await user.click(within(form).getByRole('button', { name: 'Save alert settings' }));
    expect(await within(form).findByText('Enter a number from 1 to 730.')).toBeInTheDocument();
    expect(api.called('PUT', '/api/administration/settings/stock-alerts/')).toEqual([]);
    await user.clear(days);
    await user.type(days, '30');
    await user.click(within(form).getByRole('button', { name: 'Save alert settings' }));
    expect(await within(form).findByRole('status')).toHaveTextContent(
      'Sent stock alerts are now kept 30 days.',
    );
    expect(api.called('PUT', '/api/administration/settings/stock-alerts/').map((call) => call.body)).toEqual([
      { spent_retention_days: 30 },
    ]);
  });
});
