import type { Page, PaymentStatus } from '@shop/domain';
import { request } from '~/lib/api-client';

/**
 * One of the company's invoices (GET account/company/invoices/), as the API answers it; `invoice`
 * is the PDF's API path, opened with the member's token.
 */
export interface CompanyInvoice {
  order: number;
  invoice_number: string | null;
  invoice: string | null;
  total: string;
  invoice_due_date: string | null;
  purchase_order_number: string | null;
  payment_status: PaymentStatus;
  buyer: { id: number; email: string; name: string };
  created_at: string;
}

/** The page's URL names the invoices' page apart from the orders' one. */
export const INVOICES_PAGE = 'invoices_page';

/** A page of the company's invoices (every member). */
export function getCompanyInvoices(page: number, signal?: AbortSignal): Promise<Page<CompanyInvoice>> {
  return request<Page<CompanyInvoice>>(
    page > 1 ? `account/company/invoices/?page=${page}` : 'account/company/invoices/',
    { signal },
  );
}
