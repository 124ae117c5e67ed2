import { formatDecimalGbp, type QuickOrderItem, type QuickOrderLineResult } from '@shop/domain';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { failureText } from '~/lib/api-client';
import { alertWhenBack } from '../api/create-stock-alert';
import type { ParsedLine } from '../parse-lines';
import { tierLabel } from '../quick-order-format';
import { ScrollRegion } from '~/components/ui/scroll-region';

/** A line of the text with what the check said of it: `fresh` for these very lines, else as last seen. */
export interface ResultRow {
  parsed: ParsedLine;
  result: QuickOrderLineResult | null;
  fresh: boolean;
}

/** Every problem of every line, each on its own: the text's own, then the server's. */
export function rowErrors(row: ResultRow): string[] {
  if (row.parsed.errors.length > 0) return row.parsed.errors;
  return row.fresh && row.result ? row.result.errors : [];
}

function statusOf(row: ResultRow, checking: boolean): { text: string; tone: 'ok' | 'error' | 'pending' } {
  if (rowErrors(row).length > 0) return { text: 'Not added', tone: 'error' };
  if (row.fresh && row.result?.ok) return { text: 'Ready', tone: 'ok' };
  return { text: checking ? 'Checking…' : 'Not checked', tone: 'pending' };
}

/** An empty cell: a dash to see, 'none' to hear. */
const DASH = (
  <>
    <span aria-hidden="true">—</span>
    <span className="visually-hidden">none</span>
  </>
);

interface QuickOrderResultsProps {
  rows: readonly ResultRow[];
  /** Whether a check is due or under way (rows not yet checked say 'Checking…'). */
  checking: boolean;
  /** Puts a suggested SKU on a line in place of the unknown one. */
  onPickSku: (lineNumber: number, sku: string) => void;
}

/** Whether a line's item has not one pack in stock (so the buyer may ask to be told when it is back). */
const outOfStock = (item: QuickOrderItem | null | undefined): item is QuickOrderItem =>
  !!item && item.track_inventory && item.stock < item.units_per_pack;

/**
 * The checked lines: a table (line, SKU, item, packs, tier, price per pack, line total, status) and,
 * under it, a list with each problem on a line of its own ('Line 3: No item with SKU 'XYZ'.').
 */
export function QuickOrderResults({ rows, checking, onPickSku }: QuickOrderResultsProps) {
  const problemsId = useId();
  const problems = rows.flatMap((row) =>
    rowErrors(row).map((message, index) => ({
      line: row.parsed.lineNumber,
      message,
      // What the buyer can do about it, said once per line: a closer SKU, or an alert when it is back.
      row: index === 0 && row.fresh ? row : null,
    })),
  );
  return (
    <>
      <ScrollRegion className="quick-order__scroll" label="Your lines, checked">
        <table className="quick-order__table">
          <caption className="visually-hidden">Your lines, checked</caption>
          <thead>
            <tr>
              <th scope="col" className="numeric">
                Line
              </th>
              <th scope="col">SKU</th>
              <th scope="col">Item</th>
              <th scope="col" className="numeric">
                Packs
              </th>
              <th scope="col">Tier</th>
              <th scope="col" className="numeric">
                Price per pack
              </th>
              <th scope="col" className="numeric">
                Line total
              </th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const { parsed, result } = row;
              const status = statusOf(row, checking);
              const item = result?.item ?? null;
              return (
                <tr key={parsed.lineNumber} className={row.fresh ? undefined : 'quick-order__row--stale'}>
                  <td className="numeric">{parsed.lineNumber}</td>
                  <td className="quick-order__sku-cell">{parsed.sku || DASH}</td>
                  <td>
                    {item ? (
                      <Link to={`/details/${item.category_slug}/${item.product_slug}`}>{item.title}</Link>
                    ) : (
                      DASH
                    )}
                  </td>
                  <td className="numeric">{parsed.packs ?? DASH}</td>
                  <td>{result?.pricing_tier ? tierLabel(result.pricing_tier) : DASH}</td>
                  <td className="numeric">
                    {result?.price_per_pack ? formatDecimalGbp(result.price_per_pack) : DASH}
                  </td>
                  <td className="numeric">
                    {result?.total ? formatDecimalGbp(result.total) : DASH}
                    {result?.total && result.discount_percentage > 0 ? (
                      <span className="quick-order__tag">{`${result.discount_percentage}% off`}</span>
                    ) : null}
                  </td>
                  <td>
                    <span className={`quick-order__status quick-order__status--${status.tone}`}>
                      {status.text}
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
      {problems.length > 0 ? (
        <section className="quick-order__problems" aria-labelledby={problemsId}>
          <h3 id={problemsId} className="quick-order__problems-title">
            {problems.length === 1 ? '1 problem' : `${problems.length} problems`}
          </h3>
          <ul className="quick-order__problem-list">
            {problems.map((problem, index) => (
              <li key={index}>
                {`Line ${problem.line}: ${problem.message}`}
                {problem.row?.result?.suggestions.length ? (
                  <SkuSuggestions row={problem.row} onPickSku={onPickSku} />
                ) : null}
                {outOfStock(problem.row?.result?.item) ? (
                  <BackInStockAlert item={problem.row.result.item} />
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/** The closest SKUs on sale to an unknown one, as the server found them: each puts itself on the line. */
function SkuSuggestions({
  row,
  onPickSku,
}: {
  row: ResultRow;
  onPickSku: QuickOrderResultsProps['onPickSku'];
}) {
  const line = row.parsed.lineNumber;
  return (
    <span className="quick-order__remedy">
      {' '}
      Did you mean:{' '}
      {row.result!.suggestions.map((suggestion) => (
        <button
          key={suggestion.id}
          type="button"
          className="button button--outline quick-order__remedy-button"
          aria-label={`Use ${suggestion.sku} (${suggestion.title}) on line ${line}`}
          onClick={() => onPickSku(line, suggestion.sku)}
        >
          {suggestion.sku}
        </button>
      ))}
    </span>
  );
}

/** Out of stock: the buyer asks to be e-mailed once when the item is back (their account's address). */
function BackInStockAlert({ item }: { item: QuickOrderItem }) {
  const [state, setState] = useState<{ status: 'idle' | 'asking' | 'done' | 'failed'; message?: string }>({
    status: 'idle',
  });
  const ask = async () => {
    setState({ status: 'asking' });
    try {
      const answer = await alertWhenBack(item.id);
      setState({ status: 'done', message: answer.message });
    } catch (error) {
      setState({
        status: 'failed',
        message: failureText(error, 'The alert could not be set. Please try again.'),
      });
    }
  };
  return (
    <span className="quick-order__remedy">
      {' '}
      {state.status === 'done' ? (
        <span role="status">{state.message}</span>
      ) : (
        <>
          <button
            type="button"
            className="button button--outline quick-order__remedy-button"
            aria-busy={state.status === 'asking'}
            disabled={state.status === 'asking'}
            onClick={() => void ask()}
          >
            Alert me when {item.sku} is back in stock
          </button>
          {state.status === 'failed' ? (
            <span role="alert" className="field-error">
              {' '}
              {state.message}
            </span>
          ) : null}
        </>
      )}
    </span>
  );
}
