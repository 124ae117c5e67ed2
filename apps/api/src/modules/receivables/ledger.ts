/**
 * A company's ledger (DESIGN §7), as other modules build on it: their statements embed its SQL (a company's
 * balance in the credit check, its whole ledger in the company views, a timestamp's UK day in the exports) and
 * read its rows into the domain's Ledger. The statements themselves live in queries.ts, the module's one file
 * that talks to the database; this file names what the rest of the API may use of them.
 */
export {
  ledgerBalanceOf,
  ledgerOfJson,
  ledgerOfRow,
  ledgerStatement,
  type LedgerRow,
  selectLedger,
  ukDayOf,
} from './queries';
