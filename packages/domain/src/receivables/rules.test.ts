import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AGED_BUCKETS,
  RECEIVED_METHODS,
  accountPosition,
  creditNoteCredits,
  agedDebt,
  balancePence,
  checkAllocation,
  daysPastDue,
  firstWorkingDay,
  holdAction,
  holdIsDue,
  invoiceStates,
  ledgerAsOf,
  ledgerWith,
  monthBounds,
  overduePence,
  previousMonth,
  quarterBounds,
  reminderDue,
  statementFor,
  suggestAllocation,
  unappliedCreditPence,
  type AgedBucket,
  type AllocationLine,
  type InvoiceState,
  type Ledger,
  type LedgerAllocation,
  type LedgerCreditNote,
  type LedgerInvoice,
  type LedgerPayment,
} from './rules';

// ---------------------------------------------------------------------------------------------------------
// Helpers the tests count with, independent of the rules (plain UTC arithmetic on 'YYYY-MM-DD').
// ---------------------------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;
const dayPlus = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
const total = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const sumAged = (aged: Record<AgedBucket, number>) => total(AGED_BUCKETS.map((bucket) => aged[bucket]));
const openOf = (states: readonly InvoiceState[]) => total(states.map((s) => s.openPence));

/** The bucket the brief names for so many days past due, written out rather than borrowed from bucketOf. */
function expectedBucket(pastDue: number): AgedBucket {
  if (pastDue < 1) return 'current';
  if (pastDue < 31) return '1_30';
  if (pastDue < 61) return '31_60';
  if (pastDue < 91) return '61_90';
  return 'over_90';
}

const BASE = '2025-01-01';

/** Collects what disagrees, so a loop of thousands of comparisons costs one expect. */
class Mismatches {
  readonly list: string[] = [];
  eq<T>(actual: T, expected: T, what: string) {
    if (actual !== expected) this.list.push(`${what}: ${String(actual)} ≠ ${String(expected)}`);
  }
  that(condition: boolean, what: string) {
    if (!condition) this.list.push(what);
  }
}
const settings = { reminder_days_before: 3, overdue_reminder_every_days: 7 };

// ---------------------------------------------------------------------------------------------------------
// The generated ledger
// ---------------------------------------------------------------------------------------------------------

const arbInvoice = fc.record({
  issued: fc.integer({ min: 0, max: 200 }),
  terms: fc.integer({ min: 0, max: 60 }),
  total: fc.integer({ min: 1, max: 200_000 }),
  numbered: fc.boolean(),
  po: fc.option(fc.constantFrom('PO-1', 'ABC/77'), { nil: null }),
});

const arbNote = fc.record({
  invoice: fc.nat(),
  /** Days after the invoice; late ones land on invoices already paid. */
  after: fc.oneof(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 90, max: 250 })),
  /** Per cent of what is still creditable on the invoice. */
  share: fc.integer({ min: 1, max: 100 }),
});

const arbPayment = fc.record({
  received: fc.integer({ min: 0, max: 420 }),
  /** Small part payments up to over-payments of several invoices. */
  amount: fc.oneof(fc.integer({ min: 1, max: 5_000 }), fc.integer({ min: 1, max: 600_000 })),
  method: fc.constantFrom(...RECEIVED_METHODS),
  mode: fc.constantFrom('suggest', 'lines', 'none'),
  picks: fc.array(fc.record({ invoice: fc.nat(), share: fc.integer({ min: 1, max: 100 }) }), {
    maxLength: 4,
  }),
  /** A quarter of the payments are reversed, some the day they were recorded. */
  reversedAfter: fc.oneof(
    { arbitrary: fc.constant(null), weight: 3 },
    { arbitrary: fc.integer({ min: 0, max: 60 }), weight: 1 },
  ),
  /** Its unallocated credit is later set against invoices (AllocateCreditSchema). */
  laterApply: fc.boolean(),
});

const arbSpec = fc.record({
  invoices: fc.array(arbInvoice, { maxLength: 8 }),
  notes: fc.array(arbNote, { maxLength: 8 }),
  payments: fc.array(arbPayment, { maxLength: 8 }),
});

type Spec = typeof arbSpec extends fc.Arbitrary<infer T> ? T : never;

/**
 * A ledger as the API would have built it: each payment allocated on the day it is received (through the
 * suggestion, through lines staff chose that checkAllocation accepted, or not at all), some of them reversed
 * later, and some credit set against invoices afterwards.
 */
function buildLedger(spec: Spec): Ledger {
  const invoices: LedgerInvoice[] = spec.invoices.map((i, index) => {
    const issuedOn = dayPlus(BASE, i.issued);
    return {
      id: 10 + index * 3,
      number: i.numbered ? 100 + index : null,
      issuedOn,
      dueOn: dayPlus(issuedOn, i.terms),
      totalPence: i.total,
      purchaseOrderNumber: i.po,
    };
  });
  const creditNotes: LedgerCreditNote[] = [];
  if (invoices.length > 0) {
    spec.notes.forEach((n, index) => {
      const invoice = invoices[n.invoice % invoices.length]!;
      const credited = total(creditNotes.filter((c) => c.invoiceId === invoice.id).map((c) => c.amountPence));
      const creditable = invoice.totalPence - credited;
      if (creditable <= 0) return;
      creditNotes.push({
        id: 500 + index,
        number: index % 3 === 0 ? null : 900 + index,
        invoiceId: invoice.id,
        issuedOn: dayPlus(invoice.issuedOn, n.after),
        amountPence: Math.max(1, Math.floor((creditable * n.share) / 100)),
      });
    });
  }
  const payments: LedgerPayment[] = spec.payments.map((p, index) => {
    const receivedOn = dayPlus(BASE, p.received);
    return {
      id: 1000 + index * 2,
      receivedOn,
      amountPence: p.amount,
      method: p.method,
      reference: index % 2 === 0 ? `REF-${index}` : '',
      reversal:
        p.reversedAfter === null
          ? null
          : { id: 1001 + index * 2, on: dayPlus(receivedOn, p.reversedAfter), reason: 'Keyed twice' },
    };
  });
  const ledger: Ledger = { invoices, creditNotes, payments, allocations: [] };
  const add = (paymentId: number, lines: readonly AllocationLine[]) => {
    for (const line of lines) ledger.allocations.push({ paymentId, ...line });
  };

  const order = payments
    .map((payment, index) => ({ payment, p: spec.payments[index]! }))
    .sort((a, b) => a.payment.receivedOn.localeCompare(b.payment.receivedOn) || a.payment.id - b.payment.id);
  for (const { payment, p } of order) {
    const states = invoiceStates(ledgerAsOf(ledger, payment.receivedOn));
    if (p.mode === 'suggest') {
      const { lines } = suggestAllocation(states, payment.amountPence);
      expect(checkAllocation(states, payment.amountPence, lines)).toBeNull();
      add(payment.id, lines);
    } else if (p.mode === 'lines') {
      const open = states.filter((s) => s.openPence > 0);
      if (open.length === 0) continue;
      const lines: AllocationLine[] = [];
      for (const pick of p.picks) {
        const state = open[pick.invoice % open.length]!;
        if (lines.some((l) => l.invoiceId === state.id)) continue;
        lines.push({
          invoiceId: state.id,
          amountPence: Math.max(1, Math.ceil((state.openPence * pick.share) / 100)),
        });
      }
      const problem = checkAllocation(states, payment.amountPence, lines);
      if (problem) {
        // Staff chose more than the payment: the only thing wrong with these lines. Keep what fits.
        expect(problem.kind).toBe('over_payment');
        let left = payment.amountPence;
        const fitting = lines.filter((line) => {
          if (line.amountPence > left) return false;
          left -= line.amountPence;
          return true;
        });
        expect(checkAllocation(states, payment.amountPence, fitting)).toBeNull();
        add(payment.id, fitting);
      } else {
        add(payment.id, lines);
      }
    }
  }
  // Credit left on live payments set against whatever is open afterwards.
  for (const { payment, p } of order) {
    if (!p.laterApply || payment.reversal) continue;
    const allocated = total(
      ledger.allocations.filter((a) => a.paymentId === payment.id).map((a) => a.amountPence),
    );
    const available = payment.amountPence - allocated;
    if (available <= 0) continue;
    const states = invoiceStates(ledger);
    const { lines } = suggestAllocation(states, available);
    expect(checkAllocation(states, available, lines)).toBeNull();
    add(payment.id, lines);
  }
  return ledger;
}

const arbLedger = arbSpec.map(buildLedger);

/** Days worth looking at: before anything, through the entries, and long after. */
const SAMPLE_DAYS = Array.from({ length: 24 }, (_, i) => dayPlus(BASE, i * 21 - 1));
/** Months from before the first entry to after the last reversal. */
const MONTHS = Array.from({ length: 20 }, (_, i) => dayPlus('2024-12-01', i * 31).slice(0, 7));

// ---------------------------------------------------------------------------------------------------------
// Properties of the ledger
// ---------------------------------------------------------------------------------------------------------

describe('the ledger, for any mix of invoices, payments, reversals, allocations and credit notes', () => {
  it('owes the open invoices less the unapplied credit, on every day', () => {
    fc.assert(
      fc.property(arbLedger, (ledger) => {
        const wrong = new Mismatches();
        for (const view of [ledger, ...SAMPLE_DAYS.map((day) => ledgerAsOf(ledger, day))]) {
          const states = invoiceStates(view);
          const unapplied = unappliedCreditPence(view);
          wrong.eq(balancePence(view), openOf(states) - unapplied, 'balance = open − unapplied');
          wrong.that(unapplied >= 0, 'unapplied credit is never negative');
          for (const state of states) {
            wrong.eq(
              state.openPence,
              Math.max(0, state.totalPence - state.creditedPence - state.paidPence),
              'open',
            );
          }
        }
        // Nothing is ever allocated beyond its payment.
        for (const payment of ledger.payments) {
          const allocated = total(
            ledger.allocations.filter((a) => a.paymentId === payment.id).map((a) => a.amountPence),
          );
          wrong.that(allocated <= payment.amountPence, `payment ${payment.id} over-allocated`);
        }
        expect(wrong.list).toEqual([]);
      }),
      { numRuns: 150 },
    );
  }, 30_000);

  it('ages every open penny, each invoice in the bucket its days past due name', () => {
    fc.assert(
      fc.property(arbLedger, fc.integer({ min: -10, max: 520 }), (ledger, offset) => {
        const asOf = dayPlus(BASE, offset);
        const states = invoiceStates(ledger);
        const aged = agedDebt(states, asOf);
        expect(sumAged(aged)).toBe(openOf(states));
        const expected: Record<AgedBucket, number> = {
          current: 0,
          '1_30': 0,
          '31_60': 0,
          '61_90': 0,
          over_90: 0,
        };
        for (const state of states) {
          const pastDue = daysBetween(state.dueOn, asOf);
          expect(daysPastDue(state.dueOn, asOf)).toBe(pastDue);
          expected[expectedBucket(pastDue)] += state.openPence;
        }
        expect(aged).toEqual(expected);
        expect(overduePence(states, asOf)).toBe(sumAged(aged) - aged.current);
        const position = accountPosition(ledger, asOf);
        expect(position.aged).toEqual(aged);
        expect(position.balancePence).toBe(openOf(states) - position.unappliedCreditPence);
        const open = states.filter((s) => s.openPence > 0);
        expect(position.mostDaysOverdue).toBe(Math.max(0, ...open.map((s) => daysBetween(s.dueOn, asOf))));
      }),
      { numRuns: 300 },
    );
  }, 30_000);

  it('states each month: opening + debits − credits = closing = the balance on its last day', () => {
    fc.assert(
      fc.property(arbLedger, (ledger) => {
        const wrong = new Mismatches();
        let previousClosing = 0;
        for (const month of MONTHS) {
          const statement = statementFor(ledger, month);
          const { from, to } = monthBounds(month);
          wrong.eq(`${statement.from}..${statement.to}`, `${from}..${to}`, `${month} bounds`);
          wrong.eq(statement.openingBalancePence, previousClosing, `${month} opening = last closing`);
          wrong.eq(
            statement.openingBalancePence,
            balancePence(ledgerAsOf(ledger, dayPlus(from, -1))),
            `${month} opening = balance the day before`,
          );
          const debits = total(statement.lines.map((l) => l.debitPence));
          const credits = total(statement.lines.map((l) => l.creditPence));
          wrong.eq(
            statement.closingBalancePence,
            statement.openingBalancePence + debits - credits,
            `${month} sums`,
          );
          const atEnd = ledgerAsOf(ledger, to);
          wrong.eq(statement.closingBalancePence, balancePence(atEnd), `${month} closing = balance on ${to}`);
          let running = statement.openingBalancePence;
          let last = '';
          for (const line of statement.lines) {
            wrong.that(
              line.on >= from && line.on <= to && line.on >= last,
              `${month} line ${line.on} in order`,
            );
            last = line.on;
            wrong.that(line.debitPence === 0 || line.creditPence === 0, `${month} line debit or credit`);
            running += line.debitPence - line.creditPence;
            wrong.eq(line.balancePence, running, `${month} running balance`);
          }
          if (statement.lines.length > 0) {
            wrong.eq(
              statement.lines.at(-1)!.balancePence,
              statement.closingBalancePence,
              `${month} last line`,
            );
          }
          const states = invoiceStates(atEnd);
          wrong.eq(sumAged(statement.aged), openOf(states), `${month} aged = open`);
          const aged = agedDebt(states, to);
          for (const bucket of AGED_BUCKETS)
            wrong.eq(statement.aged[bucket], aged[bucket], `${month} ${bucket}`);
          wrong.eq(statement.overduePence, overduePence(states, to), `${month} overdue`);
          wrong.eq(
            total(statement.openInvoices.map((s) => s.openPence)),
            sumAged(statement.aged),
            `${month} open invoices = aged`,
          );
          wrong.eq(
            statement.closingBalancePence,
            openOf(states) - statement.unappliedCreditPence,
            `${month} closing = open − unapplied`,
          );
          previousClosing = statement.closingBalancePence;
        }
        // After the last month every entry has been stated: the closing is the whole ledger's balance.
        wrong.eq(previousClosing, balancePence(ledger), 'last closing = balance');
        expect(wrong.list).toEqual([]);
      }),
      { numRuns: 100 },
    );
  }, 30_000);

  it("counts a reversed payment's allocations for nothing", () => {
    fc.assert(
      fc.property(arbLedger, (ledger) => {
        for (const payment of ledger.payments.filter((p) => p.reversal !== null)) {
          const without: Ledger = {
            ...ledger,
            payments: ledger.payments.filter((p) => p.id !== payment.id),
            allocations: ledger.allocations.filter((a) => a.paymentId !== payment.id),
          };
          expect(invoiceStates(ledger)).toEqual(invoiceStates(without));
          expect(balancePence(ledger)).toBe(balancePence(without));
          expect(unappliedCreditPence(ledger)).toBe(unappliedCreditPence(without));
          const after = payment.reversal!.on;
          expect(invoiceStates(ledgerAsOf(ledger, after))).toEqual(invoiceStates(ledgerAsOf(without, after)));
          const month = after.slice(0, 7);
          const statement = statementFor(ledger, month);
          const other = statementFor(without, month);
          expect(statement.closingBalancePence).toBe(other.closingBalancePence);
          expect(statement.aged).toEqual(other.aged);
          expect(statement.lines.filter((l) => l.kind === 'payment_reversal').map((l) => l.id)).toContain(
            payment.reversal!.id,
          );
        }
      }),
      { numRuns: 150 },
    );
  }, 30_000);
});

// ---------------------------------------------------------------------------------------------------------
// Allocation
// ---------------------------------------------------------------------------------------------------------

const arbStates: fc.Arbitrary<InvoiceState[]> = fc
  .array(
    fc.record({
      issued: fc.integer({ min: 0, max: 200 }),
      terms: fc.integer({ min: 0, max: 60 }),
      total: fc.integer({ min: 1, max: 100_000 }),
      covered: fc.integer({ min: 0, max: 120 }),
    }),
    { maxLength: 10 },
  )
  .map((rows) =>
    rows.map((row, index) => {
      const issuedOn = dayPlus(BASE, row.issued);
      const paidPence = Math.floor((row.total * row.covered) / 100);
      return {
        id: 7 + index * 5,
        number: 40 + index,
        issuedOn,
        dueOn: dayPlus(issuedOn, row.terms),
        totalPence: row.total,
        creditedPence: 0,
        paidPence,
        openPence: Math.max(0, row.total - paidPence),
      };
    }),
  );

const dueOrder = (a: InvoiceState, b: InvoiceState) =>
  a.dueOn.localeCompare(b.dueOn) || a.issuedOn.localeCompare(b.issuedOn) || a.id - b.id;

describe('suggestAllocation', () => {
  it('never over-allocates, fills the oldest due first and leaves the rest unallocated', () => {
    fc.assert(
      fc.property(arbStates, fc.integer({ min: 1, max: 1_500_000 }), (states, amount) => {
        const { lines, unallocatedPence } = suggestAllocation(states, amount);
        const allocated = total(lines.map((l) => l.amountPence));
        expect(allocated).toBeLessThanOrEqual(amount);
        expect(unallocatedPence).toBe(amount - allocated);
        const byId = new Map(states.map((s) => [s.id, s]));
        for (const line of lines) {
          expect(line.amountPence).toBeGreaterThan(0);
          expect(line.amountPence).toBeLessThanOrEqual(byId.get(line.invoiceId)!.openPence);
        }
        // The lines are the open invoices in due order, all but the last filled, and only a full fill of
        // every open invoice leaves anything over.
        const open = states.filter((s) => s.openPence > 0).sort(dueOrder);
        expect(lines.map((l) => l.invoiceId)).toEqual(open.slice(0, lines.length).map((s) => s.id));
        lines
          .slice(0, -1)
          .forEach((line) => expect(line.amountPence).toBe(byId.get(line.invoiceId)!.openPence));
        if (unallocatedPence > 0) expect(allocated).toBe(openOf(open));
        else expect(allocated).toBe(amount);
        expect(checkAllocation(states, amount, lines)).toBeNull();
        // It leaves the input as it was.
        expect(states.map((s) => s.id)).toEqual([...states].map((s) => s.id));
      }),
      { numRuns: 500 },
    );
  });

  it('allocates nothing of a payment when nothing is open', () => {
    expect(suggestAllocation([], 5_000)).toEqual({ lines: [], unallocatedPence: 5_000 });
  });

  it('takes the oldest due first, not the oldest issued', () => {
    const state = (id: number, issuedOn: string, dueOn: string, openPence: number): InvoiceState => ({
      id,
      number: id,
      issuedOn,
      dueOn,
      totalPence: openPence,
      creditedPence: 0,
      paidPence: 0,
      openPence,
    });
    const states = [
      state(1, '2026-01-01', '2026-03-01', 1_000),
      state(2, '2026-01-20', '2026-02-01', 1_000),
      state(3, '2026-01-10', '2026-02-01', 1_000),
    ];
    expect(suggestAllocation(states, 2_500)).toEqual({
      lines: [
        { invoiceId: 3, amountPence: 1_000 },
        { invoiceId: 2, amountPence: 1_000 },
        { invoiceId: 1, amountPence: 500 },
      ],
      unallocatedPence: 0,
    });
  });
});

describe('checkAllocation', () => {
  const withOpen = arbStates.filter((states) => states.some((s) => s.openPence > 0));

  it('accepts every suggestion and any lines within what is open and what is available', () => {
    fc.assert(
      fc.property(
        withOpen,
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 100 })), { maxLength: 6 }),
        (states, picks) => {
          const open = states.filter((s) => s.openPence > 0);
          const lines: AllocationLine[] = [];
          for (const [which, share] of picks) {
            const state = open[which % open.length]!;
            if (lines.some((l) => l.invoiceId === state.id)) continue;
            lines.push({
              invoiceId: state.id,
              amountPence: Math.max(1, Math.floor((state.openPence * share) / 100)),
            });
          }
          const needed = total(lines.map((l) => l.amountPence));
          expect(checkAllocation(states, needed, lines)).toBeNull();
          expect(checkAllocation(states, needed + 1, lines)).toBeNull();
          expect(checkAllocation(states, needed, [])).toBeNull();
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses more than an invoice has open, more than the payment, duplicates, unknown and non-positive lines', () => {
    fc.assert(
      fc.property(
        withOpen,
        fc.integer({ min: 1, max: 1_500_000 }),
        fc.integer({ min: -5, max: 0 }),
        (states, amount, nonPositive) => {
          const { lines } = suggestAllocation(states, amount);
          const first = lines[0]!;
          const state = states.find((s) => s.id === first.invoiceId)!;
          const allocated = total(lines.map((l) => l.amountPence));
          const plenty = Number.MAX_SAFE_INTEGER;

          expect(checkAllocation(states, plenty, [{ ...first, amountPence: state.openPence + 1 }])).toEqual({
            kind: 'over_invoice',
            invoiceId: first.invoiceId,
            openPence: state.openPence,
          });
          expect(checkAllocation(states, allocated - 1, lines)).toEqual({
            kind: 'over_payment',
            allocatedPence: allocated,
            amountPence: allocated - 1,
          });
          expect(checkAllocation(states, plenty, [...lines, { ...first, amountPence: 1 }])).toEqual({
            kind: 'duplicate_invoice',
            invoiceId: first.invoiceId,
          });
          const unknown = Math.max(...states.map((s) => s.id)) + 1;
          expect(checkAllocation(states, plenty, [...lines, { invoiceId: unknown, amountPence: 1 }])).toEqual(
            {
              kind: 'unknown_invoice',
              invoiceId: unknown,
            },
          );
          expect(checkAllocation(states, plenty, [{ ...first, amountPence: nonPositive }])).toEqual({
            kind: 'not_positive',
            invoiceId: first.invoiceId,
          });
          expect(checkAllocation(states, plenty, [{ ...first, amountPence: Number.NaN }])).toEqual({
            kind: 'not_positive',
            invoiceId: first.invoiceId,
          });
          // A negative line cannot make room for more than the payment on another.
          const second = states.filter((s) => s.openPence > 0 && s.id !== first.invoiceId)[0];
          if (second) {
            expect(
              checkAllocation(states, 1, [
                { invoiceId: second.id, amountPence: -state.openPence },
                { ...first, amountPence: state.openPence },
              ])?.kind,
            ).toBe('not_positive');
          }
          // An invoice paid in full has nothing open to take.
          const paid = states.find((s) => s.openPence === 0);
          if (paid) {
            expect(checkAllocation(states, plenty, [{ invoiceId: paid.id, amountPence: 1 }])).toEqual({
              kind: 'over_invoice',
              invoiceId: paid.id,
              openPence: 0,
            });
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

// ---------------------------------------------------------------------------------------------------------
// Examples
// ---------------------------------------------------------------------------------------------------------

const invoice = (id: number, issuedOn: string, dueOn: string, totalPence: number): LedgerInvoice => ({
  id,
  number: id,
  issuedOn,
  dueOn,
  totalPence,
});
const payment = (
  id: number,
  receivedOn: string,
  amountPence: number,
  reversalOn?: string,
): LedgerPayment => ({
  id,
  receivedOn,
  amountPence,
  method: 'bank_transfer',
  reference: `BACS-${id}`,
  reversal: reversalOn ? { id: id + 1, on: reversalOn, reason: 'Wrong company' } : null,
});
const allocation = (paymentId: number, invoiceId: number, amountPence: number): LedgerAllocation => ({
  paymentId,
  invoiceId,
  amountPence,
});

describe('a ledger worked by hand', () => {
  it('a part payment, the rest, and a credit note on the paid invoice leave credit on the account', () => {
    const ledger: Ledger = {
      invoices: [invoice(1, '2026-01-05', '2026-02-04', 12_000)],
      creditNotes: [{ id: 9, number: 3, invoiceId: 1, issuedOn: '2026-02-20', amountPence: 2_000 }],
      payments: [payment(20, '2026-01-20', 5_000), payment(22, '2026-02-03', 7_000)],
      allocations: [allocation(20, 1, 5_000), allocation(22, 1, 7_000)],
    };
    const january = statementFor(ledger, '2026-01');
    expect(january.openingBalancePence).toBe(0);
    expect(january.lines.map((l) => [l.kind, l.balancePence])).toEqual([
      ['invoice', 12_000],
      ['payment', 7_000],
    ]);
    expect(january.closingBalancePence).toBe(7_000);
    expect(january.aged).toEqual({ current: 7_000, '1_30': 0, '31_60': 0, '61_90': 0, over_90: 0 });
    const february = statementFor(ledger, '2026-02');
    expect(february.openingBalancePence).toBe(7_000);
    expect(february.lines.map((l) => [l.kind, l.description, l.balancePence])).toEqual([
      ['payment', 'Bank transfer BACS-22', 0],
      ['credit_note', 'Credit note CN-000003 against INV-000001', -2_000],
    ]);
    expect(february.closingBalancePence).toBe(-2_000);
    expect(february.unappliedCreditPence).toBe(2_000);
    expect(sumAged(february.aged)).toBe(0);
    expect(invoiceStates(ledger)[0]).toMatchObject({ creditedPence: 2_000, paidPence: 12_000, openPence: 0 });
  });

  it('a credit note’s credit on a paid invoice, set against a later invoice, closes it and keeps the balance', () => {
    const ledger: Ledger = {
      invoices: [
        invoice(1, '2026-01-05', '2026-02-04', 12_000),
        invoice(2, '2026-03-01', '2026-03-31', 1_500),
      ],
      creditNotes: [{ id: 9, number: 3, invoiceId: 1, issuedOn: '2026-02-20', amountPence: 2_000 }],
      payments: [payment(20, '2026-01-20', 12_000)],
      allocations: [allocation(20, 1, 12_000)],
    };
    expect(creditNoteCredits(ledger)).toEqual([
      { id: 9, invoiceId: 1, amountPence: 2_000, allocatedPence: 0, unallocatedPence: 2_000 },
    ]);
    expect(accountPosition(ledger, '2026-04-20')).toMatchObject({ balancePence: -500, overduePence: 1_500 });
    const after = ledgerWith(ledger, {
      kind: 'credit_allocation',
      creditNoteId: 9,
      lines: [{ invoiceId: 2, amountPence: 1_500 }],
    });
    expect(invoiceStates(after).map((s) => [s.id, s.creditedPence, s.openPence])).toEqual([
      [1, 500, 0],
      [2, 1_500, 0],
    ]);
    expect(accountPosition(after, '2026-04-20')).toMatchObject({
      balancePence: -500,
      overduePence: 0,
      unappliedCreditPence: 500,
      mostDaysOverdue: 0,
    });
    expect(holdIsDue(invoiceStates(after), '2026-04-20', 14)).toBe(false);
    expect(creditNoteCredits(after)[0]).toMatchObject({ allocatedPence: 1_500, unallocatedPence: 500 });
    // Before the later invoice was made, the allocation is not in the ledger as it stood.
    expect(invoiceStates(ledgerAsOf(after, '2026-02-28'))[0]!.creditedPence).toBe(2_000);
  });

  it('a credit note on an invoice still open pays that invoice first: none of it is credit to move', () => {
    const ledger: Ledger = {
      invoices: [invoice(1, '2026-01-05', '2026-02-04', 12_000)],
      creditNotes: [{ id: 9, number: 3, invoiceId: 1, issuedOn: '2026-02-20', amountPence: 2_000 }],
      payments: [payment(20, '2026-01-20', 11_000)],
      allocations: [allocation(20, 1, 11_000)],
    };
    expect(creditNoteCredits(ledger)[0]!.unallocatedPence).toBe(1_000);
  });

  it('the statement lists the invoices open on its last day, oldest first, with what is open on each', () => {
    const ledger: Ledger = {
      invoices: [
        invoice(3, '2026-01-20', '2026-02-19', 4_000),
        invoice(1, '2026-01-05', '2026-02-04', 12_000),
        invoice(2, '2026-01-05', '2026-02-04', 3_000),
        invoice(4, '2026-02-02', '2026-03-04', 1_000),
      ],
      creditNotes: [{ id: 9, number: 3, invoiceId: 3, issuedOn: '2026-01-25', amountPence: 500 }],
      // Invoice 2 paid in full; 1 in part; a payment on 3 reversed after the month's end still counts in January.
      payments: [payment(20, '2026-01-10', 8_000), payment(22, '2026-01-21', 3_500, '2026-02-10')],
      allocations: [allocation(20, 2, 3_000), allocation(20, 1, 5_000), allocation(22, 3, 3_500)],
    };
    const january = statementFor(ledger, '2026-01');
    expect(january.openInvoices.map((s) => [s.id, s.openPence])).toEqual([[1, 7_000]]);
    expect(january.openInvoices[0]).toMatchObject({ number: 1, dueOn: '2026-02-04', totalPence: 12_000 });
    const february = statementFor(ledger, '2026-02');
    expect(february.openInvoices.map((s) => [s.id, s.openPence])).toEqual([
      [1, 7_000],
      [3, 3_500],
      [4, 1_000],
    ]);
    expect(total(february.openInvoices.map((s) => s.openPence))).toBe(sumAged(february.aged));
  });

  it('a reversed payment re-opens its invoice from the day of the reversal', () => {
    const ledger: Ledger = {
      invoices: [invoice(1, '2026-01-05', '2026-01-31', 10_000)],
      creditNotes: [],
      payments: [payment(30, '2026-01-10', 10_000, '2026-02-10')],
      allocations: [allocation(30, 1, 10_000)],
    };
    expect(invoiceStates(ledgerAsOf(ledger, '2026-02-09'))[0]!.openPence).toBe(0);
    expect(invoiceStates(ledgerAsOf(ledger, '2026-02-10'))[0]!.openPence).toBe(10_000);
    const february = statementFor(ledger, '2026-02');
    expect(february.openingBalancePence).toBe(0);
    expect(february.lines).toEqual([
      {
        on: '2026-02-10',
        kind: 'payment_reversal',
        id: 31,
        description: 'Reversal of the payment of 10 January 2026 BACS-30',
        debitPence: 10_000,
        creditPence: 0,
        balancePence: 10_000,
      },
    ]);
    expect(february.aged).toEqual({ current: 0, '1_30': 10_000, '31_60': 0, '61_90': 0, over_90: 0 });
  });
});

describe('ledgerWith', () => {
  const before: Ledger = {
    invoices: [invoice(1, '2026-01-05', '2026-02-04', 12_000), invoice(2, '2026-01-10', '2026-02-09', 3_000)],
    creditNotes: [],
    payments: [payment(20, '2026-01-20', 5_000)],
    allocations: [allocation(20, 1, 4_000)],
  };
  const reversal = { id: 40, on: '2026-02-12', reason: 'Wrong company' };

  it.each([
    [
      'a payment with its lines',
      {
        kind: 'payment',
        payment: payment(30, '2026-02-01', 9_000),
        lines: [{ invoiceId: 1, amountPence: 8_000 }],
      },
      {
        payments: [20, 30],
        allocations: [allocation(20, 1, 4_000), allocation(30, 1, 8_000)],
        open: [0, 3_000],
      },
    ],
    [
      'a payment with no lines (all credit)',
      { kind: 'payment', payment: payment(30, '2026-02-01', 9_000), lines: [] },
      { payments: [20, 30], allocations: [allocation(20, 1, 4_000)], open: [8_000, 3_000] },
    ],
    [
      'more of a payment set against an invoice',
      { kind: 'allocation', paymentId: 20, lines: [{ invoiceId: 2, amountPence: 1_000 }] },
      {
        payments: [20],
        allocations: [allocation(20, 1, 4_000), allocation(20, 2, 1_000)],
        open: [8_000, 2_000],
      },
    ],
    [
      'a reversal',
      { kind: 'reversal', paymentId: 20, reversal },
      { payments: [20], allocations: [allocation(20, 1, 4_000)], open: [12_000, 3_000] },
    ],
  ] as const)('adds %s', (_, entry, expected) => {
    const after = ledgerWith(before, entry);
    expect(after.payments.map((p) => p.id)).toEqual(expected.payments);
    expect(after.allocations).toEqual(expected.allocations);
    expect(invoiceStates(after).map((state) => state.openPence)).toEqual(expected.open);
    expect(after.invoices).toBe(before.invoices);
  });

  it('marks only the reversed payment, and leaves the ledger it was given as it was', () => {
    const ledger = { ...before, payments: [...before.payments, payment(30, '2026-02-01', 1_000)] };
    const after = ledgerWith(ledger, { kind: 'reversal', paymentId: 20, reversal });
    expect(after.payments.map((p) => p.reversal)).toEqual([reversal, null]);
    expect(ledger.payments.map((p) => p.reversal)).toEqual([null, null]);
    expect(balancePence(after)).toBe(balancePence(ledger) + 5_000);
  });
});

describe('accountPosition', () => {
  it('finds the most days overdue of a very large ledger without overflowing the stack', () => {
    // Math.max(...days) overflowed past ~150,000 open invoices; the position is now found in a loop.
    const invoices = Array.from({ length: 200_000 }, (_, i) =>
      invoice(i + 1, '2026-01-01', i === 70_000 ? '2026-01-05' : '2026-01-31', 100),
    );
    const position = accountPosition(
      { invoices, creditNotes: [], payments: [], allocations: [] },
      '2026-02-10',
    );
    expect(position.mostDaysOverdue).toBe(36);
    expect(position.balancePence).toBe(20_000_000);
    expect(position.overduePence).toBe(20_000_000);
  }, 60_000);

  it('is 0 days overdue when nothing is open or nothing is past due', () => {
    const ledger: Ledger = {
      invoices: [invoice(1, '2026-01-01', '2026-01-31', 500), invoice(2, '2026-01-02', '2026-03-01', 700)],
      creditNotes: [{ id: 3, number: 1, invoiceId: 1, issuedOn: '2026-01-03', amountPence: 500 }],
      payments: [],
      allocations: [],
    };
    expect(accountPosition(ledger, '2026-02-15')).toEqual({
      balancePence: 700,
      overduePence: 0,
      unappliedCreditPence: 0,
      aged: { current: 700, '1_30': 0, '31_60': 0, '61_90': 0, over_90: 0 },
      mostDaysOverdue: 0,
    });
  });
});

describe('agedDebt at the bucket boundaries', () => {
  it.each([
    [-3, 'current'],
    [0, 'current'],
    [1, '1_30'],
    [30, '1_30'],
    [31, '31_60'],
    [60, '31_60'],
    [61, '61_90'],
    [90, '61_90'],
    [91, 'over_90'],
    [400, 'over_90'],
  ] as const)('%i days past due is %s', (days, bucket) => {
    const states = invoiceStates({
      invoices: [invoice(1, '2026-01-01', '2026-02-15', 4_321)],
      creditNotes: [],
      payments: [],
      allocations: [],
    });
    const asOf = dayPlus('2026-02-15', days);
    expect(daysPastDue('2026-02-15', asOf)).toBe(days);
    const aged = agedDebt(states, asOf);
    expect(aged[bucket]).toBe(4_321);
    expect(sumAged(aged)).toBe(4_321);
    expect(overduePence(states, asOf)).toBe(days > 0 ? 4_321 : 0);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Reminders, holds and days
// ---------------------------------------------------------------------------------------------------------

describe('reminderDue', () => {
  it.each([
    [-10, null],
    [-4, null],
    [-3, { period: 'before', kind: 'before', daysPastDue: -3 }],
    [-1, { period: 'before', kind: 'before', daysPastDue: -1 }],
    [0, { period: 'due', kind: 'due', daysPastDue: 0 }],
    [6, { period: 'due', kind: 'due', daysPastDue: 6 }],
    [7, { period: 'overdue-1', kind: 'overdue', daysPastDue: 7 }],
    [13, { period: 'overdue-1', kind: 'overdue', daysPastDue: 13 }],
    [14, { period: 'overdue-2', kind: 'overdue', daysPastDue: 14 }],
    [70, { period: 'overdue-10', kind: 'overdue', daysPastDue: 70 }],
  ] as const)('%i days from the due day: %o', (days, expected) => {
    expect(reminderDue('2026-03-27', dayPlus('2026-03-27', days), settings)).toEqual(expected);
  });

  it('follows the settings', () => {
    const weekly = { reminder_days_before: 10, overdue_reminder_every_days: 1 };
    expect(reminderDue('2026-05-20', '2026-05-10', weekly)?.period).toBe('before');
    expect(reminderDue('2026-05-20', '2026-05-09', weekly)).toBeNull();
    expect(reminderDue('2026-05-20', '2026-05-21', weekly)?.period).toBe('overdue-1');
    expect(reminderDue('2026-05-20', '2026-05-23', weekly)?.period).toBe('overdue-3');
  });
});

describe('holdIsDue and holdAction', () => {
  const states = (dueOn: string, openPence: number) =>
    invoiceStates({
      invoices: [invoice(1, '2026-01-01', dueOn, 10_000)],
      creditNotes: [],
      payments: [payment(5, '2026-01-02', 10_000 - openPence)].filter((p) => p.amountPence > 0),
      allocations: openPence < 10_000 ? [allocation(5, 1, 10_000 - openPence)] : [],
    });
  const overdue = states('2026-02-01', 10_000); // 15 days overdue on 2026-02-16
  const justDue = states('2026-02-02', 10_000); // 14 days: not more than 14
  const paid = states('2026-02-01', 0);
  const today = '2026-02-16';

  it('puts a company on hold once an invoice is more than the setting overdue', () => {
    expect(holdIsDue(overdue, today, 14)).toBe(true);
    expect(holdIsDue(justDue, today, 14)).toBe(false);
    expect(holdIsDue(paid, today, 14)).toBe(false);
    expect(holdIsDue(overdue, today, 15)).toBe(false);
  });

  it.each([
    ['sets a hold', { onHold: false, holdSetBy: null }, overdue, 'set'],
    ['keeps its own hold', { onHold: true, holdSetBy: 'automatic' }, overdue, null],
    ['keeps a staff hold', { onHold: true, holdSetBy: 'staff' }, overdue, null],
    ['lifts its own hold once paid', { onHold: true, holdSetBy: 'automatic' }, paid, 'lift'],
    ['never lifts a staff hold', { onHold: true, holdSetBy: 'staff' }, paid, null],
    ['does nothing to a company in good standing', { onHold: false, holdSetBy: null }, paid, null],
    ['does nothing at 14 days', { onHold: false, holdSetBy: null }, justDue, null],
  ] as const)('%s', (_, company, invoices, action) => {
    expect(holdAction(company, invoices, today, 14)).toBe(action);
  });
});

describe('firstWorkingDay', () => {
  it.each([
    ['2026-08', '2026-08-03'], // 1 August 2026 is a Saturday
    ['2026-02', '2026-02-02'], // 1 February 2026 is a Sunday
    ['2026-06', '2026-06-01'], // a Monday
    ['2026-05', '2026-05-01'], // a Friday
  ])('%s: %s', (month, day) => {
    expect(firstWorkingDay(month)).toBe(day);
  });
});

describe('previousMonth', () => {
  it.each([
    ['2026-01-01', '2025-12'],
    ['2026-01-31', '2025-12'],
    ['2026-03-31', '2026-02'],
    ['2028-03-01', '2028-02'],
  ])('%s: %s', (day, month) => {
    expect(previousMonth(day)).toBe(month);
  });
});

describe('quarterBounds', () => {
  it.each([
    ['2026-Q1', '2026-01-01', '2026-03-31'],
    ['2026-Q2', '2026-04-01', '2026-06-30'],
    ['2026-Q3', '2026-07-01', '2026-09-30'],
    ['2026-Q4', '2026-10-01', '2026-12-31'],
    ['2028-Q1', '2028-01-01', '2028-03-31'],
  ])('%s runs from %s to %s', (quarter, from, to) => {
    expect(quarterBounds(quarter)).toEqual({ from, to });
  });

  it.each(['2026-Q0', '2026-Q5', '2026Q1', '26-Q1', '2026-q1', '', '2026-Q1 '])('refuses %j', (quarter) => {
    expect(() => quarterBounds(quarter)).toThrow(RangeError);
  });
});

describe('monthBounds', () => {
  it.each([
    ['2026-01', '2026-01-01', '2026-01-31'],
    ['2026-02', '2026-02-01', '2026-02-28'],
    ['2028-02', '2028-02-01', '2028-02-29'],
    ['2026-04', '2026-04-01', '2026-04-30'],
    ['2026-12', '2026-12-01', '2026-12-31'],
  ])('%s runs from %s to %s', (month, from, to) => {
    expect(monthBounds(month)).toEqual({ from, to });
  });
});

describe('daysPastDue across the clock changes', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it.each([
    ['UTC', 0],
    ['Europe/London', -60],
    ['America/New_York', 240],
    ['Australia/Sydney', -600],
  ])('counts calendar days in %s', (tz, juneOffset) => {
    vi.stubEnv('TZ', tz);
    // The process really is in that zone now (Node reads TZ again when it is set).
    expect(new Date(2026, 5, 1).getTimezoneOffset()).toBe(juneOffset);
    // 29 March 2026 (forward) and 25 October 2026 (back) in the UK; the others' changes fall near them too.
    expect(daysPastDue('2026-03-28', '2026-03-29')).toBe(1);
    expect(daysPastDue('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysPastDue('2026-03-29', '2026-03-30')).toBe(1);
    expect(daysPastDue('2026-10-24', '2026-10-25')).toBe(1);
    expect(daysPastDue('2026-10-24', '2026-10-26')).toBe(2);
    expect(daysPastDue('2026-10-25', '2026-10-26')).toBe(1);
    expect(daysPastDue('2026-03-01', '2026-11-01')).toBe(245);
    expect(daysPastDue('2026-11-01', '2026-03-01')).toBe(-245);
    expect(daysPastDue('2026-10-25', '2026-10-25')).toBe(0);
    expect(daysPastDue('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysPastDue('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysPastDue('not a day', '2026-01-01')).toBeNaN();
    expect(reminderDue('2026-03-22', '2026-03-29', settings)?.period).toBe('overdue-1');
    expect(reminderDue('2026-10-18', '2026-10-25', settings)?.period).toBe('overdue-1');
    // Every day of two years is one day after the one before.
    for (let day = '2025-12-25'; day < '2027-12-31'; day = dayPlus(day, 1)) {
      expect(daysPastDue(day, dayPlus(day, 1))).toBe(1);
    }
    expect(firstWorkingDay('2026-11')).toBe('2026-11-02');
    expect(monthBounds('2026-10')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(quarterBounds('2026-Q1')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
  });
});
