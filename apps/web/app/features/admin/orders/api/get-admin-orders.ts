import type { AdminOrderRow } from '@shop/domain';
import { type AdminPage, adminRequest } from '../../api';
import { listQuery } from '../../components/list-params';

/** The order list's filters as the URL and the API name them (administration/orders/). */
export const ORDER_FILTERS = [
  'status',
  'payment_status',
  'date_from',
  'date_to',
  'customer',
  'sku',
  'purchase_order_number',
  'due',
  'dispatch_by_from',
  'dispatch_by_to',
] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];

/** The list's default order, newest first (the API's default too). */
export const DEFAULT_ORDER_ORDERING = '-created_at';

/**
 * A page of orders for the back office, filtered and sorted by the server: the URL's filters, page and ordering,
 * without the empty values a GET form sends (an empty `status=` is no filter, not a bad status).
 */
export function getAdminOrders(
  search: URLSearchParams,
  signal?: AbortSignal,
): Promise<AdminPage<AdminOrderRow>> {
  return adminRequest<AdminPage<AdminOrderRow>>(
    `orders/${listQuery(search, [...ORDER_FILTERS, 'page', 'ordering'])}`,
    { signal },
  );
}
