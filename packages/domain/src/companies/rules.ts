import { addDays, addMonths, endOfMonth, format, parseISO } from 'date-fns';
import type { ApprovalStatus, CompanyRole, PaymentTerms } from './schemas';

/**
 * The rules of trade accounts (DESIGN §7): pure functions of plain values. The API reads and locks
 * the facts, calls these, and writes; the pages call the same functions to say what the server will do.
 */

/**
 * The day an invoice issued on `issuedOn` (a UK calendar day, YYYY-MM-DD) falls due: so many days after it,
 * or the last day of the month after its month (31 January → 28 February; 15 March → 30 April). Calendar
 * days, so a clock change moves nothing.
 */
export function invoiceDueDate(issuedOn: string, terms: PaymentTerms): string {
  const issued = parseISO(issuedOn);
  const due = terms.kind === 'days' ? addDays(issued, terms.days) : endOfMonth(addMonths(issued, 1));
  return format(due, 'yyyy-MM-dd');
}

/** The terms in words, as the invoice and the account pages print them. */
export function paymentTermsLabel(terms: PaymentTerms): string {
  return terms.kind === 'days'
    ? `${terms.days} ${terms.days === 1 ? 'day' : 'days'} from the invoice date`
    : 'End of the month following the invoice';
}

/**
 * What a company owes and may still spend, in pence: its unpaid on-account invoices (each less its credit
 * notes) are the balance; the available credit is the limit less the balance, which may fall below zero
 * when staff lower a limit (the caller refuses any order then).
 */
export function availableCreditPence(limitPence: number, owedPence: number): number {
  return limitPence - owedPence;
}

/** Whether an on-account order of `totalPence` fits the available credit. */
export function creditAllows(availablePence: number, totalPence: number): boolean {
  return totalPence <= availablePence;
}

/**
 * Whether an approval request's lines may go back in its buyer's cart, to change and send again: it placed
 * nothing (declined, or refused when stock or credit had run out). Only its buyer may, an approver included.
 */
export function mayGoBackInCart(status: ApprovalStatus): boolean {
  return status === 'declined' || status === 'refused';
}

/**
 * Whether a member's on-account order waits for an approver: a member with an order limit, ordering above
 * it, who is not an administrator. Card orders never wait (the caller does not ask).
 */
export function needsApproval(
  role: CompanyRole,
  orderLimitPence: number | null,
  totalPence: number,
): boolean {
  return role !== 'administrator' && orderLimitPence !== null && totalPence > orderLimitPence;
}

/** What each role may do in its company: checked from the database on every request. */
export const COMPANY_PERMISSIONS = {
  /** Members, invitations, addresses, limits, settings; every order and invoice. */
  manage: ['administrator'],
  /** Approve or decline others' held orders. */
  approve: ['administrator', 'approver'],
  /** See every order of the company (buyers see their own, and the company's invoices). */
  seeAllOrders: ['administrator'],
  /** See the company's invoices. */
  seeInvoices: ['administrator', 'buyer', 'approver'],
  /** Make, change and delete the company's shared saved lists (every member may use them). */
  editSharedLists: ['administrator', 'approver'],
} as const satisfies Record<string, readonly CompanyRole[]>;

export function companyMay(role: CompanyRole, action: keyof typeof COMPANY_PERMISSIONS): boolean {
  return (COMPANY_PERMISSIONS[action] as readonly CompanyRole[]).includes(role);
}

/** A purchase-order number as compared for re-use: trimmed, case and inner spaces ignored. */
export function purchaseOrderKey(number: string): string {
  return number.trim().replace(/\s+/g, ' ').toUpperCase();
}

// A scheme (`http://`, `hxxp://`, `mailto:`), `www.`, an e-mail address or a dotted host name ending in
// letters: what a mail client may turn into a link.
const LINK_LIKE =
  /[a-z][a-z0-9+.-]*:\/\/|\b(?:mailto|tel|sms|javascript|data|file|ftp):|\bwww\.|\S@\S|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\b/i;

/**
 * Whether text someone chose (a name) holds something a mail client could show as a link. Names that go to
 * people the shop does not know (an invitation) are left out of the e-mail when it does (docs/security.md).
 */
export function looksLikeLink(text: string): boolean {
  return LINK_LIKE.test(text);
}

/**
 * Who a company's account documents go to, each address once: in the order given, compared without case or
 * surrounding spaces, blanks left out (an administrator whose address is also the accounts address gets one).
 */
export function distinctAddresses(addresses: readonly (string | null | undefined)[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const address of addresses) {
    const trimmed = address?.trim() ?? '';
    const key = trimmed.toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    out.push(trimmed);
  }
  return out;
}
