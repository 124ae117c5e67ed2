import type { Page } from '@shop/domain';
import { request } from '~/lib/api-client';

/** More pages than a company may fill (200 members and invitations, 100 a page): a `next` loop ends here. */
const MAX_PAGES = 5;

/**
 * Every entry of a company list, whether the API answers it as a plain list or as DRF pages (following
 * `next`); an entry the schema refuses is left out.
 */
export async function readList<T>(
  path: string,
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  signal?: AbortSignal,
): Promise<T[]> {
  const found: T[] = [];
  let next: string | null = path;
  for (let page = 0; next && page < MAX_PAGES; page++) {
    const answer: unknown = await request<unknown>(next, { signal });
    const entries = Array.isArray(answer) ? answer : ((answer as Page<unknown> | null)?.results ?? []);
    for (const entry of entries) {
      const parsed = schema.safeParse(entry);
      if (parsed.success) found.push(parsed.data);
    }
    next = Array.isArray(answer) ? null : ((answer as Page<unknown> | null)?.next ?? null);
  }
  return found;
}
