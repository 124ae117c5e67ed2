import {
  AGED_BUCKET_LABELS,
  AGED_BUCKETS,
  companyAccountNumber,
  formatGbp,
  type Statement,
  ukDate,
  ukLongDate,
  ukMonth,
} from '@shop/domain';
import type { AddressSnapshot, SellerSnapshot } from '../../db/schema';
import {
  addressBlocks,
  addressLines,
  bankDetails,
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
 * A company's statement of account for one month: drawn with the invoices' header, tables and totals
 * from the ledger as it stands when it is asked for (a statement is not an issued document: a payment recorded
 * later with an earlier date appears on the next copy).
 */
export interface StatementDocument {
  kind: 'statement';
  /** The shop's details as an invoice printed now would show them, with the bank details (or null). */
  seller: SellerSnapshot;
  company: {
    id: number;
    legalName: string;
    tradingName: string;
    invoiceAddress: AddressSnapshot;
    /** The terms in words, or null when the company has none (card only). */
    paymentTerms: string | null;
  };
  /** When it was drawn: printed as the day it was produced. */
  producedAt: Date;
  /** The domain's figures: statementFor(ledger, month, today). */
  statement: Statement;
  /** The invoices still open on the statement's last day, oldest first, for the remittance slip. */
  openInvoices: {
    /** As the invoice prints it: INV-000042. */
    name: string;
    purchaseOrderNumber: string | null;
    dueOn: string;
    openPence: number;
  }[];
}

/** e.g. statement-TA-000042-2026-11.pdf */
export function statementFileName(companyId: number, month: string): string {
  return `statement-${companyAccountNumber(companyId)}-${month}.pdf`;
}

/**
 * A balance as the statement prints it: what is owed as an amount, a credit as the amount followed by
 * "in credit" (never a minus sign), e.g. '£12.00 in credit'.
 */
export function statementBalance(pence: number): string {
  return pence < 0 ? `${formatGbp(-pence)} in credit` : formatGbp(pence);
}

/** The month 'YYYY-MM' in words: 'November 2026'. */
export const statementMonthName = (month: string) => ukMonth(`${month}-01`);

/** Draws the statement with pdfkit and answers its bytes. */
export function renderStatement(document: StatementDocument): Promise<Buffer> {
  const { seller, company, statement } = document;
  const account = companyAccountNumber(company.id);
  const month = statementMonthName(statement.month);
  const { pdf, done } = openPdf({
    title: `Statement of account ${account} ${month}`,
    author: seller.legal_name,
    subject: `${company.legalName} (${account})`,
    date: document.producedAt,
  });
  const width = RIGHT - PAGE.margin;

  sellerHeader(pdf, seller, 'Statement of account', [
    ['Account number', account],
    ['Statement for', month],
    ['Period', `${ukLongDate(statement.from)} to ${ukLongDate(statement.to)}`],
    ['Produced on', ukLongDate(document.producedAt)],
    ...(company.paymentTerms ? ([['Payment terms', company.paymentTerms]] as [string, string][]) : []),
  ]);
  addressBlocks(pdf, [
    {
      title: 'Account',
      lines: [
        company.legalName,
        ...(company.tradingName && company.tradingName !== company.legalName
          ? [`Trading as ${company.tradingName}`]
          : []),
        ...addressLines(company.invoiceAddress),
      ],
    },
  ]);

  const columns: Column[] = [
    { header: 'Date', x: PAGE.margin, width: 55, align: 'left' },
    { header: 'Description', x: 108, width: 190, align: 'left' },
    { header: 'Debit', x: 302, width: 62, align: 'right' },
    { header: 'Credit', x: 368, width: 62, align: 'right' },
    // Wide enough for '£99,999,999.99 in credit' on one line.
    { header: 'Balance', x: 434, width: RIGHT - 434, align: 'right' },
  ];
  const amount = (pence: number) => (pence === 0 ? '' : formatGbp(pence));
  table(pdf, columns, [
    [
      ukDate(statement.from),
      'Balance brought forward',
      '',
      '',
      statementBalance(statement.openingBalancePence),
    ],
    ...statement.lines.map((line) => [
      ukDate(line.on),
      line.description,
      amount(line.debitPence),
      amount(line.creditPence),
      statementBalance(line.balancePence),
    ]),
  ]);
  if (statement.lines.length === 0) {
    pdf.font('regular').fontSize(9).text('No entries this month.', PAGE.margin, pdf.y, { width });
    pdf.moveDown(0.5);
  }
  const debits = statement.lines.reduce((total, line) => total + line.debitPence, 0);
  const credits = statement.lines.reduce((total, line) => total + line.creditPence, 0);
  totals(
    pdf,
    [
      ['Opening balance', statementBalance(statement.openingBalancePence)],
      ['Debits this month', formatGbp(debits)],
      ['Credits this month', formatGbp(credits)],
      ['Closing balance (GBP)', statementBalance(statement.closingBalancePence), true],
    ],
    135,
  );

  pdf.moveDown(1);
  pdf
    .font('bold')
    .fontSize(10)
    .text(`Aged debt on ${ukLongDate(statement.to)}, by days past due`, PAGE.margin, pdf.y, {
      width,
    });
  pdf.moveDown(0.3);
  const bucketWidth = (RIGHT - PAGE.margin) / (AGED_BUCKETS.length + 1);
  const bucketColumns: Column[] = [...AGED_BUCKETS.map((bucket) => AGED_BUCKET_LABELS[bucket]), 'Total'].map(
    (header, index) => ({
      header,
      x: PAGE.margin + index * bucketWidth,
      width: bucketWidth - 5,
      align: 'right',
    }),
  );
  const agedTotal = AGED_BUCKETS.reduce((total, bucket) => total + statement.aged[bucket], 0);
  table(pdf, bucketColumns, [
    [...AGED_BUCKETS.map((bucket) => formatGbp(statement.aged[bucket])), formatGbp(agedTotal)],
  ]);
  pdf.font('regular').fontSize(9);
  if (statement.unappliedCreditPence > 0) {
    pdf.text(
      `Unapplied credit: ${formatGbp(statement.unappliedCreditPence)} (payments and credit notes not yet set against an invoice).`,
      PAGE.margin,
      pdf.y,
      { width },
    );
  }

  pdf.moveDown(1);
  const closing = statement.closingBalancePence;
  if (closing > 0) {
    pdf.text(
      `Amount due: ${formatGbp(closing)}${company.paymentTerms ? ` (payment terms: ${company.paymentTerms})` : ''}. Each invoice is due on the day it gives.`,
      PAGE.margin,
      pdf.y,
      { width },
    );
    pdf.moveDown(0.5);
    bankDetails(pdf, seller.bank ?? null, `Quote your account number ${account} as the payment reference.`);
  } else if (closing < 0) {
    pdf.text(`Your account is ${statementBalance(closing)}: nothing is owed.`, PAGE.margin, pdf.y, { width });
  } else {
    pdf.text('Nothing is owed on this account.', PAGE.margin, pdf.y, { width });
  }

  // Nothing owed: nothing to remit.
  if (statement.closingBalancePence > 0) remittanceSlip(pdf, document);

  pageFooters(pdf, seller, `Statement ${account} ${statement.month}`);
  pdf.end();
  return done;
}

/**
 * The tear-off slip at the foot of the statement, for the company to send back with its payment: who pays
 * (name, account number), for which statement (its date) and how much, the open invoices to tick, how to pay,
 * and where to send the remittance. Starts a page of its own when too little of this one is left.
 */
function remittanceSlip(pdf: PDFKit.PDFDocument, document: StatementDocument) {
  const { seller, company, statement } = document;
  const width = RIGHT - PAGE.margin;
  const account = companyAccountNumber(company.id);
  const height = 210 + 14 * Math.min(document.openInvoices.length, 12);
  if (pdf.y + height > PAGE.height - PAGE.margin - 20) {
    pdf.addPage();
    pdf.y = PAGE.margin;
  } else {
    pdf.y += 24;
  }
  pdf.moveTo(PAGE.margin, pdf.y).lineTo(RIGHT, pdf.y).dash(4, { space: 3 }).lineWidth(0.75).stroke().undash();
  pdf.y += 4;
  pdf
    .font('regular')
    .fontSize(7.5)
    .text('Detach here and send this slip with your payment.', PAGE.margin, pdf.y, {
      width,
      align: 'center',
    });
  pdf.y += 8;
  pdf.font('bold').fontSize(12).text('Remittance advice', PAGE.margin, pdf.y, { width });
  pdf.moveDown(0.4);
  addressBlocks(pdf, [
    {
      title: 'From',
      lines: [
        company.legalName,
        `Account number: ${account}`,
        `Statement date: ${ukLongDate(statement.to)}`,
        `Amount due: ${formatGbp(statement.closingBalancePence)}`,
        'Amount paid: ____________________',
      ],
    },
    {
      title: 'Send to',
      lines: [seller.legal_name, ...addressLines(sellerAddressee(seller))],
    },
  ]);
  if (document.openInvoices.length > 0) {
    pdf
      .font('bold')
      .fontSize(9)
      .text('Invoices this payment is for (tick each)', PAGE.margin, pdf.y, { width });
    pdf.moveDown(0.3);
    const columns: Column[] = [
      { header: 'Paid', x: PAGE.margin, width: 30, align: 'left' },
      { header: 'Invoice', x: 85, width: 90, align: 'left' },
      { header: 'Your PO number', x: 180, width: 140, align: 'left' },
      { header: 'Due date', x: 325, width: 95, align: 'left' },
      { header: 'Open', x: 425, width: RIGHT - 425, align: 'right' },
    ];
    table(
      pdf,
      columns,
      document.openInvoices.map((invoice) => [
        '[   ]',
        invoice.name,
        invoice.purchaseOrderNumber ?? '',
        ukLongDate(invoice.dueOn),
        formatGbp(invoice.openPence),
      ]),
    );
  }
  pdf.font('regular').fontSize(9);
  bankDetails(pdf, seller.bank ?? null, `Quote your account number ${account} as the payment reference.`);
}

/** The seller's address in an address block's shape (no person's name: the company's name is above it). */
function sellerAddressee(seller: SellerSnapshot): AddressSnapshot {
  return {
    first_name: '',
    last_name: '',
    street: seller.address.street,
    city: seller.address.city,
    state: null,
    postal_code: seller.address.postal_code,
    country: seller.address.country,
    telephone_number: '',
  };
}
