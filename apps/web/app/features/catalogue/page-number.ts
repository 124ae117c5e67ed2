/** The `?page=` of a listing URL: a whole number from 1, anything else is page 1. */
export function pageNumberFrom(url: string): number {
  const raw = new URL(url).searchParams.get('page');
  if (raw === null || !/^\d{1,6}$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
}

/** A listing's path for one of its pages; page 1 has no `?page=`, so it has one address only. */
export function pagePath(path: string, page: number): string {
  return page > 1 ? `${path}?page=${page}` : path;
}
