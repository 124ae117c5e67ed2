import {
  accountPosition,
  AGED_BUCKETS,
  type AgedDebt,
  type AgedView,
  type AllocationLine,
  type AllocationProblem,
  checkAllocation,
  COMPANY_MESSAGES,
  type CreditNoteCredit,
  creditNoteCredits,
  daysPastDue,
  type InvoiceState,
  invoiceStates,
  type Ledger,
  ledgerLines,
  ledgerWith,
  type LedgerCreditNoteView,
  type LedgerView,
  penceToDecimal,
  RECEIVABLES_MESSAGES,
  type RecordPaymentInput,
  suggestAllocation,
  ukToday,
} from '@shop/domain';
import type { LedgerPaymentViewSchema } from '@shop/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { Conflict, Invalid, NotFound } from '../../http/errors';
import { audit, type Actor } from '../administration/audit';
import { lockCompany, selectAccountsRecipients } from '../companies/administrators';
import { enqueueEmails } from '../mail/service';
import { selectSetting } from '../settings/service';
import { receiptEmail } from './emails';
import { applyHoldRule } from './holds';
import * as queries from './queries';

export type LedgerPaymentView = z.infer<typeof LedgerPaymentViewSchema>;

/** The five aged buckets in pounds. */
export function agedViewOf(aged: AgedDebt): AgedView {
  return Object.fromEntries(AGED_BUCKETS.map((bucket) => [bucket, penceToDecimal(aged[bucket])])) as AgedView;
}

/** The balance, overdue amount and aged buckets of a ledger on `today`, as the company views answer them. */
export function positionViewOf(ledger: Ledger, today: string) {
  const position = accountPosition(ledger, today);
  return {
    balance: penceToDecimal(position.balancePence),
    overdue: penceToDecimal(position.overduePence),
    aged: agedViewOf(position.aged),
  };
}

/** Each invoice's number by its id: the payment and credit-note views name by it what they cover. */
const invoiceNumbersOf = (ledger: Ledger): ReadonlyMap<number, number | null> =>
  new Map(ledger.invoices.map((invoice) => [invoice.id, invoice.number]));

/** Each credit note's credit by the note's id. */
const creditsOf = (ledger: Ledger): ReadonlyMap<number, CreditNoteCredit> =>
  new Map(creditNoteCredits(ledger).map((credit) => [credit.id, credit]));

function paymentViewOf(
  ledger: Ledger,
  paymentId: number,
  numbers = invoiceNumbersOf(ledger),
): LedgerPaymentView {
  const payment = ledger.payments.find((p) => p.id === paymentId)!;
  const allocations = ledger.allocations.filter((a) => a.paymentId === paymentId);
  return {
    id: payment.id,
    received_on: payment.receivedOn,
    amount: penceToDecimal(payment.amountPence),
    method: payment.method,
    reference: payment.reference,
    allocated: penceToDecimal(allocations.reduce((total, a) => total + a.amountPence, 0)),
    allocations: allocations.map((a) => ({
      invoice: a.invoiceId,
      number: numbers.get(a.invoiceId) ?? null,
      amount: penceToDecimal(a.amountPence),
    })),
    reversed: payment.reversal ? { on: payment.reversal.on, reason: payment.reversal.reason } : null,
  };
}

/**
 * One credit note's view. `credits` and `numbers` are the ledger's: the ledger view works them out once for all
 * its notes (creditNoteCredits runs invoiceStates over the whole ledger), a single note's view for itself.
 */
function creditNoteViewOf(
  ledger: Ledger,
  creditNoteId: number,
  credits: ReadonlyMap<number, CreditNoteCredit> = creditsOf(ledger),
  numbers = invoiceNumbersOf(ledger),
): LedgerCreditNoteView {
  const note = ledger.creditNotes.find((n) => n.id === creditNoteId)!;
  const credit = credits.get(creditNoteId)!;
  return {
    id: note.id,
    number: note.number,
    invoice: note.invoiceId,
    issued_on: note.issuedOn,
    amount: penceToDecimal(note.amountPence),
    unallocated: penceToDecimal(credit.unallocatedPence),
    allocations: (ledger.creditAllocations ?? [])
      .filter((a) => a.creditNoteId === creditNoteId)
      .map((a) => ({
        invoice: a.invoiceId,
        number: numbers.get(a.invoiceId) ?? null,
        amount: penceToDecimal(a.amountPence),
      })),
  };
}

/** GET administration/companies/{id}/ledger/: the whole ledger as of `today`. */
export function ledgerViewOf(ledger: Ledger, today: string): LedgerView {
  const position = accountPosition(ledger, today);
  const numbers = invoiceNumbersOf(ledger);
  const credits = creditsOf(ledger);
  return {
    balance: penceToDecimal(position.balancePence),
    overdue: penceToDecimal(position.overduePence),
    unapplied_credit: penceToDecimal(position.unappliedCreditPence),
    aged: agedViewOf(position.aged),
    invoices: invoiceStates(ledger).map((state) => ({
      id: state.id,
      number: state.number,
      purchase_order_number: state.purchaseOrderNumber ?? null,
      issued_on: state.issuedOn,
      due_on: state.dueOn,
      total: penceToDecimal(state.totalPence),
      credited: penceToDecimal(state.creditedPence),
      paid: penceToDecimal(state.paidPence),
      open: penceToDecimal(state.openPence),
      days_past_due: daysPastDue(state.dueOn, today),
    })),
    payments: ledger.payments.map((payment) => paymentViewOf(ledger, payment.id, numbers)),
    credit_notes: ledger.creditNotes.map((note) => creditNoteViewOf(ledger, note.id, credits, numbers)),
    entries: ledgerLines(ledger).map((line) => ({
      on: line.on,
      kind: line.kind,
      id: line.id,
      description: line.description,
      debit: penceToDecimal(line.debitPence),
      credit: penceToDecimal(line.creditPence),
      balance: penceToDecimal(line.balancePence),
    })),
  };
}

/**
 * An allocation problem as the API's field errors: the line's own field, or the whole list (`overTotal`: the
 * message for more than is available, a payment's or a credit note's).
 */
function allocationErrors(
  problem: AllocationProblem,
  lines: readonly AllocationLine[],
  overTotal: string = RECEIVABLES_MESSAGES.overPayment,
): Record<string, string[]> {
  if (problem.kind === 'over_payment') return { allocations: [overTotal] };
  const indexes = lines.flatMap((line, index) => (line.invoiceId === problem.invoiceId ? [index] : []));
  switch (problem.kind) {
    case 'unknown_invoice':
      return { [`allocations.${indexes[0]}.invoice`]: [RECEIVABLES_MESSAGES.unknownInvoice] };
    case 'duplicate_invoice':
      return { [`allocations.${indexes[1] ?? indexes[0]}.invoice`]: [RECEIVABLES_MESSAGES.duplicateInvoice] };
    case 'not_positive':
      return { [`allocations.${indexes[0]}.amount`]: [RECEIVABLES_MESSAGES.allocationRange] };
    case 'over_invoice':
      return problem.openPence === 0
        ? { [`allocations.${indexes[0]}.invoice`]: [RECEIVABLES_MESSAGES.unknownInvoice] }
        : {
            [`allocations.${indexes[0]}.amount`]: [
              RECEIVABLES_MESSAGES.overInvoice(penceToDecimal(problem.openPence)),
            ],
          };
  }
}

/** The invoices among `ids` that `after` leaves fully covered, and those it leaves open. */
function coverage(after: Ledger, ids: Iterable<number>) {
  const byId = new Map<number, InvoiceState>(invoiceStates(after).map((state) => [state.id, state]));
  const closed: number[] = [];
  const open: number[] = [];
  for (const id of new Set(ids)) {
    const state = byId.get(id);
    if (!state) continue;
    (state.openPence === 0 ? closed : open).push(id);
  }
  return { closed, open };
}

const linesOf = (allocations: readonly { invoice: number; amount: number }[]): AllocationLine[] =>
  allocations.map((line) => ({ invoiceId: line.invoice, amountPence: line.amount }));

/**
 * Payments received and the ledger in the back office. Every write runs in one transaction with
 * the company's row locked (FOR UPDATE) and its ledger read after the lock, so two staff recording at once
 * allocate one after the other and never over-allocate an invoice; then the invoices' payment status, the
 * audit row, the e-mails and the hold rule, in the same transaction.
 */
export function createReceivablesService(db: Db) {
  async function lockedCompany(tx: Db, companyId: number, approvedOnly: boolean) {
    const company = await lockCompany(tx, companyId);
    if (!company) throw new NotFound();
    if (approvedOnly && company.status !== 'approved') throw new Conflict(COMPANY_MESSAGES.notApproved);
    return company;
  }

  /** The hold rule over the ledger as this write leaves it (an approved company only). */
  async function holdRule(
    tx: Db,
    company: NonNullable<Awaited<ReturnType<typeof lockCompany>>>,
    after: Ledger,
    today: string,
  ) {
    if (company.status !== 'approved') return;
    const settings = await selectSetting(tx, 'receivables');
    await applyHoldRule(tx, company.id, today, settings, { company, ledger: after });
  }

  return {
    /** GET ledger/: one statement; 404 for an unknown company. */
    async ledger(companyId: number, now: Date = new Date()): Promise<LedgerView> {
      const ledger = await queries.selectCompanyLedger(db, companyId);
      if (!ledger) throw new NotFound();
      return ledgerViewOf(ledger, ukToday(now));
    },

    /**
     * Records a payment received: the given allocation, checked, or the suggested one (oldest due first);
     * the rest stays as credit. Invoices it covers are COMPLETED; the administrators are e-mailed a receipt.
     */
    async record(
      staff: Actor,
      companyId: number,
      body: RecordPaymentInput,
      now: Date = new Date(),
    ): Promise<LedgerPaymentView> {
      return db.transaction(async (tx) => {
        const company = await lockedCompany(tx, companyId, true);
        const today = ukToday(now);
        if (body.received_on > today) throw new Invalid({ received_on: [RECEIVABLES_MESSAGES.future] });
        const ledger = await queries.selectLedger(tx, companyId);
        const states = invoiceStates(ledger);
        let lines: AllocationLine[];
        if (body.allocations) {
          lines = linesOf(body.allocations);
          const problem = checkAllocation(states, body.amount, lines);
          if (problem) throw new Invalid(allocationErrors(problem, lines));
        } else {
          lines = suggestAllocation(states, body.amount).lines;
        }
        const payment = await queries.insertPayment(tx, {
          companyId,
          amountPence: body.amount,
          receivedOn: body.received_on,
          method: body.method,
          reference: body.reference,
          recordedBy: staff.id,
        });
        await queries.insertAllocations(tx, payment.id, lines);
        const after = ledgerWith(ledger, {
          kind: 'payment',
          payment: {
            id: payment.id,
            receivedOn: payment.receivedOn,
            amountPence: payment.amountPence,
            method: payment.method,
            reference: payment.reference,
            reversal: null,
          },
          lines,
        });
        const { closed } = coverage(
          after,
          lines.map((line) => line.invoiceId),
        );
        await queries.setInvoiceStatuses(tx, companyId, { closed, reopened: [] });
        await audit(tx, staff, {
          action: 'payment.record',
          entityType: 'payment_received',
          entityId: payment.id,
          after: {
            company_id: companyId,
            amount_pence: payment.amountPence,
            received_on: payment.receivedOn,
            method: payment.method,
            reference: payment.reference,
            allocations: lines.map((line) => ({ order_id: line.invoiceId, amount_pence: line.amountPence })),
          },
        });
        const numbers = new Map(ledger.invoices.map((invoice) => [invoice.id, invoice.number]));
        const paid = lines.map((line) => ({
          orderId: line.invoiceId,
          number: numbers.get(line.invoiceId) ?? null,
          amountPence: line.amountPence,
        }));
        const balance = accountPosition(after, today).balancePence;
        const recipients = await selectAccountsRecipients(tx, companyId);
        await enqueueEmails(
          tx,
          recipients.map((to) => receiptEmail(to, company, payment, paid, balance)),
        );
        await holdRule(tx, company, after, today);
        return paymentViewOf(after, payment.id);
      });
    },

    /**
     * Reverses a payment recorded by mistake with an entry dated today (never a deletion): its allocations no
     * longer count, so the invoices they closed are ON_ACCOUNT again. 409 when already reversed.
     */
    async reverse(
      staff: Actor,
      companyId: number,
      paymentId: number,
      reason: string,
      now: Date = new Date(),
    ): Promise<LedgerPaymentView> {
      return db.transaction(async (tx) => {
        const company = await lockedCompany(tx, companyId, false);
        const payment = await queries.lockPayment(tx, companyId, paymentId);
        if (!payment) throw new NotFound();
        if (payment.reversed) throw new Conflict(RECEIVABLES_MESSAGES.alreadyReversed);
        const today = ukToday(now);
        const ledger = await queries.selectLedger(tx, companyId);
        const reversalId = await queries.insertReversal(tx, payment, today, reason, staff.id);
        const after = ledgerWith(ledger, {
          kind: 'reversal',
          paymentId,
          reversal: { id: reversalId, on: today, reason },
        });
        const { open } = coverage(
          after,
          ledger.allocations.filter((a) => a.paymentId === paymentId).map((a) => a.invoiceId),
        );
        await queries.setInvoiceStatuses(tx, companyId, { closed: [], reopened: open });
        await audit(tx, staff, {
          action: 'payment.reverse',
          entityType: 'payment_received',
          entityId: paymentId,
          before: { company_id: companyId, amount_pence: payment.amountPence, reversed: false },
          after: { reversal_id: reversalId, received_on: today, reason },
        });
        await holdRule(tx, company, after, today);
        return paymentViewOf(after, paymentId);
      });
    },

    /** Sets more of a live payment's unallocated part (credit on the account) against open invoices. */
    async allocate(
      staff: Actor,
      companyId: number,
      paymentId: number,
      allocations: readonly { invoice: number; amount: number }[],
      now: Date = new Date(),
    ): Promise<LedgerPaymentView> {
      return db.transaction(async (tx) => {
        const company = await lockedCompany(tx, companyId, false);
        const payment = await queries.lockPayment(tx, companyId, paymentId);
        if (!payment) throw new NotFound();
        if (payment.reversed) throw new Conflict(RECEIVABLES_MESSAGES.alreadyReversed);
        const ledger = await queries.selectLedger(tx, companyId);
        const lines = linesOf(allocations);
        const allocated = ledger.allocations
          .filter((a) => a.paymentId === paymentId)
          .reduce((total, a) => total + a.amountPence, 0);
        const problem = checkAllocation(invoiceStates(ledger), payment.amountPence - allocated, lines);
        if (problem) throw new Invalid(allocationErrors(problem, lines));
        if (lines.length === 0) return paymentViewOf(ledger, paymentId);
        await queries.insertAllocations(tx, paymentId, lines);
        const after = ledgerWith(ledger, { kind: 'allocation', paymentId, lines });
        const { closed } = coverage(
          after,
          lines.map((line) => line.invoiceId),
        );
        await queries.setInvoiceStatuses(tx, companyId, { closed, reopened: [] });
        await audit(tx, staff, {
          action: 'payment.allocate',
          entityType: 'payment_received',
          entityId: paymentId,
          after: {
            company_id: companyId,
            allocations: lines.map((line) => ({ order_id: line.invoiceId, amount_pence: line.amountPence })),
          },
        });
        await holdRule(tx, company, after, ukToday(now));
        return paymentViewOf(after, paymentId);
      });
    },

    /**
     * Sets a credit note's credit (what it covers beyond its own invoice, one already paid) against open
     * invoices: the given lines, checked, or the suggested ones (oldest due first), as a payment's. Invoices it
     * covers are COMPLETED, and the hold rule runs, in the same transaction under the company's lock.
     */
    async allocateCreditNote(
      staff: Actor,
      companyId: number,
      creditNoteId: number,
      allocations: readonly { invoice: number; amount: number }[] | undefined,
      now: Date = new Date(),
    ): Promise<LedgerCreditNoteView> {
      return db.transaction(async (tx) => {
        const company = await lockedCompany(tx, companyId, false);
        const ledger = await queries.selectLedger(tx, companyId);
        // The ledger holds the company's credit notes alone (succeeded refunds of its orders on account): another
        // company's, a refund not succeeded or a card order's is not among them.
        const credit = creditNoteCredits(ledger).find((c) => c.id === creditNoteId);
        if (!credit) throw new NotFound();
        const available = credit.unallocatedPence;
        const states = invoiceStates(ledger);
        const lines = allocations ? linesOf(allocations) : suggestAllocation(states, available).lines;
        const problem = checkAllocation(states, available, lines);
        if (problem) {
          throw new Invalid(
            allocationErrors(problem, lines, RECEIVABLES_MESSAGES.overCredit(penceToDecimal(available))),
          );
        }
        if (lines.length === 0) return creditNoteViewOf(ledger, creditNoteId);
        await queries.insertCreditAllocations(tx, creditNoteId, lines, staff.id);
        const after = ledgerWith(ledger, { kind: 'credit_allocation', creditNoteId, lines });
        const { closed } = coverage(
          after,
          lines.map((line) => line.invoiceId),
        );
        await queries.setInvoiceStatuses(tx, companyId, { closed, reopened: [] });
        await audit(tx, staff, {
          action: 'credit_note.allocate',
          entityType: 'credit_note',
          entityId: creditNoteId,
          after: {
            company_id: companyId,
            allocations: lines.map((line) => ({ order_id: line.invoiceId, amount_pence: line.amountPence })),
          },
        });
        await holdRule(tx, company, after, ukToday(now));
        return creditNoteViewOf(after, creditNoteId);
      });
    },
  };
}

export type ReceivablesService = ReturnType<typeof createReceivablesService>;
