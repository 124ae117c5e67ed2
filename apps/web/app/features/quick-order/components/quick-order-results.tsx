import { formatDecimalGbp, type QuickOrderLineResult } from '@shop/domain';
import { useId } from 'react';
import { Link } from 'react-router';
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
}

/**
 * The checked lines: a table (line, SKU, item, packs, tier, price per pack, line total, status) and,
 * under it, a list with each problem on a line of its own ('Line 3: No item with SKU 'XYZ'.').
 */
export function QuickOrderResults({ rows, checking }: QuickOrderResultsProps) {
  const problemsId = useId();
  const problems = rows.flatMap((row) =>
    rowErrors(row).map((message) => ({ line: row.parsed.lineNumber, message })),
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
              <li key={index}>{`Line ${problem.line}: ${problem.message}`}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
