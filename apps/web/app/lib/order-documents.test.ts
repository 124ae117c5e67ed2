import { describe, expect, it } from 'vitest';
import { order } from '~test/fake-checkout';
import { orderDocuments } from './order-documents';

const pick = (o: Parameters<typeof orderDocuments>[0]) =>
  orderDocuments(o).map(({ label, path, filename }) => ({ label, path, filename }));

describe('orderDocuments', () => {
  it('has none for an order without documents', () => {
    expect(orderDocuments(order())).toEqual([]);
  });

  it('lists the invoice, the receipt and a credit note per refund, each under its number', () => {
    const refund = (n: number, number: string) => ({
      n,
      amount: '1.00',
      created_at: '2025-03-08T09:00:00Z',
      credit_note_number: number,
      credit_note: `/api/orders/7/refunds/${n}/credit-note.pdf`,
    });
    expect(
      pick(
        order({
          id: 7,
          invoice: '/api/orders/7/invoice.pdf',
          invoice_number: 'INV-000042',
          paid_receipt: '/api/orders/7/receipt.pdf',
          receipt_number: 'RCT-000042',
          refund_receipt: '/api/orders/7/refunds/2/credit-note.pdf',
          refunds: [refund(1, 'CN-000003'), refund(2, 'CN-000009')],
        }),
      ),
    ).toEqual([
      {
        label: 'Download VAT invoice (INV-000042)',
        path: '/api/orders/7/invoice.pdf',
        filename: 'invoice-INV-000042.pdf',
      },
      {
        label: 'Download receipt (RCT-000042)',
        path: '/api/orders/7/receipt.pdf',
        filename: 'receipt-RCT-000042.pdf',
      },
      {
        label: 'Credit note CN-000003',
        path: '/api/orders/7/refunds/1/credit-note.pdf',
        filename: 'credit-note-CN-000003.pdf',
      },
      {
        label: 'Credit note CN-000009',
        path: '/api/orders/7/refunds/2/credit-note.pdf',
        filename: 'credit-note-CN-000009.pdf',
      },
    ]);
  });

  it('names the files by the order while the numbers are not there, and keeps the newest credit note', () => {
    expect(
      pick(
        order({
          id: 7,
          invoice: '/api/orders/7/invoice.pdf',
          paid_receipt: '/api/orders/7/receipt.pdf',
          refund_receipt: '/api/orders/7/refunds/1/credit-note.pdf',
        }),
      ),
    ).toEqual([
      { label: 'Download VAT invoice', path: '/api/orders/7/invoice.pdf', filename: 'invoice-order-7.pdf' },
      { label: 'Download receipt', path: '/api/orders/7/receipt.pdf', filename: 'receipt-order-7.pdf' },
      {
        label: 'Credit note',
        path: '/api/orders/7/refunds/1/credit-note.pdf',
        filename: 'credit-note-order-7.pdf',
      },
    ]);
  });

  it('keeps a file name to letters, digits and dashes', () => {
    const [invoice] = orderDocuments(
      order({ invoice: '/api/orders/7/invoice.pdf', invoice_number: '../INV 1/"x"' }),
    );
    expect(invoice!.filename).toBe('invoice--INV-1-x-.pdf');
  });
});
