import type { CompanyView } from '@shop/domain';
import { request } from '~/lib/api-client';

/**
 * The caller's company and role, or null when they belong to none: GET account/trade-account/, which answers
 * 200 either way (GET account/company/ answers 404 without one, which the browser would log as an error).
 */
export async function getCompany(signal?: AbortSignal): Promise<CompanyView | null> {
  const answer = await request<{ company: CompanyView | null }>('account/trade-account/', { signal });
  return answer.company;
}
