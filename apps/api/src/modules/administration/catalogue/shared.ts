import { CATALOGUE_MESSAGES as M } from '@shop/domain';
import { z } from 'zod';
import { Invalid } from '../../../http/errors';
import { type PageQuerySchema, pageSchema, paginate } from '../../../http/pagination';
import { queryId } from '../../../http/query-ids';
import { violatedConstraint } from './queries';

// What the back office's catalogue entities share: field errors, the unique-violation mapping, list pages
// and the pieces of their route schemas.

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
