import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  deliveryDayWithYear,
  deliveryServiceWords,
  formatGbp,
  formatPercent,
  formatSortCode,
  formatUkDay,
  TEST_DOCUMENT_HEADING,
  ukLongDate,
  ukLongDateTime,
  type DeliveryExtra,
  type DeliveryService,
} from '@shop/domain';
import PDFDocument from 'pdfkit';
import type { AddressSnapshot, SellerSnapshot } from '../../db/schema';

const require = createRequire(import.meta.url);
/** DejaVu Sans, embedded (subset) in every document: £ and every name print, and the text can be selected. */
const FONTS = {
  regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
  bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
};

/** A line of an invoice or receipt: the order's line as it was paid for. */
export interface DocumentLine {
  sku: string;
  title: string;
  packs: number;
  unitsPerPack: number;
  /** Price of one pack, excluding VAT, before any exclusive discount. */
  unitPricePence: number;
  discountPercentage: number;
  /** The line's total excluding VAT, after its discount. */
  totalPence: number;
}

/**
 * The company a trade order's documents are addressed to: its legal name and invoice address from its profile
 * (kept on the order when it was made) and its account number. The buyer chooses only the delivery address.
 */
export interface DocumentCompany {
  legalName: string;
  address: AddressSnapshot;
  accountNumber: string;
}

/** What a VAT invoice or a paid receipt prints: all of it stored when the order was paid. */
export interface SaleDocument {
  kind: 'invoice' | 'receipt';
  /** e.g. INV-000042. */
  number: string;
  /** The invoice date; also the time of supply (the tax point: payment was taken when the order was made). */
  issuedAt: Date;
  orderId: number;
  seller: SellerSnapshot;
  /** The billing address the order keeps: the addressee of a consumer's order. */
  buyer: AddressSnapshot;
  /** A company's order: addressed to the company instead. */
  company: DocumentCompany | null;
  shipTo: AddressSnapshot;
  lines: DocumentLine[];
  shippingPence: number;
  /** The delivery promised: the service and extras paid for and the day due (YYYY-MM-DD); null before it. */
  delivery: { service: DeliveryService; extras: DeliveryExtra[]; date: string } | null;
  netPence: number;
  vatRate: number;
  vatPence: number;
  totalPence: number;
  payment: { method: string; transactionId: string | null };
  /** The receipt's reference to its invoice. */
  invoiceNumber: string;
  /** Paid through the test processor: headed TEST_DOCUMENT_HEADING, as no money moved. */
  test: boolean;
  /** The buyer's purchase-order number, printed when there is one. */
  purchaseOrderNumber: string | null;
  /**
   * On account: the invoice asks for payment instead of saying it was paid. The company's account
   * number, the terms in words, the due day (YYYY-MM-DD), and the bank details copied when it was issued (null:
   * none were set, so the buyer is told to ask).
   */
  onAccount: {
    accountNumber: string | null;
    paymentTerms: string | null;
    dueDate: string | null;
    bank: { account_name: string; sort_code: string; account_number: string } | null;
  } | null;
}

/** What a credit note prints for one refund. */
export interface CreditNoteDocument {
  kind: 'credit_note';
  number: string;
  issuedAt: Date;
  orderId: number;
  invoiceNumber: string;
  invoiceDate: Date;
  seller: SellerSnapshot;
  /** The billing address the order keeps: the addressee of a consumer's order. */
  buyer: AddressSnapshot;
  /** A company's order: addressed to the company instead. */
  company: DocumentCompany | null;
  /** The lines refunded (by line), or one line for an amount. Amounts include VAT. */
  lines: { description: string; packs: number | null; amountPence: number }[];
  reason: string;
  vatRate: number;
  netPence: number;
  vatPence: number;
  totalPence: number;
  /** Against an order paid through the test processor: headed TEST_DOCUMENT_HEADING. */
  test: boolean;
  /** The buyer's purchase-order number. */
  purchaseOrderNumber: string | null;
  /** Against an order on account: no card money moves, the credit lowers what the company owes. */
  onAccount: boolean;
}

export type ShopDocument = SaleDocument | CreditNoteDocument;

const TITLES = { invoice: 'VAT invoice', receipt: 'Paid receipt', credit_note: 'Credit note' } as const;

export function addressLines(address: AddressSnapshot): string[] {
  return [
    `${address.first_name} ${address.last_name}`.trim(),
    address.street,
    address.city,
    address.state,
    address.postal_code,
    address.country === 'UK' ? 'United Kingdom' : address.country,
  ].filter((line): line is string => Boolean(line));
}

function sellerLines(seller: SellerSnapshot): string[] {
  return [seller.address.street, seller.address.city, seller.address.postal_code, seller.address.country];
}

export const PAGE = { margin: 50, width: 595.28, height: 841.89 };
export const RIGHT = PAGE.width - PAGE.margin;

export interface Column {
  header: string;
  x: number;
  width: number;
  align: 'left' | 'right';
}

/**
 * A new A4 page set up as every document of the shop is (DejaVu Sans embedded, pages buffered for the footers),
 * and the promise of its bytes once `pdf.end()` is called.
 */
export function openPdf(info: { title: string; author: string; subject: string; date: Date }) {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    info: {
      Title: info.title,
      Author: info.author,
      Subject: info.subject,
      CreationDate: info.date,
      ModDate: info.date,
    },
    lang: 'en-GB',
    displayTitle: true,
  });
  pdf.registerFont('regular', FONTS.regular);
  pdf.registerFont('bold', FONTS.bold);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  return { pdf, done };
}

/** Draws a document with pdfkit and answers its bytes. Deterministic for the same figures. */
export function renderDocument(document: ShopDocument): Promise<Buffer> {
  const { pdf, done } = openPdf({
    title: `${document.test ? 'TEST ' : ''}${TITLES[document.kind]} ${document.number}`,
    author: document.seller.legal_name,
    subject: `Order #${document.orderId}`,
    date: document.issuedAt,
  });
  header(pdf, document);
  if (document.kind === 'credit_note') creditNoteBody(pdf, document);
  else saleBody(pdf, document);
  footers(pdf, document);
  pdf.end();
  return done;
}

/**
 * A test order's heading, across the top of the first page before anything else (white on red, about 7.5:1),
 * so nobody takes the document for a real invoice. Answers the y below it.
 */
function testBanner(pdf: PDFKit.PDFDocument): number {
  const height = 30;
  pdf.rect(PAGE.margin, PAGE.margin, RIGHT - PAGE.margin, height).fill('#b00020');
  pdf
    .fillColor('#ffffff')
    .font('bold')
    .fontSize(15)
    .text(TEST_DOCUMENT_HEADING, PAGE.margin, PAGE.margin + 8, {
      width: RIGHT - PAGE.margin,
      align: 'center',
    });
  pdf.fillColor('#000000');
  return PAGE.margin + height + 14;
}

function header(pdf: PDFKit.PDFDocument, document: ShopDocument) {
  const facts: [string, string][] =
    document.kind === 'credit_note'
      ? [
          ['Credit note number', document.number],
          ['Date of issue', ukLongDate(document.issuedAt)],
          ['Against invoice', `${document.invoiceNumber} of ${ukLongDate(document.invoiceDate)}`],
          ['Order number', `#${document.orderId}`],
          ...purchaseOrderFact(document),
          ...accountNumberFact(document),
        ]
      : [
          [document.kind === 'invoice' ? 'Invoice number' : 'Receipt number', document.number],
          [document.kind === 'invoice' ? 'Invoice date' : 'Date paid', ukLongDate(document.issuedAt)],
          ['Time of supply', ukLongDateTime(document.issuedAt)],
          ...(document.kind === 'receipt'
            ? ([['For invoice', document.invoiceNumber]] as [string, string][])
            : []),
          ['Order number', `#${document.orderId}`],
          ...purchaseOrderFact(document),
          ...accountNumberFact(document),
          ...(document.kind === 'invoice' ? accountFacts(document) : []),
        ];
  sellerHeader(pdf, document.seller, TITLES[document.kind], facts, document.test);
}

/**
 * The top of every document: the seller's name, address and numbers on the left; the title and the document's
 * facts (label: value) on the right.
 */
export function sellerHeader(
  pdf: PDFKit.PDFDocument,
  seller: SellerSnapshot,
  title: string,
  facts: [string, string][],
  test = false,
) {
  const top = test ? testBanner(pdf) : PAGE.margin;
  pdf.font('bold').fontSize(16).text(seller.legal_name, PAGE.margin, top);
  pdf.font('regular').fontSize(9);
  for (const line of sellerLines(seller)) pdf.text(line);
  pdf.text(`VAT registration number: ${seller.vat_number}`);
  pdf.text(`Company number: ${seller.company_number}`);

  pdf
    .font('bold')
    .fontSize(18)
    .text(title, PAGE.margin, top, { width: RIGHT - PAGE.margin, align: 'right' });
  pdf.font('regular').fontSize(9);
  let y = top + 28;
  for (const [label, value] of facts) {
    pdf.text(`${label}: ${value}`, PAGE.margin + 250, y, {
      width: RIGHT - PAGE.margin - 250,
      align: 'right',
    });
    y += 13;
  }
  pdf.y = Math.max(pdf.y, y) + 16;
}

/** The buyer's PO number, on every document of an order that has one. */
function purchaseOrderFact(document: ShopDocument): [string, string][] {
  return document.purchaseOrderNumber ? [['Your PO number', document.purchaseOrderNumber]] : [];
}

/** Every document of a company's order names its account. */
function accountNumberFact(document: ShopDocument): [string, string][] {
  const number =
    document.company?.accountNumber ??
    (document.kind !== 'credit_note' ? document.onAccount?.accountNumber : null);
  return number ? [['Account number', number]] : [];
}

/** An invoice on account names its terms and the day payment is due. */
function accountFacts(document: SaleDocument): [string, string][] {
  const account = document.onAccount;
  if (!account) return [];
  return [
    ...(account.paymentTerms ? ([['Payment terms', account.paymentTerms]] as [string, string][]) : []),
    ...(account.dueDate ? ([['Due date', formatUkDay(account.dueDate)]] as [string, string][]) : []),
  ];
}

export function addressBlocks(pdf: PDFKit.PDFDocument, blocks: { title: string; lines: string[] }[]) {
  const top = pdf.y;
  let bottom = top;
  blocks.forEach((block, index) => {
    const x = PAGE.margin + index * 250;
    pdf.font('bold').fontSize(10).text(block.title, x, top, { width: 230 });
    pdf.font('regular').fontSize(9);
    for (const line of block.lines) pdf.text(line, x, pdf.y, { width: 230 });
    bottom = Math.max(bottom, pdf.y);
  });
  pdf.y = bottom + 18;
}

/** The addressee: a company's legal name and invoice address, or a consumer's billing address. */
function buyerBlock(document: ShopDocument) {
  if (document.company) return [document.company.legalName, ...addressLines(document.company.address)];
  return addressLines(document.buyer);
}

/** A table with its header row, repeated on each new page; answers the y below it. */
export function table(pdf: PDFKit.PDFDocument, columns: Column[], rows: string[][]) {
  const drawHeader = () => {
    pdf.font('bold').fontSize(8.5);
    const top = pdf.y;
    let bottom = top;
    for (const column of columns) {
      pdf.text(column.header, column.x, top, { width: column.width, align: column.align });
      bottom = Math.max(bottom, pdf.y);
    }
    pdf
      .moveTo(PAGE.margin, bottom + 2)
      .lineTo(RIGHT, bottom + 2)
      .lineWidth(0.5)
      .stroke();
    pdf.y = bottom + 6;
  };
  drawHeader();
  pdf.font('regular').fontSize(8.5);
  for (const row of rows) {
    const height = Math.max(
      ...row.map((cell, index) => pdf.heightOfString(cell, { width: columns[index]!.width })),
    );
    if (pdf.y + height > PAGE.height - PAGE.margin - 40) {
      pdf.addPage();
      pdf.y = PAGE.margin;
      drawHeader();
      pdf.font('regular').fontSize(8.5);
    }
    const top = pdf.y;
    row.forEach((cell, index) => {
      const column = columns[index]!;
      pdf.text(cell, column.x, top, { width: column.width, align: column.align });
    });
    pdf.y = top + height + 4;
  }
  pdf.moveTo(PAGE.margin, pdf.y).lineTo(RIGHT, pdf.y).lineWidth(0.5).stroke();
  pdf.y += 8;
}

/** Label and amount rows, right-aligned; `valueWidth` is the amounts' column (wider for words after them). */
export function totals(pdf: PDFKit.PDFDocument, rows: [string, string, boolean?][], valueWidth = 85) {
  if (pdf.y + rows.length * 15 > PAGE.height - PAGE.margin - 40) {
    pdf.addPage();
    pdf.y = PAGE.margin;
  }
  for (const [label, value, strong] of rows) {
    const top = pdf.y;
    pdf.font(strong ? 'bold' : 'regular').fontSize(strong ? 10 : 9);
    pdf.text(label, PAGE.margin + 150, top, { width: 345 - valueWidth, align: 'right' });
    pdf.text(value, RIGHT - valueWidth, top, { width: valueWidth, align: 'right' });
    pdf.y = top + 15;
  }
}

function saleBody(pdf: PDFKit.PDFDocument, document: SaleDocument) {
  addressBlocks(pdf, [
    { title: document.kind === 'invoice' ? 'Invoice to' : 'Received from', lines: buyerBlock(document) },
    { title: 'Deliver to', lines: addressLines(document.shipTo) },
  ]);
  const columns: Column[] = [
    { header: 'Description', x: PAGE.margin, width: 190, align: 'left' },
    { header: 'Quantity', x: 245, width: 55, align: 'right' },
    { header: 'Unit price excl. VAT', x: 305, width: 70, align: 'right' },
    { header: 'Discount', x: 380, width: 45, align: 'right' },
    { header: 'VAT rate', x: 430, width: 40, align: 'right' },
    { header: 'Total excl. VAT', x: 475, width: RIGHT - 475, align: 'right' },
  ];
  const rate = formatPercent(document.vatRate);
  const rows = document.lines.map((line) => [
    `${line.sku} ${line.title} (${line.unitsPerPack} per pack)`,
    `${line.packs} ${line.packs === 1 ? 'pack' : 'packs'}`,
    formatGbp(line.unitPricePence),
    formatPercent(line.discountPercentage),
    rate,
    formatGbp(line.totalPence),
  ]);
  rows.push([
    deliveryDescription(document.delivery),
    '1',
    formatGbp(document.shippingPence),
    '0%',
    rate,
    formatGbp(document.shippingPence),
  ]);
  table(pdf, columns, rows);
  totals(pdf, [
    ['Total excluding VAT', formatGbp(document.netPence)],
    [`VAT at ${rate}`, formatGbp(document.vatPence)],
    ['Total including VAT (GBP)', formatGbp(document.totalPence), true],
    ...(document.onAccount
      ? ([['Amount due (GBP)', formatGbp(document.totalPence), true]] as [string, string, boolean][])
      : []),
  ]);
  pdf.moveDown(1);
  pdf.font('regular').fontSize(9);
  if (document.onAccount) {
    paymentRequest(pdf, document, document.onAccount);
    return;
  }
  const paid = `Paid in full by ${document.payment.method}${
    document.payment.transactionId ? ` (payment ${document.payment.transactionId})` : ''
  } on ${ukLongDateTime(document.issuedAt)}.`;
  pdf.text(paid, PAGE.margin, pdf.y, { width: RIGHT - PAGE.margin });
  if (document.kind === 'receipt') {
    pdf.text(`This receipt confirms payment of invoice ${document.invoiceNumber}.`, {
      width: RIGHT - PAGE.margin,
    });
  }
}

/** The delivery line: 'Delivery: Pallet, next day, tail lift — due Friday 28 November 2026', or 'Delivery' for an order without a delivery promise. */
function deliveryDescription(delivery: SaleDocument['delivery']): string {
  if (!delivery) return 'Delivery';
  return `Delivery: ${deliveryServiceWords(delivery.service, delivery.extras)} — due ${deliveryDayWithYear(delivery.date)}`;
}

/** An invoice on account is not paid: it says what is due, by when, and where to pay it. */
function paymentRequest(
  pdf: PDFKit.PDFDocument,
  document: SaleDocument,
  account: NonNullable<SaleDocument['onAccount']>,
) {
  const width = RIGHT - PAGE.margin;
  const due = account.dueDate ? ` by ${formatUkDay(account.dueDate)}` : '';
  pdf.text(
    `Placed on account: ${formatGbp(document.totalPence)} is due${due}${
      account.paymentTerms ? ` (payment terms: ${account.paymentTerms})` : ''
    }. This invoice has not been paid.`,
    PAGE.margin,
    pdf.y,
    { width },
  );
  pdf.moveDown(0.5);
  bankDetails(
    pdf,
    account.bank,
    `Quote ${document.number}${account.accountNumber ? ` and your account number ${account.accountNumber}` : ''} as the payment reference.`,
  );
}

/** Where to pay, as an invoice on account prints it (null: none set, so the buyer is told to ask). */
export function bankDetails(pdf: PDFKit.PDFDocument, bank: SellerSnapshot['bank'], reference: string) {
  const width = RIGHT - PAGE.margin;
  if (!bank) {
    pdf.text('Bank details: ask our accounts team.', PAGE.margin, pdf.y, { width });
    return;
  }
  pdf.font('bold').text('Pay by bank transfer to', PAGE.margin, pdf.y, { width });
  pdf.font('regular');
  pdf.text(`Account name: ${bank.account_name}`, { width });
  pdf.text(`Sort code: ${formatSortCode(bank.sort_code)}`, { width });
  pdf.text(`Account number: ${bank.account_number}`, { width });
  pdf.text(reference, { width });
}

function creditNoteBody(pdf: PDFKit.PDFDocument, document: CreditNoteDocument) {
  addressBlocks(pdf, [{ title: 'Credit to', lines: buyerBlock(document) }]);
  const columns: Column[] = [
    { header: 'Description', x: PAGE.margin, width: 270, align: 'left' },
    { header: 'Quantity', x: 325, width: 55, align: 'right' },
    { header: 'VAT rate', x: 385, width: 50, align: 'right' },
    { header: 'Amount incl. VAT', x: 440, width: RIGHT - 440, align: 'right' },
  ];
  const rate = formatPercent(document.vatRate);
  table(
    pdf,
    columns,
    document.lines.map((line) => [
      line.description,
      line.packs === null ? '' : `${line.packs} ${line.packs === 1 ? 'pack' : 'packs'}`,
      rate,
      formatGbp(line.amountPence),
    ]),
  );
  totals(pdf, [
    ['Credit excluding VAT', formatGbp(document.netPence)],
    [`VAT at ${rate}`, formatGbp(document.vatPence)],
    ['Total credit including VAT (GBP)', formatGbp(document.totalPence), true],
  ]);
  pdf.moveDown(1);
  pdf.font('regular').fontSize(9);
  if (document.reason)
    pdf.text(`Reason: ${document.reason}`, PAGE.margin, pdf.y, { width: RIGHT - PAGE.margin });
  pdf.text(
    document.onAccount
      ? 'Credited to your company’s account: it lowers the balance you owe.'
      : 'Refunded to the card the order was paid with.',
    PAGE.margin,
    pdf.y,
    { width: RIGHT - PAGE.margin },
  );
}

function footers(pdf: PDFKit.PDFDocument, document: ShopDocument) {
  pageFooters(pdf, document.seller, document.number, document.test);
}

/** Page numbers and the currency note at the foot of every page (a test order's heading first). */
export function pageFooters(
  pdf: PDFKit.PDFDocument,
  seller: SellerSnapshot,
  reference: string,
  test = false,
) {
  const { start, count } = pdf.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    pdf.switchToPage(index);
    pdf.font('regular').fontSize(7.5);
    // Writing below the bottom margin must not start a new page.
    const bottom = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    pdf.text(
      `${test ? `${TEST_DOCUMENT_HEADING} · ` : ''}${seller.legal_name} · VAT ${seller.vat_number} · All amounts in pounds sterling (GBP) · ${reference} · Page ${index - start + 1} of ${count}`,
      PAGE.margin,
      PAGE.height - PAGE.margin + 10,
      { width: RIGHT - PAGE.margin, align: 'center' },
    );
    pdf.page.margins.bottom = bottom;
  }
}
