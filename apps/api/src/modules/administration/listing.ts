import { z } from 'zod';
import { PageQuerySchema } from '../../http/pagination';

/**
 * Back-office lists page and sort on the server. `ordering` is DRF's: a field name, `-` first for descending;
 * only the fields a list names are accepted (each backed by an index at 100k rows).
 */
export function listQuerySchema<F extends string>(orderings: readonly [F, ...F[]], defaultOrdering: string) {
  const values = orderings.flatMap((field) => [field, `-${field}`]) as [string, ...string[]];
  return PageQuerySchema.extend({
    ordering: z.enum(values).default(defaultOrdering),
    /** Free-text search; trimmed, at most 100 characters. */
    q: z.string().trim().max(100).optional(),
  });
}

/** The field and direction of an `ordering` value. */
export function orderingOf<F extends string>(ordering: string): { field: F; descending: boolean } {
  return ordering.startsWith('-')
    ? { field: ordering.slice(1) as F, descending: true }
    : { field: ordering as F, descending: false };
}

/**
 * Back-office counts stop here: counting every one of 100k rows costs more than the page itself, and nobody
 * pages that far. A list says "10,000+" (count = COUNT_CAP, `count_capped: true`) beyond it.
 */
export const COUNT_CAP = 10_000;
