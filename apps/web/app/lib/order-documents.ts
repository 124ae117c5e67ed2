import type { OrderView } from '@shop/domain';

/** A document of an order the buyer can download: what its button says and where it comes from. */
export interface OrderDocument {
  key: string;
  /** The button's words, e.g. 'Download VAT invoice (INV-000042)'. */
  label: string;
  /** What a failure names: 'the VAT invoice'. */
  name: string;
  /** The API path, opened with the buyer's token. */
  path: string;
  /** The saved file's name, e.g. invoice-INV-000042.pdf. */
  filename: string;
}

/** A document number as part of a file name (letters, digits and dashes only). */
const safe = (text: string) => text.replace(/[^A-Za-z0-9-]+/g, '-');

const numbered = (label: string, number: string | null | undefined) =>
  number ? `${label} (${number})` : label;

/**
 * The order's documents, in the order a buyer looks for them: the VAT invoice and the paid receipt of a paid
 * order, then a credit note per refund (or, from an API without the refund list, the newest one's).
 */
export function orderDocuments(order: OrderView): OrderDocument[] {
  const fallback = `order-${order.id}`;
  const documents: OrderDocument[] = [];
  if (order.invoice) {
    documents.push({
      key: 'invoice',
      label: numbered('Download VAT invoice', order.invoice_number),
      name: 'the VAT invoice',
      path: order.invoice,
      filename: `invoice-${safe(order.invoice_number ?? fallback)}.pdf`,
    });
  }
  if (order.paid_receipt) {
    documents.push({
      key: 'receipt',
      label: numbered('Download receipt', order.receipt_number),
      name: 'the receipt',
      path: order.paid_receipt,
      filename: `receipt-${safe(order.receipt_number ?? fallback)}.pdf`,
    });
  }
  if (order.refunds) {
    for (const refund of order.refunds) {
      documents.push({
        key: `credit-note-${refund.n}`,
        label: `Credit note ${refund.credit_note_number}`,
        name: `credit note ${refund.credit_note_number}`,
        path: refund.credit_note,
        filename: `credit-note-${safe(refund.credit_note_number)}.pdf`,
      });
    }
  } else if (order.refund_receipt) {
    documents.push({
      key: 'credit-note',
      label: 'Credit note',
      name: 'the credit note',
      path: order.refund_receipt,
      filename: `credit-note-${fallback}.pdf`,
    });
  }
  return documents;
}
