import { TEST_CARD_MESSAGES, TEST_CARDS } from '@shop/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '~test/stub-api';
import { polyfillDialog } from '~test/polyfill-dialog';
import {
  confirmCardPayment,
  createTestCardElement,
  formatCardNumber,
  formatExpiry,
  INCOMPLETE_MESSAGES,
  parseExpiry,
  type TestCardElement,
  TestCardFields,
} from './test-processor';

const SECRET = 'pi_test_1_secret_abc';
const CONFIRM = 'POST /api/payments/test/confirm/';
const AUTHENTICATE = 'POST /api/payments/test/authenticate/';
const intentView = (status: string) => ({
  id: 'pi_test_1',
  object: 'payment_intent',
  status,
  amount: 11_612,
  currency: 'gbp',
  next_action: status === 'requires_action' ? { type: 'use_test_authentication' } : null,
});

beforeAll(polyfillDialog);
afterEach(() => {
  vi.restoreAllMocks();
  document.querySelectorAll('dialog').forEach((dialog) => dialog.remove());
});

async function typeCard(number: string, expiry = '12 / 34', cvc = '123') {
  const element = createTestCardElement();
  render(<TestCardFields element={element} />);
  const user = userEvent.setup();
  if (number) await user.type(screen.getByRole('textbox', { name: 'Card number' }), number);
  if (expiry) await user.type(screen.getByRole('textbox', { name: 'Expiry date (MM / YY)' }), expiry);
  if (cvc) await user.type(screen.getByRole('textbox', { name: 'CVC' }), cvc);
  return { element, user };
}

const billing = {
  name: 'Jane Doe',
  address: { line1: '1 High Street', city: 'London', postal_code: 'SW1A 1AA', country: 'GB' },
};

describe('the test processor’s card fields', () => {
  it('label each field and ask for the card autofill and a numeric keypad', () => {
    render(<TestCardFields element={createTestCardElement()} />);
    const number = screen.getByRole('textbox', { name: 'Card number' });
    const expiry = screen.getByRole('textbox', { name: 'Expiry date (MM / YY)' });
    const cvc = screen.getByRole('textbox', { name: 'CVC' });
    expect(number).toHaveAttribute('autocomplete', 'cc-number');
    expect(expiry).toHaveAttribute('autocomplete', 'cc-exp');
    expect(cvc).toHaveAttribute('autocomplete', 'cc-csc');
    for (const input of [number, expiry, cvc]) expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByRole('group', { name: 'Card details' })).toBeInTheDocument();
    expect(number).toHaveAccessibleDescription(/4242 4242 4242 4242/);
  });

  it('group the number in fours and write the expiry as MM / YY', async () => {
    await typeCard('4242424242424242', '1234', '12a3');
    expect(screen.getByRole('textbox', { name: 'Card number' })).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByRole('textbox', { name: 'Expiry date (MM / YY)' })).toHaveValue('12 / 34');
    expect(screen.getByRole('textbox', { name: 'CVC' })).toHaveValue('123');
  });

  it('formats and reads expiry dates as typed or autofilled', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('123')).toBe('12 / 3');
    expect(formatExpiry('12/2034')).toBe('12 / 34');
    expect(formatExpiry('3/2031')).toBe('03 / 31');
    expect(parseExpiry('12 / 34')).toEqual({ month: 12, year: 34 });
    expect(parseExpiry('12 / 3')).toBeNull();
    expect(formatCardNumber('4000 0027-6000 3184 99999')).toBe('4000 0027 6000 3184 999');
  });
});

describe('confirmCardPayment', () => {
  it('refuses unfinished fields with Stripe’s words, before sending anything', async () => {
    const { spy } = stubApi({});
    const cases: [string, string, string, string][] = [
      ['4242', '12 / 34', '123', INCOMPLETE_MESSAGES.number],
      [TEST_CARDS.succeeds, '12', '123', INCOMPLETE_MESSAGES.expiry],
      [TEST_CARDS.succeeds, '12 / 34', '1', INCOMPLETE_MESSAGES.cvc],
    ];
    for (const [number, expiry, cvc, message] of cases) {
      const { element } = await typeCard(number, expiry, cvc);
      const result = await confirmCardPayment(SECRET, { card: element });
      expect(result.error?.message).toBe(message);
      document.body.innerHTML = '';
    }
    expect(spy).not.toHaveBeenCalled();
  });

  it('sends the card and billing details to the processor alone and answers the succeeded intent', async () => {
    const api = stubApi({ [CONFIRM]: intentView('succeeded') });
    const { element } = await typeCard(TEST_CARDS.succeeds);
    const result = await confirmCardPayment(SECRET, { card: element, billing_details: billing });
    expect(result).toEqual({ paymentIntent: { id: 'pi_test_1', status: 'succeeded' } });
    expect(api.calls).toEqual([
      {
        method: 'POST',
        url: '/api/payments/test/confirm/',
        body: {
          client_secret: SECRET,
          card_number: TEST_CARDS.succeeds,
          exp_month: 12,
          exp_year: 34,
          cvc: '123',
          billing_details: billing,
        },
      },
    ]);
    // The processor is not the shop: no bearer token goes with the card.
    const init = api.spy.mock.calls[0]![1]!;
    expect(init.headers).not.toHaveProperty('Authorization');
    expect(init.credentials).toBe('omit');
  });

  it('keeps the card out of reach of the rest of the page', () => {
    const element: TestCardElement = createTestCardElement();
    expect(JSON.stringify(element)).toBe('{"kind":"test-card"}');
  });

  it('answers a decline with the processor’s error as it came', async () => {
    stubApi({
      [CONFIRM]: json(
        {
          detail: TEST_CARD_MESSAGES.declined,
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: TEST_CARD_MESSAGES.declined,
          },
        },
        402,
      ),
    });
    const { element } = await typeCard(TEST_CARDS.declined);
    const result = await confirmCardPayment(SECRET, { card: element });
    expect(result.paymentIntent).toBeUndefined();
    expect(result.error).toMatchObject({ code: 'card_declined', message: TEST_CARD_MESSAGES.declined });
  });

  it('answers with an empty message when the processor cannot be reached', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const { element } = await typeCard(TEST_CARDS.succeeds);
    const result = await confirmCardPayment(SECRET, { card: element });
    expect(result.error).toEqual({ type: 'api_connection_error', message: '' });
  });

  it('draws the authentication step as a modal dialog and completes it', async () => {
    const api = stubApi({
      [CONFIRM]: intentView('requires_action'),
      [AUTHENTICATE]: intentView('succeeded'),
    });
    const { element, user } = await typeCard(TEST_CARDS.authentication);
    const pending = confirmCardPayment(SECRET, { card: element });
    const dialog = await screen.findByRole('dialog', { name: 'Test payment authentication' });
    expect(dialog).toHaveAccessibleDescription(/3-D Secure step/);
    const complete = within(dialog).getByRole('button', { name: 'Complete authentication' });
    expect(complete).toHaveFocus();
    await user.click(complete);
    expect(await pending).toEqual({ paymentIntent: { id: 'pi_test_1', status: 'succeeded' } });
    expect(api.called('POST', '/api/payments/test/authenticate/')[0]!.body).toEqual({
      client_secret: SECRET,
      outcome: 'complete',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('fails the authentication step with the processor’s message', async () => {
    const api = stubApi({
      [CONFIRM]: intentView('requires_action'),
      [AUTHENTICATE]: json(
        {
          detail: TEST_CARD_MESSAGES.authenticationFailed,
          error: {
            type: 'card_error',
            code: 'payment_intent_authentication_failure',
            message: TEST_CARD_MESSAGES.authenticationFailed,
          },
        },
        402,
      ),
    });
    const { element, user } = await typeCard(TEST_CARDS.authentication);
    const pending = confirmCardPayment(SECRET, { card: element });
    await user.click(await screen.findByRole('button', { name: 'Fail authentication' }));
    const result = await pending;
    expect(result.error).toMatchObject({
      code: 'payment_intent_authentication_failure',
      message: TEST_CARD_MESSAGES.authenticationFailed,
    });
    expect(api.called('POST', '/api/payments/test/authenticate/')[0]!.body).toMatchObject({
      outcome: 'fail',
    });
  });

  it('counts closing the dialog with Escape as failing the check', async () => {
    const api = stubApi({
      [CONFIRM]: intentView('requires_action'),
      [AUTHENTICATE]: json({ error: { type: 'card_error', code: 'x', message: 'No.' } }, 402),
    });
    const { element } = await typeCard(TEST_CARDS.authentication);
    const pending = confirmCardPayment(SECRET, { card: element });
    const dialog = await screen.findByRole('dialog');
    // What the browser does on Escape: cancel, then close.
    (dialog as HTMLDialogElement).close();
    expect((await pending).error?.message).toBe('No.');
    await waitFor(() =>
      expect(api.called('POST', '/api/payments/test/authenticate/')[0]!.body).toMatchObject({
        outcome: 'fail',
      }),
    );
  });
});
