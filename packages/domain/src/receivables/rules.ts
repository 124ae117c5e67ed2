import { addDays, endOfMonth, format, isWeekend, parseISO, startOfMonth } from 'date-fns';
import { formatUkDay } from '../dates';
import { documentNumber } from '../orders/documents';

/**
 * Receivables (DESIGN §7): a company's ledger of on-account invoices (debits), payments received and
 * credit notes (credits). Nothing here keeps a balance: every figure is a sum over the entries, computed by
 * these pure functions from the rows the API reads, so the account page, the statement PDF, the reminders and
 * the holds agree to the penny. Days are UK calendar days, 'YYYY-MM-DD'.
 */

/** An on-account invoice: the order's total, issued on `issuedOn` and due on `dueOn`. */
export interface LedgerInvoice {
  /** The order's id. */
  id: number;
  /** The VAT invoice's number (null only for an order made before numbers were given). */
  number: number | null;
  issuedOn: string;
  dueOn: string;
  totalPence: number;
  purchaseOrderNumber?: string | null;
}

/** A credit note against one invoice (a refund of an on-account order). */
export interface LedgerCreditNote {
  id: number;
  number: number | null;
  invoiceId: number;
  issuedOn: string;
  amountPence: number;
}

export const RECEIVED_METHODS = ['bank_transfer', 'cheque', 'card_by_phone'] as const;
export type ReceivedMethod = (typeof RECEIVED_METHODS)[number];
export const RECEIVED_METHOD_LABELS: Record<ReceivedMethod, string> = {
  bank_transfer: 'Bank transfer',
  cheque: 'Cheque',
  card_by_phone: 'Card by phone',
};

/** A payment received. A reversed one stays in the ledger with its reversal beside it, and counts for nothing. */
export interface LedgerPayment {
  id: number;
  receivedOn: string;
  amountPence: number;
  method: ReceivedMethod;
  reference: string;
  /** The reversal entry, when the payment was recorded by mistake. */
  reversal: { id: number; on: string; reason: string | null } | null;
}

/** Part of a payment set against one invoice. */
export interface LedgerAllocation {
  paymentId: number;
  invoiceId: number;
  amountPence: number;
}

/**
 * Part of a credit note's credit set against another invoice of the company: what a credit note covers beyond
 * its own invoice (one already paid) is credit on the account, allocated as a payment's unallocated part is.
 * It moves credit from the note's invoice to this one; the balance does not change.
 */
export interface LedgerCreditAllocation {
  creditNoteId: number;
  invoiceId: number;
  amountPence: number;
}

export interface Ledger {
  invoices: LedgerInvoice[];
  creditNotes: LedgerCreditNote[];
  payments: LedgerPayment[];
  allocations: LedgerAllocation[];
  /** Credit notes' credit set against other invoices (none when absent). */
  creditAllocations?: LedgerCreditAllocation[];
}

/** An invoice with what covers it: its credit notes and the allocations of payments not reversed. */
export interface InvoiceState extends LedgerInvoice {
  /**
   * Credit applied to it: its own credit notes, less what of them was set against other invoices, plus other
   * credit notes' credit set against it.
   */
  creditedPence: number;
  paidPence: number;
  /** What is still owed on it (never below zero). */
  openPence: number;
}

export const AGED_BUCKETS = ['current', '1_30', '31_60', '61_90', 'over_90'] as const;
export type AgedBucket = (typeof AGED_BUCKETS)[number];
export const AGED_BUCKET_LABELS: Record<AgedBucket, string> = {
  current: 'Current',
  '1_30': '1-30 days',
  '31_60': '31-60 days',
  '61_90': '61-90 days',
  over_90: 'Over 90 days',
};
export type AgedDebt = Record<AgedBucket, number>;

const sum = (values: Iterable<number>) => {
  let total = 0;
  for (const value of values) total += value;
  return total;
};

const DAY_MS = 86_400_000;
const DAY_PREFIX = /^(\d{4})-(\d{2})-(\d{2})/;

/** A calendar day 'YYYY-MM-DD' as a count of days (UTC midnights, so no clock change can shift it); NaN if not one. */
function dayNumber(day: string): number {
  const match = DAY_PREFIX.exec(day);
  if (!match) return Number.NaN;
  return new Date(0).setUTCFullYear(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS;
}

/**
 * Days from the due day to `asOf`: 0 or less while the invoice is not yet past due. Calendar days counted in
 * plain arithmetic: the same in every time zone and across the clock changes, and cheap enough for the aged
 * debt of a large ledger (date-fns' parseISO + differenceInCalendarDays took ~25 µs a call).
 */
export function daysPastDue(dueOn: string, asOf: string): number {
  return dayNumber(asOf) - dayNumber(dueOn);
}

/** The aged-debt bucket of an invoice so many days past due: current until the day after it falls due. */
export function bucketOf(pastDue: number): AgedBucket {
  if (pastDue <= 0) return 'current';
  if (pastDue <= 30) return '1_30';
  if (pastDue <= 60) return '31_60';
  if (pastDue <= 90) return '61_90';
  return 'over_90';
}

const isLive = (payment: LedgerPayment) => payment.reversal === null;

/** Each invoice with its credit notes and live allocations, oldest first (issued, then number). */
export function invoiceStates(ledger: Ledger): InvoiceState[] {
  const credited = new Map<number, number>();
  const add = (invoiceId: number, pence: number) =>
    credited.set(invoiceId, (credited.get(invoiceId) ?? 0) + pence);
  const noteInvoice = new Map<number, number>();
  for (const note of ledger.creditNotes) {
    add(note.invoiceId, note.amountPence);
    noteInvoice.set(note.id, note.invoiceId);
  }
  for (const moved of ledger.creditAllocations ?? []) {
    const from = noteInvoice.get(moved.creditNoteId);
    if (from === undefined) continue;
    add(from, -moved.amountPence);
    add(moved.invoiceId, moved.amountPence);
  }
  const live = new Set(ledger.payments.filter(isLive).map((payment) => payment.id));
  const paid = new Map<number, number>();
  for (const allocation of ledger.allocations) {
    if (!live.has(allocation.paymentId)) continue;
    paid.set(allocation.invoiceId, (paid.get(allocation.invoiceId) ?? 0) + allocation.amountPence);
  }
  return [...ledger.invoices]
    .sort((a, b) => a.issuedOn.localeCompare(b.issuedOn) || a.id - b.id)
    .map((invoice) => {
      const creditedPence = credited.get(invoice.id) ?? 0;
      const paidPence = paid.get(invoice.id) ?? 0;
      return {
        ...invoice,
        creditedPence,
        paidPence,
        openPence: Math.max(0, invoice.totalPence - creditedPence - paidPence),
      };
    });
}

/** What the company owes: invoices less credit notes less live payments. Below zero, it is in credit. */
export function balancePence(ledger: Ledger): number {
  return (
    sum(ledger.invoices.map((invoice) => invoice.totalPence)) -
    sum(ledger.creditNotes.map((note) => note.amountPence)) -
    sum(ledger.payments.filter(isLive).map((payment) => payment.amountPence))
  );
}

/**
 * Credit on the account not set against any invoice: live payments' unallocated parts, and whatever credit
 * notes and allocations cover beyond an invoice's total (an invoice paid and then credited).
 * balance = Σ open invoices − unapplied credit, always.
 */
export function unappliedCreditPence(ledger: Ledger): number {
  const states = invoiceStates(ledger);
  const live = ledger.payments.filter(isLive);
  const liveIds = new Set(live.map((payment) => payment.id));
  const allocated = sum(
    ledger.allocations.filter((a) => liveIds.has(a.paymentId)).map((allocation) => allocation.amountPence),
  );
  const excess = sum(states.map((s) => Math.max(0, s.creditedPence + s.paidPence - s.totalPence)));
  return sum(live.map((payment) => payment.amountPence)) - allocated + excess;
}

/** A credit note's credit: what of it was set against other invoices, and what is left to set (its credit). */
export interface CreditNoteCredit {
  id: number;
  invoiceId: number;
  amountPence: number;
  allocatedPence: number;
  /**
   * What can still be set against other invoices: no more than the note less what was moved, and no more than
   * its invoice is covered beyond its total (a note on an invoice still open first pays that invoice).
   */
  unallocatedPence: number;
}

/** Each credit note with what of its credit is set against other invoices and what is left. */
export function creditNoteCredits(ledger: Ledger): CreditNoteCredit[] {
  const excess = new Map(
    invoiceStates(ledger).map((s) => [s.id, Math.max(0, s.creditedPence + s.paidPence - s.totalPence)]),
  );
  return ledger.creditNotes.map((note) => {
    const allocatedPence = sum(
      (ledger.creditAllocations ?? []).filter((a) => a.creditNoteId === note.id).map((a) => a.amountPence),
    );
    return {
      id: note.id,
      invoiceId: note.invoiceId,
      amountPence: note.amountPence,
      allocatedPence,
      unallocatedPence: Math.max(
        0,
        Math.min(note.amountPence - allocatedPence, excess.get(note.invoiceId) ?? 0),
      ),
    };
  });
}

/** The open invoices' amounts by how long they are past due on `asOf`. */
export function agedDebt(states: readonly InvoiceState[], asOf: string): AgedDebt {
  const aged: AgedDebt = { current: 0, '1_30': 0, '31_60': 0, '61_90': 0, over_90: 0 };
  for (const state of states) {
    if (state.openPence > 0) aged[bucketOf(daysPastDue(state.dueOn, asOf))] += state.openPence;
  }
  return aged;
}

/** What is past due on `asOf`: the open amounts of invoices whose due day has gone. */
export function overduePence(states: readonly InvoiceState[], asOf: string): number {
  return sum(states.filter((s) => s.openPence > 0 && daysPastDue(s.dueOn, asOf) > 0).map((s) => s.openPence));
}

/** The balance, aged debt and overdue figure a company page shows. */
export interface AccountPosition {
  balancePence: number;
  overduePence: number;
  unappliedCreditPence: number;
  aged: AgedDebt;
  /** The oldest open invoice's days past due (0 when nothing is past due). */
  mostDaysOverdue: number;
}

export function accountPosition(ledger: Ledger, asOf: string): AccountPosition {
  const states = invoiceStates(ledger);
  // A loop, not Math.max(...days): spreading one argument per open invoice overflows the stack past ~150,000.
  let mostDaysOverdue = 0;
  for (const state of states) {
    if (state.openPence > 0) mostDaysOverdue = Math.max(mostDaysOverdue, daysPastDue(state.dueOn, asOf));
  }
  return {
    balancePence: balancePence(ledger),
    overduePence: overduePence(states, asOf),
    unappliedCreditPence: unappliedCreditPence(ledger),
    aged: agedDebt(states, asOf),
    mostDaysOverdue,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Allocation
// ---------------------------------------------------------------------------------------------------------

/** One invoice's share of a payment. */
export interface AllocationLine {
  invoiceId: number;
  amountPence: number;
}

/**
 * The suggested allocation of `amountPence`: the open invoices, oldest due first, each up to what is open on
 * it; what is left over stays as credit on the account.
 */
export function suggestAllocation(
  states: readonly InvoiceState[],
  amountPence: number,
): { lines: AllocationLine[]; unallocatedPence: number } {
  let left = amountPence;
  const lines: AllocationLine[] = [];
  const open = states
    .filter((s) => s.openPence > 0)
    .sort((a, b) => a.dueOn.localeCompare(b.dueOn) || a.issuedOn.localeCompare(b.issuedOn) || a.id - b.id);
  for (const state of open) {
    if (left <= 0) break;
    const take = Math.min(left, state.openPence);
    lines.push({ invoiceId: state.id, amountPence: take });
    left -= take;
  }
  return { lines, unallocatedPence: left };
}

/** Why an allocation cannot be made, keyed as the API's field errors are. */
export type AllocationProblem =
  | { kind: 'unknown_invoice'; invoiceId: number }
  | { kind: 'duplicate_invoice'; invoiceId: number }
  | { kind: 'over_invoice'; invoiceId: number; openPence: number }
  | { kind: 'over_payment'; allocatedPence: number; amountPence: number }
  | { kind: 'not_positive'; invoiceId: number };

/**
 * Checks a proposed allocation of `availablePence` (a new payment's amount, or an earlier payment's
 * unallocated part): every line names an open invoice once, takes more than nothing and no more than is open on
 * it, and together the lines take no more than is available. Never over-allocates.
 */
export function checkAllocation(
  states: readonly InvoiceState[],
  availablePence: number,
  lines: readonly AllocationLine[],
): AllocationProblem | null {
  const byId = new Map(states.map((s) => [s.id, s]));
  const seen = new Set<number>();
  let total = 0;
  for (const line of lines) {
    const state = byId.get(line.invoiceId);
    if (!state) return { kind: 'unknown_invoice', invoiceId: line.invoiceId };
    if (seen.has(line.invoiceId)) return { kind: 'duplicate_invoice', invoiceId: line.invoiceId };
    seen.add(line.invoiceId);
    if (!(line.amountPence > 0)) return { kind: 'not_positive', invoiceId: line.invoiceId };
    if (line.amountPence > state.openPence) {
      return { kind: 'over_invoice', invoiceId: line.invoiceId, openPence: state.openPence };
    }
    total += line.amountPence;
  }
  if (total > availablePence)
    return { kind: 'over_payment', allocatedPence: total, amountPence: availablePence };
  return null;
}

/**
 * What a write adds to a ledger: a payment received with the lines set against invoices, more of an earlier
 * payment set against invoices, a payment's reversal, or a credit note's credit set against invoices.
 */
export type LedgerEntry =
  | { kind: 'payment'; payment: LedgerPayment; lines: readonly AllocationLine[] }
  | { kind: 'allocation'; paymentId: number; lines: readonly AllocationLine[] }
  | { kind: 'reversal'; paymentId: number; reversal: NonNullable<LedgerPayment['reversal']> }
  | { kind: 'credit_allocation'; creditNoteId: number; lines: readonly AllocationLine[] };

/**
 * The ledger with `entry` in it, as the write that stores the entry leaves it: what it closes or re-opens, the
 * balance and the hold rule are worked out from this, with no second read.
 */
export function ledgerWith(ledger: Ledger, entry: LedgerEntry): Ledger {
  const allocated = (paymentId: number, lines: readonly AllocationLine[]) => [
    ...ledger.allocations,
    ...lines.map((line) => ({ paymentId, ...line })),
  ];
  switch (entry.kind) {
    case 'payment':
      return {
        ...ledger,
        payments: [...ledger.payments, entry.payment],
        allocations: allocated(entry.payment.id, entry.lines),
      };
    case 'allocation':
      return { ...ledger, allocations: allocated(entry.paymentId, entry.lines) };
    case 'reversal':
      return {
        ...ledger,
        payments: ledger.payments.map((p) =>
          p.id === entry.paymentId ? { ...p, reversal: entry.reversal } : p,
        ),
      };
    case 'credit_allocation':
      return {
        ...ledger,
        creditAllocations: [
          ...(ledger.creditAllocations ?? []),
          ...entry.lines.map((line) => ({ creditNoteId: entry.creditNoteId, ...line })),
        ],
      };
  }
}

// ---------------------------------------------------------------------------------------------------------
// Statement
// ---------------------------------------------------------------------------------------------------------

export type StatementLineKind = 'invoice' | 'credit_note' | 'payment' | 'payment_reversal';

export interface StatementLine {
  on: string;
  kind: StatementLineKind;
  /** The entry's id (the order's for an invoice; the refund's; the payment's or its reversal's). */
  id: number;
  /** 'Invoice 42', 'Credit note 7', 'Bank transfer BACS-123', 'Reversal of payment 12'. */
  description: string;
  debitPence: number;
  creditPence: number;
  /** The running balance after this line. */
  balancePence: number;
}

export interface Statement {
  /** The month, 'YYYY-MM', and its first and last days (today, for the current month to date). */
  month: string;
  from: string;
  to: string;
  openingBalancePence: number;
  lines: StatementLine[];
  closingBalancePence: number;
  /** Aged debt on the last day (the month's, or today's for the current month), counting entries up to it. */
  aged: AgedDebt;
  overduePence: number;
  unappliedCreditPence: number;
  /**
   * The invoices still open on the last day, oldest first (issued, then id), with what is open on each: what the
   * remittance slip lists to tick. Their open amounts add up to the aged debt.
   */
  openInvoices: InvoiceState[];
}

/** The first and last days of a month 'YYYY-MM'. */
export function monthBounds(month: string): { from: string; to: string } {
  const first = parseISO(`${month}-01`);
  return { from: format(startOfMonth(first), 'yyyy-MM-dd'), to: format(endOfMonth(first), 'yyyy-MM-dd') };
}

/** The ledger as it stood at the end of `on`: entries dated after it left out, reversals after it ignored. */
export function ledgerAsOf(ledger: Ledger, on: string): Ledger {
  const payments = ledger.payments
    .filter((p) => p.receivedOn <= on)
    .map((p) => (p.reversal && p.reversal.on > on ? { ...p, reversal: null } : p));
  const paymentIds = new Set(payments.map((p) => p.id));
  const invoices = ledger.invoices.filter((i) => i.issuedOn <= on);
  const invoiceIds = new Set(invoices.map((i) => i.id));
  const creditNotes = ledger.creditNotes.filter((n) => n.issuedOn <= on && invoiceIds.has(n.invoiceId));
  const noteIds = new Set(creditNotes.map((n) => n.id));
  return {
    invoices,
    creditNotes,
    payments,
    allocations: ledger.allocations.filter((a) => paymentIds.has(a.paymentId) && invoiceIds.has(a.invoiceId)),
    creditAllocations: (ledger.creditAllocations ?? []).filter(
      (a) => noteIds.has(a.creditNoteId) && invoiceIds.has(a.invoiceId),
    ),
  };
}

/**
 * An invoice's bare name, which every statement, screen and e-mail words around: its number (INV-000042), or its
 * order's (order #7) for one made before invoices were numbered.
 */
export function invoiceName(invoice: Pick<LedgerInvoice, 'id' | 'number'>): string {
  return invoice.number === null ? `order #${invoice.id}` : documentNumber('invoice', invoice.number);
}

/**
 * What follows the word 'Invoice' wherever one is written out (a statement line, the remittance slip's Invoice
 * column, the receipt, the reminders): its name, or 'for order #7' for one made before invoices were numbered.
 */
export function invoiceLabel(invoice: Pick<LedgerInvoice, 'id' | 'number'>): string {
  return invoice.number === null ? `for ${invoiceName(invoice)}` : invoiceName(invoice);
}

/** A credit note as the statement and the screens name it: its number (CN-000003), or its id before numbers. */
export function creditNoteName(note: Pick<LedgerCreditNote, 'id' | 'number'>): string {
  return note.number === null ? String(note.id) : documentNumber('credit_note', note.number);
}

function entryLines(ledger: Ledger): Omit<StatementLine, 'balancePence'>[] {
  const lines: Omit<StatementLine, 'balancePence'>[] = [];
  const invoices = new Map<number, LedgerInvoice>();
  for (const invoice of ledger.invoices) {
    invoices.set(invoice.id, invoice);
    const po = invoice.purchaseOrderNumber ? ` (PO ${invoice.purchaseOrderNumber})` : '';
    lines.push({
      on: invoice.issuedOn,
      kind: 'invoice',
      id: invoice.id,
      description: `Invoice ${invoiceLabel(invoice)}${po}, due ${formatUkDay(invoice.dueOn)}`,
      debitPence: invoice.totalPence,
      creditPence: 0,
    });
  }
  for (const note of ledger.creditNotes) {
    const against = invoices.get(note.invoiceId);
    lines.push({
      on: note.issuedOn,
      kind: 'credit_note',
      id: note.id,
      description: `Credit note ${creditNoteName(note)}${
        against?.number != null ? ` against ${invoiceName(against)}` : ''
      }`,
      debitPence: 0,
      creditPence: note.amountPence,
    });
  }
  for (const payment of ledger.payments) {
    const reference = payment.reference ? ` ${payment.reference}` : '';
    lines.push({
      on: payment.receivedOn,
      kind: 'payment',
      id: payment.id,
      description: `${RECEIVED_METHOD_LABELS[payment.method]}${reference}`,
      debitPence: 0,
      creditPence: payment.amountPence,
    });
    if (payment.reversal) {
      lines.push({
        on: payment.reversal.on,
        kind: 'payment_reversal',
        id: payment.reversal.id,
        description: `Reversal of the payment of ${formatUkDay(payment.receivedOn)}${reference}`,
        debitPence: payment.amountPence,
        creditPence: 0,
      });
    }
  }
  const order: Record<StatementLineKind, number> = {
    invoice: 0,
    credit_note: 1,
    payment: 2,
    payment_reversal: 3,
  };
  return lines.sort((a, b) => a.on.localeCompare(b.on) || order[a.kind] - order[b.kind] || a.id - b.id);
}

/** Every entry of the ledger in date order with the running balance: the whole history's statement lines. */
export function ledgerLines(ledger: Ledger): StatementLine[] {
  let balance = 0;
  return entryLines(ledger).map((line) => {
    balance += line.debitPence - line.creditPence;
    return { ...line, balancePence: balance };
  });
}

/**
 * A month's statement: the balance brought forward from every entry before the month, each entry dated in the
 * month with the running balance, the closing balance, and the aged debt as it stood on the month's last day.
 * closing = opening + Σ debits − Σ credits = the balance of the ledger as of the last day. Given `today`, the
 * current month runs to today (month to date), its aged debt dated today, never a day still to come.
 */
export function statementFor(ledger: Ledger, month: string, today?: string): Statement {
  const { from, to: monthEnd } = monthBounds(month);
  const to = today !== undefined && today >= from && today < monthEnd ? today : monthEnd;
  const all = entryLines(ledger);
  let balance = sum(all.filter((l) => l.on < from).map((l) => l.debitPence - l.creditPence));
  const openingBalancePence = balance;
  const lines: StatementLine[] = [];
  for (const line of all) {
    if (line.on < from || line.on > to) continue;
    balance += line.debitPence - line.creditPence;
    lines.push({ ...line, balancePence: balance });
  }
  const atEnd = ledgerAsOf(ledger, to);
  const states = invoiceStates(atEnd);
  return {
    month,
    from,
    to,
    openingBalancePence,
    lines,
    closingBalancePence: balance,
    aged: agedDebt(states, to),
    overduePence: overduePence(states, to),
    unappliedCreditPence: unappliedCreditPence(atEnd),
    openInvoices: states.filter((state) => state.openPence > 0),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Reminders, holds and the monthly statement run
// ---------------------------------------------------------------------------------------------------------

export interface ReceivablesSettings {
  /** Days before the due day that the first reminder goes. */
  reminder_days_before: number;
  /** Days between reminders once an invoice is overdue. */
  overdue_reminder_every_days: number;
  /** A company with an invoice more than this many days overdue is put on hold. */
  hold_after_days_overdue: number;
  /** Whether each company's administrators are e-mailed last month's statement on the first working day. */
  email_statements: boolean;
}

export const DEFAULT_RECEIVABLES_SETTINGS: ReceivablesSettings = {
  reminder_days_before: 3,
  overdue_reminder_every_days: 7,
  hold_after_days_overdue: 14,
  email_statements: true,
};

/** Bounds of the settings (docs/security.md). */
export const RECEIVABLES_SETTING_LIMITS = {
  reminder_days_before: { min: 1, max: 30 },
  overdue_reminder_every_days: { min: 1, max: 60 },
  hold_after_days_overdue: { min: 1, max: 365 },
} as const;

/**
 * The reminder an open invoice is due on `today`, named by its period, or null: 'before' from
 * `reminder_days_before` days before the due day; 'due' on the due day; 'overdue-n' once n whole
 * `overdue_reminder_every_days` have passed since it. Each period is sent once (the caller's unique key), and a
 * period missed while no process ran is sent late rather than never; a later period replaces an earlier one.
 */
export function reminderDue(
  dueOn: string,
  today: string,
  settings: Pick<ReceivablesSettings, 'reminder_days_before' | 'overdue_reminder_every_days'>,
): { period: string; kind: 'before' | 'due' | 'overdue'; daysPastDue: number } | null {
  const past = daysPastDue(dueOn, today);
  if (past < -settings.reminder_days_before) return null;
  if (past < 0) return { period: 'before', kind: 'before', daysPastDue: past };
  const n = Math.floor(past / settings.overdue_reminder_every_days);
  if (n === 0) return { period: 'due', kind: 'due', daysPastDue: past };
  return { period: `overdue-${n}`, kind: 'overdue', daysPastDue: past };
}

/** Whether a company's open invoices put it on hold on `today`: one is more than the setting's days overdue. */
export function holdIsDue(states: readonly InvoiceState[], today: string, holdAfterDays: number): boolean {
  return states.some((s) => s.openPence > 0 && daysPastDue(s.dueOn, today) > holdAfterDays);
}

/**
 * What the automatic hold rule does to a company on `today`: set a hold, lift the automatic one, or nothing.
 * A hold set by staff is theirs to lift; the rule never touches it.
 */
export function holdAction(
  company: { onHold: boolean; holdSetBy: 'staff' | 'automatic' | null },
  states: readonly InvoiceState[],
  today: string,
  holdAfterDays: number,
): 'set' | 'lift' | null {
  const due = holdIsDue(states, today, holdAfterDays);
  if (due && !company.onHold) return 'set';
  if (!due && company.onHold && company.holdSetBy === 'automatic') return 'lift';
  return null;
}

/** The reason buyers read on an automatic hold. */
export function automaticHoldReason(holdAfterDays: number): string {
  return `An invoice is more than ${holdAfterDays} days overdue. Pay it to order on account again.`;
}

/** The first working day (Monday to Friday) of a month 'YYYY-MM'; bank holidays are not skipped. */
export function firstWorkingDay(month: string): string {
  let day = parseISO(`${month}-01`);
  while (isWeekend(day)) day = addDays(day, 1);
  return format(day, 'yyyy-MM-dd');
}

/** The month before the one `day` falls in, 'YYYY-MM'. */
export function previousMonth(day: string): string {
  return format(addDays(startOfMonth(parseISO(day)), -1), 'yyyy-MM');
}

// ---------------------------------------------------------------------------------------------------------
// VAT quarters
// ---------------------------------------------------------------------------------------------------------

/** A VAT quarter 'YYYY-Qn' (calendar quarters: Q1 is January to March) as its first and last days. */
export function quarterBounds(quarter: string): { from: string; to: string } {
  const match = /^(\d{4})-Q([1-4])$/.exec(quarter);
  if (!match) throw new RangeError(`Not a quarter: ${quarter}`);
  const year = Number(match[1]);
  const firstMonth = (Number(match[2]) - 1) * 3 + 1;
  const first = parseISO(`${year}-${String(firstMonth).padStart(2, '0')}-01`);
  const last = endOfMonth(addDays(endOfMonth(addDays(endOfMonth(first), 1)), 1));
  return { from: format(first, 'yyyy-MM-dd'), to: format(last, 'yyyy-MM-dd') };
}
