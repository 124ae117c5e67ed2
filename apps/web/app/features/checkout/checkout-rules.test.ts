import { CHECKOUT_MESSAGES, COMPANY_MESSAGES } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { ApiError, normaliseErrorResponse } from '~/lib/api-client';
import {
  addressLine,
  billingDetailsOf,
  checkPlaceOrder,
  isPurchaseOrderReuse,
  paymentStillUsable,
  problemsOf,
  purchaseOrderProblem,
  usableAddresses,
} from './checkout-rules';
import { address, HOME, WORK } from '~test/fake-checkout';

const ready = {
  billingId: 1,
  shippingId: 2,
  paymentMethod: 'card' as const,
  lineCount: 1,
  intentReady: true,
};

describe('usableAddresses', () => {
  it('keeps only addresses with an id, names, street, city, postcode, country and telephone', () => {
    const list = [
      HOME,
      { ...WORK, telephone_number: '' },
      { ...WORK, id: undefined },
      { ...WORK, city: '  ' },
      'nonsense',
      address({ id: 5, state: null }),
    ];
    expect(usableAddresses(list).map((entry) => entry.id)).toEqual([21, 5]);
  });
});

describe('addressLine and billingDetailsOf', () => {
  it('name the address on one line, with its county when it has one', () => {
    expect(addressLine(HOME)).toBe('Jane Doe, 1 High Street, London, SW1A 1AA');
    expect(addressLine(WORK)).toBe('Jane Doe, 5 Mill Lane, Leeds, West Yorkshire, LS1 4AP');
  });

  it('give the processors the billing name, telephone and address, in the UK’s ISO code', () => {
    expect(billingDetailsOf(WORK)).toEqual({
      name: 'Jane Doe',
      phone: '+447700900123',
      address: {
        line1: '5 Mill Lane',
        city: 'Leeds',
        state: 'West Yorkshire',
        postal_code: 'LS1 4AP',
        country: 'GB',
      },
    });
  });
});

describe('checkPlaceOrder', () => {
  it.each([
    [{ billingId: null, shippingId: null }, { billing: CHECKOUT_MESSAGES.billingRequired }],
    [{ shippingId: null }, { shipping: CHECKOUT_MESSAGES.shippingRequired }],
    [{ paymentMethod: null }, { paymentMethod: CHECKOUT_MESSAGES.paymentMethodRequired }],
    [{ lineCount: 0, intentReady: false }, { general: CHECKOUT_MESSAGES.cartEmpty }],
    [{ intentReady: false }, { general: CHECKOUT_MESSAGES.paymentNotReady }],
  ] as const)('with %o says %o (the first problem only)', (change, problem) => {
    expect(checkPlaceOrder({ ...ready, ...change })).toEqual(problem);
  });

  it('lets a complete checkout through', () => {
    expect(checkPlaceOrder(ready)).toBeNull();
  });
});

describe('problemsOf', () => {
  const fallback = CHECKOUT_MESSAGES.placeOrderFailed;

  it('puts the order’s field errors where the page shows those fields', () => {
    const error = normaliseErrorResponse(400, {
      billing_address: ['Billing gone.'],
      shipping_address: ['Shipping gone.'],
      payment_method: ['Payment method is required.'],
      cart: ['Cart is empty. Add items to proceed.'],
      transaction_id: ['Payment has not been completed.'],
    });
    expect(problemsOf(error, fallback)).toEqual({
      billing: 'Billing gone.',
      shipping: 'Shipping gone.',
      paymentMethod: 'Payment method is required.',
      cart: 'Cart is empty. Add items to proceed.',
      general: 'Payment has not been completed.',
    });
  });

  it('shows a detail as the server wrote it, and the fallback when the server said nothing useful', () => {
    const refunded = CHECKOUT_MESSAGES.outOfStockRefunded(['PW-HAND-400-CL']);
    expect(problemsOf(normaliseErrorResponse(409, { detail: refunded }), fallback)).toEqual({
      general: refunded,
    });
    expect(problemsOf(normaliseErrorResponse(500, undefined), fallback)).toEqual({ general: fallback });
    expect(problemsOf(new ApiError({ kind: 'network', message: 'x', generic: true }), fallback)).toEqual({
      general: fallback,
    });
    expect(problemsOf(new Error('bug'), fallback)).toEqual({ general: fallback });
  });
});

describe('paymentStillUsable', () => {
  it('keeps the payment after an address refusal or no answer, not after the payment was refused', () => {
    expect(paymentStillUsable(normaliseErrorResponse(400, { shipping_address: ['Gone.'] }))).toBe(true);
    expect(paymentStillUsable(new ApiError({ kind: 'timeout', message: 'x' }))).toBe(true);
    expect(paymentStillUsable(normaliseErrorResponse(502, undefined))).toBe(true);
    expect(paymentStillUsable(normaliseErrorResponse(400, { transaction_id: ['Not paid.'] }))).toBe(false);
    expect(paymentStillUsable(normaliseErrorResponse(409, { detail: 'Refunded.' }))).toBe(false);
  });
});

describe('trade accounts at checkout', () => {
  it('places on account without a payment intent, and asks for a required PO number first', () => {
    expect(checkPlaceOrder({ ...ready, paymentMethod: 'account', intentReady: false })).toBeNull();
    expect(
      checkPlaceOrder({ ...ready, purchaseOrder: { value: '  ', required: true }, lineCount: 0 }),
    ).toEqual({ purchaseOrder: COMPANY_MESSAGES.poRequired });
    expect(checkPlaceOrder({ ...ready, purchaseOrder: { value: '', required: false } })).toBeNull();
  });

  it.each([
    ['', false, null],
    ['', true, COMPANY_MESSAGES.poRequired],
    ['PO-4471/B #2', true, null],
    ['PO<1>', false, 'Use letters, digits, spaces and . / # - only.'],
    ['x'.repeat(51), false, COMPANY_MESSAGES.tooLong(50)],
  ])('purchaseOrderProblem(%j, required %s) is %j', (value, required, problem) => {
    expect(purchaseOrderProblem(value, required)).toBe(problem);
  });

  it('tells the re-use warning, which may be overridden, from the other PO messages', () => {
    expect(isPurchaseOrderReuse(COMPANY_MESSAGES.poUsed('PO-1'))).toBe(true);
    expect(isPurchaseOrderReuse(COMPANY_MESSAGES.poRequired)).toBe(false);
    expect(isPurchaseOrderReuse(undefined)).toBe(false);
  });

  it('puts the PO number’s refusal under its field, and keeps a card payment for another try', () => {
    const error = normaliseErrorResponse(400, { purchase_order_number: [COMPANY_MESSAGES.poRequired] });
    expect(problemsOf(error, CHECKOUT_MESSAGES.placeOrderFailed)).toEqual({
      purchaseOrder: COMPANY_MESSAGES.poRequired,
    });
    expect(paymentStillUsable(error)).toBe(true);
  });
});
