import { SAVED_LIST_MESSAGES } from '@shop/domain';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LISTS_PAGE_MESSAGES } from '~/features/lists/lists-messages';
import { company } from '~test/fake-company';
import { addedToCart, listLine, listView } from '~test/fake-lists';
import { routeStub } from '~test/route-stub';
import { json, stubApi } from '~test/stub-api';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import * as screenModule from './account-list';

const API = {
  list: 'GET /api/account/lists/7/',
  company: 'GET /api/account/trade-account/',
  put: 'PUT /api/account/lists/7/',
  delete: 'DELETE /api/account/lists/7/',
  cart: 'POST /api/account/lists/7/add-to-cart/',
};

function Where() {
  const location = useLocation();
  return <p>At {location.pathname + location.search}</p>;
}

function renderPage(entry = '/account/lists/7') {
  const Stub = routeStub([
    { path: '/login', Component: Where },
    { path: '/account/lists', Component: Where },
    {
      path: '/account/lists/:id',
      Component: screenModule.default,
      loader: screenModule.clientLoader,
      HydrateFallback: screenModule.HydrateFallback,
    },
  ]);
  const { container } = render(<Stub initialEntries={[entry]} />);
  return { user: userEvent.setup(), container };
}

const signedIn = () => localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

afterEach(() => {
  vi.restoreAllMocks();
  cleanup();
  localStorage.clear();
});

describe('/account/lists/{id}', { timeout: 20_000 }, () => {
  it('shows the list’s lines with links, prices and stock; passes axe', async () => {
    signedIn();
    stubApi({
      [API.list]: listView({
        lines: [
          listLine(),
          listLine({
            sku: 'BW-S-300-100',
            itemId: 12,
            item: { ...listLine().item, id: 12, sku: 'BW-S-300-100', status: 'inactive' },
          }),
        ],
      }),
      [API.company]: { company: null },
    });
    const { container } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Warehouse monthly' })).toBeInTheDocument();
    const [first, second] = rows();
    expect(within(first!).getByRole('link', { name: 'TD-PRO-75' })).toHaveAttribute(
      'href',
      '/details/tapes/tape-guns',
    );
    expect(within(first!).getByLabelText('Packs of TD-PRO-75')).toHaveValue('2');
    expect(first).toHaveTextContent('£15.95');
    expect(first).toHaveTextContent('In stock');
    expect(second).toHaveTextContent('No longer sold');
    expect(screen.getByLabelText('Add TD-PRO-75 to cart')).toBeChecked();
    // No company to share with: no checkbox.
    expect(screen.queryByLabelText('Share with my company')).not.toBeInTheDocument();
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations).toEqual([]);
  });

  it('adds the ticked lines with their packs as edited, in the reorder’s words, with the way to the cart', async () => {
    signedIn();
    const api = stubApi({
      [API.list]: listView(),
      [API.company]: { company: null },
      [API.cart]: addedToCart([
        {
          sku: 'TD-PRO-75',
          title: 'Item TD-PRO-75',
          packs_ordered: 5,
          packs_added: 3,
          outcome: 'clamped',
          old_price_per_pack: '15.95',
          new_price_per_pack: '15.95',
        },
      ]),
    });
    const { user } = renderPage();
    const packs = await screen.findByLabelText('Packs of TD-PRO-75');
    await user.clear(packs);
    await user.type(packs, '5');
    await user.click(screen.getByLabelText('Add BW-S-300-100 to cart'));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    const outcome = await screen.findByText('The line was added to your cart.');
    expect(outcome.closest('[role="status"]')).toHaveTextContent(
      'Only 3 packs of TD-PRO-75 in stock: 3 added',
    );
    expect(screen.getByRole('link', { name: 'Go to cart' })).toHaveAttribute('href', '/cart');
    expect(api.called('POST', '/api/account/lists/7/add-to-cart/')[0]!.body).toEqual({
      lines: [{ item: 11, packs: 5 }],
    });

    await user.click(screen.getByLabelText('Add TD-PRO-75 to cart'));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(screen.getByText(LISTS_PAGE_MESSAGES.nothingTicked)).toHaveAttribute('role', 'alert');
    expect(api.called('POST', '/api/account/lists/7/add-to-cart/')).toHaveLength(1);
  });

  it('saves a new name, sharing, packs and a removed line for an editor', async () => {
    signedIn();
    const api = stubApi({
      [API.list]: listView(),
      [API.company]: { company: company() },
      [API.put]: (body: { name: string }) =>
        json(listView({ name: body.name, shared: true, lines: [listLine({ packs: 4 })] })),
    });
    const { user } = renderPage();
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(name).toHaveAccessibleDescription(SAVED_LIST_MESSAGES.nameRequired);
    await user.type(name, 'Cafe');
    await user.click(screen.getByLabelText('Share with my company'));
    const packs = screen.getByLabelText('Packs of TD-PRO-75');
    await user.clear(packs);
    await user.type(packs, '4');
    await user.click(screen.getByRole('button', { name: 'Remove BW-S-300-100' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(LISTS_PAGE_MESSAGES.saved)).toHaveAttribute('role', 'status');
    expect(api.called('PUT', '/api/account/lists/7/')[0]!.body).toEqual({
      name: 'Cafe',
      shared: true,
      lines: [{ item: 11, packs: 4 }],
    });
    expect(rows()).toHaveLength(1);
  });

  it('deletes the list after asking, and goes back to the lists', async () => {
    signedIn();
    const api = stubApi({
      [API.list]: listView(),
      [API.company]: { company: null },
      [API.delete]: json(undefined, 204),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete list' }));
    const confirm = screen.getByRole('group', { name: 'Delete this list' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    expect(api.called('DELETE', '/api/account/lists/7/')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete list' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete it' }));
    expect(await screen.findByText('At /account/lists')).toBeInTheDocument();
    expect(api.called('DELETE', '/api/account/lists/7/')).toHaveLength(1);
  });

  it('lets a buyer use a company list but not change it', async () => {
    signedIn();
    stubApi({
      [API.list]: listView({ shared: true, can_edit: false, owner_name: 'Ann Smith' }),
      [API.company]: { company: company({ role: 'buyer' }) },
    });
    renderPage();
    expect(await screen.findByText(LISTS_PAGE_MESSAGES.readOnly('Ann Smith'))).toBeInTheDocument();
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete list' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  });

  it('says so when the list is not the buyer’s', async () => {
    signedIn();
    stubApi({ [API.company]: { company: null } });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'List not found' })).toBeInTheDocument();
  });
});
