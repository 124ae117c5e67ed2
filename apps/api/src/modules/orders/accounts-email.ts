import { companyAccountNumber, formatGbp, formatUkDay, paymentTermsLabel } from '@shop/domain';
import type { PaymentTermsSnapshot } from '../../db/schema';

const SHOP = 'PackRight Supplies';

/**
 * The invoice of a company's order, to the company's accounts address (beside the buyer's confirmation), queued
 * in the order's own statement. `{{order}}` and `{{invoice}}` stand for the order's and the invoice's numbers,
 * which the database gives in that statement.
 */
export function accountsInvoiceEmail(order: {
  companyId: number;
  totalPence: number;
  purchaseOrderNumber: string | null;
  onAccount: { invoiceDueDate: string; paymentTerms: PaymentTermsSnapshot } | null;
}): { subject: string; text: string } {
  const account = companyAccountNumber(order.companyId);
  const total = formatGbp(order.totalPence);
  const text = [
    'Hello,',
    order.onAccount
      ? `Invoice {{invoice}} for ${total} (order #{{order}}) was issued today on your company’s trade account ${account}. It is due by ${formatUkDay(order.onAccount.invoiceDueDate)} (${paymentTermsLabel(order.onAccount.paymentTerms)}).`
      : `Invoice {{invoice}} for ${total} (order #{{order}}) was issued today to your company’s trade account ${account}, and paid by card.`,
    ...(order.purchaseOrderNumber ? [`Your PO number: ${order.purchaseOrderNumber}`] : []),
    order.onAccount
      ? 'The VAT invoice is attached, with our bank details. Please quote the invoice number when you pay.'
      : 'The VAT invoice and the paid receipt are attached. Nothing is owed on it.',
    'You receive this as the accounts e-mail address of the trade account.',
    SHOP,
  ];
  return {
    subject: `Invoice {{invoice}} from ${SHOP} (${account})`,
    text: `${text.join('\n\n')}\n`,
  };
}
