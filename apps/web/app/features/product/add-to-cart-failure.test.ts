import { CART_MESSAGES } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { ApiError, normaliseErrorResponse } from '~/lib/api-client';
import { addToCartFailure } from './add-to-cart-failure';

const refused = (body: unknown, status = 400) => normaliseErrorResponse(status, body);

describe('addToCartFailure', () => {
  it.each([
    [
      'a plain detail',
      { detail: 'Invalid pricing tier for item PW-1.' },
      'Invalid pricing tier for item PW-1.',
    ],
    [
      'a JSON detail with pack_quantity messages, joined with spaces',
      { detail: '{"pack_quantity": ["Too many packs.", "Order at most 100000."]}' },
      'Too many packs. Order at most 100000.',
    ],
    [
      "a Python dict's repr as the detail",
      { detail: "{'pack_quantity': ['Too many packs.']}" },
      'Too many packs.',
    ],
    [
      'other field errors, one line each',
      { item: ['Unknown item.'], unit_type: ['Not a choice.'] },
      'item: Unknown item.\nunit_type: Not a choice.',
    ],
    [
      'per-line errors of the posted array',
      [{}, { pack_quantity: ['Must be at least 1.'] }],
      'Must be at least 1.',
    ],
  ])('shows %s', (_case, body, message) => {
    expect(addToCartFailure(refused(body)).message).toBe(message);
  });

  it('names the items an insufficient-stock detail reports', () => {
    const failure = addToCartFailure(
      refused({
        detail:
          'Insufficient stock for MB-GRY-0609: only 400 units available. Insufficient stock for PW-1: only 1 unit available.',
      }),
    );
    expect(failure.outOfStock).toEqual([
      { sku: 'MB-GRY-0609', available: 400 },
      { sku: 'PW-1', available: 1 },
    ]);
  });

  it('shows the pack cap as the server says it and resets no item to 0', () => {
    const failure = addToCartFailure(refused({ detail: CART_MESSAGES.tooManyPacks('PW-1') }));
    expect(failure).toEqual({
      message: 'At most 100,000 packs of PW-1 can be in one cart.',
      outOfStock: [],
    });
  });

  it('falls back to the spec’s message when nothing readable came back', () => {
    const fallback = 'Failed to add items to cart. Please try again.';
    expect(addToCartFailure(refused(undefined, 500)).message).toBe(fallback);
    expect(addToCartFailure(new Error('bug')).message).toBe(fallback);
    expect(addToCartFailure(refused({}, 400)).outOfStock).toEqual([]);
  });

  it('says why no answer came', () => {
    const timeout = new ApiError({ kind: 'timeout', message: 'Request timed out.', generic: true });
    expect(addToCartFailure(timeout).message).toBe('Request timed out.');
  });
});
