import type { DeliveryPromiseView } from '@shop/domain';
import { request } from '~/lib/api-client';

/**
 * GET ecommerce/delivery-promise/: when a parcel ordered now arrives at `postalCode` (none: the mainland),
 * and the cut-off to order by. Public and the same for everyone (cached for a minute), so the product page
 * fetches it in the browser and its HTML stays cacheable.
 */
export function getDeliveryPromise(
  postalCode: string | null,
  signal?: AbortSignal,
): Promise<DeliveryPromiseView> {
  const query = postalCode ? `?${new URLSearchParams({ postal_code: postalCode })}` : '';
  return request<DeliveryPromiseView>(`ecommerce/delivery-promise/${query}`, { signal });
}
