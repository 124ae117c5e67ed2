import { OrderStatusChangeSchema, StockAdjustmentSchema } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { CHECK_FORM, failureOf, FormInvalid, parseOrThrow } from './use-form-submit';
import { ApiError } from '~/lib/api-client';

const refusal = (fields: Record<string, string[]>, generic: boolean, message = 'Please check the form.') =>
  new ApiError({ kind: 'response', status: 400, message, generic, fields });

describe('failureOf', () => {
  it.each([
    [
      'the form’s own check',
      new FormInvalid({ reason: ['Give a reason.'] }),
      { reason: ['Give a reason.'] },
      CHECK_FORM,
    ],
    [
      'field errors under a stock text',
      refusal({ slug: ['Taken.'] }, true),
      { slug: ['Taken.'] },
      CHECK_FORM,
    ],
    ['the server’s own words', refusal({}, false, 'Order not found.'), {}, 'Order not found.'],
    ['no answer', new ApiError({ kind: 'network', message: 'Network error.' }), {}, 'Network error.'],
    ['anything else', new TypeError('x is undefined'), {}, 'Something went wrong. Please try again.'],
  ])('shows %s as its fields and one message', (_, error, fields, message) => {
    expect(failureOf(error)).toEqual({ fields, message });
  });
});

/** The field errors parseOrThrow throws, or null when it answers. */
function thrownFields(...args: Parameters<typeof parseOrThrow>) {
  try {
    parseOrThrow(...args);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(FormInvalid);
    expect((error as FormInvalid).message).toBe(CHECK_FORM);
    return (error as FormInvalid).fields;
  }
}

describe('parseOrThrow', () => {
  it('answers the values as the schema parses them', () => {
    expect(parseOrThrow(StockAdjustmentSchema.safeParse({ delta: -5, reason: ' Damaged ' }))).toEqual({
      delta: -5,
      reason: 'Damaged',
    });
  });

  it('throws the schema’s issues as field errors, keyed as the API keys them', () => {
    expect(thrownFields(OrderStatusChangeSchema.safeParse({ status: 'shipped', carrier: '' }))).toEqual({
      carrier: ['Enter the carrier to ship the order.'],
      tracking_number: ['Enter the tracking number to ship the order.'],
    });
  });

  it('puts the form’s own word on a field it could not read in place of the schema’s, and throws for it alone', () => {
    const unread = { delta: ['Enter a whole number of units.'] };
    expect(thrownFields(StockAdjustmentSchema.safeParse({ reason: '' }), unread)).toEqual({
      delta: ['Enter a whole number of units.'],
      reason: ['Give a reason for the change.'],
    });
    expect(thrownFields(StockAdjustmentSchema.safeParse({ delta: 3, reason: 'Count' }), unread)).toEqual(
      unread,
    );
  });
});
