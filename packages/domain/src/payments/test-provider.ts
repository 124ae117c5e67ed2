import { z } from 'zod';

/**
 * The built-in `test` card processor's own public calls, which its browser script makes (as Stripe.js calls
 * Stripe): confirm a payment intent with card details, and pass or fail the authentication step. The shop's
 * API never sees card numbers from these calls (they are the processor's), and the processor keeps none.
 */
export const TestConfirmSchema = z.object({
  client_secret: z.string().min(1).max(200),
  /** Digits, spaces allowed as typed. */
  card_number: z.string().max(40),
  exp_month: z.number().int().min(0).max(99),
  /** Two or four digits. */
  exp_year: z.number().int().min(0).max(9999),
  cvc: z.string().max(8),
  billing_details: z
    .object({
      name: z.string().max(200).nullish(),
      email: z.string().max(320).nullish(),
      address: z
        .object({
          line1: z.string().max(200).nullish(),
          city: z.string().max(100).nullish(),
          postal_code: z.string().max(20).nullish(),
          country: z.string().max(2).nullish(),
        })
        .nullish(),
    })
    .nullish(),
});
export type TestConfirm = z.infer<typeof TestConfirmSchema>;

export const TestAuthenticateSchema = z.object({
  client_secret: z.string().min(1).max(200),
  outcome: z.enum(['complete', 'fail']),
});
export type TestAuthenticate = z.infer<typeof TestAuthenticateSchema>;

export const TEST_INTENT_STATUSES = [
  'requires_payment_method',
  'requires_action',
  'succeeded',
  'canceled',
] as const;
export type TestIntentStatus = (typeof TEST_INTENT_STATUSES)[number];

/** A payment intent as the processor shows it to the browser (Stripe's shape, trimmed). */
export const TestIntentViewSchema = z.object({
  id: z.string(),
  object: z.literal('payment_intent'),
  status: z.enum(TEST_INTENT_STATUSES),
  amount: z.number().int(),
  currency: z.string(),
  next_action: z.object({ type: z.literal('use_test_authentication') }).nullable(),
});
export type TestIntentView = z.infer<typeof TestIntentViewSchema>;

/** A card error as Stripe returns it (HTTP 402): the message is shown to the buyer as is. */
export const TestCardErrorSchema = z.object({
  error: z.object({
    type: z.literal('card_error'),
    code: z.string(),
    decline_code: z.string().optional(),
    message: z.string(),
    param: z.string().optional(),
  }),
});
export type TestCardError = z.infer<typeof TestCardErrorSchema>['error'];

/** Stripe's documented test cards and how the `test` processor treats them. */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  authentication: '4000002760003184',
} as const;

/** The processor's messages: Stripe's own texts for the same outcomes. */
export const TEST_CARD_MESSAGES = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expired: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  invalidCvc: "Your card's security code is invalid.",
  incorrectNumber: 'Your card number is incorrect.',
  incompleteNumber: 'Your card number is incomplete.',
  invalidExpiryMonth: "Your card's expiration month is invalid.",
  invalidExpiryYear: "Your card's expiration year is invalid.",
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  liveCard:
    'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
} as const;

/** Luhn's check digit test. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export type CardCheck =
  | { outcome: 'succeeds' }
  | { outcome: 'authenticate' }
  | { outcome: 'error'; code: string; decline_code?: string; message: string; param?: string };

/**
 * What the processor does with a card, as Stripe's test mode would: the number's format and Luhn check,
 * the expiry (against `now`), the CVC, then the test card's scripted outcome.
 */
export function checkTestCard(
  card: { number: string; exp_month: number; exp_year: number; cvc: string },
  now: Date,
): CardCheck {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d*$/.test(digits) || digits.length > 19)
    return {
      outcome: 'error',
      code: 'incorrect_number',
      message: TEST_CARD_MESSAGES.incorrectNumber,
      param: 'number',
    };
  if (digits.length < 13)
    return {
      outcome: 'error',
      code: 'incomplete_number',
      message: TEST_CARD_MESSAGES.incompleteNumber,
      param: 'number',
    };
  if (!passesLuhn(digits))
    return {
      outcome: 'error',
      code: 'incorrect_number',
      message: TEST_CARD_MESSAGES.incorrectNumber,
      param: 'number',
    };
  if (card.exp_month < 1 || card.exp_month > 12)
    return {
      outcome: 'error',
      code: 'invalid_expiry_month',
      message: TEST_CARD_MESSAGES.invalidExpiryMonth,
      param: 'exp_month',
    };
  const year = card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year;
  if (year < 1000 || year > now.getUTCFullYear() + 50)
    return {
      outcome: 'error',
      code: 'invalid_expiry_year',
      message: TEST_CARD_MESSAGES.invalidExpiryYear,
      param: 'exp_year',
    };
  // A card is good until the end of its expiry month.
  const endOfMonth = Date.UTC(year, card.exp_month, 1);
  if (endOfMonth <= now.getTime())
    return {
      outcome: 'error',
      code: 'expired_card',
      message: TEST_CARD_MESSAGES.expired,
      param: 'exp_month',
    };
  const amex = /^3[47]/.test(digits);
  if (!new RegExp(amex ? '^\\d{4}$' : '^\\d{3}$').test(card.cvc))
    return { outcome: 'error', code: 'invalid_cvc', message: TEST_CARD_MESSAGES.invalidCvc, param: 'cvc' };
  switch (digits) {
    case TEST_CARDS.succeeds:
    case '4000056655665556':
    case '5555555555554444':
    case '2223003122003222':
    case '5200828282828210':
    case '378282246310005':
    case '6011111111111117':
      return { outcome: 'succeeds' };
    case TEST_CARDS.authentication:
      return { outcome: 'authenticate' };
    case TEST_CARDS.declined:
      return {
        outcome: 'error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: TEST_CARD_MESSAGES.declined,
      };
    case TEST_CARDS.insufficientFunds:
      return {
        outcome: 'error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: TEST_CARD_MESSAGES.insufficientFunds,
      };
    case '4000000000000127':
      return {
        outcome: 'error',
        code: 'incorrect_cvc',
        message: TEST_CARD_MESSAGES.incorrectCvc,
        param: 'cvc',
      };
    case '4000000000000069':
      return { outcome: 'error', code: 'expired_card', message: TEST_CARD_MESSAGES.expired };
    default:
      return {
        outcome: 'error',
        code: 'card_declined',
        decline_code: 'live_mode_test_card',
        message: TEST_CARD_MESSAGES.liveCard,
      };
  }
}

/**
 * What every storefront page and every e-mail of a shop whose payments go to the built-in `test` processor
 * says at its top: a staging shop must never pass for one that sells.
 */
export const TEST_SHOP_NOTICE = 'Test shop: no real payments are taken';

/** The heading of every document (invoice, receipt, credit note) of an order paid through the test processor. */
export const TEST_DOCUMENT_HEADING = 'TEST — not a VAT invoice';
