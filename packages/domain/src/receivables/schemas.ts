import { z } from 'zod';
import { AgedViewSchema, MAX_CREDIT_LIMIT_PENCE, poundsSchema } from '../companies/schemas';
import { formatGbp } from '../pricing/money';
import { RECEIVED_METHODS } from './rules';

/**
 * The receivables API's bodies and answers. Money is answered as pounds in decimal strings, as the
 * rest of the API answers it; days as 'YYYY-MM-DD'.
 */

/** The most one payment received may be (one order's most). */
export const MAX_PAYMENT_RECEIVED_PENCE = MAX_CREDIT_LIMIT_PENCE;
/** The most invoices one payment may be allocated across in one request. */
export const MAX_ALLOCATION_LINES = 200;
/** The most characters of a payment's reference and of a reversal's reason. */
export const MAX_PAYMENT_REFERENCE_LENGTH = 100;
export const MAX_REVERSAL_REASON_LENGTH = 500;
/** The longest date range one accounts export may cover, in days (docs/security.md). */
export const MAX_EXPORT_DAYS = 366;
/** The most rows (invoice lines, credit note lines or payments) one accounts export may hold (docs/security.md). */
export const MAX_EXPORT_ROWS = 100_000;

/** What an accounts export holds, and the package whose import layout it follows. */
export const EXPORT_KINDS = ['invoices', 'credit-notes', 'payments'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export const EXPORT_FORMATS = ['xero', 'quickbooks'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const RECEIVABLES_MESSAGES = {
  amountRange: `Enter an amount from £0.01 to ${formatGbp(MAX_PAYMENT_RECEIVED_PENCE)}.`,
  allocationRange: `Enter an amount from £0.01 to ${formatGbp(MAX_PAYMENT_RECEIVED_PENCE)}.`,
  day: 'Enter a date as YYYY-MM-DD.',
  future: 'The date cannot be in the future.',
  tooOld: 'The date cannot be before 2000.',
  method: 'Choose bank transfer, cheque or card by phone.',
  required: 'This field is required.',
  tooLong: (max: number) => `Ensure this field has no more than ${max} characters.`,
  tooManyLines: `Allocate across at most ${MAX_ALLOCATION_LINES} invoices at once.`,
  unknownInvoice: 'This is not an open invoice of this company.',
  duplicateInvoice: 'Each invoice may appear once.',
  overInvoice: (open: string) => `No more than the £${open} open on this invoice.`,
  overPayment: 'The allocations add up to more than the payment.',
  overCredit: (credit: string) =>
    `The allocations add up to more than the £${credit} of this credit note's credit left to allocate.`,
  alreadyReversed: 'This payment has already been reversed.',
  month: 'Enter a month as YYYY-MM.',
  monthRange: 'Choose a month from 2000 to the current month.',
  quarter: 'Enter a quarter as YYYY-Qn, e.g. 2026-Q3.',
  range: `Choose a range of at most ${MAX_EXPORT_DAYS} days, "from" not after "to".`,
  quarterFuture: 'Choose a quarter that has begun.',
  vatPeriod: 'Enter a VAT period as the month it ends, YYYY-MM, from 2000 on, e.g. 2026-04.',
  vatPeriodFuture: 'Choose a VAT period that has begun.',
  vatPeriodOrQuarter: 'Give either a quarter (YYYY-Qn) or a VAT period (YYYY-MM), not both.',
  exportFormat: 'Choose xero or quickbooks.',
  tooManyRows: `The export would have more than ${MAX_EXPORT_ROWS.toLocaleString('en-GB')} rows: choose a shorter range.`,
} as const;

const DAY_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A calendar day 'YYYY-MM-DD' that exists (30 February does not), from 2000 on. */
export const DaySchema = z
  .string({ message: RECEIVABLES_MESSAGES.day })
  .trim()
  .refine((value) => DAY_PATTERN.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), {
    message: RECEIVABLES_MESSAGES.day,
    abort: true,
  })
  .refine((value) => new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value, {
    message: RECEIVABLES_MESSAGES.day,
    abort: true,
  })
  .refine((value) => value >= '2000-01-01', { message: RECEIVABLES_MESSAGES.tooOld });

/** A month 'YYYY-MM'. */
export const MonthSchema = z
  .string({ message: RECEIVABLES_MESSAGES.month })
  .regex(/^(\d{4})-(0[1-9]|1[0-2])$/, { message: RECEIVABLES_MESSAGES.month });

/** A VAT quarter 'YYYY-Qn'. */
export const QuarterSchema = z
  .string({ message: RECEIVABLES_MESSAGES.quarter })
  .regex(/^\d{4}-Q[1-4]$/, { message: RECEIVABLES_MESSAGES.quarter });

/** A VAT period 'YYYY-MM': the three months ending with that month (vat-periods.ts), from 2000 on. */
export const VatPeriodSchema = z
  .string({ message: RECEIVABLES_MESSAGES.vatPeriod })
  .regex(/^(\d{4})-(0[1-9]|1[0-2])$/, { message: RECEIVABLES_MESSAGES.vatPeriod })
  .refine((value) => value >= '2000-01', { message: RECEIVABLES_MESSAGES.vatPeriod });

/**
 * GET administration/vat-return/ (and vat-return.csv): a calendar quarter `?quarter=YYYY-Qn`, or any
 * three-month VAT period by the month it ends, `?period=YYYY-MM` (the staggered ones end in January, April, July
 * and October, or February, May, August and November). Exactly one of the two.
 */
export const VatReturnQuerySchema = z
  .object({ quarter: QuarterSchema.optional(), period: VatPeriodSchema.optional() })
  .strict()
  .superRefine((query, context) => {
    if ((query.quarter === undefined) === (query.period === undefined)) {
      context.addIssue({
        code: 'custom',
        path: [query.quarter === undefined ? 'period' : 'quarter'],
        message: RECEIVABLES_MESSAGES.vatPeriodOrQuarter,
      });
    }
  });
export type VatReturnQuery = z.infer<typeof VatReturnQuerySchema>;

/** Calendar days from `from` to `to`, both counted. */
function daysCovered(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
}

/** GET administration/exports/{kind}.csv?format=&from=&to=: a range of UK days, both included. */
export const AccountsExportQuerySchema = z
  .object({
    format: z.enum(EXPORT_FORMATS, { message: RECEIVABLES_MESSAGES.exportFormat }),
    from: DaySchema,
    to: DaySchema,
  })
  .strict()
  .superRefine((query, ctx) => {
    const days = daysCovered(query.from, query.to);
    if (!(days >= 1 && days <= MAX_EXPORT_DAYS)) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: RECEIVABLES_MESSAGES.range });
    }
  });
export type AccountsExportQuery = z.infer<typeof AccountsExportQuerySchema>;

const AllocationInputSchema = z
  .object({
    /** The invoice's order id. */
    invoice: z.number({ message: RECEIVABLES_MESSAGES.unknownInvoice }).int().positive().max(2_147_483_647),
    amount: poundsSchema(1, MAX_PAYMENT_RECEIVED_PENCE, RECEIVABLES_MESSAGES.allocationRange),
  })
  .strict();

/**
 * POST administration/companies/{id}/payments/: a payment received. Without `allocations` the suggested one is
 * made (the open invoices oldest first); with them (even empty), exactly those, the rest kept as credit.
 */
export const RecordPaymentSchema = z
  .object({
    amount: poundsSchema(1, MAX_PAYMENT_RECEIVED_PENCE, RECEIVABLES_MESSAGES.amountRange),
    received_on: DaySchema,
    method: z.enum(RECEIVED_METHODS, { message: RECEIVABLES_MESSAGES.method }),
    reference: z
      .string()
      .trim()
      .max(MAX_PAYMENT_REFERENCE_LENGTH, {
        message: RECEIVABLES_MESSAGES.tooLong(MAX_PAYMENT_REFERENCE_LENGTH),
      })
      .default(''),
    allocations: z
      .array(AllocationInputSchema)
      .max(MAX_ALLOCATION_LINES, { message: RECEIVABLES_MESSAGES.tooManyLines })
      .optional(),
  })
  .strict();
export type RecordPaymentInput = z.infer<typeof RecordPaymentSchema>;

/** POST administration/companies/{id}/payments/{payment}/reverse/: why it was recorded by mistake. */
export const ReversePaymentSchema = z
  .object({
    reason: z
      .string({ message: RECEIVABLES_MESSAGES.required })
      .trim()
      .min(1, { message: RECEIVABLES_MESSAGES.required, abort: true })
      .max(MAX_REVERSAL_REASON_LENGTH, { message: RECEIVABLES_MESSAGES.tooLong(MAX_REVERSAL_REASON_LENGTH) }),
  })
  .strict();

/** POST administration/companies/{id}/payments/{payment}/allocate/: set more of a payment's credit against invoices. */
export const AllocateCreditSchema = z
  .object({
    allocations: z.array(AllocationInputSchema).max(MAX_ALLOCATION_LINES, {
      message: RECEIVABLES_MESSAGES.tooManyLines,
    }),
  })
  .strict();

/**
 * POST administration/companies/{id}/credit-notes/{credit_note}/allocate/: set a credit note's credit (what it
 * covers beyond its own invoice) against other invoices. Without `allocations` the suggested one is made (the
 * open invoices oldest due first), as for a payment.
 */
export const AllocateCreditNoteSchema = z
  .object({
    allocations: z
      .array(AllocationInputSchema)
      .max(MAX_ALLOCATION_LINES, { message: RECEIVABLES_MESSAGES.tooManyLines })
      .optional(),
  })
  .strict();

const money = z.string().meta({ description: 'Pounds as a decimal string, e.g. "2500.00".' });

// AgedViewSchema, the five aged-debt buckets in pounds, is defined beside the company views (companies/schemas),
// which carry it too.

export const LedgerInvoiceViewSchema = z.object({
  /** The order's id. */
  id: z.number().int(),
  number: z.number().int().nullable(),
  purchase_order_number: z.string().nullable(),
  issued_on: z.string(),
  due_on: z.string(),
  total: money,
  credited: money,
  paid: money,
  open: money,
  /** Days past the due day today (0 or less: not yet due). */
  days_past_due: z.number().int(),
});

export const LedgerPaymentViewSchema = z.object({
  id: z.number().int(),
  received_on: z.string(),
  amount: money,
  method: z.enum(RECEIVED_METHODS),
  reference: z.string(),
  /** What is set against invoices; the rest is credit on the account. */
  allocated: money,
  allocations: z.array(
    z.object({ invoice: z.number().int(), number: z.number().int().nullable(), amount: money }),
  ),
  reversed: z.object({ on: z.string(), reason: z.string().nullable() }).nullable(),
});

/** A credit note in the ledger, with its credit: what is set against other invoices and what is left. */
export const LedgerCreditNoteViewSchema = z.object({
  /** The refund's id. */
  id: z.number().int(),
  number: z.number().int().nullable(),
  /** The invoice (order id) it was issued on. */
  invoice: z.number().int(),
  issued_on: z.string(),
  amount: money,
  /** What of it covers its invoice beyond the invoice's total and is not yet set against another invoice. */
  unallocated: money,
  allocations: z.array(
    z.object({ invoice: z.number().int(), number: z.number().int().nullable(), amount: money }),
  ),
});
export type LedgerCreditNoteView = z.infer<typeof LedgerCreditNoteViewSchema>;

export const StatementLineViewSchema = z.object({
  on: z.string(),
  kind: z.enum(['invoice', 'credit_note', 'payment', 'payment_reversal']),
  id: z.number().int(),
  description: z.string(),
  debit: money,
  credit: money,
  balance: money,
});

/** GET administration/companies/{id}/ledger/: the company's ledger as of today. */
export const LedgerViewSchema = z.object({
  balance: money,
  overdue: money,
  unapplied_credit: money,
  aged: AgedViewSchema,
  invoices: z.array(LedgerInvoiceViewSchema),
  payments: z.array(LedgerPaymentViewSchema),
  credit_notes: z.array(LedgerCreditNoteViewSchema),
  entries: z.array(StatementLineViewSchema),
});
export type LedgerView = z.infer<typeof LedgerViewSchema>;

/** One of the nine boxes of the UK VAT return. */
export const VatBoxViewSchema = z.object({
  box: z.number().int().min(1).max(9),
  label: z.string(),
  /** Pounds; null when the shop cannot know it (purchases: boxes 4 and 7). */
  value: money.nullable(),
  /** Where the figure comes from, in words. */
  source: z.string(),
});

export const VatDocumentViewSchema = z.object({
  kind: z.enum(['invoice', 'credit_note']),
  number: z.number().int(),
  order: z.number().int(),
  issued_on: z.string(),
  /** Negative for a credit note. */
  net: money,
  vat: money,
  gross: money,
});

/** GET administration/vat-return/?quarter=YYYY-Qn or ?period=YYYY-MM */
export const VatReturnViewSchema = z.object({
  /** What was asked for: the quarter 'YYYY-Qn', or the period 'YYYY-MM'. */
  quarter: z.string(),
  /** The period as the month it ends, 'YYYY-MM' (2026-Q1 is '2026-03'). */
  period: z.string(),
  /** The period in words: 'February to April 2026'. */
  label: z.string(),
  from: z.string(),
  to: z.string(),
  boxes: z.array(VatBoxViewSchema).length(9),
  documents: z.array(VatDocumentViewSchema),
});
export type VatReturnView = z.infer<typeof VatReturnViewSchema>;
