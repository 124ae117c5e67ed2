import { ACCOUNT_MESSAGES, type Profile } from '@shop/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toasts } from '~/components/ui/toasts';
import { MY_ACCOUNT_MESSAGES } from '~/features/account/my-account-messages';
import { COMPANY_PAGE_MESSAGES } from '~/features/company/company-messages';
import { address, order } from '~test/fake-checkout';
import { company, myInvitation } from '~test/fake-company';
import { json, type Route, stubApi } from '~test/stub-api';
import { routeStub } from '~test/route-stub';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import * as account from './account';

const PROFILE: Profile = {
  email: 'ann@example.com',
  first_name: 'Ann',
  last_name: 'Lee',
  company_name: 'Acme Packaging Ltd',
  interested_in_marketing_communications: false,
};

const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

const ROUTES = {
  profile: 'GET /api/account/profile/',
  addresses: 'GET /api/addresses/?page_size=100',
  orders: 'GET /api/orders/?page_size=5',
  company: 'GET /api/account/trade-account/',
  invitations: 'GET /api/account/invitations/',
  stockAlerts: 'GET /api/account/stock-alerts/?page=1&page_size=20',
};

/** The account's API, every call answering, with any of them replaced. */
function accountApi(routes: Record<string, Route> = {}) {
  return stubApi({
    [ROUTES.profile]: PROFILE,
    [ROUTES.addresses]: page([address({ is_default_billing: true })]),
    [ROUTES.orders]: page([
      order({ id: 102, created_at: '2025-03-07T09:00:00Z', status: 'shipped', total: '45.60' }),
      order(),
    ]),
    [ROUTES.company]: { company: null },
    [ROUTES.invitations]: [],
    [ROUTES.stockAlerts]: page([]),
    ...routes,
  });
}

function Where() {
  const location = useLocation();
  return (
    <>
      <Toasts />
      <p>At {location.pathname + location.search}</p>
    </>
  );
}

function renderPage() {
  const Stub = routeStub([
    { path: '/login', Component: Where },
    { path: '/', Component: Where },
    {
      path: '/account',
      Component: account.default,
      loader: account.clientLoader,
      HydrateFallback: account.HydrateFallback,
    },
  ]);
  render(<Stub initialEntries={['/account']} />);
  return userEvent.setup();
}

const section = (name: string) => screen.getByRole('region', { name });
const signedIn = () => localStorage.setItem(ACCESS_TOKEN_KEY, 'token');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/account', () => {
  it('takes a visitor to the login page, to come back afterwards, without calling the API', async () => {
    const api = stubApi({});
    renderPage();
    expect(await screen.findByText('At /login?from=%2Faccount')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('shows a loading state with the page title until the account is read', () => {
    signedIn();
    accountApi();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'My account' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your account…');
  });

  it('shows every section, each a named region with its heading', async () => {
    signedIn();
    const api = accountApi();
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Your details' })).toBeInTheDocument();
    for (const name of [
      'Your details',
      'Trade account',
      'Address book',
      'Recent orders',
      'Quotes',
      'Stock alerts',
      'Saved lists',
      'Password',
      'Log out everywhere',
      'Delete your account',
    ]) {
      expect(section(name)).toBeInTheDocument();
    }
    expect(within(section('Your details')).getByLabelText('First name')).toHaveValue('Ann');
    expect(within(section('Address book')).getByText('Default billing')).toBeInTheDocument();
    expect(within(section('Quotes')).getByRole('link', { name: 'Your quotes' })).toHaveAttribute(
      'href',
      '/account/quotes',
    );
    expect(within(section('Password')).getByRole('link', { name: 'Change your password' })).toHaveAttribute(
      'href',
      '/change-password',
    );
    expect(within(section('Saved lists')).getByRole('link', { name: 'Your saved lists' })).toHaveAttribute(
      'href',
      '/account/lists',
    );
    expect(api.calls.map((call) => `${call.method} ${call.url}`).sort()).toEqual(
      Object.values(ROUTES).sort(),
    );
  });

  it('offers a trade account, and tells of an invitation to join one', async () => {
    signedIn();
    accountApi({ [ROUTES.invitations]: [myInvitation()] });
    renderPage();
    const card = await screen.findByRole('region', { name: 'Trade account' });
    expect(
      within(card).getByText(COMPANY_PAGE_MESSAGES.invitedTo('Acme Packaging', 'buyer')),
    ).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'See your invitations' })).toHaveAttribute(
      'href',
      '/account/company',
    );
  });

  it('shows the trade account’s company, status and role', async () => {
    signedIn();
    accountApi({
      [ROUTES.company]: { company: company({ role: 'buyer' }) },
      [ROUTES.invitations]: [myInvitation()],
    });
    renderPage();
    const card = await screen.findByRole('region', { name: 'Trade account' });
    expect(card).toHaveTextContent('Acme Packaging (TA-000042): Approved. Your role: Buyer.');
    expect(within(card).queryByText(/has invited you/)).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Your trade account' })).toHaveAttribute(
      'href',
      '/account/company',
    );
  });

  it('lists the five newest orders with date, number, status and total, each linking to its page', async () => {
    signedIn();
    accountApi();
    renderPage();
    const orders = await screen.findByRole('region', { name: 'Recent orders' });
    const table = within(orders).getByRole('table', { name: 'Your 5 newest orders' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '#1027 Mar 2025Shipped£45.60',
      '#1015 Mar 2025Pending£116.12',
    ]);
    expect(within(table).getByRole('link', { name: 'Order #102' })).toHaveAttribute(
      'href',
      '/track-order/102',
    );
    expect(within(orders).getByRole('link', { name: 'All orders' })).toHaveAttribute('href', '/track-order');
  });

  it('says when there are no orders yet', async () => {
    signedIn();
    accountApi({ [ROUTES.orders]: page([]) });
    renderPage();
    expect(await screen.findByText(MY_ACCOUNT_MESSAGES.noOrders)).toBeInTheDocument();
  });

  it('shows the other sections when one cannot be read, and reads it again on Try again', async () => {
    signedIn();
    let fail = true;
    accountApi({
      [ROUTES.profile]: () => (fail ? json({ detail: 'A server error occurred.' }, 500) : json(PROFILE)),
    });
    const user = renderPage();
    const details = await screen.findByRole('region', { name: 'Your details' });
    expect(within(details).getByRole('alert')).toHaveTextContent(MY_ACCOUNT_MESSAGES.profileLoadFailed);
    expect(within(section('Address book')).getByText(/1 High Street/)).toBeInTheDocument();
    fail = false;
    await user.click(within(details).getByRole('button', { name: 'Try again' }));
    expect(await within(details).findByLabelText('First name')).toHaveValue('Ann');
    expect(within(details).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('logs out everywhere: the server ends every session, the token goes, the login page opens', async () => {
    signedIn();
    const api = accountApi({
      'POST /api/account/logout-all/': { message: ACCOUNT_MESSAGES.loggedOutEverywhere },
    });
    const user = renderPage();
    const zone = await screen.findByRole('region', { name: 'Log out everywhere' });
    await user.click(within(zone).getByRole('button', { name: 'Log out everywhere' }));
    expect(await screen.findByText('At /login')).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_MESSAGES.loggedOutEverywhere)).toBeInTheDocument();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(api.called('POST', '/api/account/logout-all/')).toHaveLength(1);
  });

  it('keeps the session and says so when logging out everywhere fails', async () => {
    signedIn();
    accountApi({ 'POST /api/account/logout-all/': json({ detail: 'A server error occurred.' }, 500) });
    const user = renderPage();
    const zone = await screen.findByRole('region', { name: 'Log out everywhere' });
    await user.click(within(zone).getByRole('button', { name: 'Log out everywhere' }));
    expect(await within(zone).findByRole('alert')).toHaveTextContent('A server error occurred.');
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('token');
  });

  it('ends the session and opens the login page when a change meets an expired session', async () => {
    signedIn();
    accountApi({
      'PATCH /api/account/profile/': json({ detail: 'Token is invalid', code: 'token_not_valid' }, 401),
      'POST /api/account/token/refresh/': json({ detail: 'No valid refresh token.' }, 401),
    });
    const user = renderPage();
    const details = await screen.findByRole('region', { name: 'Your details' });
    await user.click(within(details).getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('At /login?from=%2Faccount')).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_MESSAGES.sessionExpired)).toBeInTheDocument();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  describe('deleting the account', () => {
    it('asks for the password before sending anything', async () => {
      signedIn();
      const api = accountApi();
      const user = renderPage();
      const zone = await screen.findByRole('region', { name: 'Delete your account' });
      expect(zone).toHaveTextContent('Your orders and their invoices are kept for six years');
      await user.click(within(zone).getByRole('button', { name: 'Delete my account' }));
      const password = within(zone).getByLabelText('Your password, to confirm');
      expect(password).toHaveAccessibleDescription('Password is required');
      expect(password).toHaveFocus();
      expect(api.called('POST', '/api/account/delete/')).toEqual([]);
    });

    it('puts a wrong password under its field and keeps the account', async () => {
      signedIn();
      accountApi({
        'POST /api/account/delete/': json({ password: [ACCOUNT_MESSAGES.passwordIncorrect] }, 400),
      });
      const user = renderPage();
      const zone = await screen.findByRole('region', { name: 'Delete your account' });
      const password = within(zone).getByLabelText('Your password, to confirm');
      await user.type(password, 'not it');
      await user.click(within(zone).getByRole('button', { name: 'Delete my account' }));
      expect(await within(zone).findByText(ACCOUNT_MESSAGES.passwordIncorrect)).toBeInTheDocument();
      expect(password).toHaveAccessibleDescription(ACCOUNT_MESSAGES.passwordIncorrect);
      expect(password).toHaveValue('');
      expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('token');
    });

    it('says why a staff account is refused', async () => {
      signedIn();
      accountApi({ 'POST /api/account/delete/': json({ detail: ACCOUNT_MESSAGES.staffCannotDelete }, 400) });
      const user = renderPage();
      const zone = await screen.findByRole('region', { name: 'Delete your account' });
      await user.type(within(zone).getByLabelText('Your password, to confirm'), 'staff password');
      await user.click(within(zone).getByRole('button', { name: 'Delete my account' }));
      expect(await within(zone).findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.staffCannotDelete);
    });

    it('deletes with the password, signs out here and confirms, with the focus on the confirmation', async () => {
      signedIn();
      const api = accountApi({ 'POST /api/account/delete/': { message: ACCOUNT_MESSAGES.accountDeleted } });
      const user = renderPage();
      const zone = await screen.findByRole('region', { name: 'Delete your account' });
      await user.type(within(zone).getByLabelText('Your password, to confirm'), 'correct horse battery');
      await user.click(within(zone).getByRole('button', { name: 'Delete my account' }));
      const done = await screen.findByRole('heading', { name: 'Your account has been deleted' });
      expect(done).toHaveFocus();
      expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/');
      expect(screen.queryByRole('region', { name: 'Your details' })).not.toBeInTheDocument();
      expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
      expect(api.called('POST', '/api/account/delete/')[0]!.body).toEqual({
        password: 'correct horse battery',
      });
    });
  });
});
