/**
 * The browser script of the shop's built-in `test` card processor, written as a processor ships its own
 * (as Stripe.js is Stripe's): the card fields, and `confirmCardPayment`, which sends the card to the
 * processor's confirm call and, when the card asks for it, draws the processor's authentication step
 * (its stand-in for 3-D Secure). The card details live only in this module (a WeakMap keyed by the
 * element the fields fill), so nothing else on the page can read them or send them anywhere.
 */
import { TEST_CARD_MESSAGES, TEST_CARDS, type TestCardError, type TestIntentView } from '@shop/domain';
import { useId, useState } from 'react';

const CONFIRM_URL = '/api/payments/test/confirm/';
const AUTHENTICATE_URL = '/api/payments/test/authenticate/';
const TIMEOUT_MS = 30_000;

/** Stripe.js's own words for fields left unfinished; checked here, before anything is sent. */
export const INCOMPLETE_MESSAGES = {
  number: TEST_CARD_MESSAGES.incompleteNumber,
  expiry: "Your card's expiration date is incomplete.",
  cvc: "Your card's security code is incomplete.",
} as const;

type Part = 'number' | 'expiry' | 'cvc';
type CardValues = Record<Part, string>;

/** An opaque handle on what the buyer typed into one set of `TestCardFields`. */
export interface TestCardElement {
  readonly kind: 'test-card';
}

const typedCards = new WeakMap<TestCardElement, CardValues>();

export function createTestCardElement(): TestCardElement {
  const element: TestCardElement = Object.freeze({ kind: 'test-card' });
  typedCards.set(element, { number: '', expiry: '', cvc: '' });
  return element;
}

/** Digits in groups of four, as printed on the card (19 digits at most). */
export function formatCardNumber(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** MM / YY as typed; an autofilled 'MM/YYYY' keeps the last two digits of the year. */
export function formatExpiry(text: string): string {
  const filled = /^\s*(\d{1,2})\s*\/\s*(\d{4})\s*$/.exec(text);
  const digits = filled
    ? `${filled[1]!.padStart(2, '0')}${filled[2]!.slice(2)}`
    : text.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** The month and two-digit year of a complete MM / YY, or null. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const digits = text.replace(/\D/g, '');
  if (digits.length !== 4) return null;
  return { month: Number(digits.slice(0, 2)), year: Number(digits.slice(2)) };
}

interface TestCardFieldsProps {
  element: TestCardElement;
  disabled?: boolean;
}

/** The processor's card fields: number, expiry and CVC, with the test cards to try. */
export function TestCardFields({ element, disabled }: TestCardFieldsProps) {
  const id = useId();
  const [values, setValues] = useState<CardValues>(() => ({
    number: '',
    expiry: '',
    cvc: '',
    ...typedCards.get(element),
  }));
  const change = (part: Part, value: string) => {
    const stored = typedCards.get(element);
    if (stored) stored[part] = value;
    setValues((current) => ({ ...current, [part]: value }));
  };
  return (
    <fieldset className="test-card" disabled={disabled}>
      <legend className="test-card__legend">Card details</legend>
      <p id={`${id}-hint`} className="test-card__hint">
        Test payments: no card is charged. Use {formatCardNumber(TEST_CARDS.succeeds)} with any future date
        and any CVC; {formatCardNumber(TEST_CARDS.declined)} is declined and{' '}
        {formatCardNumber(TEST_CARDS.authentication)} asks for authentication.
      </p>
      <div className="form__field">
        <label htmlFor={`${id}-number`} className="form__label">
          Card number
        </label>
        <input
          id={`${id}-number`}
          name="cardnumber"
          className="form__control"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          maxLength={23}
          spellCheck={false}
          aria-describedby={`${id}-hint`}
          value={values.number}
          onChange={(event) => change('number', formatCardNumber(event.target.value))}
        />
      </div>
      <div className="test-card__pair">
        <div className="form__field">
          <label htmlFor={`${id}-expiry`} className="form__label">
            Expiry date (MM / YY)
          </label>
          <input
            id={`${id}-expiry`}
            name="exp-date"
            className="form__control"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            maxLength={7}
            value={values.expiry}
            onChange={(event) => change('expiry', formatExpiry(event.target.value))}
          />
        </div>
        <div className="form__field">
          <label htmlFor={`${id}-cvc`} className="form__label">
            CVC
          </label>
          <input
            id={`${id}-cvc`}
            name="cvc"
            className="form__control"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            value={values.cvc}
            onChange={(event) => change('cvc', event.target.value.replace(/\D/g, '').slice(0, 4))}
          />
        </div>
      </div>
    </fieldset>
  );
}

export interface TestBillingDetails {
  name?: string | null;
  email?: string | null;
  address?: {
    line1?: string | null;
    city?: string | null;
    postal_code?: string | null;
    country?: string | null;
  };
}

export interface TestPaymentError {
  type: string;
  code?: string;
  decline_code?: string;
  /** The processor's message for the buyer; empty when it has none (no answer came). */
  message: string;
  param?: string;
}

export interface TestPaymentResult {
  paymentIntent?: { id: string; status: TestIntentView['status'] };
  error?: TestPaymentError;
}

type Answer = { intent: TestIntentView } | { error: TestPaymentError };

async function post(url: string, body: unknown): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      credentials: 'omit',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return { error: { type: 'api_connection_error', message: '' } };
  }
  const answer = (await response.json().catch(() => null)) as
    (TestIntentView & { error?: TestCardError; detail?: unknown }) | null;
  if (response.ok && answer?.object === 'payment_intent') return { intent: answer };
  if (answer?.error && typeof answer.error.message === 'string') return { error: answer.error };
  const detail = typeof answer?.detail === 'string' ? answer.detail : '';
  return { error: { type: 'api_error', message: detail } };
}

let dialogs = 0;

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string>,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * The processor's authentication step: a modal dialog (the rest of the page is inert while it is open)
 * where the buyer passes or fails the check. Escape counts as failing it, as closing a bank's window does.
 */
function askForAuthentication(): Promise<'complete' | 'fail'> {
  const key = ++dialogs;
  const dialog = element('dialog', {
    class: 'test-3ds',
    'aria-labelledby': `test-3ds-title-${key}`,
    'aria-describedby': `test-3ds-text-${key}`,
  });
  const complete = element(
    'button',
    { type: 'button', class: 'button button--primary' },
    'Complete authentication',
  );
  const fail = element('button', { type: 'button', class: 'button test-3ds__fail' }, 'Fail authentication');
  const actions = element('div', { class: 'test-3ds__actions' });
  actions.append(complete, fail);
  dialog.append(
    element('h2', { id: `test-3ds-title-${key}`, class: 'test-3ds__title' }, 'Test payment authentication'),
    element(
      'p',
      { id: `test-3ds-text-${key}` },
      'This is the test card processor’s 3-D Secure step, where your bank would ask you to confirm the ' +
        'payment. No bank is involved and no money moves: choose whether the check passes or fails.',
    ),
    actions,
  );
  return new Promise((resolve) => {
    let outcome: 'complete' | 'fail' = 'fail';
    complete.addEventListener('click', () => {
      outcome = 'complete';
      dialog.close();
    });
    fail.addEventListener('click', () => dialog.close());
    dialog.addEventListener('close', () => {
      dialog.remove();
      resolve(outcome);
    });
    document.body.append(dialog);
    dialog.showModal();
    complete.focus();
  });
}

/**
 * Confirms a payment intent with the card typed into `card`, as Stripe.js's `confirmCardPayment` does:
 * resolves with the intent when it succeeds, or with the processor's error (never rejects).
 */
export async function confirmCardPayment(
  clientSecret: string,
  data: { card: TestCardElement; billing_details?: TestBillingDetails },
): Promise<TestPaymentResult> {
  const typed = typedCards.get(data.card);
  const digits = typed?.number.replace(/\D/g, '') ?? '';
  const expiry = parseExpiry(typed?.expiry ?? '');
  const cvc = typed?.cvc ?? '';
  const incomplete = (param: Part, code: string): TestPaymentResult => ({
    error: { type: 'validation_error', code, message: INCOMPLETE_MESSAGES[param], param },
  });
  if (digits.length < 13) return incomplete('number', 'incomplete_number');
  if (!expiry) return incomplete('expiry', 'incomplete_expiry');
  if (cvc.length < 3) return incomplete('cvc', 'incomplete_cvc');

  let answer = await post(CONFIRM_URL, {
    client_secret: clientSecret,
    card_number: digits,
    exp_month: expiry.month,
    exp_year: expiry.year,
    cvc,
    billing_details: data.billing_details ?? null,
  });
  if ('intent' in answer && answer.intent.status === 'requires_action') {
    const outcome = await askForAuthentication();
    answer = await post(AUTHENTICATE_URL, { client_secret: clientSecret, outcome });
  }
  if ('error' in answer) return { error: answer.error };
  return { paymentIntent: { id: answer.intent.id, status: answer.intent.status } };
}
