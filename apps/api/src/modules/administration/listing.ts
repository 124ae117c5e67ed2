import { z } from 'zod';
import { countFromPage, PageQuerySchema } from '../../http/pagination';

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

/**
 * The count a page of a back-office list reports, in at most one more statement: from the page itself when it
 * is not full (offset + rows), 0 for an empty first page, and otherwise `countUpTo(cap)`, a count that stops at
 * `cap + 1` rows (`select count(*) from (… limit cap + 1)`), with `cap` at least the end of this page so the
 * next page's link survives. Answers the count (at most `cap`) and whether more rows exist than it says.
 */
export async function cappedPageCount(
  rowsOnPage: number,
  window: { limit: number; offset: number },
  countUpTo: (cap: number) => Promise<number>,
): Promise<{ count: number; capped: boolean }> {
  const shown = countFromPage(rowsOnPage, window);
  if (shown !== undefined) return { count: shown, capped: false };
  const cap = Math.max(COUNT_CAP, window.offset + window.limit);
  const counted = await countUpTo(cap);
  return counted > cap ? { count: cap, capped: true } : { count: counted, capped: false };
}
