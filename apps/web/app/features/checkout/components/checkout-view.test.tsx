import { ADDRESS_MESSAGES, CHECKOUT_MESSAGES, TEST_CARD_MESSAGES, TEST_CARDS } from '@shop/domain';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutData } from '../api/load-checkout';
import {
  address,
  cart,
  cartLine,
  checkoutData,
  deliveryRoutes,
  HOME,
  intent,
  order,
  WORK,
} from '~test/fake-checkout';
import { makeCartDelivery } from '~test/fake-cart';
import { json, never, type Route, stubApi } from '~test/stub-api';
import { polyfillDialog } from '~test/polyfill-dialog';
import { routeStub } from '~test/route-stub';
import { CheckoutView } from './checkout-view';
import { ACCESS_TOKEN_KEY } from '~/lib/session';

const INTENTS = 'POST /api/ecommerce/payment-intents/';
const CONFIRM = 'POST /api/payments/test/confirm/';
const AUTHENTICATE = 'POST /api/payments/test/authenticate/';
const ORDERS = 'POST /api/orders/';

const intentView = (status: string) => ({
  id: 'pi_test_1',
  object: 'payment_intent',
  status,
  amount: 11_612,
  currency: 'gbp',
  next_action: status === 'requires_action' ? { type: 'use_test_authentication' } : null,
});
const cardError = (code: string, message: string) =>
  json({ detail: message, error: { type: 'card_error', code, message } }, 402);

/** A shop whose calls all succeed, with any of them replaced. */
function shop(routes: Record<string, Route> = {}) {
  return stubApi({
    ...deliveryRoutes(),
    [INTENTS]: intent(),
    [CONFIRM]: intentView('succeeded'),
    [ORDERS]: json(order(), 201),
    ...routes,
  });
}

function renderCheckout(data: CheckoutData = checkoutData()) {
  const Stub = routeStub([
    { path: '/checkout', Component: () => <CheckoutView data={data} /> },
    { path: '/order-confirmed/:id', Component: () => <h1>Order confirmed</h1> },
    { path: '/', Component: () => <h1>Home</h1> },
  ]);
  render(<Stub initialEntries={['/checkout']} />);
  return userEvent.setup();
}

const billingGroup = () => screen.getByRole('group', { name: 'Billing address' });
const shippingGroup = () => screen.getByRole('group', { name: 'Shipping address' });
const placeOrder = () => screen.getByRole('button', { name: 'Place Order' });
const summaryRow = (label: string) => screen.getByRole('row', { name: new RegExp(`^${label}`) });

/** Waits for the card fields and the payment intent, then types a card. */
async function enterCard(user: ReturnType<typeof userEvent.setup>, number: string = TEST_CARDS.succeeds) {
  await user.type(await screen.findByRole('textbox', { name: 'Card number' }), number);
  await user.type(screen.getByRole('textbox', { name: 'Expiry date (MM / YY)' }), '1234');
  await user.type(screen.getByRole('textbox', { name: 'CVC' }), '123');
  await waitFor(() => expect(screen.queryByText('Preparing secure payment…')).not.toBeInTheDocument());
}

// Typing a whole address takes a while when the machine is busy with other suites.
vi.setConfig({ testTimeout: 20_000 });

beforeAll(polyfillDialog);
beforeEach(() => localStorage.setItem(ACCESS_TOKEN_KEY, 'token'));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.querySelectorAll('dialog').forEach((dialog) => dialog.remove());
});

describe('the checkout’s order summary', () => {
  it('shows the lines and the server’s totals: discount, VAT, parcels, weight to one decimal', async () => {
    shop();
    renderCheckout(
      checkoutData({
        cart: cart({
          items: [
            cartLine(),
            cartLine({ id: 8, item: { ...cartLine().item, sku: 'TAPE-48', title: 'Tape' } }),
          ],
          discount: '8.98',
        }),
      }),
    );
    const lines = screen.getByRole('table', { name: 'Items in your order' });
    const cells = within(within(lines).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      'PW-HAND-400-CL',
      'Clear Hand Pallet Wrap 400mm x 250m',
      '3',
      '£89.82',
    ]);
    expect(summaryRow('Subtotal')).toHaveTextContent('£89.82');
    expect(summaryRow('Discount')).toHaveTextContent('−£8.98');
    expect(summaryRow('VAT \\(20%\\)')).toHaveTextContent('£19.35');
    expect(summaryRow('Shipping')).toHaveTextContent('£6.95 (2 parcels)');
    expect(summaryRow('Weight')).toHaveTextContent('39.6 kg');
    expect(summaryRow('Total')).toHaveTextContent('£116.12');
    await screen.findByRole('textbox', { name: 'Card number' });
  });

  it('says FREE for free shipping and leaves out a discount of nothing', async () => {
    shop();
    renderCheckout(checkoutData({ cart: cart({ shipping_cost: '0.00' }) }));
    expect(summaryRow('Shipping')).toHaveTextContent('FREE');
    expect(screen.queryByRole('row', { name: /^Discount/ })).not.toBeInTheDocument();
    await screen.findByRole('textbox', { name: 'Card number' });
  });

  it('says the cart is empty, links back and asks for no payment', () => {
    const api = shop();
    renderCheckout(checkoutData({ cart: cart({ items: [] }) }));
    expect(screen.getByRole('alert')).toHaveTextContent('Cart is empty. Add items to proceed.');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Place Order' })).not.toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });
});

describe('choosing addresses', () => {
  it('chooses the newest saved address for billing and ships to it while Same as billing is on', async () => {
    const api = shop();
    const user = renderCheckout();
    expect(within(billingGroup()).getByRole('radio', { name: /1 High Street/ })).toBeChecked();
    expect(within(billingGroup()).getByRole('radio', { name: /5 Mill Lane/ })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Same as billing address' })).toBeChecked();
    expect(screen.queryByRole('group', { name: 'Shipping address' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Card' })).toBeChecked();

    await enterCard(user);
    await user.click(placeOrder());
    await screen.findByText(CHECKOUT_MESSAGES.orderPlaced);
    expect(api.called('POST', '/api/orders/')[0]!.body).toMatchObject({
      billing_address: HOME.id,
      shipping_address: HOME.id,
    });
  });

  it('chooses the buyer’s default billing and shipping addresses (My account) over the newest', async () => {
    const api = shop();
    const home = address({ ...HOME, is_default_shipping: true });
    const work = address({ ...WORK, is_default_billing: true });
    const user = renderCheckout(checkoutData({ addresses: [home, work] }));
    expect(within(billingGroup()).getByRole('radio', { name: /5 Mill Lane/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Same as billing address' })).not.toBeChecked();
    expect(within(shippingGroup()).getByRole('radio', { name: /1 High Street/ })).toBeChecked();
    await enterCard(user);
    await user.click(placeOrder());
    await screen.findByText(CHECKOUT_MESSAGES.orderPlaced);
    expect(api.called('POST', '/api/orders/')[0]!.body).toMatchObject({
      billing_address: WORK.id,
      shipping_address: HOME.id,
    });
  });

  it('ships to the default billing address when there is no default shipping address', () => {
    shop();
    renderCheckout(checkoutData({ addresses: [HOME, address({ ...WORK, is_default_billing: true })] }));
    expect(within(billingGroup()).getByRole('radio', { name: /5 Mill Lane/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Same as billing address' })).toBeChecked();
  });

  it('ships elsewhere when Same as billing is off', async () => {
    const api = shop();
    const user = renderCheckout();
    await user.click(screen.getByRole('checkbox', { name: 'Same as billing address' }));
    expect(within(shippingGroup()).getByRole('radio', { name: /1 High Street/ })).toBeChecked();
    await user.click(within(shippingGroup()).getByRole('radio', { name: /5 Mill Lane/ }));
    await enterCard(user);
    await user.click(placeOrder());
    await screen.findByText(CHECKOUT_MESSAGES.orderPlaced);
    expect(api.called('POST', '/api/ecommerce/payment-intents/').map((call) => call.body)).toEqual([
      { cart_id: 3 },
      {
        cart_id: 3,
        billing_address: HOME.id,
        shipping_address: WORK.id,
        delivery_service: 'parcel',
        delivery_extras: [],
      },
    ]);
    expect(api.called('POST', '/api/orders/')[0]!.body).toEqual({
      shipping_address: WORK.id,
      billing_address: HOME.id,
      shipping_cost: 0,
      vat: 20,
      discount: 0,
      status: 'pending',
      payment_status: 'COMPLETED',
      payment_method: 'card',
      payment_verified: true,
      transaction_id: 'pi_test_1',
    });
  });

  it('asks for a billing address when there is none, with the address form open', async () => {
    const api = shop();
    const user = renderCheckout(checkoutData({ addresses: [] }));
    expect(screen.getByRole('form', { name: 'New address' })).toBeInTheDocument();
    // Open from the start, but the focus stays where the page put it.
    expect(screen.getByRole('textbox', { name: 'First name' })).not.toHaveFocus();
    expect(within(billingGroup()).getByText('No saved addresses yet. Add one below.')).toBeInTheDocument();
    await enterCard(user);
    await user.click(placeOrder());
    expect(within(billingGroup()).getByRole('alert')).toHaveTextContent(CHECKOUT_MESSAGES.billingRequired);
    expect(billingGroup()).toHaveAccessibleDescription(CHECKOUT_MESSAGES.billingRequired);
    expect(api.called('POST', '/api/payments/test/confirm/')).toEqual([]);
  });

  it('deletes an address and chooses the next one', async () => {
    const api = shop({ 'DELETE /api/addresses/21/': json(undefined, 204) });
    const user = renderCheckout();
    await user.click(within(billingGroup()).getByRole('button', { name: /^Delete Jane Doe, 1 High Street/ }));
    await waitFor(() =>
      expect(screen.queryByRole('radio', { name: /1 High Street/ })).not.toBeInTheDocument(),
    );
    expect(within(billingGroup()).getByRole('radio', { name: /5 Mill Lane/ })).toBeChecked();
    expect(api.called('DELETE', '/api/addresses/21/')).toHaveLength(1);
  });

  it('says Failed to delete address. and keeps the address when the server refuses', async () => {
    shop({ 'DELETE /api/addresses/21/': json({ detail: 'Boom' }, 500) });
    const user = renderCheckout();
    await user.click(within(billingGroup()).getByRole('button', { name: /^Delete Jane Doe, 1 High Street/ }));
    expect(await screen.findByText(CHECKOUT_MESSAGES.deleteAddressFailed)).toHaveAttribute('role', 'alert');
    expect(within(billingGroup()).getByRole('radio', { name: /1 High Street/ })).toBeChecked();
  });
});

describe('adding an address', () => {
  async function openForm() {
    const user = renderCheckout();
    const toggle = screen.getByRole('button', { name: 'Add a new address' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const form = screen.getByRole('form', { name: 'New address' });
    expect(within(form).getByRole('textbox', { name: 'First name' })).toHaveFocus();
    return { user, form };
  }

  async function fillIn(user: ReturnType<typeof userEvent.setup>, form: HTMLElement, phone = '07700 900456') {
    const field = (name: string) => within(form).getByRole('textbox', { name });
    await user.type(field('First name'), 'Sam');
    await user.type(field('Last name'), 'Smith');
    await user.type(field('Street'), '9 Quay Street');
    await user.type(field('City'), 'Bristol');
    await user.type(field('Postal code'), 'bs1 4dj');
    await user.type(screen.getByRole('textbox', { name: 'Telephone number' }), phone);
  }

  it('checks the fields with the API’s rules and messages before sending', async () => {
    const api = shop();
    const { user, form } = await openForm();
    expect(within(form).getByRole('textbox', { name: 'Country' })).toHaveValue('United Kingdom');
    expect(within(form).getByRole('textbox', { name: 'Country' })).toHaveAttribute('readonly');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(CHECKOUT_MESSAGES.addressFormErrors);
    const described = (name: string) => within(form).getByRole('textbox', { name });
    expect(described('First name')).toHaveAccessibleDescription(ADDRESS_MESSAGES.firstNameRequired);
    expect(described('Last name')).toHaveAccessibleDescription(ADDRESS_MESSAGES.lastNameRequired);
    expect(described('Street')).toHaveAccessibleDescription(ADDRESS_MESSAGES.streetRequired);
    expect(described('City')).toHaveAccessibleDescription(ADDRESS_MESSAGES.cityRequired);
    expect(described('Postal code')).toHaveAccessibleDescription(ADDRESS_MESSAGES.postalCodeRequired);
    expect(described('Telephone number')).toHaveAccessibleDescription(ADDRESS_MESSAGES.telephoneRequired);
    expect(described('County (optional)')).not.toHaveAccessibleDescription();
    expect(described('First name')).toHaveFocus();

    await fillIn(user, form, '12345');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(described('Telephone number')).toHaveAccessibleDescription(ADDRESS_MESSAGES.telephoneInvalid);
    expect(api.called('POST', '/api/addresses/')).toEqual([]);
  });

  it('closes on Cancel and gives the focus back to the toggle', async () => {
    shop();
    const { user, form } = await openForm();
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'New address' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a new address' })).toHaveFocus();
  });

  it('saves the address as the API stores it and chooses it', async () => {
    const saved = address({
      id: 30,
      first_name: 'Sam',
      last_name: 'Smith',
      street: '9 Quay Street',
      city: 'Bristol',
      postal_code: 'BS1 4DJ',
      telephone_number: '+447700900456',
    });
    const api = shop({ 'POST /api/addresses/': json(saved, 201) });
    const { user, form } = await openForm();
    await fillIn(user, form);
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    const added = await within(billingGroup()).findByRole('radio', { name: /Sam Smith.*9 Quay Street/ });
    expect(added).toBeChecked();
    expect(added).toHaveFocus();
    expect(screen.queryByRole('form', { name: 'New address' })).not.toBeInTheDocument();
    expect(api.called('POST', '/api/addresses/')[0]!.body).toEqual({
      first_name: 'Sam',
      last_name: 'Smith',
      street: '9 Quay Street',
      city: 'Bristol',
      state: null,
      postal_code: 'BS1 4DJ',
      country: 'UK',
      telephone_number: '+447700900456',
    });
  });

  it('puts the server’s field errors under their fields', async () => {
    shop({
      'POST /api/addresses/': json({ telephone_number: ['Invalid telephone number format.'] }, 400),
    });
    const { user, form } = await openForm();
    await fillIn(user, form);
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    await waitFor(() =>
      expect(within(form).getByRole('textbox', { name: 'Telephone number' })).toHaveAccessibleDescription(
        'Invalid telephone number format.',
      ),
    );
    expect(within(form).getByRole('alert')).toHaveTextContent(CHECKOUT_MESSAGES.addressFormErrors);
  });

  it('says Failed to create address. when saving fails for another reason', async () => {
    shop({ 'POST /api/addresses/': json(undefined, 500) });
    const { user, form } = await openForm();
    await fillIn(user, form);
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(await within(form).findByText(CHECKOUT_MESSAGES.createAddressFailed)).toHaveAttribute(
      'role',
      'alert',
    );
  });
});

describe('the payment intent', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // Testing Library waits with setTimeout(0) and advances fake timers only when it sees Jest's API.
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  });

  it('is asked for three times, a second apart, then the page says so and offers to try again', async () => {
    let down = true;
    const api = shop({ [INTENTS]: () => (down ? json({ detail: 'Down.' }, 503) : json(intent())) });
    renderCheckout();
    const attempts = () => api.called('POST', '/api/ecommerce/payment-intents/').length;
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(attempts()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(attempts()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(attempts()).toBe(2);
    expect(screen.queryByText(CHECKOUT_MESSAGES.intentRetriesFailed)).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(attempts()).toBe(3);
    expect(await screen.findByText(CHECKOUT_MESSAGES.intentRetriesFailed)).toHaveAttribute('role', 'alert');

    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(attempts()).toBe(4);
    await waitFor(() =>
      expect(screen.queryByText(CHECKOUT_MESSAGES.intentRetriesFailed)).not.toBeInTheDocument(),
    );
  });

  it('shows the server’s reason at once when it refuses the intent', async () => {
    const api = shop({ [INTENTS]: json({ cart: [CHECKOUT_MESSAGES.orderTooLarge] }, 400) });
    renderCheckout();
    expect(await screen.findByText(CHECKOUT_MESSAGES.orderTooLarge)).toHaveAttribute('role', 'alert');
    expect(api.called('POST', '/api/ecommerce/payment-intents/')).toHaveLength(1);
  });
});

describe('Place Order', () => {
  it('waits for the payment intent', async () => {
    const api = shop({ [INTENTS]: never });
    const user = renderCheckout();
    await user.type(await screen.findByRole('textbox', { name: 'Card number' }), TEST_CARDS.succeeds);
    await user.click(placeOrder());
    expect(await screen.findByText(CHECKOUT_MESSAGES.paymentNotReady)).toHaveAttribute('role', 'alert');
    expect(api.called('POST', '/api/payments/test/confirm/')).toEqual([]);
  });

  it('says the payment system is not initialized when the processor’s code cannot be had', async () => {
    shop();
    renderCheckout(checkoutData({ payment: { provider: 'stripe', publishable_key: null } }));
    expect(await screen.findByText(CHECKOUT_MESSAGES.paymentNotInitialized)).toHaveAttribute('role', 'alert');
  });

  it('shows the processor’s decline as is and makes no order', async () => {
    const api = shop({ [CONFIRM]: cardError('card_declined', TEST_CARD_MESSAGES.declined) });
    const user = renderCheckout();
    await enterCard(user, TEST_CARDS.declined);
    await user.click(placeOrder());
    expect(await screen.findByText(TEST_CARD_MESSAGES.declined)).toHaveAttribute('role', 'alert');
    expect(api.called('POST', '/api/orders/')).toEqual([]);
    expect(placeOrder()).toBeEnabled();
  });

  it('says Payment failed. Please try again. when the processor gives no message', async () => {
    const api = shop({ [CONFIRM]: () => Promise.reject(new TypeError('Failed to fetch')) });
    const user = renderCheckout();
    await enterCard(user);
    await user.click(placeOrder());
    expect(await screen.findByText(CHECKOUT_MESSAGES.paymentFailed)).toHaveAttribute('role', 'alert');
    expect(api.called('POST', '/api/orders/')).toEqual([]);
  });

  it('passes the processor’s authentication step and makes the order', async () => {
    const api = shop({
      [CONFIRM]: intentView('requires_action'),
      [AUTHENTICATE]: intentView('succeeded'),
    });
    const user = renderCheckout();
    await enterCard(user, TEST_CARDS.authentication);
    await user.click(placeOrder());
    expect(screen.getByRole('button', { name: 'Placing order…' })).toBeDisabled();
    const dialog = await screen.findByRole('dialog', { name: 'Test payment authentication' });
    await user.click(within(dialog).getByRole('button', { name: 'Complete authentication' }));
    expect(await screen.findByText(CHECKOUT_MESSAGES.orderPlaced)).toHaveAttribute('role', 'status');
    expect(api.called('POST', '/api/orders/')).toHaveLength(1);
  });

  it('fails the authentication step with the processor’s message and makes no order', async () => {
    const api = shop({
      [CONFIRM]: intentView('requires_action'),
      [AUTHENTICATE]: cardError(
        'payment_intent_authentication_failure',
        TEST_CARD_MESSAGES.authenticationFailed,
      ),
    });
    const user = renderCheckout();
    await enterCard(user, TEST_CARDS.authentication);
    await user.click(placeOrder());
    await user.click(await screen.findByRole('button', { name: 'Fail authentication' }));
    expect(await screen.findByText(TEST_CARD_MESSAGES.authenticationFailed)).toHaveAttribute('role', 'alert');
    expect(api.called('POST', '/api/orders/')).toEqual([]);
  });

  it('sends one payment and one order however fast it is clicked', async () => {
    const api = shop();
    const user = renderCheckout();
    await enterCard(user);
    const button = placeOrder();
    act(() => {
      fireEvent.click(button);
      fireEvent.click(button);
    });
    fireEvent.click(button);
    await screen.findByText(CHECKOUT_MESSAGES.orderPlaced);
    expect(api.called('POST', '/api/payments/test/confirm/')).toHaveLength(1);
    expect(api.called('POST', '/api/orders/')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeDisabled();
  });

  it('keeps the card between the fields and the processor', async () => {
    const api = shop();
    const user = renderCheckout();
    await enterCard(user);
    await user.click(placeOrder());
    await screen.findByText(CHECKOUT_MESSAGES.orderPlaced);
    const shopCalls = api.calls.filter(
      (call) => !/^\/api\/(payments\/test\/|ecommerce\/(delivery-options|carts)\/)/.test(call.url),
    );
    expect(shopCalls.map((call) => call.url)).toEqual([
      '/api/ecommerce/payment-intents/',
      '/api/ecommerce/payment-intents/',
      '/api/orders/',
    ]);
    for (const call of shopCalls) expect(JSON.stringify(call.body)).not.toMatch(/4242|"cvc"|exp_/);
    expect(api.called('POST', '/api/payments/test/confirm/')[0]!.body).toMatchObject({
      client_secret: 'pi_test_1_secret_abc',
      card_number: TEST_CARDS.succeeds,
      billing_details: {
        name: 'Jane Doe',
        address: { line1: '1 High Street', city: 'London', postal_code: 'SW1A 1AA', country: 'GB' },
      },
    });
  });

  it('confirms with the client secret answered right before paying', async () => {
    let calls = 0;
    const api = shop({
      [INTENTS]: () =>
        json(
          ++calls === 1
            ? intent()
            : intent({ client_secret: 'pi_test_2_secret_x', payment_intent_id: 'pi_test_2' }),
        ),
    });
    const user = renderCheckout();
    await enterCard(user);
    await user.click(placeOrder());
    await screen.findByText(CHECKOUT_MESSAGES.orderPlaced);
    expect(api.called('POST', '/api/payments/test/confirm/')[0]!.body).toMatchObject({
      client_secret: 'pi_test_2_secret_x',
    });
  });

  it('shows a cart that changed elsewhere before charging anything', async () => {
    let calls = 0;
    // As the server has it: priced for the address the page chose.
    const changed = cart({ total: '50.00', delivery: makeCartDelivery({ postal_code: HOME.postal_code }) });
    const api = shop({
      [INTENTS]: () => json(++calls === 1 ? intent() : intent({ amount: 5_000 })),
      'GET /api/ecommerce/carts/current/': changed,
    });
    const user = renderCheckout();
    await enterCard(user);
    await user.click(placeOrder());
    expect(await screen.findByText(CHECKOUT_MESSAGES.cartChanged)).toHaveAttribute('role', 'alert');
    await waitFor(() => expect(summaryRow('Total')).toHaveTextContent('£50.00'));
    expect(api.called('POST', '/api/payments/test/confirm/')).toEqual([]);

    await user.click(placeOrder());
    await screen.findByText(CHECKOUT_MESSAGES.orderPlaced);
    expect(api.called('POST', '/api/payments/test/confirm/')).toHaveLength(1);
  });

  it('puts the server’s field errors on the order where those fields are', async () => {
    const api = shop({
      [ORDERS]: json(
        {
          billing_address: ['That billing address is not yours.'],
          shipping_address: ['That shipping address is not yours.'],
          payment_method: ['Payment method is required.'],
          cart: ['Cart is empty. Add items to proceed.'],
        },
        400,
      ),
    });
    const user = renderCheckout();
    await user.click(screen.getByRole('checkbox', { name: 'Same as billing address' }));
    await enterCard(user);
    await user.click(placeOrder());
    await waitFor(() =>
      expect(within(billingGroup()).getByRole('alert')).toHaveTextContent(
        'That billing address is not yours.',
      ),
    );
    expect(within(shippingGroup()).getByRole('alert')).toHaveTextContent(
      'That shipping address is not yours.',
    );
    expect(screen.getByRole('group', { name: 'Payment method' })).toHaveAccessibleDescription(
      'Payment method is required.',
    );
    expect(
      within(screen.getByRole('complementary', { name: 'Order summary' })).getByRole('alert'),
    ).toHaveTextContent('Cart is empty. Add items to proceed.');
    expect(api.called('POST', '/api/orders/')).toHaveLength(1);
  });

  it('makes the order with the payment already taken once the buyer has fixed the address', async () => {
    let orders = 0;
    const api = shop({
      [ORDERS]: () =>
        ++orders === 1
          ? json({ shipping_address: ['That shipping address is not yours.'] }, 400)
          : json(order(), 201),
    });
    const user = renderCheckout();
    await enterCard(user);
    await user.click(placeOrder());
    // With Same as billing on, the shipping address is the billing one: its error shows there.
    expect(
      await within(billingGroup()).findByText('That shipping address is not yours.'),
    ).toBeInTheDocument();
    await user.click(within(billingGroup()).getByRole('radio', { name: /5 Mill Lane/ }));
    await user.click(placeOrder());
    await screen.findByText(CHECKOUT_MESSAGES.orderPlaced);
    expect(api.called('POST', '/api/payments/test/confirm/')).toHaveLength(1);
    const bodies = api.called('POST', '/api/orders/').map((call) => call.body as Record<string, unknown>);
    expect(bodies.map((body) => [body.shipping_address, body.transaction_id])).toEqual([
      [HOME.id, 'pi_test_1'],
      [WORK.id, 'pi_test_1'],
    ]);
  });

  it('shows the server’s detail, such as a refund for stock that sold out', async () => {
    const refunded = CHECKOUT_MESSAGES.outOfStockRefunded(['PW-HAND-400-CL']);
    shop({ [ORDERS]: json({ detail: refunded }, 409) });
    const user = renderCheckout();
    await enterCard(user);
    await user.click(placeOrder());
    expect(await screen.findByText(refunded)).toHaveAttribute('role', 'alert');
  });

  it('says Failed to place order. when the server gives no reason', async () => {
    shop({ [ORDERS]: json(undefined, 500) });
    const user = renderCheckout();
    await enterCard(user);
    await user.click(placeOrder());
    expect(await screen.findByText(CHECKOUT_MESSAGES.placeOrderFailed)).toHaveAttribute('role', 'alert');
    expect(placeOrder()).toBeEnabled();
  });

  it('says Failed to create payment intent. when the intent before paying fails', async () => {
    let calls = 0;
    const api = shop({ [INTENTS]: () => (++calls === 1 ? json(intent()) : json(undefined, 500)) });
    const user = renderCheckout();
    await enterCard(user);
    await user.click(placeOrder());
    expect(await screen.findByText(CHECKOUT_MESSAGES.intentFailed)).toHaveAttribute('role', 'alert');
    expect(api.called('POST', '/api/payments/test/confirm/')).toEqual([]);
  });

  it('says the order is placed, then goes to the order’s confirmation after 2 seconds', async () => {
    shop();
    const user = renderCheckout();
    await enterCard(user);
    await user.click(placeOrder());
    expect(await screen.findByText(CHECKOUT_MESSAGES.orderPlaced)).toHaveAttribute('role', 'status');
    const placedAt = Date.now();
    expect(
      await screen.findByRole('heading', { name: 'Order confirmed' }, { timeout: 4_000 }),
    ).toBeInTheDocument();
    expect(Date.now() - placedAt).toBeGreaterThanOrEqual(1_900);
  });
});
