import { CART_MESSAGES, type CartItemView, insufficientStockDetail, MAX_PACK_QUANTITY } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { ApiError, normaliseErrorResponse } from '~/lib/api-client';
import { makeCartLine, makeTapeLine } from '~test/fake-cart';
import { changeFailure, lineProblem, packsToSend } from './line-change';

const line = makeCartLine(); // 6 units a box, 1,440 in stock
const TITLE = line.item.title;

describe('lineProblem', () => {
  it('passes a complete line', () => {
    expect(lineProblem(line)).toBeNull();
  });

  it.each([
    ['without an id', { ...line, id: undefined }, CART_MESSAGES.invalidCartItem],
    ['without an item', { ...line, item: undefined }, CART_MESSAGES.invalidCartItem],
    [
      'without a product variant',
      { ...line, item: { ...line.item, product_variant: undefined } },
      CART_MESSAGES.missingVariant,
    ],
    ['without a pricing tier', { ...line, pricing_tier: undefined }, CART_MESSAGES.noPricingTiers],
  ])('refuses a line %s', (_label, loose, message) => {
    expect(lineProblem(loose as unknown as CartItemView)).toBe(message);
  });
});

describe('packsToSend', () => {
  it.each([
    ['a whole count', 5, 5, null],
    ['0, which deletes the line', 0, 0, null],
    ['a negative count, floored at 0', -2, 0, null],
    ['a fraction, floored to whole packs', 4.7, 4, null],
    ['exactly the packs in stock', 240, 240, null],
    [
      'more than stock, cut to its whole packs',
      241,
      240,
      `Cannot exceed available stock of 1440 units for ${TITLE}.`,
    ],
  ])('keeps %s', (_label, requested, packs, warning) => {
    expect(packsToSend(line, requested)).toEqual({ packs, warning });
  });

  it('cuts to whole packs of a stock that is not a multiple of the pack', () => {
    const short = makeCartLine({ item: { ...line.item, stock: 20 } });
    expect(packsToSend(short, 10)).toEqual({
      packs: 3,
      warning: `Cannot exceed available stock of 20 units for ${TITLE}.`,
    });
  });

  it('caps an untracked item at the one-line maximum without a warning', () => {
    expect(packsToSend(makeTapeLine(), MAX_PACK_QUANTITY + 5)).toEqual({
      packs: MAX_PACK_QUANTITY,
      warning: null,
    });
  });
});

describe('changeFailure', () => {
  const refused = (status: number, body: unknown) => normaliseErrorResponse(status, body);

  it('answers a stock refusal with the whole packs the available units allow', () => {
    const error = refused(400, { detail: insufficientStockDetail(line.item.sku, 13) });
    expect(changeFailure(error, line, 5)).toEqual({
      retryPacks: 2,
      warning: `Cannot exceed available stock of 13 units for ${TITLE}.`,
    });
    const none = refused(400, { detail: insufficientStockDetail(line.item.sku, 5) });
    expect(changeFailure(none, line, 5)).toEqual({
      retryPacks: 0,
      warning: `Cannot exceed available stock of 5 units for ${TITLE}.`,
    });
  });

  it('does not retry a stock refusal that names another item or allows the count sent', () => {
    const other = refused(400, { detail: insufficientStockDetail('TAPE-48-BRN', 0) });
    expect(changeFailure(other, line, 5)).toEqual({ message: insufficientStockDetail('TAPE-48-BRN', 0) });
    const enough = refused(400, { detail: insufficientStockDetail(line.item.sku, 60) });
    expect(changeFailure(enough, line, 5)).toEqual({
      message: `Cannot exceed available stock of 60 units for ${TITLE}.`,
    });
  });

  it.each([
    ['a 404', refused(404, { detail: 'Not found.' }), CART_MESSAGES.itemNotInCart],
    [
      'the server’s tier refusal',
      refused(400, { detail: CART_MESSAGES.invalidTier(line.item.sku) }),
      'No pricing tier available for quantity 5. Please adjust the quantity.',
    ],
    [
      'another detail of the server’s',
      refused(400, { detail: CART_MESSAGES.tooManyPacks(line.item.sku) }),
      CART_MESSAGES.tooManyPacks(line.item.sku),
    ],
    ['a 500 without a detail', refused(500, undefined), CART_MESSAGES.updateFailed],
    [
      'no answer',
      new ApiError({ kind: 'network', message: 'Network error.', generic: true }),
      CART_MESSAGES.updateFailed,
    ],
    ['something else', new Error('bug'), CART_MESSAGES.updateFailed],
  ])('says what %s means', (_label, error, message) => {
    expect(changeFailure(error, line, 5)).toEqual({ message });
  });
});
