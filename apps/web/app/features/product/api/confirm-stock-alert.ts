import type { StockAlertAnswer, StockAlertConfirm } from '@shop/domain';
import { request } from '~/lib/api-client';

/** Confirms a visitor's alert with the code e-mailed to the address (POST stock-alerts/confirm/). */
export function confirmStockAlert(body: StockAlertConfirm): Promise<StockAlertAnswer> {
  return request<StockAlertAnswer>('stock-alerts/confirm/', { method: 'POST', body });
}
