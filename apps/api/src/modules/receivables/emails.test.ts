import { describe, expect, it } from 'vitest';
import { receiptEmail } from './emails';
import { reminderEmail } from './reminder-emails';

// The receipt and the reminders name an invoice as the statement does: by its number, or by its order's for one
// made before invoices were numbered.

const company = { id: 42, tradingName: 'Brightbox' };

describe('the receivables e-mails', () => {
  it('name each invoice a payment paid by its number, or by its order', () => {
    const email = receiptEmail(
      'accounts@brightbox.test',
      company,
      { amountPence: 3_000, receivedOn: '2026-12-05', method: 'bank_transfer', reference: 'BACS-1' },
      [
        { number: 8, orderId: 41, amountPence: 2_000 },
        { number: null, orderId: 7, amountPence: 1_000 },
      ],
      0,
    );
    expect(email.text).toContain('It paid:\n  Invoice INV-000008: £20.00\n  Invoice for order #7: £10.00');
  });

  it('name the invoice a reminder is for by its number, or by its order', () => {
    const invoice = {
      orderId: 7,
      companyId: company.id,
      invoiceNumber: null,
      issuedOn: '2026-12-01',
      dueOn: '2026-12-31',
      totalPence: 1_000,
      openPence: 1_000,
      purchaseOrderNumber: null,
    };
    expect(reminderEmail('a@b.test', 'due', 0, invoice, null).subject).toBe(
      'Invoice for order #7 for £10.00 is due today',
    );
    expect(reminderEmail('a@b.test', 'due', 0, { ...invoice, invoiceNumber: 8 }, null).subject).toBe(
      'Invoice INV-000008 for £10.00 is due today',
    );
  });
});
