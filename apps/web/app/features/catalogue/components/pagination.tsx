import { Link } from 'react-router';
import { pagePath } from '../page-number';

interface PaginationProps {
  /** The listing's path without `?page=`. */
  path: string;
  page: number;
  pageCount: number;
  label: string;
}

/** The page numbers to link: the first, the last and two either side of the current one; null is a gap. */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let n = 1; n <= pageCount; n++) {
    if (n === 1 || n === pageCount || Math.abs(n - page) <= 2) pages.push(n);
    else if (pages[pages.length - 1] !== null) pages.push(null);
  }
  return pages;
}

/** Link-based paging (crawlable, works before hydration); hidden when everything fits on one page. */
export function Pagination({ path, page, pageCount, label }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <ul className="pagination__list">
        {page > 1 ? (
          <li>
            <Link
              className="pagination__link"
              to={pagePath(path, page - 1)}
              rel="prev"
              aria-label="Previous page"
            >
              <span aria-hidden="true">← </span>Previous
            </Link>
          </li>
        ) : null}
        {pageWindow(page, pageCount).map((n, index) =>
          n === null ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                className="pagination__link pagination__link--number"
                to={pagePath(path, n)}
                aria-current={n === page ? 'page' : undefined}
                aria-label={`Page ${n}`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <Link
              className="pagination__link"
              to={pagePath(path, page + 1)}
              rel="next"
              aria-label="Next page"
            >
              Next<span aria-hidden="true"> →</span>
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
