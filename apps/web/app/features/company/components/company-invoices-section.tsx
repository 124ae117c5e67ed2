import { formatDecimalGbp, type Page, PAYMENT_STATUS_LABELS, ukDate } from '@shop/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type CompanyInvoice, INVOICES_PAGE } from '../api/company-invoices';
import { COMPANY_PAGE_MESSAGES } from '../company-messages';
import { CompanySection } from './company-section';
import { Pager, pageParam } from './pager';
import { ScrollRegion } from '~/components/ui/scroll-region';
import { failureReason, isAbortError } from '~/lib/api-client';
import { fetchDocument } from '~/lib/fetch-document';
import { saveFile } from '~/lib/save-file';

export type CompanyInvoices = { page: Page<CompanyInvoice> } | { failure: string };

/** A document number as part of a file name (letters, digits and dashes only). */
const safe = (text: string) => text.replace(/[^A-Za-z0-9-]+/g, '-');

/**
 * An invoice's download button: the PDF needs the member's token, so it is fetched and saved from an object
 * URL (as the order page's documents are); a failure is told next to the button, which it describes.
 */
function InvoiceDownload({ invoice }: { invoice: CompanyInvoice }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errorId = useId();
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);
  const number = invoice.invoice_number ?? `order ${invoice.order}`;
  if (!invoice.invoice) return <span>Not issued yet</span>;
  const path = invoice.invoice;

  const download = async () => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setBusy(true);
    setFailure(null);
    try {
      saveFile(await fetchDocument(path, current.signal), `invoice-${safe(number)}.pdf`);
    } catch (error) {
      if (isAbortError(error)) return;
      setFailure(`Could not download invoice ${number}. ${failureReason(error) ?? 'Please try again.'}`);
    } finally {
      if (controller.current === current) setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className="button button--outline"
        aria-busy={busy}
        aria-describedby={failure ? errorId : undefined}
        disabled={busy}
        onClick={() => void download()}
      >
        Download invoice {number}
      </button>
      <p id={errorId} className="form__failure" role="alert">
        {failure}
      </p>
    </>
  );
}

/** The company's invoices, for every member: number, order, PO number, due date, payment and a download. */
export function CompanyInvoicesSection({ invoices }: { invoices: CompanyInvoices }) {
  const [search] = useSearchParams();
  return (
    <CompanySection title="Invoices" anchor="invoices">
      {'failure' in invoices ? (
        <p className="form__failure" role="alert">
          {invoices.failure}
        </p>
      ) : invoices.page.results.length === 0 ? (
        <p>{COMPANY_PAGE_MESSAGES.noInvoices}</p>
      ) : (
        <>
          <ScrollRegion className="company-table-scroll" label="Invoices, scrolls sideways">
            <table className="company-table company-table--cards card-rows">
              <caption className="visually-hidden">
                The company’s invoices ({invoices.page.count} in all)
              </caption>
              <thead>
                <tr>
                  <th scope="col">Invoice</th>
                  <th scope="col">Order</th>
                  <th scope="col">Date</th>
                  <th scope="col">Buyer</th>
                  <th scope="col">PO number</th>
                  <th scope="col">Due</th>
                  <th scope="col">Payment</th>
                  <th scope="col" className="numeric">
                    Total
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">Download</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {invoices.page.results.map((invoice) => (
                  <tr key={invoice.order}>
                    <th scope="row">{invoice.invoice_number ?? '—'}</th>
                    <td data-label="Order">#{invoice.order}</td>
                    <td data-label="Date">
                      <time dateTime={invoice.created_at}>{ukDate(invoice.created_at)}</time>
                    </td>
                    <td data-label="Buyer">{invoice.buyer.name || invoice.buyer.email}</td>
                    <td data-label="PO number">{invoice.purchase_order_number ?? '—'}</td>
                    <td data-label="Due">
                      {invoice.invoice_due_date ? (
                        <time dateTime={invoice.invoice_due_date}>{ukDate(invoice.invoice_due_date)}</time>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td data-label="Payment">
                      {PAYMENT_STATUS_LABELS[invoice.payment_status] ?? invoice.payment_status}
                    </td>
                    <td className="numeric" data-label="Total">
                      {formatDecimalGbp(invoice.total)}
                    </td>
                    <td>
                      <InvoiceDownload invoice={invoice} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <Pager
            param={INVOICES_PAGE}
            page={pageParam(search.get(INVOICES_PAGE))}
            hasPrevious={invoices.page.previous !== null}
            hasNext={invoices.page.next !== null}
            label="Pages of invoices"
          />
        </>
      )}
    </CompanySection>
  );
}
