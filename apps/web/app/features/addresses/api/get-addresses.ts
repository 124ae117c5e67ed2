// First: Zod must be in jitless mode before the schemas below are built (see the module).
import '~/lib/jitless-validation';
import { type AddressView, AddressViewSchema, type Page } from '@shop/domain';
import { request } from '~/lib/api-client';

/** More pages than one account may fill (100 addresses, 20 a page): a `next` loop ends here. */
const MAX_PAGES = 50;

/**
 * The buyer's saved addresses, newest first, every page (GET addresses/, following `next`); an entry that is
 * not an address is left out. `pageSize` asks for pages that large: My account reads the whole book at once.
 */
export async function getAddresses(signal?: AbortSignal, pageSize?: number): Promise<AddressView[]> {
  const found: AddressView[] = [];
  let path: string | null = pageSize ? `addresses/?page_size=${pageSize}` : 'addresses/';
  for (let page = 0; path && page < MAX_PAGES; page++) {
    const answer: Page<unknown> = await request<Page<unknown>>(path, { signal });
    for (const entry of answer.results) {
      const parsed = AddressViewSchema.safeParse(entry);
      if (parsed.success) found.push(parsed.data);
    }
    path = answer.next;
  }
  return found;
}
