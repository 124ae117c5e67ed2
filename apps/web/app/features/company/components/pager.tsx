import { Link, useLocation } from 'react-router';

/**
 * Previous and next links of a paged list whose page number is the URL's `param`; the other parameters
 * (filters, another list's page) stay as they are.
 */
export function Pager({
  param,
  page,
  hasPrevious,
  hasNext,
  label,
}: {
  param: string;
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
  label: string;
}) {
  const location = useLocation();
  if (!hasPrevious && !hasNext) return null;
  const to = (n: number) => {
    const search = new URLSearchParams(location.search);
    if (n > 1) search.set(param, String(n));
    else search.delete(param);
    const text = search.toString();
    return `${location.pathname}${text ? `?${text}` : ''}`;
  };
  return (
    <nav className="company-pager" aria-label={label}>
      {hasPrevious ? (
        <Link to={to(page - 1)} preventScrollReset>
          Previous page
        </Link>
      ) : null}
      <span>Page {page}</span>
      {hasNext ? (
        <Link to={to(page + 1)} preventScrollReset>
          Next page
        </Link>
      ) : null}
    </nav>
  );
}

/** A page number from the URL: 1 unless a whole number from 1 to 10,000. */
export function pageParam(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}
