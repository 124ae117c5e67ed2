import { withVat } from '../pricing/totals';

/** An order line as a refund by line needs it: its total (net of any exclusive discount) and its packs. */
export interface RefundableLine {
  total_pence: number;
  pack_quantity: number;
}

/**
 * What refunding `packs` of a line gives back: the line's total shared by pack (rounded half-up once), plus the
 * VAT the buyer paid on it. All the line's packs give back the line's total with its VAT.
 */
export function lineRefundPence(line: RefundableLine, packs: number, vatPercent: number): number {
  if (!Number.isInteger(packs) || packs < 0 || packs > line.pack_quantity) {
    throw new RangeError(`Packs to refund must be 0 to ${line.pack_quantity}, got ${packs}`);
  }
  // Integer half-up division: share = round(total x packs / pack_quantity), exact below 2^53.
  const share = Math.floor((2 * line.total_pence * packs + line.pack_quantity) / (2 * line.pack_quantity));
  return withVat(share, vatPercent);
}

/** What is left to refund: what was paid less what has been refunded (or is being refunded), never below 0. */
export function refundablePence(paidPence: number, refundedPence: number): number {
  return Math.max(0, paidPence - refundedPence);
}
