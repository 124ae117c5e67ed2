import { describe, expect, it } from 'vitest';
import { accountAddressIds } from './account-addresses';

describe('accountAddressIds (decision 009: the addresses of an order whose buyer never named them)', () => {
  it.each([
    [
      'both defaults',
      { defaultBillingAddressId: 1, defaultShippingAddressId: 2, onlyAddressId: null },
      { billing: 1, shipping: 2 },
    ],
    [
      'a billing default alone, for both',
      { defaultBillingAddressId: 1, defaultShippingAddressId: null, onlyAddressId: null },
      { billing: 1, shipping: 1 },
    ],
    [
      'a shipping default alone, for both',
      { defaultBillingAddressId: null, defaultShippingAddressId: 2, onlyAddressId: null },
      { billing: 2, shipping: 2 },
    ],
    [
      'defaults before the only address',
      { defaultBillingAddressId: 1, defaultShippingAddressId: null, onlyAddressId: 1 },
      { billing: 1, shipping: 1 },
    ],
    [
      'the only saved address, for both',
      { defaultBillingAddressId: null, defaultShippingAddressId: null, onlyAddressId: 7 },
      { billing: 7, shipping: 7 },
    ],
    [
      'nothing when there is no default and not exactly one address',
      { defaultBillingAddressId: null, defaultShippingAddressId: null, onlyAddressId: null },
      null,
    ],
  ] as const)('%s', (_name, book, expected) => {
    expect(accountAddressIds(book)).toEqual(expected);
  });
});
