import { describe, expect, it } from 'vitest';
import { creditNoteName, invoiceLabel, invoiceName, statementFor, type Ledger } from './rules';

// The statement names each document as the document itself does (INV-000008, CN-000003), with the PO number
// and the due day an accounts-payable team matches remittances by; the current month runs to today.

const ledger: Ledger = {
  invoices: [
    {
      id: 41,
      number: 8,
      issuedOn: '2026-12-02',
      dueOn: '2027-01-01',
      totalPence: 12_000,
      purchaseOrderNumber: 'PO-REC-1',
    },
    { id: 42, number: null, issuedOn: '2026-12-03', dueOn: '2027-01-02', totalPence: 1_000 },
  ],
  creditNotes: [
    { id: 5, number: 3, invoiceId: 41, issuedOn: '2026-12-04', amountPence: 2_000 },
    { id: 6, number: null, invoiceId: 42, issuedOn: '2026-12-04', amountPence: 100 },
  ],
  payments: [
    {
      id: 7,
      receivedOn: '2026-12-05',
      amountPence: 500,
      method: 'bank_transfer',
      reference: 'BACS-1',
      reversal: { id: 8, on: '2026-12-06', reason: null },
    },
  ],
  allocations: [],
};

describe('the names of invoices and credit notes', () => {
  it.each([
    [{ id: 41, number: 8 }, 'INV-000008', 'INV-000008'],
    [{ id: 7, number: null }, 'order #7', 'for order #7'],
  ])('name invoice %o %s, and after the word Invoice %s', (invoice, name, label) => {
    expect(invoiceName(invoice)).toBe(name);
    expect(invoiceLabel(invoice)).toBe(label);
  });

  it.each([
    [{ id: 5, number: 3 }, 'CN-000003'],
    [{ id: 5, number: null }, '5'],
  ])('name credit note %o %s', (note, name) => {
    expect(creditNoteName(note)).toBe(name);
  });
});

describe('the statement’s lines', () => {
  it('name each invoice by its number, with its PO number and due day, and each credit note by its own', () => {
    const lines = statementFor(ledger, '2026-12').lines.map((line) => line.description);
    expect(lines).toEqual([
      'Invoice INV-000008 (PO PO-REC-1), due 1 January 2027',
      'Invoice for order #42, due 2 January 2027',
      'Credit note CN-000003 against INV-000008',
      'Credit note 6',
      'Bank transfer BACS-1',
      'Reversal of the payment of 5 December 2026 BACS-1',
    ]);
  });
});

describe('the current month’s statement', () => {
  it('runs from the 1st to today, and ages the debt as of today', () => {
    const statement = statementFor(ledger, '2026-12', '2026-12-07');
    expect(statement.from).toBe('2026-12-01');
    expect(statement.to).toBe('2026-12-07');
    const later = statementFor(
      {
        ...ledger,
        invoices: [...ledger.invoices, { ...ledger.invoices[1]!, id: 43, issuedOn: '2026-12-20' }],
      },
      '2026-12',
      '2026-12-07',
    );
    // An entry dated after today is not on it.
    expect(later.lines.map((line) => line.id)).not.toContain(43);
  });

  it('keeps a past month whole', () => {
    const statement = statementFor(ledger, '2026-11', '2026-12-07');
    expect(statement.to).toBe('2026-11-30');
  });
});
