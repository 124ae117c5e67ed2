import type { AdminExclusivePrice, ExclusivePriceCreate, ExclusivePriceUpdate } from '@shop/domain';
import { type AdminPage, adminRequest } from '../../api';

/** The most prices the company screen lists at once (the API's largest page), by SKU. */
export const COMPANY_PRICES_SHOWN = 100;

/** A company's exclusive prices: every member gets them (the lower of theirs and the company's applies). */
export function getCompanyPrices(companyId: number, signal?: AbortSignal) {
  return adminRequest<AdminPage<AdminExclusivePrice>>(
    `companies/${companyId}/prices/?page_size=${COMPANY_PRICES_SHOWN}`,
    { signal },
  );
}

export function createCompanyPrice(companyId: number, body: ExclusivePriceCreate) {
  return adminRequest<AdminExclusivePrice>(`companies/${companyId}/prices/`, { method: 'POST', body });
}

export function updateCompanyPrice(companyId: number, priceId: number, body: ExclusivePriceUpdate) {
  return adminRequest<AdminExclusivePrice>(`companies/${companyId}/prices/${priceId}/`, {
    method: 'PATCH',
    body,
  });
}

export function deleteCompanyPrice(companyId: number, priceId: number) {
  return adminRequest<null>(`companies/${companyId}/prices/${priceId}/`, { method: 'DELETE' });
}
