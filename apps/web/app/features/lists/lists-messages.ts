import { ApiError } from '~/lib/api-client';

export { failureText } from '~/lib/api-client';

/** What the saved-list screens and the Add to list control say of their own; the API's words come from it. */
export const LISTS_PAGE_MESSAGES = {
  loadFailed: 'Your saved lists could not be loaded.',
  listLoadFailed: 'This list could not be loaded.',
  none: 'You have no saved lists yet. Make one here, or save items to a list from a product, your cart, an order or the quick order.',
  noLines:
    'This list has no items yet. Add items from a product page, your cart, an order or the quick order.',
  createFailed: 'The list could not be made.',
  importFailed: 'The file could not be imported.',
  saveFailed: 'The list could not be saved.',
  deleteFailed: 'The list could not be deleted.',
  addFailed: 'Could not add this list to your cart.',
  exportFailed: 'Could not download the list.',
  addToListFailed: 'Could not save to the list.',
  listsFailed: 'Your lists could not be loaded.',
  saved: 'Your changes have been saved.',
  nothingTicked: 'Tick at least one line to add to your cart.',
  chooseFile: 'Choose a CSV file.',
  notCsv: 'Choose a CSV file (.csv).',
  unreadable: 'The file could not be read.',
  cannotShare:
    'Only your company’s administrators and approvers can share a list with the company: ask your administrator to share it.',
  readOnly: (owner: string) =>
    `Shared with your company by ${owner}. Only your company’s administrators and approvers can change it.`,
  addedTo: (count: number, name: string) => `${count === 1 ? '1 item' : `${count} items`} saved to ${name}.`,
} as const;

/** A field's messages from a 400, or none. */
export function fieldMessages(error: unknown, field: string): string[] {
  return error instanceof ApiError ? (error.fields[field] ?? []) : [];
}
