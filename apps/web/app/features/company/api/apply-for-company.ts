import type { CompanyApplyInput, CompanyView } from '@shop/domain';
import { request } from '~/lib/api-client';

/** Applies for a trade account (POST account/company/); the answer's status is "pending". */
export function applyForCompany(body: CompanyApplyInput): Promise<CompanyView> {
  return request<CompanyView>('account/company/', { method: 'POST', body });
}
