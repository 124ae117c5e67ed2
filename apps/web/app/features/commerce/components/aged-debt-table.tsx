import { AGED_BUCKET_LABELS, AGED_BUCKETS, type AgedView, formatDecimalGbp } from '@shop/domain';

/**
 * The five aged-debt buckets (current, 1-30, 31-60, 61-90, over 90 days past due) as a one-row table, for the
 * back office's ledger and the administrator's company page alike.
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
    <table className={className}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {AGED_BUCKETS.map((bucket) => (
            <th key={bucket} scope="col">
              {AGED_BUCKET_LABELS[bucket]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        <tr>
          {AGED_BUCKETS.map((bucket) => (
            <td key={bucket}>{formatDecimalGbp(aged[bucket])}</td>
          ))}
        </tr>
      </tbody>
    </table>
  );
}
