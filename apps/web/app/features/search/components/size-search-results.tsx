import { Link } from 'react-router';
import type { SizeResultView } from '../size-result-view';

export const SIZE_RESULT_MESSAGES = {
  failed: 'Search failed.',
  empty: 'No items match that size.',
  emptyTip:
    'Tip: try Approx Size instead of Minimum Size, check the unit, or give only the two dimensions that matter most.',
} as const;

/** The items the size search found, nearest first. */
export function SizeSearchResults({ items }: { items: readonly SizeResultView[] }) {
  return (
    <ol className="size-results">
      {items.map((item) => (
        <li key={item.id} className="size-result">
          {item.image ? (
            <img
              className="size-result__image"
              src={item.image.src}
              alt={item.image.alt}
              width={96}
              height={96}
              loading="lazy"
              decoding="async"
            />
          ) : (
            <span className="size-result__image size-result__image--none" aria-hidden="true" />
          )}
          <div className="size-result__body">
            <h2 className="size-result__title">
              <Link to={item.href} className="size-result__link">
                {item.title}
              </Link>
            </h2>
            <p className="size-result__product">{item.productName}</p>
            <dl className="size-result__facts">
              <div>
                <dt>SKU</dt>
                <dd>{item.sku}</dd>
              </div>
              <div>
                <dt>Size</dt>
                <dd>{item.dimensions}</dd>
              </div>
              <div>
                <dt>Pack</dt>
                <dd>{`${item.unitsPerPack} ${item.unitsPerPack === 1 ? 'unit' : 'units'}`}</dd>
              </div>
            </dl>
          </div>
          <p
            className={`size-result__closeness${item.closeness === 'Exact size' ? ' size-result__closeness--exact' : ''}`}
          >
            {item.closeness}
          </p>
        </li>
      ))}
    </ol>
  );
}

interface PaginationProps {
  page: number;
  pageCount: number;
  previousHref: string | null;
  nextHref: string | null;
}

/** Previous and next links between pages of results. */
export function SizeSearchPagination({ page, pageCount, previousHref, nextHref }: PaginationProps) {
  if (pageCount <= 1 && !previousHref) return null;
  return (
    <nav className="pagination" aria-label="Result pages">
      {previousHref ? (
        <Link className="pagination__link" to={previousHref} rel="prev">
          Previous
        </Link>
      ) : (
        <span />
      )}
      <p className="pagination__status">{`Page ${page} of ${Math.max(pageCount, 1)}`}</p>
      {nextHref ? (
        <Link className="pagination__link" to={nextHref} rel="next">
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
