/**
 * The number of all rows of a paged read, from its page: offset + rows when the page is not full, the rows'
 * `count(*) over ()` when it is, and a count statement only for an empty page past the end (page 1 of
 * nothing is 0). So a page costs one statement, with no separate `count(*)` over the same rows.
 */
export async function countOfPage(
  rows: readonly { total: number }[],
  window: { limit: number; offset: number },
  countAll: () => Promise<number>,
): Promise<number> {
  if (rows.length > 0) return rows.length < window.limit ? window.offset + rows.length : rows[0]!.total;
  return window.offset === 0 ? 0 : countAll();
}
