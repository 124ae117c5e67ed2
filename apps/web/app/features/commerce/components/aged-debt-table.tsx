import { AGED_BUCKET_LABELS, AGED_BUCKETS, type AgedView, formatDecimalGbp } from '@shop/domain';

/**
 * The five aged-debt buckets (current, 1-30, 31-60, 61-90, over 90 days past due) as a one-row table, for the
 * back office's ledger and the administrator's company page alike. The amounts never break inside a figure;
 * at a phone's width the row is a card of labelled amounts (`card-rows`).
 */
export function AgedDebtTable({
  aged,
  caption = 'Aged debt',
  className,
}: {
  aged: AgedView;
  caption?: string;
  className?: string;
}) {
  return (
    <table className={`${className ?? ''} aged-debt card-rows`.trim()}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {AGED_BUCKETS.map((bucket) => (
            <th key={bucket} scope="col" className="numeric">
              {AGED_BUCKET_LABELS[bucket]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        <tr>
          {AGED_BUCKETS.map((bucket) => (
            <td key={bucket} className="numeric" data-label={AGED_BUCKET_LABELS[bucket]}>
              {formatDecimalGbp(aged[bucket])}
            </td>
          ))}
        </tr>
      </tbody>
    </table>
  );
}
