import { CHECKOUT_MESSAGES } from '@shop/domain';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkoutData, deliveryRoutes, intent, order } from '~test/fake-checkout';
import { json, stubApi } from '~test/stub-api';
import { routeStub } from '~test/route-stub';
import { CheckoutView } from './checkout-view';
import { ACCESS_TOKEN_KEY } from '~/lib/session';

// Stripe.js cannot be fetched here (no internet): both modules are stood in for, to check the wiring.
const stripe = vi.hoisted(() => {
  const confirmPayment = vi.fn();
  const instance = { confirmPayment };
  const elements = { kind: 'elements' };
  return { confirmPayment, instance, elements, loadStripe: vi.fn(), drawnFor: [] as string[] };
});

vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripe.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children, options }: { children: ReactNode; options: { clientSecret: string } }) => {
    stripe.drawnFor.push(options.clientSecret);
    return <div data-client-secret={options.clientSecret}>{children}</div>;
  },
  PaymentElement: () => <p>Stripe Payment Element</p>,
  useStripe: () => stripe.instance,
  useElements: () => stripe.elements,
}));

const STRIPE = { provider: 'stripe' as const, publishable_key: 'pk_test_123' };
const SECRET = 'pi_3Abc_secret_xyz';

function renderCheckout() {
  const Stub = routeStub([
    { path: '/checkout', Component: () => <CheckoutView data={checkoutData({ payment: STRIPE })} /> },
    { path: '/order-confirmed/:id', Component: () => <h1>Order confirmed</h1> },
  ]);
  render(<Stub initialEntries={['/checkout']} />);
  return userEvent.setup();
}

function shop() {
  return stubApi({
    ...deliveryRoutes(),
    'POST /api/ecommerce/payment-intents/': intent({
      client_secret: SECRET,
      payment_intent_id: 'pi_3Abc',
      provider: 'stripe',
    }),
    'POST /api/orders/': json(order({ transaction_id: 'pi_3Abc' }), 201),
  });
}

beforeEach(() => {
  localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
  stripe.loadStripe.mockResolvedValue(stripe.instance);
  stripe.drawnFor.length = 0;
});
afterEach(() => {
  vi.restoreAllMocks();
  stripe.confirmPayment.mockReset();
  stripe.loadStripe.mockReset();
});

describe('the checkout with Stripe', () => {
  it('loads Stripe.js with the publishable key and draws the Payment Element for the intent', async () => {
    shop();
    renderCheckout();
    expect(await screen.findByText('Stripe Payment Element')).toBeInTheDocument();
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(stripe.drawnFor).toContain(SECRET);
    expect(screen.queryByRole('textbox', { name: 'Card number' })).not.toBeInTheDocument();
  });

  it('confirms without leaving the page, with the billing details, and orders with the intent’s id', async () => {
    const api = shop();
    stripe.confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_3Abc', status: 'succeeded' } });
    const user = renderCheckout();
    await screen.findByText('Stripe Payment Element');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText(CHECKOUT_MESSAGES.orderPlaced)).toBeInTheDocument();
    expect(stripe.confirmPayment).toHaveBeenCalledTimes(1);
    expect(stripe.confirmPayment).toHaveBeenCalledWith({
      elements: stripe.elements,
      redirect: 'if_required',
      confirmParams: {
        return_url: `${window.location.origin}/order-confirmed`,
        payment_method_data: {
          billing_details: {
            name: 'Jane Doe',
            phone: '+447700900123',
            address: { line1: '1 High Street', city: 'London', postal_code: 'SW1A 1AA', country: 'GB' },
          },
        },
      },
    });
    expect(api.called('POST', '/api/orders/')[0]!.body).toMatchObject({ transaction_id: 'pi_3Abc' });
  });

  it('shows Stripe’s message as is and makes no order', async () => {
    const api = shop();
    stripe.confirmPayment.mockResolvedValue({
      error: { type: 'card_error', code: 'card_declined', message: 'Your card has insufficient funds.' },
    });
    const user = renderCheckout();
    await screen.findByText('Stripe Payment Element');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Your card has insufficient funds.')).toHaveAttribute('role', 'alert');
    expect(api.called('POST', '/api/orders/')).toEqual([]);
  });

  it('says Payment failed. Please try again. when Stripe gives no message', async () => {
    const api = shop();
    stripe.confirmPayment.mockResolvedValue({ error: { type: 'api_error' } });
    const user = renderCheckout();
    await screen.findByText('Stripe Payment Element');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText(CHECKOUT_MESSAGES.paymentFailed)).toBeInTheDocument();
    expect(api.called('POST', '/api/orders/')).toEqual([]);
  });

  it('says the payment system is not initialized when Stripe.js cannot be loaded', async () => {
    shop();
    stripe.loadStripe.mockResolvedValue(null);
    renderCheckout();
    expect(await screen.findByText(CHECKOUT_MESSAGES.paymentNotInitialized)).toHaveAttribute('role', 'alert');
    await waitFor(() => expect(screen.queryByText('Stripe Payment Element')).not.toBeInTheDocument());
  });
});
