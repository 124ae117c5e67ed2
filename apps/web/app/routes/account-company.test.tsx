import { COMPANY_MESSAGES } from '@shop/domain';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMPANY_PAGE_MESSAGES } from '~/features/company/company-messages';
import {
  buyerCompany,
  company,
  companyAddress,
  companyOrder,
  invitation,
  member,
  myInvitation,
  page,
} from '~test/fake-company';
import { json, type Route, stubApi } from '~test/stub-api';
import { routeStub } from '~test/route-stub';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import * as screenModule from './account-company';

const API = {
  company: 'GET /api/account/trade-account/',
  myInvitations: 'GET /api/account/invitations/',
  members: 'GET /api/account/company/members/?page_size=100',
  invitations: 'GET /api/account/company/invitations/',
  addresses: 'GET /api/account/company/addresses/',
  orders: 'GET /api/account/company/orders/',
  invoices: 'GET /api/account/company/invoices/',
};

const ANN = member({
  id: 5,
  user: 50,
  email: 'ann@acme.example',
  first_name: 'Ann',
  last_name: 'Smith',
  role: 'administrator',
  order_limit: null,
});
const BOB = member();

const INVOICE = {
  order: 301,
  invoice_number: 'INV-000301',
  invoice: '/api/orders/301/invoice.pdf',
  total: '116.12',
  invoice_due_date: '2026-02-14',
  purchase_order_number: 'PO-778',
  payment_status: 'ON_ACCOUNT',
  buyer: { id: 70, email: 'bob@acme.example', name: 'Bob Jones' },
  created_at: '2026-01-15T10:00:00Z',
};

/** An administrator's company, every call answering, any of them replaced. */
function adminApi(routes: Record<string, Route> = {}) {
  return stubApi({
    [API.company]: { company: company() },
    [API.members]: page([ANN, BOB]),
    [API.invitations]: [invitation()],
    [API.addresses]: [companyAddress()],
    [API.orders]: page([companyOrder()]),
    [API.invoices]: page([INVOICE]),
    ...routes,
  });
}

function Where() {
  const location = useLocation();
  return <p>At {location.pathname + location.search}</p>;
}

function renderPage(entry = '/account/company') {
  const Stub = routeStub([
    { path: '/login', Component: Where },
    { path: '/account', Component: Where },
    { path: '/account/company/apply', Component: Where },
    { path: '/account/approvals', Component: Where },
    { path: '/track-order/:id', Component: Where },
    {
      path: '/account/company',
      Component: screenModule.default,
      loader: screenModule.clientLoader,
      HydrateFallback: screenModule.HydrateFallback,
    },
  ]);
  const { container } = render(<Stub initialEntries={[entry]} />);
  return { user: userEvent.setup(), container };
}

const section = (name: string) => screen.getByRole('region', { name });
const signedIn = () => localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
const noViolations = async (container: HTMLElement) => {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.violations).toEqual([]);
};

afterEach(() => {
  vi.restoreAllMocks();
});

// Typing through long forms takes seconds when the machine's two cores are shared.
describe('/account/company', { timeout: 20_000 }, () => {
  it('takes a visitor to the login page without calling the API', async () => {
    const api = stubApi({});
    renderPage();
    expect(await screen.findByText('At /login?from=%2Faccount%2Fcompany')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('without a company explains trade accounts, links to the application and lists invitations; passes axe', async () => {
    signedIn();
    stubApi({
      [API.company]: { company: null },
      [API.myInvitations]: [myInvitation()],
    });
    const { container } = renderPage();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Apply for a trade account' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Apply for a trade account' })).toHaveAttribute(
      'href',
      '/account/company/apply',
    );
    expect(
      within(section('Invitations')).getByText(COMPANY_PAGE_MESSAGES.invitedTo('Acme Packaging', 'buyer')),
    ).toBeInTheDocument();
    await noViolations(container);
  }, 20_000);

  it('accepts an invitation, says so with the focus on it, and shows the company', async () => {
    signedIn();
    let joined = false;
    const api = stubApi({
      [API.company]: () => (joined ? json({ company: buyerCompany() }) : json({ company: null })),
      [API.myInvitations]: [myInvitation()],
      [API.invoices]: page([]),
      'POST /api/account/invitations/9/accept/': () => {
        joined = true;
        return json(buyerCompany());
      },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Join Acme Packaging' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Acme Packaging' })).toBeInTheDocument();
    expect(api.called('POST', '/api/account/invitations/9/accept/')).toHaveLength(1);
    expect(screen.getByText('Buyer')).toBeInTheDocument();
  });

  it('declines an invitation and takes it off the list', async () => {
    signedIn();
    const api = stubApi({
      [API.company]: { company: null },
      [API.myInvitations]: [myInvitation()],
      'POST /api/account/invitations/9/decline/': json(undefined, 204),
    });
    const { user } = renderPage();
    await user.click(
      await screen.findByRole('button', { name: 'Decline the invitation from Acme Packaging' }),
    );
    const outcome = await screen.findByText(COMPANY_PAGE_MESSAGES.invitationDeclined);
    expect(outcome).toHaveFocus();
    expect(screen.getByText(COMPANY_PAGE_MESSAGES.invitationsNone)).toBeInTheDocument();
    expect(api.called('POST', '/api/account/invitations/9/decline/')).toHaveLength(1);
  });

  it('shows a pending application as awaiting a decision', async () => {
    signedIn();
    stubApi({ [API.company]: { company: company({ status: 'pending', credit_limit: null }) } });
    renderPage();
    expect(await screen.findByText('Awaiting a decision')).toBeInTheDocument();
    expect(screen.getByText(COMPANY_PAGE_MESSAGES.pending)).toBeInTheDocument();
    expect(screen.queryByText('TA-000042')).not.toBeInTheDocument();
  });

  it('shows a declined application with its reason and a way to apply again', async () => {
    signedIn();
    stubApi({
      [API.company]: { company: company({ status: 'declined', decline_reason: 'No trading history.' }) },
    });
    renderPage();
    expect(await screen.findByText(/Reason: No trading history\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Apply again' })).toHaveAttribute(
      'href',
      '/account/company/apply',
    );
  });

  it('gives an administrator the credit, members, invitations, addresses, settings, orders and invoices; passes axe', async () => {
    signedIn();
    const api = adminApi();
    const { container } = renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Acme Packaging' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Acme Packaging',
      'Members',
      'Invite a colleague',
      'Delivery addresses',
      'Settings',
      'Orders',
      'Statements',
      'Invoices',
    ]);
    const overview = section('Acme Packaging');
    for (const text of [
      'TA-000042',
      'Administrator',
      '£5,000.00',
      '£1,200.00',
      '£3,800.00',
      '30 days from the invoice date',
    ]) {
      expect(within(overview).getByText(text)).toBeInTheDocument();
    }
    expect(within(overview).getByRole('link', { name: 'Approval requests' })).toBeInTheDocument();
    expect(
      within(section('Members')).getByRole('table', { name: 'The company’s members' }),
    ).toBeInTheDocument();
    expect(within(section('Members')).getByRole('button', { name: 'Remove Bob Jones' })).toBeInTheDocument();
    expect(
      within(section('Invite a colleague')).getByRole('button', {
        name: 'Cancel the invitation to cat@acme.example',
      }),
    ).toBeInTheDocument();
    const orders = within(section('Orders')).getByRole('table', { name: /The company’s orders/ });
    expect(within(orders).getByRole('link', { name: 'Order #301' })).toHaveAttribute(
      'href',
      '/track-order/301',
    );
    expect(within(orders).getByText('PO-778')).toBeInTheDocument();
    expect(
      within(section('Invoices')).getByRole('button', { name: 'Download invoice INV-000301' }),
    ).toBeInTheDocument();
    expect(api.calls.map((call) => `${call.method} ${call.url}`).sort()).toEqual(
      [API.company, API.members, API.invitations, API.addresses, API.orders, API.invoices].sort(),
    );
    await noViolations(container);
  }, 30_000);

  it('shows an administrator the balance, what is overdue and the aged buckets; a buyer none of them', async () => {
    signedIn();
    adminApi();
    renderPage();
    const aged = await screen.findByRole('table', { name: 'What is owed, by days past due' });
    const cells = within(aged)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['£1,000.00', '£150.00', '£50.00', '£0.00', '£0.00']);
    expect(
      within(aged)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Current', '1-30 days', '31-60 days', '61-90 days', 'Over 90 days']);
    const overdue = screen.getByText('Overdue').closest('div')!;
    expect(within(overdue).getByText('£200.00')).toBeInTheDocument();
    expect(within(screen.getByText('Balance').closest('div')!).getByText('£1,200.00')).toBeInTheDocument();
    cleanup();

    stubApi({ [API.company]: { company: buyerCompany() }, [API.invoices]: page([INVOICE]) });
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Invoices' })).toBeInTheDocument();
    expect(screen.queryByText('Overdue')).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'What is owed, by days past due' })).not.toBeInTheDocument();
  });

  it('shows a buyer the company, their role and order limit and the invoices, nothing to run', async () => {
    signedIn();
    const api = stubApi({ [API.company]: { company: buyerCompany() }, [API.invoices]: page([INVOICE]) });
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Invoices' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Acme Packaging',
      'Invoices',
    ]);
    expect(screen.getByText('£500.00')).toBeInTheDocument();
    expect(screen.queryByText('Available credit')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Approval requests' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your approval requests' })).toHaveAttribute(
      'href',
      '/account/approvals',
    );
    expect(api.calls.map((call) => call.url).sort()).toEqual([
      '/api/account/company/invoices/',
      '/api/account/trade-account/',
    ]);
  });

  it('gives an approver a link to the orders awaiting approval', async () => {
    signedIn();
    stubApi({ [API.company]: { company: buyerCompany({ role: 'approver' }) }, [API.invoices]: page([]) });
    renderPage();
    expect(await screen.findByRole('link', { name: 'Approval requests' })).toHaveAttribute(
      'href',
      '/account/approvals',
    );
    expect(screen.getByText(COMPANY_PAGE_MESSAGES.noInvoices)).toBeInTheDocument();
  });

  it('saves a member’s role and order limit, and puts the server’s error under the limit', async () => {
    signedIn();
    let answer: Response = json({ order_limit: [COMPANY_MESSAGES.orderLimitRange] }, 400);
    const api = adminApi({ 'PATCH /api/account/company/members/7/': () => answer });
    const { user } = renderPage();
    const limit = await screen.findByLabelText('Order limit of Bob Jones (£)');
    await user.selectOptions(screen.getByLabelText('Role of Bob Jones'), 'approver');
    await user.clear(limit);
    await user.type(limit, '250');
    await user.click(screen.getByRole('button', { name: 'Save Bob Jones' }));
    expect(await screen.findByText(COMPANY_MESSAGES.orderLimitRange)).toBeInTheDocument();
    expect(limit).toHaveAttribute('aria-invalid', 'true');
    expect(api.called('PATCH', '/api/account/company/members/7/')[0]!.body).toEqual({
      role: 'approver',
      order_limit: '250',
    });
    answer = json(member({ role: 'approver', order_limit: '250.00' }));
    await user.click(screen.getByRole('button', { name: 'Save Bob Jones' }));
    expect(await screen.findByText(COMPANY_PAGE_MESSAGES.memberSaved('Bob Jones'))).toHaveFocus();
    expect(limit).toHaveValue('250.00');
  });

  it('checks an order limit before sending it', async () => {
    signedIn();
    const api = adminApi();
    const { user } = renderPage();
    const limit = await screen.findByLabelText('Order limit of Bob Jones (£)');
    await user.clear(limit);
    await user.type(limit, 'lots');
    await user.click(screen.getByRole('button', { name: 'Save Bob Jones' }));
    expect(await screen.findByText(COMPANY_MESSAGES.money)).toBeInTheDocument();
    expect(api.called('PATCH', '/api/account/company/members/7/')).toEqual([]);
  });

  it('removes a member only once confirmed, and says why the server refuses one', async () => {
    signedIn();
    const api = adminApi({
      'DELETE /api/account/company/members/7/': json(undefined, 204),
      'DELETE /api/account/company/members/5/': json({ detail: COMPANY_MESSAGES.removeSelf }, 400),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Remove Bob Jones' }));
    expect(api.called('DELETE', '/api/account/company/members/7/')).toEqual([]);
    const confirm = screen.getByRole('button', { name: 'Yes, remove Bob Jones' });
    expect(confirm).toHaveFocus();
    await user.click(confirm);
    expect(await screen.findByText(COMPANY_PAGE_MESSAGES.memberRemoved('Bob Jones'))).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Remove Bob Jones' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Ann Smith' }));
    await user.click(screen.getByRole('button', { name: 'Yes, remove Ann Smith' }));
    const refusal = await screen.findByText(COMPANY_MESSAGES.removeSelf);
    await waitFor(() => expect(refusal).toHaveFocus());
    expect(refusal).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('button', { name: 'Remove Ann Smith' })).toBeInTheDocument();
  }, 15_000);

  it('invites a colleague, checking the e-mail first and showing the server’s error under it', async () => {
    signedIn();
    let answer: Response = json({ email: [COMPANY_MESSAGES.invitedAlreadyInvited] }, 400);
    const api = adminApi({ 'POST /api/account/company/invitations/': () => answer });
    const { user } = renderPage();
    const form = await screen.findByRole('form', { name: 'Invite a colleague' });
    await user.click(within(form).getByRole('button', { name: 'Send the invitation' }));
    expect(within(form).getByText(COMPANY_MESSAGES.required)).toBeInTheDocument();
    expect(within(form).getByLabelText('E-mail address')).toHaveFocus();

    await user.type(within(form).getByLabelText('E-mail address'), 'Dan@Acme.example');
    await user.selectOptions(within(form).getByLabelText('Role'), 'approver');
    await user.type(within(form).getByLabelText('Order limit (£, optional)'), '1000');
    await user.click(within(form).getByRole('button', { name: 'Send the invitation' }));
    expect(await within(form).findByText(COMPANY_MESSAGES.invitedAlreadyInvited)).toBeInTheDocument();
    expect(api.called('POST', '/api/account/company/invitations/')[0]!.body).toEqual({
      email: 'dan@acme.example',
      role: 'approver',
      order_limit: '1000',
    });

    answer = json(invitation({ id: 4, email: 'dan@acme.example' }), 201);
    await user.click(within(form).getByRole('button', { name: 'Send the invitation' }));
    expect(await screen.findByText(COMPANY_PAGE_MESSAGES.invited('dan@acme.example'))).toHaveFocus();
    expect(
      screen.getByRole('button', { name: 'Cancel the invitation to dan@acme.example' }),
    ).toBeInTheDocument();
  });

  it('shows who sent each pending invitation', async () => {
    signedIn();
    adminApi({
      [API.invitations]: page([
        invitation(),
        invitation({ id: 4, email: 'dan@acme.example', invited_by: null }),
      ]),
    });
    renderPage();
    const table = await within(await screen.findByRole('region', { name: 'Invite a colleague' })).findByRole(
      'table',
      { name: 'Invitations not yet answered' },
    );
    const [header, first, second] = within(table).getAllByRole('row');
    expect(within(header!).getByRole('columnheader', { name: 'Invited by' })).toBeInTheDocument();
    expect(within(first!).getByText('Bob Jones')).toBeInTheDocument();
    expect(within(first!).getByText('bob@acme.example')).toBeInTheDocument();
    expect(within(second!).getByText('Account deleted')).toBeInTheDocument();
  });

  it('cancels a pending invitation', async () => {
    signedIn();
    const api = adminApi({ 'DELETE /api/account/company/invitations/3/': json(undefined, 204) });
    const { user } = renderPage();
    await user.click(
      await screen.findByRole('button', { name: 'Cancel the invitation to cat@acme.example' }),
    );
    expect(
      await screen.findByText(COMPANY_PAGE_MESSAGES.invitationCancelled('cat@acme.example')),
    ).toHaveFocus();
    expect(screen.getByText(COMPANY_PAGE_MESSAGES.noInvitations)).toBeInTheDocument();
    expect(api.called('DELETE', '/api/account/company/invitations/3/')).toHaveLength(1);
  });

  it('adds a shared address with the shop’s address form, without checkout defaults', async () => {
    signedIn();
    const api = adminApi({
      'POST /api/account/company/addresses/': json(companyAddress({ id: 22, street: '9 Quay Street' }), 201),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add a delivery address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    expect(within(form).queryByLabelText('My default billing address')).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(within(form).getByText('Street is required.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('First name'), 'Ann');
    await user.type(within(form).getByLabelText('Last name'), 'Smith');
    await user.type(within(form).getByLabelText('Street'), '9 Quay Street');
    await user.type(within(form).getByLabelText('City'), 'Leeds');
    await user.type(within(form).getByLabelText('Postal code'), 'ls1 4ap');
    await user.type(within(form).getByLabelText('Telephone number'), '0113 200 0000');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText(COMPANY_PAGE_MESSAGES.addressAdded)).toHaveFocus();
    const body = api.called('POST', '/api/account/company/addresses/')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ street: '9 Quay Street', postal_code: 'LS1 4AP', country: 'UK' });
    expect(body).not.toHaveProperty('is_default_billing');
    expect(screen.getByRole('button', { name: /^Edit Ann Smith, 9 Quay Street/ })).toBeInTheDocument();
  });

  it('saves the purchase-order setting', async () => {
    signedIn();
    const api = adminApi({ 'PATCH /api/account/company/': json(company({ po_required: true })) });
    const { user } = renderPage();
    await user.click(await screen.findByLabelText('Require a purchase-order number on every order'));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(COMPANY_PAGE_MESSAGES.settingsSaved)).toHaveFocus();
    expect(api.called('PATCH', '/api/account/company/')[0]!.body).toEqual({ po_required: true });
  });

  it('filters the orders by buyer, PO number and status through the URL', async () => {
    signedIn();
    const filtered = 'GET /api/account/company/orders/?buyer=70&purchase_order_number=PO-778&status=shipped';
    const api = adminApi({ [filtered]: page([]) });
    const { user } = renderPage();
    const orders = await screen.findByRole('region', { name: 'Orders' });
    await user.selectOptions(within(orders).getByLabelText('Buyer'), 'Bob Jones');
    await user.type(within(orders).getByLabelText('PO number'), 'PO-778');
    await user.selectOptions(within(orders).getByLabelText('Status'), 'shipped');
    await user.click(within(orders).getByRole('button', { name: 'Filter orders' }));
    expect(await screen.findByText(COMPANY_PAGE_MESSAGES.noOrders)).toBeInTheDocument();
    expect(api.called('GET', filtered.slice(4))).toHaveLength(1);
  });

  it('says when the company cannot be read, with a way to try again', async () => {
    signedIn();
    stubApi({ [API.company]: json({ detail: 'Service unavailable.' }, 503) });
    renderPage();
    expect(await screen.findByText('Service unavailable.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
