import type { QuickOrderCheckResult, QuickOrderLine } from '@shop/domain';
import { request } from '~/lib/api-client';

/** POST ecommerce/quick-order/check/: every line's item, stock, tier, price and total, in one call. */
export function checkQuickOrder(
  lines: readonly QuickOrderLine[],
  signal?: AbortSignal,
): Promise<QuickOrderCheckResult> {
  return request<QuickOrderCheckResult>('ecommerce/quick-order/check/', {
    method: 'POST',
    body: { lines },
    signal,
  });
}
