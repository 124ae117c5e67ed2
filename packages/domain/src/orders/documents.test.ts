import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withVat } from '../pricing/totals';
import { documentNumber, documentPaths, splitGross, staffDocumentPaths } from './documents';

describe('documentNumber', () => {
  it('prints each kind with its prefix and six digits', () => {
    expect(documentNumber('invoice', 42)).toBe('INV-000042');
    expect(documentNumber('receipt', 1)).toBe('RCT-000001');
    expect(documentNumber('credit_note', 1_234_567)).toBe('CN-1234567');
  });
});

describe('documentPaths', () => {
  it('names the API paths of an order’s documents', () => {
    expect(documentPaths.invoice(7)).toBe('/api/orders/7/invoice.pdf');
    expect(documentPaths.receipt(7)).toBe('/api/orders/7/receipt.pdf');
    expect(documentPaths.creditNote(7, 2)).toBe('/api/orders/7/refunds/2/credit-note.pdf');
    expect(staffDocumentPaths.invoice(7)).toBe('/api/administration/orders/7/invoice.pdf');
    expect(staffDocumentPaths.creditNote(7, 1)).toBe(
      '/api/administration/orders/7/refunds/1/credit-note.pdf',
    );
  });
});

describe('splitGross', () => {
  it('splits an amount with VAT at 20 % into net and VAT', () => {
    expect(splitGross(1200, 20)).toEqual({ net_pence: 1000, vat_pence: 200 });
    expect(splitGross(500, 20)).toEqual({ net_pence: 417, vat_pence: 83 });
    expect(splitGross(0, 20)).toEqual({ net_pence: 0, vat_pence: 0 });
    expect(splitGross(999, 0)).toEqual({ net_pence: 999, vat_pence: 0 });
  });

  it('always adds up, and gives back the net that VAT was added to', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99_999_999 }),
        fc.integer({ min: 0, max: 10_000 }),
        (pence, h) => {
          const rate = h / 100;
          const { net_pence, vat_pence } = splitGross(pence, rate);
          expect(net_pence + vat_pence).toBe(pence);
          expect(vat_pence).toBeGreaterThanOrEqual(0);
        },
      ),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999 }), (net) => {
        expect(splitGross(withVat(net, 20), 20).net_pence).toBe(net);
      }),
    );
  });

  it('refuses a negative or fractional amount', () => {
    expect(() => splitGross(-1, 20)).toThrow(RangeError);
    expect(() => splitGross(1.5, 20)).toThrow(RangeError);
  });
});
