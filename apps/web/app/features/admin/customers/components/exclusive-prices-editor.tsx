import type { AdminExclusivePrice } from '@shop/domain';
import { PricesEditor, type PricesWords } from '../../components/prices-editor';
import { createExclusivePrice, deleteExclusivePrice, updateExclusivePrice } from '../api/customers';

const WORDS: PricesWords = {
  plural: 'exclusive prices',
  none: 'This customer has no exclusive prices.',
  addTitle: 'Add an exclusive price',
  removed: (sku) => `The exclusive price for ${sku} was removed.`,
  added: (sku, percent) => `${sku} now has ${percent}% off for this customer.`,
};

/** A customer's exclusive prices: each with its item, percent and dates, editable in place; and a form to add one. */
export function ExclusivePricesEditor({
  customerId,
  ...props
}: {
  customerId: number;
  prices: AdminExclusivePrice[];
  /** All of the customer's prices (the list shows the first 100). */
  count: number;
  /** Called after a change, to load the customer again. */
  onChanged: () => void;
  /** Prices left on a staff or owner account: they can only be removed (exclusive prices are for customers). */
  removeOnly?: boolean;
}) {
  const api = {
    create: (body: Parameters<typeof createExclusivePrice>[1]) => createExclusivePrice(customerId, body),
    update: (priceId: number, body: Parameters<typeof updateExclusivePrice>[2]) =>
      updateExclusivePrice(customerId, priceId, body),
    remove: (priceId: number) => deleteExclusivePrice(customerId, priceId),
  };
  return <PricesEditor {...props} api={api} words={WORDS} />;
}
