import type { CompanyView } from '@shop/domain';
import { request } from '~/lib/api-client';

/** The company's own settings (PATCH account/company/, administrators). */
export function updateCompanySettings(body: { po_required: boolean }): Promise<CompanyView> {
  return request<CompanyView>('account/company/', { method: 'PATCH', body });
}
