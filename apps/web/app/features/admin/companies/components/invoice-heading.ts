import { invoiceName } from '@shop/domain';

/**
 * An invoice as the company's ledger screens head a row or a line with it: the domain's invoiceName, starting
 * with a capital (INV-000042; Order #7 for one made before invoices were numbered).
 */
export function invoiceHeading(invoice: { id: number; number: number | null }): string {
  const name = invoiceName(invoice);
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * An invoice with the buyer's PO number, as the accounts office matches a remittance to it: 'INV-000042 (PO
 * PO-77)', or the bare heading when it has none. A payment line without the invoice's PO says the number only.
 */
export function invoiceWithPo(invoice: {
  id: number;
  number: number | null;
  purchase_order_number?: string | null;
}): string {
  const po = invoice.purchase_order_number ? ` (PO ${invoice.purchase_order_number})` : '';
  return `${invoiceHeading(invoice)}${po}`;
}
