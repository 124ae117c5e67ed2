/**
 * The URL of a back-office list: `page` and `ordering` beside the list's own filters. AdminTable reads them
 * for its headers and pager, the screen's loader for the API call; both through these functions.
 */

type Source = Request | URLSearchParams | string;

const paramsOf = (from: Source): URLSearchParams =>
  from instanceof URLSearchParams
    ? from
    : new URL(typeof from === 'string' ? from : from.url, 'http://local').searchParams;

/** The list's page (1 when the URL has none) and ordering (`defaultOrdering`, the API's, when it has none). */
export function listParams(from: Source, defaultOrdering = ''): { page: number; ordering: string } {
  const params = paramsOf(from);
  return {
    page: Number(params.get('page') ?? '1') || 1,
    ordering: params.get('ordering') || defaultOrdering,
  };
}

/**
 * The API query of a list screen's URL: the parameters in `names` that have a value, trimmed, in that order
 * ('' when none). An empty field of a GET form is no filter, so it is left out.
 */
export function listQuery(from: Source, names: readonly string[]): string {
  const params = paramsOf(from);
  const query = new URLSearchParams();
  for (const name of names) {
    const value = params.get(name)?.trim();
    if (value) query.set(name, value);
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** A URL's query with one parameter set (or removed when `value` is null), keeping the others. */
export function withParam(search: string, name: string, value: string | null): string {
  const params = new URLSearchParams(search);
  if (value === null || value === '') params.delete(name);
  else params.set(name, value);
  if (name !== 'page') params.delete('page');
  const query = params.toString();
  return query ? `?${query}` : '?';
}
