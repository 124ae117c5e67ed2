import { COMPANY_MESSAGES } from '@shop/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMPANY_PAGE_MESSAGES } from '~/features/company/company-messages';
import { approval, buyerCompany, company, page } from '~test/fake-company';
import { order } from '~test/fake-checkout';
import { json, type Route, stubApi } from '~test/stub-api';
import { routeStub } from '~test/route-stub';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import * as approvalsScreen from './account-approvals';

const COMPANY = 'GET /api/account/trade-account/';
const LIST = 'GET /api/account/company/approvals/';
const APPROVE = 'POST /api/account/company/approvals/11/approve/';
const DECLINE = 'POST /api/account/company/approvals/11/decline/';
const HELD = 'approval request AR-000011 from Bob Jones';
const TO_CART = 'POST /api/account/company/approvals/11/add-to-cart/';

function Where() {
  const location = useLocation();
  return <p>At {location.pathname}</p>;
}

function renderPage(routes: Record<string, Route>, entry = '/account/approvals') {
  localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
  const api = stubApi({
    [COMPANY]: { company: company({ role: 'approver' }) },
    [LIST]: page([approval()]),
    ...routes,
  });
  const Stub = routeStub([
    { path: '/account/company', Component: Where },
    { path: '/track-order/:id', Component: Where },
    {
      path: '/account/approvals',
      Component: approvalsScreen.default,
      loader: approvalsScreen.clientLoader,
      HydrateFallback: approvalsScreen.HydrateFallback,
    },
  ]);
  const { container } = render(<Stub initialEntries={[entry]} />);
  return { api, container, user: userEvent.setup() };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/account/approvals', { timeout: 20_000 }, () => {
  it('shows an approver each held order with its lines, total, PO, buyer and address; passes axe', async () => {
    const { container } = renderPage({});
    const card = await screen.findByRole('article', { name: 'Approval request AR-000011: £968.34' });
    expect(screen.getByRole('heading', { level: 1, name: 'Approval requests' })).toBeInTheDocument();
    for (const text of ['Awaiting approval', 'PO-901', 'Bob Jones (bob@acme.example)', '£40.00', '£968.34']) {
      expect(within(card).getAllByText(text).length).toBeGreaterThan(0);
    }
    expect(within(card).getByText('Ann Smith, 1 Dock Road, Leeds, LS1 4AP')).toBeInTheDocument();
    expect(within(card).getByRole('table', { name: `Lines of ${HELD}` })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: `Approve ${HELD}` })).toBeInTheDocument();
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations).toEqual([]);
  }, 20_000);

  it('approves: the order is placed, said with the focus on it, with a link to the order', async () => {
    const { api, user } = renderPage({
      [APPROVE]: { approval: approval({ status: 'approved', order: 123 }), order: order({ id: 123 }) },
    });
    await user.click(await screen.findByRole('button', { name: `Approve ${HELD}` }));
    expect(await screen.findByText('Order #123 placed.')).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Order #123' })).toHaveAttribute('href', '/track-order/123');
    expect(within(screen.getByRole('article')).getByText('Approved')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `Approve ${HELD}` })).not.toBeInTheDocument();
    expect(api.called('POST', '/api/account/company/approvals/11/approve/')).toHaveLength(1);
  });

  it('shows the 409’s reason when stock or credit has run out, and the order as not placed', async () => {
    const reason = COMPANY_MESSAGES.overCredit(50_00);
    const { user } = renderPage({ [APPROVE]: json({ detail: reason }, 409) });
    await user.click(await screen.findByRole('button', { name: `Approve ${HELD}` }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(reason);
    expect(alert).toHaveFocus();
    expect(within(screen.getByRole('article')).getByText('Could not be placed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `Approve ${HELD}` })).not.toBeInTheDocument();
  });

  it('declines with a reason the buyer reads', async () => {
    const { api, user } = renderPage({
      [DECLINE]: approval({ status: 'declined', reason: 'Over budget.', decided_at: '2026-01-21T09:00:00Z' }),
    });
    await user.click(await screen.findByRole('button', { name: `Decline ${HELD}` }));
    const reason = screen.getByLabelText('Reason, for the buyer (optional)');
    expect(reason).toHaveFocus();
    await user.type(reason, 'Over budget.');
    await user.click(
      within(screen.getByRole('form', { name: `Decline ${HELD}` })).getByRole('button', {
        name: `Decline ${HELD}`,
      }),
    );
    expect(await screen.findByText(COMPANY_PAGE_MESSAGES.declinedOrder)).toHaveFocus();
    expect(screen.getByText('Over budget.')).toBeInTheDocument();
    expect(api.called('POST', '/api/account/company/approvals/11/decline/')[0]!.body).toEqual({
      reason: 'Over budget.',
    });
  });

  it('shows a buyer their own requests’ status, with nothing to decide', async () => {
    renderPage({
      [COMPANY]: { company: buyerCompany() },
      [LIST]: page([approval({ status: 'declined', reason: 'Over budget.' })]),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your approval requests' }),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('article')).getByText('Declined')).toBeInTheDocument();
    expect(screen.getByText('Over budget.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    // Never named as an order.
    expect(screen.queryByText(/order #?11\b/i)).not.toBeInTheDocument();
  });

  it('puts a declined request back in the buyer’s cart in one click, saying what came back', async () => {
    const { api, user } = renderPage({
      [COMPANY]: { company: buyerCompany() },
      [LIST]: page([approval({ status: 'declined', reason: 'Over budget.', can_put_back: true })]),
      [TO_CART]: {
        cart: { id: 5, items: [{}] },
        lines: [
          {
            sku: 'PW-HAND-400-CL',
            title: 'Clear Hand Pallet Wrap 400mm x 250m',
            packs_ordered: 20,
            packs_added: 20,
            outcome: 'added',
            old_price_per_pack: '40.00',
            new_price_per_pack: '40.00',
          },
        ],
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Put AR-000011 back in my cart' }));
    expect(await screen.findByText(COMPANY_PAGE_MESSAGES.putBack('AR-000011'))).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Go to cart' })).toHaveAttribute('href', '/cart');
    expect(api.called('POST', '/api/account/company/approvals/11/add-to-cart/')).toHaveLength(1);
  });

  it('offers no put-back on a request still waiting', async () => {
    renderPage({ [COMPANY]: { company: buyerCompany() } });
    await screen.findByRole('article');
    expect(screen.queryByRole('button', { name: /back in my cart/ })).not.toBeInTheDocument();
  });

  it('offers an approver the put-back on their own declined request, never on another buyer’s', async () => {
    renderPage({
      [LIST]: page([
        // Another buyer's, declined by this approver: the API says it is not the caller's to put back.
        approval({ id: 11, reference: 'AR-000011', status: 'declined', reason: 'No.' }),
        // The approver's own, over their own limit and declined by an administrator.
        approval({
          id: 12,
          reference: 'AR-000012',
          status: 'declined',
          reason: 'Not this month.',
          buyer: { id: 71, email: 'amy@acme.example', name: 'Amy Approver' },
          can_put_back: true,
        }),
      ]),
    });
    await screen.findAllByRole('article');
    expect(
      screen.getAllByRole('button', { name: /back in my cart/ }).map((button) => button.textContent),
    ).toEqual(['Put AR-000012 back in my cart']);
  });

  it('filters by status through the URL', async () => {
    const { api } = renderPage(
      { 'GET /api/account/company/approvals/?status=refused': page([]) },
      '/account/approvals?status=refused',
    );
    expect(await screen.findByText(COMPANY_PAGE_MESSAGES.noApprovals)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Could not be placed' })).toHaveAttribute('aria-current', 'page');
    expect(api.called('GET', '/api/account/company/approvals/?status=refused')).toHaveLength(1);
  });

  it('sends someone without an approved company to the trade account page', async () => {
    renderPage({ [COMPANY]: { company: null } });
    expect(await screen.findByText('At /account/company')).toBeInTheDocument();
  });
});
