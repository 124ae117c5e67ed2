/**
 * The documents the shop issues for an order: a VAT invoice and a paid receipt when it is paid, and
 * a credit note for each refund. Each kind has its own gap-free sequence; these are the rules for printing and
 * finding them.
 */
export type DocumentKind = 'invoice' | 'receipt' | 'credit_note';

const PREFIX: Record<DocumentKind, string> = { invoice: 'INV', receipt: 'RCT', credit_note: 'CN' };

/** A document's number as printed: its kind's prefix and the sequence number to six digits, e.g. INV-000042. */
export function documentNumber(kind: DocumentKind, sequence: number): string {
  return `${PREFIX[kind]}-${String(sequence).padStart(6, '0')}`;
}

/** Where an order's documents are opened: the buyer's own API paths, or the back office's copies. */
function pathsUnder(base: string) {
  return {
    invoice: (orderId: number) => `${base}/orders/${orderId}/invoice.pdf`,
    receipt: (orderId: number) => `${base}/orders/${orderId}/receipt.pdf`,
    creditNote: (orderId: number, n: number) => `${base}/orders/${orderId}/refunds/${n}/credit-note.pdf`,
  };
}

/** The API paths the buyer opens the documents at (with their access token). */
export const documentPaths = pathsUnder('/api');
/** The same documents of any order, for staff (under /api/administration/). */
export const staffDocumentPaths = pathsUnder('/api/administration');

/**
 * An amount that includes VAT at `vatPercent`, split into its net and its VAT (the net rounded half-up once,
 * the VAT the rest, so the two always add up to the amount).
 */
export function splitGross(grossPence: number, vatPercent: number): { net_pence: number; vat_pence: number } {
  if (!Number.isInteger(grossPence) || grossPence < 0) {
    throw new RangeError(`An amount in pence must be a whole number of at least 0, got ${grossPence}`);
  }
  // Percent to hundredths (the database keeps 2 decimals): integer arithmetic, exact below 2^53.
  const hundredths = Math.round(vatPercent * 100);
  const net = Math.floor((2 * grossPence * 10_000 + (10_000 + hundredths)) / (2 * (10_000 + hundredths)));
  return { net_pence: net, vat_pence: grossPence - net };
}
