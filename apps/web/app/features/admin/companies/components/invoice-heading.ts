import { invoiceName } from '@shop/domain';

/**
 * An invoice as the company's ledger screens head a row or a line with it: the domain's invoiceName, starting
 * with a capital (INV-000042; Order #7 for one made before invoices were numbered).
 */
export function invoiceHeading(invoice: { id: number; number: number | null }): string {
  const name = invoiceName(invoice);
  return name.charAt(0).toUpperCase() + name.slice(1);
}
