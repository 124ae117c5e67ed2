import type { CompanyOrderView, Page } from '@shop/domain';
import { request } from '~/lib/api-client';

/** The filters of the company's order history, as the page's URL and the API both name them. */
export const ORDER_FILTERS = ['buyer', 'purchase_order_number', 'status', 'page'] as const;

/** The company's orders (GET account/company/orders/, administrators), filtered as the URL says. */
export function getCompanyOrders(
  search: URLSearchParams,
  signal?: AbortSignal,
): Promise<Page<CompanyOrderView>> {
  const query = new URLSearchParams();
  for (const name of ORDER_FILTERS) {
    const value = search.get(name)?.trim();
    if (value) query.set(name, value);
  }
  const text = query.toString();
  return request<Page<CompanyOrderView>>(`account/company/orders/${text ? `?${text}` : ''}`, { signal });
}
