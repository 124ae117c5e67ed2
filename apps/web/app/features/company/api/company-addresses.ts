import {
  type AddressCreate,
  type AddressUpdate,
  type CompanyAddressView,
  CompanyAddressViewSchema,
} from '@shop/domain';
import { request } from '~/lib/api-client';
import { readList } from './read-list';

/** The company's shared delivery addresses (GET account/company/addresses/, every member). */
export function getCompanyAddresses(signal?: AbortSignal): Promise<CompanyAddressView[]> {
  return readList('account/company/addresses/', CompanyAddressViewSchema, signal);
}

// The address form checks with the book's schemas; a company address has no checkout defaults.
const withoutDefaults = <T extends { is_default_billing?: unknown; is_default_shipping?: unknown }>(
  body: T,
): Omit<T, 'is_default_billing' | 'is_default_shipping'> => {
  const { is_default_billing: _billing, is_default_shipping: _shipping, ...address } = body;
  return address;
};

/** Adds a shared address (POST account/company/addresses/, administrators). */
export function createCompanyAddress(body: AddressCreate): Promise<CompanyAddressView> {
  return request<CompanyAddressView>('account/company/addresses/', {
    method: 'POST',
    body: withoutDefaults(body),
  });
}

/** Changes a shared address (PATCH account/company/addresses/{id}/, administrators). */
export function updateCompanyAddress(id: number, body: AddressUpdate): Promise<CompanyAddressView> {
  return request<CompanyAddressView>(`account/company/addresses/${id}/`, {
    method: 'PATCH',
    body: withoutDefaults(body),
  });
}

/** Deletes a shared address (DELETE account/company/addresses/{id}/); orders keep their own copies. */
export async function deleteCompanyAddress(id: number): Promise<void> {
  await request<unknown>(`account/company/addresses/${id}/`, { method: 'DELETE' });
}
