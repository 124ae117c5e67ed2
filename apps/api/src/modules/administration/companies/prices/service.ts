import { COMPANY_PRICE_MESSAGES } from '@shop/domain';
import type { Db } from '../../../../db/client';
import { NotFound } from '../../../../http/errors';
import { createExclusivePricesService, type PriceOwnerRules } from '../../exclusive-prices/service';
import * as queries from './queries';

/**
 * A company's exclusive prices in the back office: the same bodies, answers and rules as a
 * customer's. Every customer account among its members gets them while it is approved (staff and owner
 * accounts pay the shop's prices, so pricing a company gives a staff member nothing), and where a member also
 * has a price of their own the greater discount applies (`appliedExclusivePrice`). A company, or a price of
 * another company, that does not exist is not found.
 */
const companyPrices: PriceOwnerRules = {
  owner: 'company',
  // An unknown company is found out by the page's own statements.
  checkExists: null,
  async lock(tx, _, companyId) {
    if (!(await queries.lockCompany(tx, companyId))) throw new NotFound();
    return null;
  },
  duplicateMessage: COMPANY_PRICE_MESSAGES.duplicate,
};

export function createCompanyPricesService(db: Db) {
  return createExclusivePricesService(db, companyPrices);
}

export type CompanyPricesService = ReturnType<typeof createCompanyPricesService>;
