import {
  type AccountsExportQuery,
  documentNumber,
  type ExportKind,
  MAX_EXPORT_ROWS,
  penceToDecimal,
  RECEIVABLES_MESSAGES,
  splitGross,
  ukToday,
  vatPeriodBounds,
  vatPeriodLabel,
  vatPeriodOfQuarter,
  type VatReturnQuery,
  type VatReturnView,
} from '@shop/domain';
import { stringify } from 'csv-stringify/sync';
import type { Db } from '../../../db/client';
import { Invalid } from '../../../http/errors';
import { csvCell } from '../csv-cell';
import { creditNoteRecords, HEADERS, invoiceRecords, paymentRecord } from './layouts';
import * as queries from './queries';

/** HMRC's titles of the nine boxes of the VAT return. */
export const VAT_BOX_LABELS = [
  'VAT due in the period on sales and other outputs',
  'VAT due in the period on acquisitions of goods made in Northern Ireland from EU Member States',
  'Total VAT due (the sum of boxes 1 and 2)',
  'VAT reclaimed in the period on purchases and other inputs (including acquisitions in Northern Ireland from EU Member States)',
  'Net VAT to pay to HMRC or reclaim (the difference between boxes 3 and 4)',
  'Total value of sales and all other outputs excluding any VAT',
  'Total value of purchases and all other inputs excluding any VAT',
  'Total value of dispatches of goods and related costs (excluding VAT) from Northern Ireland to EU Member States',
  'Total value of acquisitions of goods and related costs (excluding VAT) made in Northern Ireland from EU Member States',
] as const;

const NOT_FROM_THE_SHOP =
  'Not from the shop: purchases and the VAT reclaimed on them are in the bookkeeper’s records.';

interface VatDocument {
  kind: 'invoice' | 'credit_note';
  number: number;
  order: number;
  issuedOn: string;
  netPence: number;
  vatPence: number;
  grossPence: number;
}

/** A document's figures: an invoice's as charged, a credit note's split as the credit note prints it, negative. */
function vatDocumentOf(row: queries.VatDocumentRow): VatDocument {
  if (row.kind === 'invoice') {
    const vat = row.vat_pence ?? 0;
    return {
      kind: 'invoice',
      number: row.number,
      order: row.order_id,
      issuedOn: row.issued_on,
      netPence: row.gross_pence - vat,
      vatPence: vat,
      grossPence: row.gross_pence,
    };
  }
  const { net_pence, vat_pence } = splitGross(row.gross_pence, Number(row.vat_rate));
  return {
    kind: 'credit_note',
    number: row.number,
    order: row.order_id,
    issuedOn: row.issued_on,
    netPence: -net_pence,
    vatPence: -vat_pence,
    grossPence: -row.gross_pence,
  };
}

/** The nine boxes from the quarter's documents, in pence (null: not the shop's to know). */
export function vatBoxes(documents: readonly VatDocument[]): (number | null)[] {
  let vat = 0;
  let net = 0;
  for (const document of documents) {
    vat += document.vatPence;
    net += document.netPence;
  }
  const box2 = 0;
  return [vat, box2, vat + box2, null, null, net, null, 0, 0];
}

const BOX_SOURCES = [
  'The VAT of every VAT invoice issued in the quarter, less the VAT of every credit note issued in it.',
  'No acquisitions from the EU are made through the shop.',
  'Box 1 plus box 2.',
  NOT_FROM_THE_SHOP,
  'Box 3 less box 4: box 4 is not from the shop.',
  'The net (total less VAT) of every VAT invoice issued in the quarter, less that of every credit note.',
  NOT_FROM_THE_SHOP,
  'The shop sells within the UK: no dispatches to the EU.',
  'No acquisitions from the EU are made through the shop.',
];

const pounds = (pence: number | null) => (pence === null ? null : penceToDecimal(pence));

/** The VAT return and the accounts exports, for staff. */
export class BookkeepingService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * The period's boxes and the documents behind them: a calendar quarter, or any three months by the month they
   * end (the staggered periods); a period that has not begun is refused.
   */
  async vatReturn(query: VatReturnQuery): Promise<VatReturnView> {
    const period = query.period ?? vatPeriodOfQuarter(query.quarter!);
    const { from, to } = vatPeriodBounds(period);
    if (from > ukToday(this.now())) {
      throw new Invalid(
        query.period === undefined
          ? { quarter: [RECEIVABLES_MESSAGES.quarterFuture] }
          : { period: [RECEIVABLES_MESSAGES.vatPeriodFuture] },
      );
    }
    const documents = (await queries.selectVatDocuments(this.db, from, to)).map(vatDocumentOf);
    const boxes = vatBoxes(documents);
    return {
      quarter: query.quarter ?? period,
      period,
      label: vatPeriodLabel(period),
      from,
      to,
      boxes: boxes.map((value, i) => ({
        box: i + 1,
        label: VAT_BOX_LABELS[i]!,
        value: pounds(value),
        source: BOX_SOURCES[i]!,
      })),
      documents: documents.map((document) => ({
        kind: document.kind,
        number: document.number,
        order: document.order,
        issued_on: document.issuedOn,
        net: penceToDecimal(document.netPence),
        vat: penceToDecimal(document.vatPence),
        gross: penceToDecimal(document.grossPence),
      })),
    };
  }

  /** The VAT return as CSV: the nine boxes, a blank line, then the documents. */
  async vatReturnCsv(query: VatReturnQuery): Promise<string> {
    const view = await this.vatReturn(query);
    const records: (string | number)[][] = [
      ['Box', 'Label', 'Value', 'Source'],
      ...view.boxes.map((box) => [box.box, csvCell(box.label), box.value ?? '', csvCell(box.source)]),
      [],
      ['Document', 'Kind', 'Order', 'Issued on', 'Net', 'VAT', 'Gross'],
      ...view.documents.map((document) => [
        documentNumber(document.kind, document.number),
        document.kind === 'invoice' ? 'VAT invoice' : 'Credit note',
        document.order,
        document.issued_on,
        document.net,
        document.vat,
        document.gross,
      ]),
    ];
    return stringify(records, { bom: true, record_delimiter: 'windows' });
  }

  /**
   * An accounts export of the range as CSV in the package's layout. Counted first: more than MAX_EXPORT_ROWS
   * rows is refused (400), so the file held in memory is bounded.
   */
  async accountsExport(kind: ExportKind, query: AccountsExportQuery): Promise<string> {
    const { format, from, to } = query;
    const count = {
      invoices: queries.countInvoiceRows,
      'credit-notes': queries.countCreditNoteRows,
      payments: queries.countPaymentRows,
    }[kind];
    if ((await count(this.db, from, to)) > MAX_EXPORT_ROWS) {
      throw new Invalid({ to: [RECEIVABLES_MESSAGES.tooManyRows] });
    }
    let records: (string | number)[][];
    if (kind === 'invoices') {
      records = (await queries.selectExportInvoices(this.db, from, to)).flatMap((row) =>
        invoiceRecords(row, format),
      );
    } else if (kind === 'credit-notes') {
      records = (await queries.selectExportCreditNotes(this.db, from, to)).flatMap((row) =>
        creditNoteRecords(row, format),
      );
    } else {
      records = (await queries.selectExportPayments(this.db, from, to)).map((row) =>
        paymentRecord(row, format),
      );
    }
    // Rows made between the count and the read: still bounded.
    if (records.length > MAX_EXPORT_ROWS) throw new Invalid({ to: [RECEIVABLES_MESSAGES.tooManyRows] });
    // A byte-order mark, so spreadsheet programs read UTF-8; CRLF line ends (RFC 4180), as the catalogue export.
    return stringify([HEADERS[kind][format], ...records], { bom: true, record_delimiter: 'windows' });
  }
}
