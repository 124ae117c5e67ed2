import { formatGbp, formatPercent, formatUkDay, ukLongDate } from '@shop/domain';
import type { SellerSnapshot } from '../../db/schema';
import {
  addressBlocks,
  openPdf,
  PAGE,
  pageFooters,
  RIGHT,
  sellerHeader,
  table,
  totals,
  type Column,
} from './render';

/**
 * One version of a quote, drawn with the invoices' header, table and totals. Every figure is the
 * version's, stored when staff sent it; the buyer's block is read when drawn.
 */
export interface QuoteDocument {
  kind: 'quote';
  /** 'Q-000012' */
  number: string;
  version: number;
  sentAt: Date;
  /** The last UK day it can be accepted (YYYY-MM-DD). */
  expiresOn: string;
  /** The seller as the version stored it. */
  seller: SellerSnapshot;
  /** The buyer's name, company, address and e-mail, one per line. */
  buyer: string[];
  /** The company's account number, when the buyer asked for their company. */
  accountNumber: string | null;
  lines: {
    sku: string;
    title: string;
    packs: number;
    unitsPerPack: number;
    pricePence: number;
    totalPence: number;
  }[];
  deliveryPence: number;
  /** The lines' total, before delivery. */
  subtotalPence: number;
  vatRate: number;
  vatPence: number;
  totalPence: number;
  /** Staff's message to the buyer ('' for none). */
  message: string;
}

/** e.g. Q-000012-v2.pdf */
export const quoteFileName = (number: string, version: number) => `${number}-v${version}.pdf`;

/** Draws a quote's version with pdfkit and answers its bytes. Deterministic for the same figures. */
export function renderQuote(document: QuoteDocument): Promise<Buffer> {
  const reference = `${document.number} version ${document.version}`;
  const { pdf, done } = openPdf({
    title: `Quotation ${reference}`,
    author: document.seller.legal_name,
    subject: `Quotation ${reference}`,
    date: document.sentAt,
  });
  const width = RIGHT - PAGE.margin;
  const expiry = formatUkDay(document.expiresOn);

  sellerHeader(pdf, document.seller, 'Quotation', [
    ['Quote number', document.number],
    ['Version', String(document.version)],
    ['Date sent', ukLongDate(document.sentAt)],
    ['Valid until', expiry],
    ...(document.accountNumber ? ([['Account number', document.accountNumber]] as [string, string][]) : []),
  ]);
  addressBlocks(pdf, [{ title: 'Quotation for', lines: document.buyer }]);

  const columns: Column[] = [
    { header: 'SKU', x: PAGE.margin, width: 90, align: 'left' },
    { header: 'Description', x: 145, width: 165, align: 'left' },
    { header: 'Packs', x: 315, width: 55, align: 'right' },
    { header: 'Price per pack excl. VAT', x: 375, width: 75, align: 'right' },
    { header: 'Total excl. VAT', x: 455, width: RIGHT - 455, align: 'right' },
  ];
  table(
    pdf,
    columns,
    document.lines.map((line) => [
      line.sku,
      `${line.title} (${line.unitsPerPack} per pack)`,
      String(line.packs),
      formatGbp(line.pricePence),
      formatGbp(line.totalPence),
    ]),
  );
  const rate = formatPercent(document.vatRate);
  totals(pdf, [
    ['Goods excluding VAT', formatGbp(document.subtotalPence)],
    ['Delivery excluding VAT', formatGbp(document.deliveryPence)],
    ['Total excluding VAT', formatGbp(document.subtotalPence + document.deliveryPence)],
    [`VAT at ${rate}`, formatGbp(document.vatPence)],
    ['Total including VAT (GBP)', formatGbp(document.totalPence), true],
  ]);

  pdf.moveDown(1);
  pdf.font('bold').fontSize(10).text(`Prices fixed until ${expiry}.`, PAGE.margin, pdf.y, { width });
  pdf.font('regular').fontSize(9);
  pdf.text(
    `Accept this quote in My account by the end of ${expiry} to order at these prices. Stock is confirmed when you order.`,
    { width },
  );
  if (document.message) {
    pdf.moveDown(0.5);
    pdf.font('bold').text('Message from us', { width });
    pdf.font('regular').text(document.message, { width });
  }

  pageFooters(pdf, document.seller, reference);
  pdf.end();
  return done;
}
