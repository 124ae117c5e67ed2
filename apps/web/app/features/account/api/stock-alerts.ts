import type { Page, StockAlertView } from '@shop/domain';
import { accountRequest } from './account-api';

/** How many alerts My account shows at a time; 'Show more alerts' reads the next page. */
export const STOCK_ALERTS_PAGE = 20;

/** A page of the buyer's alerts (GET account/stock-alerts/), waiting ones first. */
export function getStockAlerts(signal?: AbortSignal, page = 1): Promise<Page<StockAlertView>> {
  return accountRequest<Page<StockAlertView>>(
    `account/stock-alerts/?page=${page}&page_size=${STOCK_ALERTS_PAGE}`,
    { signal },
  );
}

/** Cancels one of the buyer's alerts (DELETE account/stock-alerts/{id}/). */
export async function cancelStockAlert(id: number): Promise<void> {
  await accountRequest<unknown>(`account/stock-alerts/${id}/`, { method: 'DELETE' });
}
