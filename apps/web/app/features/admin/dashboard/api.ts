import type { Dashboard } from '@shop/domain';
import { adminRequest } from '../api';

/** The dashboard's figures: today's and this month's trade (UK time) and what needs doing. */
export function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return adminRequest<Dashboard>('dashboard/', { signal });
}
