import type { AddressView, Page } from '@shop/domain';
import { request } from '~/lib/api-client';
import { usableAddresses } from '../checkout-rules';

/** More pages than one account may fill (100 addresses, 20 a page): a `next` loop ends here. */
const MAX_PAGES = 50;

/** The customer's saved addresses, newest first, every page (GET addresses/, following `next`). */
export async function getAddresses(signal?: AbortSignal): Promise<AddressView[]> {
  const found: unknown[] = [];
  let path: string | null = 'addresses/';
  for (let page = 0; path && page < MAX_PAGES; page++) {
    const answer: Page<unknown> = await request<Page<unknown>>(path, { signal });
    found.push(...answer.results);
    path = answer.next;
  }
  return usableAddresses(found);
}
