import { reorderLineMessage, reorderSummary, type ReorderResult } from '@shop/domain';
import { Link } from 'react-router';

/**
 * What became of lines put back in the cart (a reorder, a saved list), in a status region: the summary and
 * each line in the reorder's words (a new price, fewer packs for the stock, an item no longer sold), then the
 * way to the cart when anything was added.
 */
export function ReorderOutcome({ result }: { result: ReorderResult | null }) {
  const added = result?.lines.some((line) => line.packs_added > 0) ?? false;
  return (
    <>
      <div className="reorder__outcome" role="status">
        {result ? (
          <>
            <p className="reorder__summary">{reorderSummary(result.lines)}</p>
            <ul className="reorder__lines">
              {result.lines.map((line, index) => (
                <li key={index} className={`reorder__line reorder__line--${line.outcome}`}>
                  {reorderLineMessage(line)}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
      {added ? (
        <p>
          <Link className="button button--outline" to="/cart">
            Go to cart
          </Link>
        </p>
      ) : null}
    </>
  );
}
