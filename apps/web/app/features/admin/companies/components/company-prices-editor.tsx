import type { AdminExclusivePrice } from '@shop/domain';
import { PricesEditor, type PricesWords } from '../../components/prices-editor';
import { createCompanyPrice, deleteCompanyPrice, updateCompanyPrice } from '../api/company-prices';

const WORDS: PricesWords = {
  plural: 'company prices',
  none: 'This company has no exclusive prices.',
  addTitle: 'Add a company price',
  removed: (sku) => `The company price for ${sku} was removed.`,
  added: (sku, percent) => `${sku} now has ${percent}% off for this company’s members.`,
};

/**
 * A company's exclusive prices, which every member gets (where a member also has a price of their own, the
 * lower one applies): the customer screen's panel (`PricesEditor`), with the company's calls and words.
 */
export function CompanyPricesEditor({
  companyId,
  ...props
}: {
  companyId: number;
  prices: AdminExclusivePrice[];
  /** All of the company's prices (the list shows the first 100). */
  count: number;
  /** Called after a change, to load the prices again. */
  onChanged: () => void;
}) {
  const api = {
    create: (body: Parameters<typeof createCompanyPrice>[1]) => createCompanyPrice(companyId, body),
    update: (priceId: number, body: Parameters<typeof updateCompanyPrice>[2]) =>
      updateCompanyPrice(companyId, priceId, body),
    remove: (priceId: number) => deleteCompanyPrice(companyId, priceId),
  };
  return <PricesEditor {...props} api={api} words={WORDS} />;
}
