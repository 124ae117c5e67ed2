import {
  companyAccountNumber,
  documentNumber,
  formatGbp,
  formatSortCode,
  formatUkDay,
  invoiceLabel,
} from '@shop/domain';
import type { BankDetails } from '../../db/seed/shop-settings';
import type { OutgoingEmail } from '../mail/service';

const SHOP = 'PackRight Supplies';

/** An open invoice on account as a reminder names it. */
export interface ReminderInvoice {
  orderId: number;
  companyId: number;
  invoiceNumber: number | null;
  issuedOn: string;
  dueOn: string;
  totalPence: number;
  /** What is still owed on it: the total less its credit notes and the live payments set against it. */
  openPence: number;
  purchaseOrderNumber: string | null;
}

export type ReminderKind = 'before' | 'due' | 'overdue';

/** How to pay, in the invoice's own words (documents/render.ts onAccountBlock). */
export function howToPay(invoice: ReminderInvoice, bank: BankDetails | null): string[] {
  if (!bank) return ['Bank details: ask our accounts team.'];
  const reference =
    invoice.invoiceNumber === null
      ? `your account number ${companyAccountNumber(invoice.companyId)}`
      : `${documentNumber('invoice', invoice.invoiceNumber)} and your account number ${companyAccountNumber(invoice.companyId)}`;
  return [
    'Pay by bank transfer to',
    `Account name: ${bank.account_name}`,
    `Sort code: ${formatSortCode(bank.sort_code)}`,
    `Account number: ${bank.account_number}`,
    `Quote ${reference} as the payment reference.`,
  ];
}

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/**
 * A payment reminder: before the due day, on it, or overdue. Every wording says what is still open,
 * how to pay, and the buyer's PO number when the order had one.
 */
export function reminderEmail(
  to: string,
  kind: ReminderKind,
  daysPastDue: number,
  invoice: ReminderInvoice,
  bank: BankDetails | null,
): OutgoingEmail {
  const label = `Invoice ${invoiceLabel({ id: invoice.orderId, number: invoice.invoiceNumber })}`;
  const total = formatGbp(invoice.totalPence);
  const open = formatGbp(invoice.openPence);
  const due = formatUkDay(invoice.dueOn);
  const subject =
    kind === 'before'
      ? `${label} for ${total} is due on ${due}`
      : kind === 'due'
        ? `${label} for ${total} is due today`
        : `${label} is ${days(daysPastDue)} overdue: ${open} to pay`;
  const opening =
    kind === 'before'
      ? `${label} for ${total}, issued on ${formatUkDay(invoice.issuedOn)}, is due on ${due}.`
      : kind === 'due'
        ? `${label} for ${total}, issued on ${formatUkDay(invoice.issuedOn)}, is due today, ${due}.`
        : `${label} for ${total}, issued on ${formatUkDay(invoice.issuedOn)}, was due on ${due} and is now ${days(daysPastDue)} overdue.`;
  return {
    to,
    subject,
    text: [
      'Hello,',
      '',
      opening,
      invoice.openPence === invoice.totalPence
        ? `The amount to pay is ${open}.`
        : `${open} of it is still to pay (credit notes and payments received cover the rest).`,
      ...(invoice.purchaseOrderNumber ? [`Your PO number: ${invoice.purchaseOrderNumber}`] : []),
      `Your account number: ${companyAccountNumber(invoice.companyId)}`,
      '',
      ...howToPay(invoice, bank),
      '',
      kind === 'overdue'
        ? 'An account with an invoice long overdue is put on hold, and cannot order on account until it is paid. ' +
          'If you have paid in the last few days, thank you: please ignore this reminder.'
        : 'If you have paid already, thank you: please ignore this reminder.',
      '',
      `${SHOP} accounts`,
      '',
    ].join('\n'),
  };
}
