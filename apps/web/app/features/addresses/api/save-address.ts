import type { AddressCreate, AddressUpdateInput, AddressView } from '@shop/domain';
import { request } from '~/lib/api-client';

/** Adds an address to the book (POST addresses/), a checkout default when asked. */
export function createAddress(body: AddressCreate): Promise<AddressView> {
  return request<AddressView>('addresses/', { method: 'POST', body });
}

/** Changes an address, or whether it is a checkout default (PATCH addresses/{id}/). */
export function updateAddress(id: number, body: AddressUpdateInput): Promise<AddressView> {
  return request<AddressView>(`addresses/${id}/`, { method: 'PATCH', body });
}
