/**
 * Which exclusive price applies to a buyer's line: their own price and their approved company's
 * price, each only when in force on the day; where both are, the greater discount (so the lower price) wins,
 * and a tie keeps the buyer's own. The API reads both in the statement that prices the line and applies this
 * same rule there (`appliedDiscount` and `appliedPriceId` in the API's `pricing/queries.ts`).
 */

/** One exclusive price in force: its row id (in its own table) and its discount in percent. */
export interface ExclusiveDiscount {
  id: number;
  discount_percentage: number;
}

export type ExclusiveSource = 'personal' | 'company';

export type AppliedExclusivePrice = ExclusiveDiscount & { source: ExclusiveSource };

export function appliedExclusivePrice(
  personal: ExclusiveDiscount | null,
  company: ExclusiveDiscount | null,
): AppliedExclusivePrice | null {
  if (company && (!personal || company.discount_percentage > personal.discount_percentage)) {
    return { ...company, source: 'company' };
  }
  return personal ? { ...personal, source: 'personal' } : null;
}

/** The back office's words for company prices (the other messages are EXCLUSIVE_PRICE_MESSAGES'). */
export const COMPANY_PRICE_MESSAGES = {
  duplicate: 'This company already has an exclusive price for this item.',
} as const;
