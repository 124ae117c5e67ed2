import { CHECKOUT_MESSAGES, COMPANY_MESSAGES, type OrderView, TEST_CARDS } from '@shop/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useParams } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutCompany } from '../api/get-checkout-company';
import type { CheckoutData } from '../api/load-checkout';
import { address, checkoutData, deliveryRoutes, HOME, intent, order, WORK } from '~test/fake-checkout';
import { json, type Route, stubApi } from '~test/stub-api';
import { polyfillDialog } from '~test/polyfill-dialog';
import { routeStub } from '~test/route-stub';
import { CARD_ALREADY_CHARGED, CheckoutView } from './checkout-view';
import { getCartCount, setCartCount } from '~/lib/current-cart';
import { ACCESS_TOKEN_KEY } from '~/lib/session';

/*
 * The checkout of a trade buyer: the company's shared addresses, the purchase-order number, Pay on
 * account beside the card, its hold, and the order held for approval. Everyone else's checkout is
 * checkout-view.test.tsx, unchanged.
 */

const INTENTS = 'POST /api/ecommerce/payment-intents/';
const CONFIRM = 'POST /api/payments/test/confirm/';
const ORDERS = 'POST /api/orders/';

/** The company's warehouse, shared with every member. */
const DEPOT = address({
  id: 40,
  first_name: 'Goods',
  last_name: 'In',
  street: 'Unit 4 Dock Road',
  city: 'Hull',
  postal_code: 'HU1 2AB',
});

function trade(overrides: Partial<CheckoutCompany['company']> = {}, addresses = [DEPOT]): CheckoutCompany {
  return {
    company: {
      id: 7,
      account_number: 'TA-000007',
      status: 'approved',
      legal_name: 'Acme Packaging Ltd',
      trading_name: 'Acme Packaging',
      invoice_address: {
        first_name: 'Accounts',
        last_name: 'Payable',
        street: '12 Canal Wharf',
        city: 'Leeds',
        state: null,
        postal_code: 'LS1 4AB',
        country: 'United Kingdom',
        telephone_number: '+441130000000',
      },
      role: 'buyer',
      order_limit: null,
      po_required: false,
      pay_on_account: true,
      on_hold: false,
      hold_reason: null,
      available_credit: null,
      ...overrides,
    },
    addresses,
  };
}

const onAccountOrder = (overrides: Partial<OrderView> = {}): OrderView =>
  order({
    id: 205,
    payment_method: 'account',
    payment_status: 'ON_ACCOUNT',
    payment_verified: false,
    transaction_id: null,
    purchase_order_number: 'PO-4471',
    invoice_due_date: '2026-12-27',
    payment_terms: '30 days from the invoice date',
    company: 7,
    ...overrides,
  });

const intentView = (status: string) => ({
  id: 'pi_test_1',
  object: 'payment_intent',
  status,
  amount: 11_612,
  currency: 'gbp',
  next_action: null,
});

function shop(routes: Record<string, Route> = {}) {
  return stubApi({
    ...deliveryRoutes(),
    [INTENTS]: intent(),
    [CONFIRM]: intentView('succeeded'),
    [ORDERS]: json(onAccountOrder(), 201),
    ...routes,
  });
}

function OrderPageStub() {
  const { id } = useParams();
  return <h1>Order #{id}</h1>;
}

function renderCheckout(data: CheckoutData) {
  const Stub = routeStub([
    { path: '/checkout', Component: () => <CheckoutView data={data} /> },
    { path: '/order-confirmed/:id', Component: OrderPageStub },
    { path: '/account/approvals', Component: () => <h1>Approvals</h1> },
    { path: '/', Component: () => <h1>Home</h1> },
  ]);
  const { container } = render(<Stub initialEntries={['/checkout']} />);
  return { user: userEvent.setup(), container };
}

const withCompany = (company: CheckoutCompany, overrides: Partial<CheckoutData> = {}) =>
  checkoutData({ company, ...overrides });

const billingGroup = () => screen.getByRole('group', { name: 'Delivery address' });
const poField = () => screen.getByRole('textbox', { name: /^Purchase-order number/ });
const methods = () => screen.getByRole('group', { name: 'Payment method' });
const bodiesOf = (api: ReturnType<typeof stubApi>, method: string, url: string) =>
  api.called(method, url).map((call) => call.body);

async function expectNoAxeViolations(container: HTMLElement) {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.violations).toEqual([]);
}

vi.setConfig({ testTimeout: 20_000 });

beforeAll(polyfillDialog);
beforeEach(() => localStorage.setItem(ACCESS_TOKEN_KEY, 'token'));
afterEach(() => {
  vi.restoreAllMocks();
  setCartCount(null);
  document.querySelectorAll('dialog').forEach((dialog) => dialog.remove());
});

describe('a member of a company without credit', () => {
  const data = () => withCompany(trade({ pay_on_account: false }));

  it('offers the company’s addresses under its trading name, the card alone and an optional PO number', async () => {
    shop();
    const { container } = renderCheckout(data());
    const billing = billingGroup();
    const own = within(billing).getByRole('group', { name: 'Your addresses' });
    const shared = within(billing).getByRole('group', { name: 'Acme Packaging' });
    expect(
      within(own)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual([String(HOME.id), String(WORK.id)]);
    expect(within(shared).getByRole('radio', { name: /Unit 4 Dock Road/ })).not.toBeChecked();
    // The buyer cannot delete the company's address from here: its administrators keep it.
    expect(within(shared).queryByRole('button')).not.toBeInTheDocument();
    expect(
      within(methods())
        .getAllByRole('radio')
        .map((radio) => radio.parentElement!.textContent),
    ).toEqual(['Card']);
    expect(poField()).toHaveAccessibleName('Purchase-order number (optional)');
    expect(poField()).not.toHaveAttribute('aria-required');
    expect(await screen.findByRole('textbox', { name: 'Card number' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled();
    await expectNoAxeViolations(container);
  });

  it('pays by card to a shared address, with the PO number on the intent and the order', async () => {
    const api = shop({ [ORDERS]: json(order({ purchase_order_number: 'PO-4471' }), 201) });
    const { user } = renderCheckout(data());
    await user.click(within(billingGroup()).getByRole('radio', { name: /Unit 4 Dock Road/ }));
    await user.type(poField(), 'PO-4471');
    await user.type(await screen.findByRole('textbox', { name: 'Card number' }), TEST_CARDS.succeeds);
    await user.type(screen.getByRole('textbox', { name: 'Expiry date (MM / YY)' }), '1234');
    await user.type(screen.getByRole('textbox', { name: 'CVC' }), '123');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText(CHECKOUT_MESSAGES.orderPlaced)).toHaveAttribute('role', 'status');
    expect(bodiesOf(api, 'POST', '/api/ecommerce/payment-intents/')).toEqual([
      { cart_id: 3 },
      {
        cart_id: 3,
        billing_address: DEPOT.id,
        shipping_address: DEPOT.id,
        purchase_order_number: 'PO-4471',
        delivery_service: 'parcel',
        delivery_extras: [],
      },
    ]);
    expect(bodiesOf(api, 'POST', '/api/orders/')[0]).toMatchObject({
      billing_address: DEPOT.id,
      shipping_address: DEPOT.id,
      payment_method: 'card',
      transaction_id: 'pi_test_1',
      purchase_order_number: 'PO-4471',
    });
  });

  it('addresses the invoice to the company and asks only for the delivery address', () => {
    shop();
    renderCheckout(data());
    const addresses = screen.getByRole('region', { name: 'Addresses' });
    expect(within(addresses).getByRole('heading', { name: 'Invoice to' })).toBeInTheDocument();
    expect(within(addresses).getByText('Acme Packaging Ltd (account TA-000007)')).toBeInTheDocument();
    expect(within(addresses).getByText('12 Canal Wharf')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Billing address' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Same as billing address' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Shipping address' })).not.toBeInTheDocument();
  });

  it('starts with the company’s address, and no open form, for a member with none of their own', () => {
    shop();
    renderCheckout(withCompany(trade({ pay_on_account: false }), { addresses: [] }));
    expect(within(billingGroup()).getByRole('radio', { name: /Unit 4 Dock Road/ })).toBeChecked();
    expect(within(billingGroup()).getByText('No saved addresses yet. Add one below.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'New address' })).not.toBeInTheDocument();
  });
});

describe('a member of a company with credit', () => {
  it('pays on account by default: no card, and the button says so', async () => {
    const api = shop();
    const { container } = renderCheckout(withCompany(trade()));
    expect(within(methods()).getByRole('radio', { name: 'Pay on account' })).toBeChecked();
    expect(within(methods()).getByRole('radio', { name: 'Pay by card' })).not.toBeChecked();
    expect(screen.queryByRole('textbox', { name: 'Card number' })).not.toBeInTheDocument();
    expect(screen.getByText(/No card is needed/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place order on account' })).toBeEnabled();
    // No card to pay with, so no payment intent either.
    expect(api.called('POST', '/api/ecommerce/payment-intents/')).toEqual([]);
    await expectNoAxeViolations(container);
  });

  it('places the order on account and goes to its page', async () => {
    setCartCount(1);
    const api = shop();
    const { user } = renderCheckout(withCompany(trade()));
    await user.type(poField(), ' PO-4471 ');
    await user.click(screen.getByRole('button', { name: 'Place order on account' }));
    expect(await screen.findByText(CHECKOUT_MESSAGES.orderPlaced)).toHaveAttribute('role', 'status');
    expect(bodiesOf(api, 'POST', '/api/orders/')).toEqual([
      {
        billing_address: HOME.id,
        shipping_address: HOME.id,
        cart_id: 3,
        purchase_order_number: 'PO-4471',
        payment_method: 'account',
        delivery_service: 'parcel',
        delivery_extras: [],
      },
    ]);
    expect(api.called('POST', '/api/payments/test/confirm/')).toEqual([]);
    expect(getCartCount()).toBe(0);
    expect(
      await screen.findByRole('heading', { name: 'Order #205' }, { timeout: 4_000 }),
    ).toBeInTheDocument();
  });

  it('shows an administrator the available credit beside the choice', () => {
    shop();
    renderCheckout(withCompany(trade({ role: 'administrator', available_credit: '1250.00' })));
    expect(within(methods()).getByRole('radio', { name: 'Pay on account' })).toHaveAccessibleDescription(
      'Available credit: £1,250.00.',
    );
  });

  it('shows a refusal for credit beside the payment choice, and then pays by card', async () => {
    const overCredit = COMPANY_MESSAGES.overCredit(5_000);
    const api = shop({ [ORDERS]: json({ payment_method: [overCredit] }, 400) });
    const { user } = renderCheckout(withCompany(trade()));
    await user.click(screen.getByRole('button', { name: 'Place order on account' }));
    const error = await within(methods()).findByText(overCredit);
    expect(error).toHaveAttribute('role', 'alert');
    expect(methods()).toHaveAccessibleDescription(overCredit);
    expect(screen.getByRole('button', { name: 'Place order on account' })).toBeEnabled();

    await user.click(within(methods()).getByRole('radio', { name: 'Pay by card' }));
    expect(within(methods()).queryByText(overCredit)).not.toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Card number' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled();
    await waitFor(() => expect(api.called('POST', '/api/ecommerce/payment-intents/')).toHaveLength(1));
  });

  it('keeps to the card once the card has been charged for an order the server refused', async () => {
    const api = shop({
      [ORDERS]: json({ shipping_address: ['That shipping address is not yours.'] }, 400),
    });
    const { user } = renderCheckout(withCompany(trade({ pay_on_account: true })));
    await user.click(within(methods()).getByRole('radio', { name: 'Pay by card' }));
    await user.type(await screen.findByRole('textbox', { name: 'Card number' }), TEST_CARDS.succeeds);
    await user.type(screen.getByRole('textbox', { name: 'Expiry date (MM / YY)' }), '1234');
    await user.type(screen.getByRole('textbox', { name: 'CVC' }), '123');
    await waitFor(() => expect(screen.queryByText('Preparing secure payment…')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findByText('That shipping address is not yours.');
    await user.click(within(methods()).getByRole('radio', { name: 'Pay on account' }));
    expect(within(methods()).getByText(CARD_ALREADY_CHARGED)).toHaveAttribute('role', 'alert');
    expect(within(methods()).getByRole('radio', { name: 'Pay by card' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled();
    expect(api.called('POST', '/api/orders/')).toHaveLength(1);
  });
});

describe('a company on hold', () => {
  it('says why, disables Pay on account and pays by card', async () => {
    shop();
    const reason = 'Invoice INV-000031 is overdue';
    const { container } = renderCheckout(withCompany(trade({ on_hold: true, hold_reason: reason })));
    const account = within(methods()).getByRole('radio', { name: 'Pay on account' });
    expect(account).toBeDisabled();
    expect(account).toHaveAccessibleDescription(COMPANY_MESSAGES.onHold(reason));
    expect(within(methods()).getByRole('radio', { name: 'Pay by card' })).toBeChecked();
    expect(await screen.findByRole('textbox', { name: 'Card number' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled();
    await expectNoAxeViolations(container);
  });
});

describe('the purchase-order number', () => {
  it('is marked required when the company requires it, and asked for before any call', async () => {
    const api = shop();
    const { user, container } = renderCheckout(withCompany(trade({ po_required: true })));
    expect(poField()).toHaveAccessibleName('Purchase-order number (required)');
    expect(poField()).toHaveAttribute('aria-required', 'true');
    await user.click(screen.getByRole('button', { name: 'Place order on account' }));
    expect(await screen.findByText(COMPANY_MESSAGES.poRequired)).toHaveAttribute('role', 'alert');
    expect(poField()).toHaveAttribute('aria-invalid', 'true');
    expect(poField()).toHaveAccessibleDescription(
      `Your company asks for a purchase-order number on every order. ${COMPANY_MESSAGES.poRequired}`,
    );
    expect(api.called('POST', '/api/orders/')).toEqual([]);
    await expectNoAxeViolations(container);

    await user.type(poField(), 'PO-1');
    expect(screen.queryByText(COMPANY_MESSAGES.poRequired)).not.toBeInTheDocument();
  });

  it('shows the server’s requirement under the field too', async () => {
    shop({ [ORDERS]: json({ purchase_order_number: [COMPANY_MESSAGES.poRequired] }, 400) });
    const { user } = renderCheckout(withCompany(trade()));
    // The delivery is settled for the address first: nothing is paid before it.
    await waitFor(() => expect(screen.getByRole('radio', { name: /^Parcel/ })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Place order on account' }));
    expect(await screen.findByText(COMPANY_MESSAGES.poRequired)).toHaveAttribute('role', 'alert');
    expect(screen.queryByRole('button', { name: 'Use it anyway' })).not.toBeInTheDocument();
  });

  it('refuses characters a PO number cannot have, before sending', async () => {
    const api = shop();
    const { user } = renderCheckout(withCompany(trade()));
    await user.type(poField(), 'PO<1>');
    await user.click(screen.getByRole('button', { name: 'Place order on account' }));
    expect(await screen.findByText('Use letters, digits, spaces and . / # - only.')).toBeInTheDocument();
    expect(api.called('POST', '/api/orders/')).toEqual([]);
  });

  it('warns about a number used before, and Use it anyway sends the order again with the go-ahead', async () => {
    const used = COMPANY_MESSAGES.poUsed('PO-4471');
    const api = shop({
      [ORDERS]: (body: { confirm_purchase_order_reuse?: boolean }) =>
        body.confirm_purchase_order_reuse
          ? json(onAccountOrder(), 201)
          : json({ purchase_order_number: [used] }, 400),
    });
    const { user, container } = renderCheckout(withCompany(trade()));
    await user.type(poField(), 'PO-4471');
    await user.click(screen.getByRole('button', { name: 'Place order on account' }));
    expect(await screen.findByText(used)).toHaveAttribute('role', 'alert');
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole('button', { name: 'Use it anyway' }));
    expect(await screen.findByText(CHECKOUT_MESSAGES.orderPlaced)).toBeInTheDocument();
    expect(bodiesOf(api, 'POST', '/api/orders/')).toEqual([
      expect.not.objectContaining({ confirm_purchase_order_reuse: expect.anything() }),
      expect.objectContaining({ purchase_order_number: 'PO-4471', confirm_purchase_order_reuse: true }),
    ]);
  });

  it('forgets the go-ahead when the number changes', async () => {
    const used = (number: string) => COMPANY_MESSAGES.poUsed(number);
    const api = shop({
      [ORDERS]: (body: { purchase_order_number: string }) =>
        json({ purchase_order_number: [used(body.purchase_order_number)] }, 400),
    });
    const { user } = renderCheckout(withCompany(trade()));
    await user.type(poField(), 'PO-1');
    await user.click(screen.getByRole('button', { name: 'Place order on account' }));
    await user.click(await screen.findByRole('button', { name: 'Use it anyway' }));
    await screen.findByText(used('PO-1'));
    await user.type(poField(), '2');
    expect(screen.queryByRole('button', { name: 'Use it anyway' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Place order on account' }));
    await screen.findByText(used('PO-12'));
    expect(
      bodiesOf(api, 'POST', '/api/orders/').map((body) => [
        (body as Record<string, unknown>).purchase_order_number,
        (body as Record<string, unknown>).confirm_purchase_order_reuse,
      ]),
    ).toEqual([
      ['PO-1', undefined],
      ['PO-1', true],
      ['PO-12', undefined],
    ]);
  });
});

describe('an order above the buyer’s limit', () => {
  // The cart's total is £116.12.
  it('says before placing that it goes to the approvers, with the limit, and the button says so', async () => {
    const api = shop({
      [ORDERS]: json(
        { status: 'awaiting_approval', approval: 12, reference: 'AR-000012', detail: '', total: '116.12' },
        202,
      ),
    });
    const { user, container } = renderCheckout(withCompany(trade({ order_limit: '100.00' })));
    const note = screen.getByText(COMPANY_MESSAGES.overOrderLimit(100_00));
    expect(note).toHaveTextContent('£100.00');
    const send = screen.getByRole('button', { name: 'Send for approval' });
    expect(send).toHaveAccessibleDescription(COMPANY_MESSAGES.overOrderLimit(100_00));
    expect(screen.queryByRole('button', { name: 'Place order on account' })).not.toBeInTheDocument();
    await expectNoAxeViolations(container);

    // By card nothing waits for an approver.
    await user.click(within(methods()).getByRole('radio', { name: 'Pay by card' }));
    expect(screen.queryByText(COMPANY_MESSAGES.overOrderLimit(100_00))).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeInTheDocument();
    await user.click(within(methods()).getByRole('radio', { name: 'Pay on account' }));
    await user.click(screen.getByRole('button', { name: 'Send for approval' }));
    expect(await screen.findByRole('heading', { name: 'Sent for approval' })).toBeInTheDocument();
    expect(bodiesOf(api, 'POST', '/api/orders/')).toHaveLength(1);
  });

  it('places as usual within the limit', async () => {
    shop();
    renderCheckout(withCompany(trade({ order_limit: '200.00' })));
    expect(screen.getByRole('button', { name: 'Place order on account' })).toBeInTheDocument();
    expect(screen.queryByText(/over your order limit/)).not.toBeInTheDocument();
  });

  it('never sends an administrator’s order for approval', async () => {
    shop();
    renderCheckout(withCompany(trade({ role: 'administrator', order_limit: '100.00' })));
    expect(screen.getByRole('button', { name: 'Place order on account' })).toBeInTheDocument();
    expect(screen.queryByText(/over your order limit/)).not.toBeInTheDocument();
  });

  it('says it has gone to the approvers, with the way to follow it', async () => {
    setCartCount(2);
    shop({
      [ORDERS]: json(
        {
          status: 'awaiting_approval',
          approval: 12,
          reference: 'AR-000012',
          detail: COMPANY_MESSAGES.awaitingApproval,
          total: '1450.00',
        },
        202,
      ),
    });
    const { user, container } = renderCheckout(withCompany(trade()));
    await user.click(screen.getByRole('button', { name: 'Place order on account' }));
    const heading = await screen.findByRole('heading', { name: 'Sent for approval' });
    expect(heading).toHaveFocus();
    expect(screen.getByText(COMPANY_MESSAGES.awaitingApproval)).toHaveAttribute('role', 'status');
    expect(screen.getByText('£1,450.00')).toBeInTheDocument();
    // Named by its own reference, never as an order.
    expect(screen.getByText('AR-000012')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your approvals' })).toHaveAttribute(
      'href',
      '/account/approvals',
    );
    expect(screen.queryByRole('button', { name: /Place order/ })).not.toBeInTheDocument();
    expect(getCartCount()).toBe(0);
    await expectNoAxeViolations(container);
  });
});
