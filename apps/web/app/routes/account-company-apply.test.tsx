import { APPLICATION_MESSAGES, COMPANY_MESSAGES } from '@shop/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toasts } from '~/components/ui/toasts';
import { COMPANY_PAGE_MESSAGES } from '~/features/company/company-messages';
import { company } from '~test/fake-company';
import { json, type Route, stubApi } from '~test/stub-api';
import { routeStub } from '~test/route-stub';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import * as applyScreen from './account-company-apply';

const GET = 'GET /api/account/trade-account/';
const POST = 'POST /api/account/company/';

function Where() {
  const location = useLocation();
  return (
    <>
      <Toasts />
      <p>At {location.pathname}</p>
    </>
  );
}

function renderPage(routes: Record<string, Route> = {}) {
  localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
  const api = stubApi({ [GET]: { company: null }, ...routes });
  const Stub = routeStub([
    { path: '/account/company', Component: Where },
    {
      path: '/account/company/apply',
      Component: applyScreen.default,
      loader: applyScreen.clientLoader,
      HydrateFallback: applyScreen.HydrateFallback,
    },
  ]);
  const { container } = render(<Stub initialEntries={['/account/company/apply']} />);
  return { api, container, user: userEvent.setup() };
}

type User = ReturnType<typeof userEvent.setup>;

async function fillIn(user: User, group: string, fields: Record<string, string>) {
  const scope = within(screen.getByRole('group', { name: group }));
  for (const [label, value] of Object.entries(fields)) await user.type(scope.getByLabelText(label), value);
}

async function fillApplication(user: User) {
  await fillIn(user, 'Your company', {
    'Legal name': 'Acme Packaging Ltd',
    'Trading name': 'Acme Packaging',
    'Companies House number': '1234567',
    'VAT number': 'GB123456782',
  });
  await fillIn(user, 'Registered address', {
    'First name': 'Ann',
    'Last name': 'Smith',
    Street: '1 Dock Road',
    City: 'Leeds',
    'Postal code': 'LS1 4AP',
    'Telephone number': '0113 200 0000',
  });
  await fillIn(user, 'Accounts and credit', {
    'Accounts e-mail address': 'accounts@acme.example',
    'Credit limit asked for (£)': '2500',
  });
  await fillIn(user, 'Reference 1', { 'Company name': 'Box Co', 'E-mail address': 'ref@box.example' });
  await fillIn(user, 'Reference 2', { 'Company name': 'Tape Ltd', 'E-mail address': 'ref@tape.example' });
}

afterEach(() => {
  vi.restoreAllMocks();
});

// Typing through the long form takes seconds when the machine's two cores are shared.
describe('/account/company/apply', { timeout: 30_000 }, () => {
  it('asks for every part of the application, labelled, and passes axe', async () => {
    const { container } = renderPage();
    expect(await screen.findByRole('form', { name: 'Trade account application' })).toBeInTheDocument();
    for (const group of ['Your company', 'Registered address', 'Accounts and credit', 'Trade references']) {
      expect(screen.getByRole('group', { name: group })).toBeInTheDocument();
    }
    expect(screen.queryByRole('group', { name: 'Invoice address' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByLabelText('Invoice address is the same'));
    expect(screen.getByRole('group', { name: 'Invoice address' })).toBeInTheDocument();
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations).toEqual([]);
  }, 20_000);

  it('checks the fields with the API’s schema before sending, the focus on the first wrong one', async () => {
    const { api, user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Apply for a trade account' }));
    expect(screen.getByLabelText('Legal name')).toHaveFocus();
    expect(screen.getByText(COMPANY_PAGE_MESSAGES.checkForm)).toBeInTheDocument();
    expect(screen.getAllByText(COMPANY_MESSAGES.required).length).toBeGreaterThan(3);
    expect(api.called('POST', '/api/account/company/')).toEqual([]);
  });

  it('sends the application as the API takes it, puts its field errors under their fields, then opens the status page', async () => {
    let answer: Response = json(
      { 'registered_address.postal_code': ['Enter a valid UK postcode.'], company_number: ['Bad number.'] },
      400,
    );
    const { api, user } = renderPage({ [POST]: () => answer });
    await screen.findByRole('form', { name: 'Trade account application' });
    await fillApplication(user);
    await user.click(screen.getByRole('button', { name: 'Apply for a trade account' }));
    expect(await screen.findByText('Bad number.')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid UK postcode.')).toBeInTheDocument();
    expect(screen.getByLabelText('Companies House number')).toHaveFocus();
    const body = api.called('POST', '/api/account/company/')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      legal_name: 'Acme Packaging Ltd',
      company_number: '1234567',
      requested_credit_limit: '2500',
      accounts_email: 'accounts@acme.example',
      trade_references: [
        { name: 'Box Co', email: 'ref@box.example' },
        { name: 'Tape Ltd', email: 'ref@tape.example' },
      ],
    });
    expect(body.invoice_address).toEqual(body.registered_address);

    answer = json(company({ status: 'pending' }), 201);
    await user.click(screen.getByRole('button', { name: 'Apply for a trade account' }));
    expect(await screen.findByText('At /account/company')).toBeInTheDocument();
    expect(screen.getByText(COMPANY_PAGE_MESSAGES.applied)).toBeInTheDocument();
  }, 30_000);

  it('asks the type of business: a sole trader not VAT registered gives no numbers, and may write £10,000', async () => {
    const { api, user } = renderPage({ [POST]: json(company({ status: 'pending' }), 201) });
    await screen.findByRole('form', { name: 'Trade account application' });
    const type = screen.getByRole('combobox', { name: 'Type of business' });
    expect(type).toHaveValue('limited_company');
    expect(screen.getByLabelText('Companies House number')).toBeInTheDocument();
    expect(screen.getByLabelText('VAT number')).toBeInTheDocument();
    await user.selectOptions(type, 'sole_trader');
    expect(screen.queryByLabelText('Companies House number')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'We are VAT registered' }));
    expect(screen.queryByLabelText('VAT number')).not.toBeInTheDocument();

    await fillIn(user, 'Your company', { 'Legal name': 'Ann Smith', 'Trading name': 'Smith Packaging' });
    await fillIn(user, 'Registered address', {
      'First name': 'Ann',
      'Last name': 'Smith',
      Street: '1 Dock Road',
      City: 'Leeds',
      'Postal code': 'LS1 4AP',
      'Telephone number': '0113 200 0000',
    });
    await fillIn(user, 'Accounts and credit', {
      'Accounts e-mail address': 'ann@smith.example',
      'Credit limit asked for (£)': '£10,000',
    });
    await fillIn(user, 'Reference 1', { 'Company name': 'Box Co', 'E-mail address': 'ref@box.example' });
    await fillIn(user, 'Reference 2', { 'Company name': 'Tape Ltd', 'E-mail address': 'ref@tape.example' });
    await user.click(screen.getByRole('button', { name: 'Apply for a trade account' }));
    expect(await screen.findByText('At /account/company')).toBeInTheDocument();
    const body = api.called('POST', '/api/account/company/')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      business_type: 'sole_trader',
      vat_registered: false,
      requested_credit_limit: '£10,000',
    });
    expect(body).not.toHaveProperty('company_number');
    expect(body).not.toHaveProperty('vat_number');
  }, 30_000);

  it('asks a limited company for its Companies House number', async () => {
    const { api, user } = renderPage();
    await screen.findByRole('form', { name: 'Trade account application' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type of business' }), 'llp');
    await user.click(screen.getByRole('button', { name: 'Apply for a trade account' }));
    expect(screen.getByText(APPLICATION_MESSAGES.companyNumberRequired)).toBeInTheDocument();
    expect(screen.getByText(APPLICATION_MESSAGES.vatNumberRequired)).toBeInTheDocument();
    expect(api.called('POST', '/api/account/company/')).toEqual([]);
  });

  it('says what the server says when it refuses the application as a whole', async () => {
    const { user } = renderPage({ [POST]: json({ detail: COMPANY_MESSAGES.alreadyMember }, 409) });
    await screen.findByRole('form', { name: 'Trade account application' });
    await fillApplication(user);
    await user.click(screen.getByRole('button', { name: 'Apply for a trade account' }));
    expect(await screen.findByText(COMPANY_MESSAGES.alreadyMember)).toBeInTheDocument();
  }, 30_000);

  it('sends a member or a waiting applicant to the status page', async () => {
    renderPage({ [GET]: { company: company({ status: 'pending' }) } });
    expect(await screen.findByText('At /account/company')).toBeInTheDocument();
  });

  it('lets a declined applicant apply again', async () => {
    renderPage({ [GET]: { company: company({ status: 'declined', decline_reason: 'No history.' }) } });
    expect(await screen.findByRole('form', { name: 'Trade account application' })).toBeInTheDocument();
  });
});
