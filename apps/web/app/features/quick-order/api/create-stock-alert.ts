import type { StockAlertAnswer } from '@shop/domain';
import { request } from '~/lib/api-client';

/** Asks to be told once when an out-of-stock item is back (POST stock-alerts/), as the signed-in buyer. */
export function alertWhenBack(item: number): Promise<StockAlertAnswer> {
  return request<StockAlertAnswer>('stock-alerts/', { method: 'POST', body: { item } });
}
