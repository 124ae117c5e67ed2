import { type AddressView, AddressViewSchema, MAX_ADDRESSES_PER_USER, type Page } from '@shop/domain';
import { request } from '~/lib/api-client';

/** Every address of the buyer, newest first: one page holds them all (an account keeps at most 100). */
export async function getAddressBook(signal?: AbortSignal): Promise<AddressView[]> {
  const page = await request<Page<unknown>>(`addresses/?page_size=${MAX_ADDRESSES_PER_USER}`, { signal });
  return page.results.flatMap((entry) => {
    const parsed = AddressViewSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}
