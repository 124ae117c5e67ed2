import type { LedgerView } from '@shop/domain';
import { adminRequest } from '../../api';

/** A payment received as the API answers it (LedgerViewSchema's payments). */
export type LedgerPayment = LedgerView['payments'][number];

/** The company's ledger as of today. */
export function getLedger(companyId: number, signal?: AbortSignal) {
  return adminRequest<LedgerView>(`companies/${companyId}/ledger/`, { signal });
}

/** The body of a payment received, as RecordPaymentSchema reads it (pounds as decimal strings). */
export interface RecordPaymentBody {
  amount: string;
  received_on: string;
  method: string;
  reference: string;
  allocations: { invoice: number; amount: string }[];
}

export function recordPayment(companyId: number, body: RecordPaymentBody) {
  return adminRequest<LedgerPayment>(`companies/${companyId}/payments/`, { method: 'POST', body });
}

/** Reverses a payment recorded by mistake (an entry, never a deletion). */
export function reversePayment(companyId: number, paymentId: number, reason: string) {
  return adminRequest<LedgerPayment>(`companies/${companyId}/payments/${paymentId}/reverse/`, {
    method: 'POST',
    body: { reason },
  });
}

/** Sets a credit note's credit against the open invoices, oldest due first (the API's suggestion). */
export function allocateCreditNote(companyId: number, creditNoteId: number) {
  return adminRequest<LedgerView['credit_notes'][number]>(
    `companies/${companyId}/credit-notes/${creditNoteId}/allocate/`,
    { method: 'POST', body: {} },
  );
}
