import type { Page, StockAlertView } from '@shop/domain';
import { request } from '~/lib/api-client';

/** The most alerts the product page reads: one page of the API's largest size, waiting ones first. */
export const MY_ALERTS_PAGE_SIZE = 100;

/**
 * The signed-in buyer's stock alerts (GET account/stock-alerts/), so the product page shows "Alert set" on load
 * for an item already asked about. One page: the API lists waiting alerts first, and a buyer waiting for more
 * than a hundred items still sees the button, which answers that the alert exists.
 */
export function getMyStockAlerts(signal?: AbortSignal): Promise<Page<StockAlertView>> {
  return request<Page<StockAlertView>>(`account/stock-alerts/?page=1&page_size=${MY_ALERTS_PAGE_SIZE}`, {
    signal,
  });
}
