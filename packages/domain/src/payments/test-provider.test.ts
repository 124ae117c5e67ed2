import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkTestCard, passesLuhn, TEST_CARD_MESSAGES, TEST_CARDS, type CardCheck } from './test-provider';

/** 15 June 2026, midday UTC. */
const NOW = new Date(Date.UTC(2026, 5, 15, 12));
type Card = Parameters<typeof checkTestCard>[0];
const good: Card = { number: TEST_CARDS.succeeds, exp_month: 12, exp_year: 2028, cvc: '123' };

/** The check digit that makes `payload` + digit pass Luhn's test, worked out the textbook way. */
function luhnCheckDigit(payload: string): number {
  let sum = 0;
  for (let i = 0; i < payload.length; i++) {
    // From the right, the payload's last digit is doubled (it sits second once the check digit follows).
    let digit = Number(payload[payload.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

const errorOf = (code: string, message: string, extra: object = {}): CardCheck => ({
  outcome: 'error',
  code,
  message,
  ...extra,
});

describe('passesLuhn', () => {
  it.each([
    ['4242424242424242', true],
    ['4000002760003184', true],
    ['378282246310005', true],
    ['79927398713', true],
    ['79927398710', false],
    ['4242424242424241', false],
    ['4242424242424224', false],
    ['', false],
    ['4242 4242 4242 4242', false],
    ['42424242424242a2', false],
  ])('%j passes: %s', (digits, passes) => {
    expect(passesLuhn(digits)).toBe(passes);
  });

  it('passes any number with its Luhn check digit appended, and no other final digit', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 18 }), (digits) => {
        const payload = digits.join('');
        const check = luhnCheckDigit(payload);
        expect(passesLuhn(`${payload}${check}`)).toBe(true);
        for (let other = 0; other <= 9; other++) {
          if (other !== check) expect(passesLuhn(`${payload}${other}`)).toBe(false);
        }
      }),
    );
  });

  it('fails a valid number once any one of its digits is changed', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 12, maxLength: 18 }),
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        (digits, at, shift) => {
          const valid = `${digits.join('')}${luhnCheckDigit(digits.join(''))}`;
          const i = at % valid.length;
          const changed = `${valid.slice(0, i)}${(Number(valid[i]) + shift) % 10}${valid.slice(i + 1)}`;
          expect(passesLuhn(changed)).toBe(false);
        },
      ),
    );
  });
});

describe('checkTestCard', () => {
  it.each<[string, Partial<Card>, CardCheck]>([
    ['Stripe’s Visa test card', {}, { outcome: 'succeeds' }],
    ['the number as typed, with spaces', { number: '4242 4242 4242 4242' }, { outcome: 'succeeds' }],
    ['the number with dashes', { number: '4242-4242-4242-4242' }, { outcome: 'succeeds' }],
    ['Mastercard', { number: '5555555555554444' }, { outcome: 'succeeds' }],
    ['Amex with a four-digit code', { number: '378282246310005', cvc: '1234' }, { outcome: 'succeeds' }],
    ['a two-digit year', { exp_year: 28 }, { outcome: 'succeeds' }],
    ['a card expiring this month', { exp_month: 6, exp_year: 2026 }, { outcome: 'succeeds' }],
    ['the 3-D Secure card', { number: TEST_CARDS.authentication }, { outcome: 'authenticate' }],
    [
      'the declined card',
      { number: TEST_CARDS.declined },
      errorOf('card_declined', TEST_CARD_MESSAGES.declined, { decline_code: 'generic_decline' }),
    ],
    [
      'the card without funds',
      { number: TEST_CARDS.insufficientFunds },
      errorOf('card_declined', TEST_CARD_MESSAGES.insufficientFunds, { decline_code: 'insufficient_funds' }),
    ],
    [
      'the incorrect-CVC card',
      { number: '4000000000000127' },
      errorOf('incorrect_cvc', TEST_CARD_MESSAGES.incorrectCvc, { param: 'cvc' }),
    ],
    ['the expired card', { number: '4000000000000069' }, errorOf('expired_card', TEST_CARD_MESSAGES.expired)],
    [
      'a real card number',
      { number: '4111111111111111' },
      errorOf('card_declined', TEST_CARD_MESSAGES.liveCard, { decline_code: 'live_mode_test_card' }),
    ],
    [
      'a number failing the Luhn check',
      { number: '4242424242424241' },
      errorOf('incorrect_number', TEST_CARD_MESSAGES.incorrectNumber, { param: 'number' }),
    ],
    [
      'letters in the number',
      { number: '4242abcd42424242' },
      errorOf('incorrect_number', TEST_CARD_MESSAGES.incorrectNumber, { param: 'number' }),
    ],
    [
      'twenty digits',
      { number: '42424242424242424242' },
      errorOf('incorrect_number', TEST_CARD_MESSAGES.incorrectNumber, { param: 'number' }),
    ],
    [
      'twelve digits',
      { number: '424242424242' },
      errorOf('incomplete_number', TEST_CARD_MESSAGES.incompleteNumber, { param: 'number' }),
    ],
    [
      'month 13',
      { exp_month: 13 },
      errorOf('invalid_expiry_month', TEST_CARD_MESSAGES.invalidExpiryMonth, { param: 'exp_month' }),
    ],
    [
      'month 0',
      { exp_month: 0 },
      errorOf('invalid_expiry_month', TEST_CARD_MESSAGES.invalidExpiryMonth, { param: 'exp_month' }),
    ],
    [
      'a year too far ahead',
      { exp_year: 2077 },
      errorOf('invalid_expiry_year', TEST_CARD_MESSAGES.invalidExpiryYear, { param: 'exp_year' }),
    ],
    [
      'a three-digit year',
      { exp_year: 999 },
      errorOf('invalid_expiry_year', TEST_CARD_MESSAGES.invalidExpiryYear, { param: 'exp_year' }),
    ],
    [
      'last month',
      { exp_month: 5, exp_year: 2026 },
      errorOf('expired_card', TEST_CARD_MESSAGES.expired, { param: 'exp_month' }),
    ],
    [
      'a two-digit code',
      { cvc: '12' },
      errorOf('invalid_cvc', TEST_CARD_MESSAGES.invalidCvc, { param: 'cvc' }),
    ],
    [
      'a four-digit code on a Visa',
      { cvc: '1234' },
      errorOf('invalid_cvc', TEST_CARD_MESSAGES.invalidCvc, { param: 'cvc' }),
    ],
    [
      'a three-digit code on an Amex',
      { number: '378282246310005', cvc: '123' },
      errorOf('invalid_cvc', TEST_CARD_MESSAGES.invalidCvc, { param: 'cvc' }),
    ],
    [
      'letters in the code',
      { cvc: '12a' },
      errorOf('invalid_cvc', TEST_CARD_MESSAGES.invalidCvc, { param: 'cvc' }),
    ],
  ])('%s', (_, change, expected) => {
    expect(checkTestCard({ ...good, ...change }, NOW)).toEqual(expected);
  });

  it('checks the number before the expiry, and the expiry before the code', () => {
    const bad = { number: '4242424242424241', exp_month: 1, exp_year: 2020, cvc: '1' };
    expect(checkTestCard(bad, NOW)).toMatchObject({ code: 'incorrect_number' });
    expect(checkTestCard({ ...bad, number: TEST_CARDS.succeeds }, NOW)).toMatchObject({
      code: 'expired_card',
    });
  });

  it('keeps a card good until the last moment of its expiry month', () => {
    const june = { ...good, exp_month: 6, exp_year: 2026 };
    expect(checkTestCard(june, new Date(Date.UTC(2026, 5, 30, 23, 59, 59)))).toEqual({ outcome: 'succeeds' });
    expect(checkTestCard(june, new Date(Date.UTC(2026, 6, 1)))).toMatchObject({ code: 'expired_card' });
  });
});
