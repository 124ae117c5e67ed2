import {
  COMPANY_PERMISSIONS,
  companyAccountNumber,
  documentNumber,
  paymentTermsLabel,
  splitGross,
} from '@shop/domain';
import type { Db } from '../../db/client';
import type { BillToSnapshot, EmailAttachmentRef } from '../../db/schema';
import { NotFound } from '../../http/errors';
import { quoteDocument } from '../quotes/document';
import { renderedStatement } from '../receivables/statements';
import * as queries from './queries';
import { quoteFileName, renderQuote } from './quote';
import { renderDocument, type CreditNoteDocument, type SaleDocument, type ShopDocument } from './render';
import type { RenderedDocument } from './rendered-document';

// Its own file, so the statements (which the documents service draws) can name it without a cycle.
export type { RenderedDocument } from './rendered-document';

/** A company's document: addressed to the company, with its account number. */
function companyOf(billTo: BillToSnapshot | null, companyId: number | null): ShopDocument['company'] {
  if (billTo === null || companyId === null) return null;
  return {
    legalName: billTo.legal_name,
    address: billTo.address,
    accountNumber: companyAccountNumber(companyId),
  };
}

/** On account: what the invoice asks to be paid, by when and into which account. */
function onAccountOf(row: queries.SaleRow): SaleDocument['onAccount'] {
  if (row.payment_method !== 'account') return null;
  return {
    accountNumber: row.company_id === null ? null : companyAccountNumber(row.company_id),
    paymentTerms: row.payment_terms ? paymentTermsLabel(row.payment_terms) : null,
    dueDate: row.invoice_due_date,
    bank: row.seller?.bank ?? null,
  };
}

function saleDocument(row: queries.SaleRow, kind: 'invoice' | 'receipt'): SaleDocument | null {
  if (row.invoice_number === null || row.seller === null) return null;
  // An order on account has an invoice and no paid receipt (no receipt number).
  if (kind === 'receipt' && row.receipt_number === null) return null;
  const invoiceNumber = documentNumber('invoice', row.invoice_number);
  return {
    kind,
    number: kind === 'invoice' ? invoiceNumber : documentNumber('receipt', row.receipt_number!),
    invoiceNumber,
    issuedAt: new Date(row.created_at),
    orderId: row.id,
    seller: row.seller,
    buyer: row.billing_address,
    company: companyOf(row.bill_to, row.company_id),
    shipTo: row.shipping_address,
    lines: row.lines.map((line) => ({
      sku: line.sku,
      title: line.title,
      packs: line.pack_quantity,
      unitsPerPack: line.units_per_pack,
      unitPricePence: line.price_per_pack_pence,
      discountPercentage: Number(line.discount_percentage),
      totalPence: line.total_pence,
    })),
    shippingPence: row.shipping_pence,
    delivery:
      row.delivery_service && row.delivery_date
        ? { service: row.delivery_service, extras: row.delivery_extras, date: row.delivery_date }
        : null,
    netPence: row.total_pence - row.vat_pence,
    vatRate: Number(row.vat_rate),
    vatPence: row.vat_pence,
    totalPence: row.total_pence,
    payment: { method: row.payment_method, transactionId: row.transaction_id },
    test: row.is_test,
    purchaseOrderNumber: row.purchase_order_number,
    onAccount: onAccountOf(row),
  };
}

function creditNoteDocument(row: queries.CreditNoteRow): CreditNoteDocument {
  const vatRate = Number(row.vat_rate);
  const titles = new Map(row.order_lines.map((line) => [line.id, `${line.sku} ${line.title}`]));
  const lines = row.refund_lines?.length
    ? row.refund_lines.map((line) => ({
        description: `Refund: ${titles.get(line.order_item_id) ?? 'order line'}`,
        packs: line.pack_quantity,
        amountPence: line.amount_pence,
      }))
    : [{ description: `Refund against order #${row.order_id}`, packs: null, amountPence: row.amount_pence }];
  const { net_pence, vat_pence } = splitGross(row.amount_pence, vatRate);
  return {
    kind: 'credit_note',
    number: documentNumber('credit_note', row.credit_note_number),
    issuedAt: new Date(row.issued_at),
    orderId: row.order_id,
    invoiceNumber: row.invoice_number === null ? '' : documentNumber('invoice', row.invoice_number),
    invoiceDate: new Date(row.order_created_at),
    seller: row.seller,
    buyer: row.billing_address,
    company: companyOf(row.bill_to, row.company_id),
    lines,
    reason: row.reason,
    vatRate,
    netPence: net_pence,
    vatPence: vat_pence,
    totalPence: row.amount_pence,
    test: row.is_test,
    purchaseOrderNumber: row.purchase_order_number,
    onAccount: row.on_account,
  };
}

const fileName = (number: string) => `${number}.pdf`;

/** The rendered documents a process keeps: at most this many bytes (a document is some 10-40 KB). */
export const DOCUMENT_CACHE_BYTES = 16 * 1024 * 1024;

/**
 * What a drawn document is kept under: its order, kind, number and issue time. A number alone is not
 * enough: after a backup is restored the counters give its numbers again, to other orders (and a reused
 * order id can come with them), and a buyer would get the PDF drawn for someone else.
 */
export function documentCacheKey(document: ShopDocument): string {
  return [document.orderId, document.kind, document.number, document.issuedAt.toISOString()].join(' ');
}

/**
 * Rendered PDFs by document (`documentCacheKey`), least recently used dropped first beyond `maxBytes`. A document never
 * changes once issued (its figures are stored), so its bytes can be kept for as long as the process lives;
 * drawing one costs some 45 ms of CPU (the embedded font's subsetting), serving it again almost nothing. The
 * same document asked for twice at once is drawn once.
 */
export function createDocumentCache(maxBytes = DOCUMENT_CACHE_BYTES) {
  const kept = new Map<string, Buffer>();
  const drawing = new Map<string, Promise<Buffer>>();
  let bytes = 0;
  return {
    async get(key: string, draw: () => Promise<Buffer>): Promise<Buffer> {
      const hit = kept.get(key);
      if (hit) {
        kept.delete(key);
        kept.set(key, hit);
        return hit;
      }
      const pending = drawing.get(key);
      if (pending) return pending;
      const made = draw().finally(() => drawing.delete(key));
      drawing.set(key, made);
      const content = await made;
      if (content.length <= maxBytes && !kept.has(key)) {
        kept.set(key, content);
        bytes += content.length;
        for (const [oldest, old] of kept) {
          if (bytes <= maxBytes) break;
          kept.delete(oldest);
          bytes -= old.length;
        }
      }
      return content;
    },
    get size() {
      return { documents: kept.size, bytes };
    },
  };
}

/**
 * The shop's documents, made on request from the figures stored when each was issued, so the same
 * document always prints the same; later changes to settings or prices never reach it.
 */
export function createDocumentsService(db: Db, cache = createDocumentCache()) {
  /** Who may see it is checked by the read, every time; only the drawing is kept. */
  const rendered = (document: ShopDocument) =>
    cache.get(documentCacheKey(document), () => renderDocument(document));

  async function sale(orderId: number, userId: number | null, kind: 'invoice' | 'receipt') {
    // A company's members read its invoices; a paid receipt stays the buyer's.
    const roles = kind === 'invoice' ? COMPANY_PERMISSIONS.seeInvoices : [];
    const row = await queries.selectSale(db, orderId, userId, roles);
    const document = row && saleDocument(row, kind);
    if (!document) throw new NotFound();
    return { filename: fileName(document.number), content: await rendered(document) };
  }

  async function creditNote(
    orderId: number,
    userId: number | null,
    which: { n: number } | { refundId: number },
  ): Promise<RenderedDocument> {
    // A company's administrators read its credit notes.
    const row = await queries.selectCreditNote(db, orderId, userId, which, COMPANY_PERMISSIONS.manage);
    if (!row) throw new NotFound();
    const document = creditNoteDocument(row);
    return { filename: fileName(document.number), content: await rendered(document) };
  }

  /**
   * A version of a quote (the latest when `version` is null). Kept under its figures' identity (quote, version,
   * when sent) and the buyer's block, which is read when drawn: a renamed buyer gets a new drawing.
   */
  async function quote(quoteId: number, userId: number | null, version: number | null) {
    const document = await quoteDocument(db, quoteId, userId, version);
    if (!document) throw new NotFound();
    const key = ['quote', quoteId, document.version, document.sentAt.toISOString(), ...document.buyer].join(
      ' ',
    );
    return {
      filename: quoteFileName(document.number, document.version),
      content: await cache.get(key, () => renderQuote(document)),
    };
  }

  return {
    /**
     * The VAT invoice or paid receipt of an order: the user's own or, for the invoice, their company's (404 for
     * anyone else's), or any order for staff (user null).
     */
    sale: (orderId: number, userId: number | null, kind: 'invoice' | 'receipt') =>
      sale(orderId, userId, kind),
    /** The credit note of the n-th refund of an order, the same way. */
    creditNote: (orderId: number, userId: number | null, n: number) => creditNote(orderId, userId, { n }),
    /** A version of a quote (null: the latest): the buyer's own (404 for anyone else's), or any for staff (null). */
    quote: (quoteId: number, userId: number | null, version: number | null): Promise<RenderedDocument> =>
      quote(quoteId, userId, version),
    /** An e-mail's attachment, made when the message is sent. */
    attachment(ref: EmailAttachmentRef): Promise<RenderedDocument> {
      switch (ref.kind) {
        case 'credit_note':
          return creditNote(ref.order_id, null, { refundId: ref.refund_id });
        case 'statement':
          // Drawn from the ledger as it stands when sent, never kept: it is not an issued document.
          return renderedStatement(db, ref.company_id, ref.month);
        case 'quote':
          return quote(ref.quote_id, null, ref.version);
        default:
          return sale(ref.order_id, null, ref.kind);
      }
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
