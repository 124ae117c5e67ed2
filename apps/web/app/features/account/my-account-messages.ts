/** What the My account page says of its own (the spec has no such page). */
export const MY_ACCOUNT_MESSAGES = {
  profileLoadFailed: 'Your details could not be loaded.',
  profileSaveFailed: 'Your details could not be saved. Please try again.',
  emailHint: 'You sign in with this address, so it cannot be changed here.',
  addressesLoadFailed: 'Your addresses could not be loaded.',
  noAddresses: 'You have no saved addresses yet.',
  addressAdded: 'Address added.',
  addressSaved: 'Address saved.',
  addressDeleted: 'Address deleted.',
  addressSaveFailed: 'The address could not be saved. Please try again.',
  addressDeleteFailed: 'The address could not be deleted. Please try again.',
  addressFormErrors: 'Please correct the highlighted fields.',
  defaultBillingSet: 'This is now your default billing address.',
  defaultShippingSet: 'This is now your default shipping address.',
  noOrders: 'You have not placed any orders yet.',
  logoutEverywhereFailed: 'Your other devices could not be logged out. Please try again.',
  deleteFailed: 'Your account could not be deleted. Please try again.',
} as const;
