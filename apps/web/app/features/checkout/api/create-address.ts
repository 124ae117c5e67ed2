import type { AddressCreate, AddressView } from '@shop/domain';
import { request } from '~/lib/api-client';

/** Saves a new address (POST addresses/); the answer is the address with its id. */
export function createAddress(address: AddressCreate): Promise<AddressView> {
  return request<AddressView>('addresses/', { method: 'POST', body: address });
}
