import type {
  AdminExclusivePrice,
  CustomerDetail,
  CustomerSummary,
  ExclusivePriceCreate,
  ExclusivePriceUpdate,
} from '@shop/domain';
import { type AdminPage, adminRequest } from '../../api';
import { listQuery } from '../../components/list-params';

/** The customer list's default order, as the API has it. */
export const DEFAULT_CUSTOMER_ORDERING = '-created_at';

/** The customers page for a URL's query (q, role, active, ordering, page). */
export function getCustomers(search: URLSearchParams, signal?: AbortSignal) {
  const query = listQuery(search, ['q', 'role', 'active', 'ordering', 'page']);
  return adminRequest<AdminPage<CustomerSummary>>(`customers/${query}`, { signal });
}

export function getCustomer(id: number, signal?: AbortSignal) {
  return adminRequest<CustomerDetail>(`customers/${id}/`, { signal });
}

export function setCustomerActive(id: number, isActive: boolean) {
  return adminRequest<CustomerSummary>(`customers/${id}/`, {
    method: 'PATCH',
    body: { is_active: isActive },
  });
}

export function createExclusivePrice(customerId: number, body: ExclusivePriceCreate) {
  return adminRequest<AdminExclusivePrice>(`customers/${customerId}/exclusive-prices/`, {
    method: 'POST',
    body,
  });
}

export function updateExclusivePrice(customerId: number, priceId: number, body: ExclusivePriceUpdate) {
  return adminRequest<AdminExclusivePrice>(`customers/${customerId}/exclusive-prices/${priceId}/`, {
    method: 'PATCH',
    body,
  });
}

export function deleteExclusivePrice(customerId: number, priceId: number) {
  return adminRequest<null>(`customers/${customerId}/exclusive-prices/${priceId}/`, { method: 'DELETE' });
}
