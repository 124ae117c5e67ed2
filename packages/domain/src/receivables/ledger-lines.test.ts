import { describe, expect, it } from 'vitest';
import { balancePence, ledgerLines, statementFor, type Ledger } from './rules';

const ledger: Ledger = {
  invoices: [
    { id: 1, number: 10, issuedOn: '2026-09-05', dueOn: '2026-10-05', totalPence: 12_000 },
    { id: 2, number: 11, issuedOn: '2026-10-02', dueOn: '2026-11-01', totalPence: 5_000 },
  ],
  creditNotes: [{ id: 7, number: 3, invoiceId: 2, issuedOn: '2026-10-03', amountPence: 1_000 }],
  payments: [
    {
      id: 20,
      receivedOn: '2026-10-04',
      amountPence: 12_000,
      method: 'bank_transfer',
      reference: 'A',
      reversal: null,
    },
    {
      id: 21,
      receivedOn: '2026-10-10',
      amountPence: 4_000,
      method: 'cheque',
      reference: 'B',
      reversal: { id: 22, on: '2026-10-12', reason: 'Bounced' },
    },
  ],
  allocations: [
    { paymentId: 20, invoiceId: 1, amountPence: 12_000 },
    { paymentId: 21, invoiceId: 2, amountPence: 4_000 },
  ],
};

describe('ledgerLines', () => {
  it('lists every entry in date order with the running balance, ending on the ledger’s balance', () => {
    const lines = ledgerLines(ledger);
    expect(lines.map((l) => [l.on, l.kind, l.balancePence])).toEqual([
      ['2026-09-05', 'invoice', 12_000],
      ['2026-10-02', 'invoice', 17_000],
      ['2026-10-03', 'credit_note', 16_000],
      ['2026-10-04', 'payment', 4_000],
      ['2026-10-10', 'payment', 0],
      ['2026-10-12', 'payment_reversal', 4_000],
    ]);
    expect(lines.at(-1)!.balancePence).toBe(balancePence(ledger));
  });

  it('agrees with the month statements line for line', () => {
    const months = ['2026-09', '2026-10'].flatMap((month) => statementFor(ledger, month).lines);
    expect(months).toEqual(ledgerLines(ledger));
  });
});
