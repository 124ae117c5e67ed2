import { formatDecimalGbp, type LedgerView, penceFromDecimal, ukDate } from '@shop/domain';
import { ScrollRegion } from '~/components/ui/scroll-region';

/**
 * Every entry of the company's ledger, oldest first, with the balance after each: invoices (by number, with the
 * buyer's PO), credit notes, payments and their reversals, as the API words them for the statements. The last
 * balance is the account's balance (the API's ledger and company views agree on it).
 */
export function LedgerEntries({ ledger }: { ledger: LedgerView }) {
  if (ledger.entries.length === 0) return <p>Nothing has been invoiced or paid yet.</p>;
  return (
    <div className="admin-table">
      <ScrollRegion className="admin-table__scroll" label="Ledger table">
        <table>
          <caption className="visually-hidden">Ledger, oldest entry first, with the running balance</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Entry</th>
              <th scope="col" className="admin-table__num">
                Debit
              </th>
              <th scope="col" className="admin-table__num">
                Credit
              </th>
              <th scope="col" className="admin-table__num">
                Balance
              </th>
            </tr>
          </thead>
          <tbody>
            {ledger.entries.map((entry) => (
              <tr key={`${entry.kind}-${entry.id}`}>
                <td>
                  <time dateTime={entry.on}>{ukDate(entry.on)}</time>
                </td>
                <th scope="row">{entry.description}</th>
                {/* An entry is a debit or a credit: the other side is left blank. */}
                {[entry.debit, entry.credit].map((amount, side) => (
                  <td key={side} className="admin-table__num">
                    {penceFromDecimal(amount) === 0 ? '' : formatDecimalGbp(amount)}
                  </td>
                ))}
                <td className="admin-table__num">{formatDecimalGbp(entry.balance)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={4}>
                Balance owed
              </th>
              <td className="admin-table__num">{formatDecimalGbp(ledger.balance)}</td>
            </tr>
          </tfoot>
        </table>
      </ScrollRegion>
    </div>
  );
}
