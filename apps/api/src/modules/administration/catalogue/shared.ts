import { CATALOGUE_MESSAGES as M } from '@shop/domain';
import { z } from 'zod';
import { Invalid } from '../../../http/errors';
import { countFromPage, type PageQuerySchema, pageSchema, paginate } from '../../../http/pagination';
import { queryId } from '../../../http/query-ids';
import { COUNT_CAP } from '../listing';
import type { Window } from './query-parts';

// What the back office's catalogue entities share: field errors, the unique-violation mapping, list pages
// and their counts, and the pieces of their route schemas.

export type FieldErrors = Record<string, string[]>;

/** A page of a back-office list: the rows and their (possibly capped) count. */
export interface ListPage<T> {
  count: number;
  capped: boolean;
  results: T[];
}

/** Which field a unique constraint's violation is reported on, with its message. */
const UNIQUE_FIELDS: Record<string, [field: string, message: string]> = {
  categories_slug_unique: ['slug', M.slugTaken],
  products_slug_unique: ['slug', M.slugTaken],
  products_featured_rank_unique: ['featured_rank', M.featuredTaken],
  items_sku_unique: ['sku', M.skuTaken],
};

/**
 * Runs a write; a unique violation that slipped past the service's own checks (two staff saving the same
 * slug at once) becomes the same field error instead of a 500.
 */
export async function withUniqueFieldErrors<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const violated = violatedConstraint(error);
    const known = violated?.kind === 'unique' ? UNIQUE_FIELDS[violated.name] : undefined;
    if (known) throw new Invalid({ [known[0]]: [known[1]] });
    throw error;
  }
}

export function addError(errors: FieldErrors, field: string, message: string) {
  (errors[field] ??= []).push(message);
}

export function throwIfAny(errors: FieldErrors) {
  if (Object.keys(errors).length > 0) throw new Invalid(errors);
}

/** The OpenAPI tags and security of every catalogue route. */
export const secured = { tags: ['administration: catalogue'], security: [{ bearerAuth: [] }] };

export const IdParams = z.object({ id: queryId });
export const NoContent = { 204: z.null().describe('No content') };

/** A back-office page: DRF's shape, `count_capped` when the count stopped at COUNT_CAP. */
export const adminPage = <T extends z.ZodType>(item: T) =>
  pageSchema(item).extend({ count_capped: z.boolean() });

/** A list page as the API answers it, with its links. */
export const adminPageAnswer = <T>(
  url: string,
  query: z.infer<typeof PageQuerySchema>,
  list: ListPage<T>,
) => ({
  ...paginate(url, query, list.count, list.results),
  count_capped: list.capped,
});

/**
 * The count of a paged read: from the page itself when it is not full, else a capped count. Answers the
 * count and whether it is capped.
 */
export async function countOfList(
  rows: number,
  window: Window,
  countAll: () => Promise<number>,
): Promise<{ count: number; capped: boolean }> {
  const shown = countFromPage(rows, window);
  if (shown !== undefined) return { count: shown, capped: false };
  const counted = await countAll();
  return counted > COUNT_CAP ? { count: COUNT_CAP, capped: true } : { count: counted, capped: false };
}

/** The PostgreSQL error behind a failed statement (Drizzle wraps the driver's), if any. */
function pgErrorOf(error: unknown): { code?: string; constraint?: string } | null {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code))
      return cause as unknown as { code: string; constraint?: string };
    cause = cause.cause;
  }
  return null;
}

/** The constraint a unique violation (23505) or foreign-key violation (23503) names, else null. */
export function violatedConstraint(error: unknown): { kind: 'unique' | 'foreign_key'; name: string } | null {
  const pg = pgErrorOf(error);
  if (!pg || (pg.code !== '23505' && pg.code !== '23503')) return null;
  const name = pg.constraint ?? /"([^"]+)"/.exec((error as Error).message)?.[1] ?? '';
  return { kind: pg.code === '23505' ? 'unique' : 'foreign_key', name };
}
