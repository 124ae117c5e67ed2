import {
  documentNumber,
  type ExportFormat,
  type ExportKind,
  penceToDecimal,
  splitGross,
  unitPriceDecimal,
} from '@shop/domain';
import { csvCell } from '../csv-cell';
import type { ExportCreditNoteRow, ExportInvoiceRow, ExportPaymentRow } from './queries';
import { parsed } from './queries';

/**
 * The accounts exports' column layouts (docs/operations.md "Exports for the accounts package"): Xero's sales
 * invoice and credit note import templates and its bank statement CSV, and QuickBooks Online's invoice and
 * credit note imports and its three-column bank upload. One row per document line (both packages group rows by
 * the document number), the delivery charge as a line of its own. Text cells go through csvCell (formula
 * neutralisation); amounts are written as plain decimal numbers, never as text.
 */

/** Xero's sales account in its default UK chart of accounts, and its UK tax rates' display names. */
export const XERO_SALES_ACCOUNT = '200';
/** QuickBooks Online's product for a delivery charge (created on import if missing). */
const DELIVERY = 'Delivery';

const XERO_CONTACT = [
  '*ContactName',
  'EmailAddress',
  'POAddressLine1',
  'POAddressLine2',
  'POAddressLine3',
  'POAddressLine4',
  'POCity',
  'PORegion',
  'POPostalCode',
  'POCountry',
];
const XERO_LINE = [
  'InventoryItemCode',
  '*Description',
  '*Quantity',
  '*UnitAmount',
  'Discount',
  '*AccountCode',
  '*TaxType',
  'TaxAmount',
  'TrackingName1',
  'TrackingOption1',
  'TrackingName2',
  'TrackingOption2',
  'Currency',
  'BrandingTheme',
];

export const HEADERS: Record<ExportKind, Record<ExportFormat, string[]>> = {
  invoices: {
    xero: [...XERO_CONTACT, '*InvoiceNumber', 'Reference', '*InvoiceDate', '*DueDate', 'Total', ...XERO_LINE],
    quickbooks: [
      'InvoiceNo',
      'Customer',
      'InvoiceDate',
      'DueDate',
      'Terms',
      'Location',
      'Memo',
      'Item(Product/Service)',
      'ItemDescription',
      'ItemQuantity',
      'ItemRate',
      'ItemAmount',
      'ItemTaxCode',
      'ItemTaxAmount',
      'Currency',
      'Service Date',
    ],
  },
  'credit-notes': {
    xero: [...XERO_CONTACT, '*CreditNoteNumber', 'Reference', '*CreditNoteDate', 'Total', ...XERO_LINE],
    quickbooks: [
      'CreditNoteNo',
      'Customer',
      'CreditNoteDate',
      'Location',
      'Memo',
      'Item(Product/Service)',
      'ItemDescription',
      'ItemQuantity',
      'ItemRate',
      'ItemAmount',
      'ItemTaxCode',
      'ItemTaxAmount',
      'Currency',
      'Service Date',
    ],
  },
  // Neither package imports customer payments from a file: both import a bank statement, whose lines are then
  // matched to the invoices. Xero's precoded statement CSV; QuickBooks Online's three-column bank upload.
  payments: {
    xero: ['*Date', '*Amount', 'Payee', 'Description', 'Reference', 'Cheque Number'],
    quickbooks: ['Date', 'Description', 'Amount'],
  },
};

/** A UK day 'YYYY-MM-DD' as both packages read UK dates: dd/mm/yyyy. */
export function ukDate(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
}

const rateOf = (vatRate: string) => Number(vatRate);

/** Xero's UK tax rate for a VAT percentage, by its display name. */
export function xeroTaxType(vatRate: string): string {
  const rate = rateOf(vatRate);
  if (rate === 0) return 'Zero Rated Income';
  return `${rate}% (VAT on Income)`;
}

/** QuickBooks Online's UK VAT code for a percentage: 20.0% S, 5.0% R, 0.0% Z. */
export function quickbooksTaxCode(vatRate: string): string {
  const rate = rateOf(vatRate);
  const letter = rate === 0 ? 'Z' : rate === 20 ? 'S' : 'R';
  return `${rate.toFixed(1)}% ${letter}`;
}

/**
 * Shares `total` out over `weights` in proportion, whole pence that add up to `total` exactly (largest
 * remainder). A document's VAT over its lines, so each line carries its part and the lines sum to the document.
 */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map((_, i) => (i === 0 ? total : 0));
  // total and each weight are below 10^8 pence: their product stays below 2^53.
  const exact = weights.map((weight) => (weight * total) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

/** A cell of the file: text neutralised, numbers (amounts, quantities) as they are. */
type Cell = string | number;
const text = (value: string | null | undefined): string => csvCell(value ?? '');

/** A price per item from a line's amount over its quantity, to 4 decimals without trailing zeros. */
function rate(amountPence: number, quantity: number): string {
  if (quantity <= 0) return penceToDecimal(amountPence);
  return unitPriceDecimal(amountPence, quantity);
}

interface DocumentLine {
  code: string;
  description: string;
  quantity: number;
  /** The price of one before the line's discount (pence), and the discount in percent. */
  unitPence: number;
  discount: number;
  netPence: number;
  vatPence: number;
}

function invoiceLines(row: ExportInvoiceRow): DocumentLine[] {
  const lines = parsed(row.lines);
  const nets = [
    ...lines.map((line) => line.total_pence),
    ...(row.shipping_pence > 0 ? [row.shipping_pence] : []),
  ];
  const vats = apportion(row.vat_pence, nets);
  const out: DocumentLine[] = lines.map((line, i) => ({
    code: line.sku,
    description: `${line.sku} ${line.title}`,
    quantity: line.packs,
    unitPence: line.price_per_pack_pence,
    discount: Number(line.discount_percentage),
    netPence: line.total_pence,
    vatPence: vats[i]!,
  }));
  if (row.shipping_pence > 0) {
    out.push({
      code: DELIVERY,
      description: DELIVERY,
      quantity: 1,
      unitPence: row.shipping_pence,
      discount: 0,
      netPence: row.shipping_pence,
      vatPence: vats[lines.length]!,
    });
  }
  return out;
}

function creditNoteLines(row: ExportCreditNoteRow): DocumentLine[] {
  const titles = new Map(parsed(row.order_lines).map((line) => [line.id, line]));
  const refunded = row.refund_lines === null ? [] : parsed(row.refund_lines);
  // The credit note's VAT as the document prints it (documents/service.ts creditNoteDocument), then by line.
  const { vat_pence } = splitGross(row.amount_pence, rateOf(row.vat_rate));
  const parts = refunded.length
    ? refunded.map((line) => {
        const item = titles.get(line.order_item_id);
        return {
          code: item?.sku ?? '',
          description: `Refund: ${item ? `${item.sku} ${item.title}` : 'order line'} (${line.pack_quantity} packs)`,
          gross: line.amount_pence,
        };
      })
    : [{ code: '', description: `Refund against order #${row.order_id}`, gross: row.amount_pence }];
  const vats = apportion(
    vat_pence,
    parts.map((part) => part.gross),
  );
  return parts.map((part, i) => ({
    code: part.code,
    description: part.description,
    quantity: 1,
    unitPence: part.gross - vats[i]!,
    discount: 0,
    netPence: part.gross - vats[i]!,
    vatPence: vats[i]!,
  }));
}

function contactCells(row: {
  customer: string;
  email: string;
  address: ExportInvoiceRow['address'];
}): Cell[] {
  const address = parsed(row.address);
  return [
    text(row.customer),
    text(row.email),
    text(address.street),
    '',
    '',
    '',
    text(address.city),
    text(address.state),
    text(address.postal_code),
    text(address.country),
  ];
}

function xeroLineCells(line: DocumentLine, vatRate: string): Cell[] {
  return [
    // Xero refuses an item code it does not know: the SKU is in the description instead.
    '',
    text(line.description),
    line.quantity,
    penceToDecimal(line.unitPence),
    line.discount === 0 ? '' : String(line.discount),
    XERO_SALES_ACCOUNT,
    xeroTaxType(vatRate),
    penceToDecimal(line.vatPence),
    '',
    '',
    '',
    '',
    'GBP',
    '',
  ];
}

/** The invoice's reference for the accounts: the buyer's PO number, else the order number. */
const referenceOf = (row: { purchase_order_number: string | null; order_id: number }) =>
  row.purchase_order_number ?? `Order #${row.order_id}`;

export function invoiceRecords(row: ExportInvoiceRow, format: ExportFormat): Cell[][] {
  const number = documentNumber('invoice', row.number);
  const issued = ukDate(row.issued_on);
  // A card order was paid when it was made: due that day.
  const due = ukDate(row.due_on ?? row.issued_on);
  return invoiceLines(row).map((line) =>
    format === 'xero'
      ? [
          ...contactCells(row),
          number,
          text(referenceOf(row)),
          issued,
          due,
          penceToDecimal(row.total_pence),
          ...xeroLineCells(line, row.vat_rate),
        ]
      : [
          number,
          text(row.customer),
          issued,
          due,
          row.on_account ? '' : 'Paid by card',
          '',
          text(referenceOf(row)),
          text(line.code),
          text(line.description),
          line.quantity,
          rate(line.netPence, line.quantity),
          penceToDecimal(line.netPence),
          quickbooksTaxCode(row.vat_rate),
          penceToDecimal(line.vatPence),
          'GBP',
          issued,
        ],
  );
}

export function creditNoteRecords(row: ExportCreditNoteRow, format: ExportFormat): Cell[][] {
  const number = documentNumber('credit_note', row.number);
  const issued = ukDate(row.issued_on);
  const against =
    row.invoice_number === null ? `Order #${row.order_id}` : documentNumber('invoice', row.invoice_number);
  const reference = row.purchase_order_number ? `${against} ${row.purchase_order_number}` : against;
  // Both packages take a credit note's amounts as positive figures: the document itself is the credit.
  return creditNoteLines(row).map((line) =>
    format === 'xero'
      ? [
          ...contactCells(row),
          number,
          text(reference),
          issued,
          penceToDecimal(row.amount_pence),
          ...xeroLineCells(line, row.vat_rate),
        ]
      : [
          number,
          text(row.customer),
          issued,
          '',
          text(reference),
          text(line.code),
          text(line.description),
          line.quantity,
          rate(line.netPence, line.quantity),
          penceToDecimal(line.netPence),
          quickbooksTaxCode(row.vat_rate),
          penceToDecimal(line.vatPence),
          'GBP',
          issued,
        ],
  );
}

const METHOD_WORDS: Record<string, string> = {
  bank_transfer: 'Bank transfer',
  cheque: 'Cheque',
  card_by_phone: 'Card by phone',
};

export function paymentRecord(row: ExportPaymentRow, format: ExportFormat): Cell[] {
  const reversal = row.reverses_id !== null;
  // A reversal takes the money back out: a negative amount.
  const amount = penceToDecimal(reversal ? -row.amount_pence : row.amount_pence);
  const invoices = parsed(row.invoices).map((n) => documentNumber('invoice', n));
  const description = [
    reversal
      ? `Reversal of payment #${row.reverses_id}${row.reason ? `: ${row.reason}` : ''}`
      : `${METHOD_WORDS[row.method] ?? row.method} received`,
    invoices.length ? `for ${invoices.join(' ')}` : 'on account',
  ].join(' ');
  const day = ukDate(row.received_on);
  return format === 'xero'
    ? [
        day,
        amount,
        text(row.customer),
        text(description),
        text(row.reference),
        row.method === 'cheque' ? text(row.reference) : '',
      ]
    : [day, text(`${row.customer}: ${description}${row.reference ? ` (${row.reference})` : ''}`), amount];
}
