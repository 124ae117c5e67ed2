import { QUICK_ORDER_MESSAGES, SAVED_LIST_MESSAGES } from '@shop/domain';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LISTS_PAGE_MESSAGES } from '~/features/lists/lists-messages';
import { company, page } from '~test/fake-company';
import { listSummary, listView } from '~test/fake-lists';
import { routeStub } from '~test/route-stub';
import { json, stubApi } from '~test/stub-api';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import * as screenModule from './account-lists';

const API = {
  lists: 'GET /api/account/lists/?page=1&page_size=100',
  company: 'GET /api/account/trade-account/',
  create: 'POST /api/account/lists/',
  import: 'POST /api/account/lists/import/',
};

function Where() {
  const location = useLocation();
  return <p>At {location.pathname + location.search}</p>;
}

function renderPage() {
  const Stub = routeStub([
    { path: '/login', Component: Where },
    { path: '/account', Component: Where },
    { path: '/account/lists/:id', Component: Where },
    {
      path: '/account/lists',
      Component: screenModule.default,
      loader: screenModule.clientLoader,
      HydrateFallback: screenModule.HydrateFallback,
    },
  ]);
  const { container } = render(<Stub initialEntries={['/account/lists']} />);
  return { user: userEvent.setup(), container };
}

const signedIn = () => localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
const section = (name: string) => screen.getByRole('region', { name });

afterEach(() => {
  vi.restoreAllMocks();
  cleanup();
  localStorage.clear();
});

describe('/account/lists', { timeout: 20_000 }, () => {
  it('takes a visitor to the login page without calling the API', async () => {
    const api = stubApi({});
    renderPage();
    expect(await screen.findByText('At /login?from=%2Faccount%2Flists')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('lists the buyer’s own lists and their company’s shared ones; passes axe', async () => {
    signedIn();
    stubApi({
      [API.lists]: page([
        listSummary(),
        listSummary({
          id: 8,
          name: 'Site stock',
          shared: true,
          can_edit: false,
          owner_name: 'Bob Jones',
          line_count: 1,
        }),
      ]),
      [API.company]: { company: company({ role: 'buyer' }) },
    });
    const { container } = renderPage();
    const lists = await screen.findByRole('list', { name: 'Your saved lists' });
    const entries = within(lists).getAllByRole('listitem');
    expect(within(entries[0]!).getByRole('link', { name: 'Warehouse monthly' })).toHaveAttribute(
      'href',
      '/account/lists/7',
    );
    expect(entries[0]).toHaveTextContent('2 items · Only you');
    expect(entries[1]).toHaveTextContent('1 item · Shared with your company by Bob Jones');
    // A buyer may not share a list with the company.
    expect(within(section('New list')).queryByLabelText('Share with my company')).not.toBeInTheDocument();
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations).toEqual([]);
  });

  it('says when there are none, and makes a shared list for an administrator, then opens it', async () => {
    signedIn();
    const api = stubApi({
      [API.lists]: page([]),
      [API.company]: { company: company() },
      [API.create]: (body: { name: string }) => json(listView({ id: 9, name: body.name, lines: [] }), 201),
    });
    const { user } = renderPage();
    expect(await screen.findByText(LISTS_PAGE_MESSAGES.none)).toBeInTheDocument();
    const form = section('New list');
    await user.click(within(form).getByRole('button', { name: 'Make an empty list' }));
    expect(within(form).getByLabelText('Name')).toHaveAccessibleDescription(SAVED_LIST_MESSAGES.nameRequired);
    expect(api.called('POST', '/api/account/lists/')).toEqual([]);

    await user.type(within(form).getByLabelText('Name'), 'Cafe consumables');
    await user.click(within(form).getByLabelText('Share with my company'));
    await user.click(within(form).getByRole('button', { name: 'Make an empty list' }));
    expect(await screen.findByText('At /account/lists/9')).toBeInTheDocument();
    expect(api.called('POST', '/api/account/lists/')[0]!.body).toEqual({
      name: 'Cafe consumables',
      shared: true,
    });
  });

  it('imports a CSV file as a new list, and names each bad line the server found', async () => {
    signedIn();
    let tries = 0;
    const api = stubApi({
      [API.lists]: page([]),
      [API.company]: { company: null },
      [API.import]: () =>
        ++tries === 1
          ? json(
              {
                csv: [
                  `Line 2: ${QUICK_ORDER_MESSAGES.noItem('NOPE')}`,
                  `Line 3: ${QUICK_ORDER_MESSAGES.packsInvalid}`,
                ],
              },
              400,
            )
          : json(listView({ id: 10, name: 'Imported' }), 201),
    });
    const { user } = renderPage();
    const form = await screen.findByRole('region', { name: 'New list' });
    await user.type(within(form).getByLabelText('Name'), 'Imported');
    const file = new File(['sku,packs\nNOPE,1\nTD-PRO-75,x\n'], 'list.csv', { type: 'text/csv' });
    await user.upload(within(form).getByLabelText('Or import a CSV file'), file);
    await user.click(within(form).getByRole('button', { name: 'Import the file as a new list' }));
    const input = within(form).getByLabelText('Or import a CSV file');
    expect(
      await within(form).findByText(`Line 2: ${QUICK_ORDER_MESSAGES.noItem('NOPE')}`),
    ).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining(`Line 3: ${QUICK_ORDER_MESSAGES.packsInvalid}`),
    );
    expect(api.called('POST', '/api/account/lists/import/')[0]!.body).toEqual({
      name: 'Imported',
      shared: false,
      csv: 'sku,packs\nNOPE,1\nTD-PRO-75,x\n',
    });

    await user.click(within(form).getByRole('button', { name: 'Import the file as a new list' }));
    expect(await screen.findByText('At /account/lists/10')).toBeInTheDocument();
  });

  it('shows why the lists could not be read', async () => {
    signedIn();
    stubApi({
      [API.lists]: json({ detail: 'A server error occurred.' }, 500),
      [API.company]: { company: null },
    });
    renderPage();
    expect(await screen.findByText('A server error occurred.')).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
