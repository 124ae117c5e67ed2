import type { CompanyView } from '@shop/domain';
import { ApiError, request } from '~/lib/api-client';

/** The caller's company and role (GET account/company/), or null when they belong to none (a 404). */
export async function getCompany(signal?: AbortSignal): Promise<CompanyView | null> {
  try {
    return await request<CompanyView>('account/company/', { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
