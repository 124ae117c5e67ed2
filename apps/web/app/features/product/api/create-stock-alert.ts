import type { StockAlertAnswer, StockAlertRequestInput } from '@shop/domain';
import { request } from '~/lib/api-client';

/**
 * Asks to be told once when an out-of-stock item is back (POST stock-alerts/): signed in (the stored token
 * goes with it) the alert is active at once; a visitor sends an address and is e-mailed a code to confirm it.
 */
export function createStockAlert(body: StockAlertRequestInput): Promise<StockAlertAnswer> {
  return request<StockAlertAnswer>('stock-alerts/', { method: 'POST', body });
}
