/** An account's address book as it matters to an order whose buyer never named the addresses. */
export interface AddressBookDefaults {
  defaultBillingAddressId: number | null;
  defaultShippingAddressId: number | null;
  /** The account's saved address when it has exactly one, else null. */
  onlyAddressId: number | null;
}

/**
 * The account's addresses for the order of a paid payment whose buyer never named them (decision 009): the
 * default billing and shipping addresses, the one default for both when only one is set, else the only
 * saved address for both; null when none of these fits (the payment waits, then is refunded).
 */
export function accountAddressIds(book: AddressBookDefaults): { billing: number; shipping: number } | null {
  const billing = book.defaultBillingAddressId ?? book.defaultShippingAddressId;
  const shipping = book.defaultShippingAddressId ?? book.defaultBillingAddressId;
  if (billing !== null && shipping !== null) return { billing, shipping };
  const only = book.onlyAddressId;
  return only === null ? null : { billing: only, shipping: only };
}
