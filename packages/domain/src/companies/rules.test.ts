import { describe, expect, it } from 'vitest';
import { formatUkDay } from '../dates';
import {
  availableCreditPence,
  companyMay,
  distinctAddresses,
  mayGoBackInCart,
  creditAllows,
  invoiceDueDate,
  needsApproval,
  paymentTermsLabel,
  purchaseOrderKey,
} from './rules';
import { CompanyApplySchema, CompanyApproveSchema, companyAccountNumber, poundsSchema } from './schemas';

describe('invoiceDueDate', () => {
  it.each([
    ['2026-01-01', { kind: 'days', days: 30 } as const, '2026-01-31'],
    ['2026-01-31', { kind: 'days', days: 1 } as const, '2026-02-01'],
    ['2026-12-15', { kind: 'days', days: 30 } as const, '2027-01-14'],
    // 29 March 2026 is the day the clocks go forward: a calendar day is still one day.
    ['2026-03-28', { kind: 'days', days: 2 } as const, '2026-03-30'],
    ['2026-10-24', { kind: 'days', days: 2 } as const, '2026-10-26'],
    ['2028-02-28', { kind: 'days', days: 1 } as const, '2028-02-29'],
    ['2026-01-31', { kind: 'end_of_following_month' } as const, '2026-02-28'],
    ['2026-01-01', { kind: 'end_of_following_month' } as const, '2026-02-28'],
    ['2028-01-15', { kind: 'end_of_following_month' } as const, '2028-02-29'],
    ['2026-03-15', { kind: 'end_of_following_month' } as const, '2026-04-30'],
    ['2026-12-31', { kind: 'end_of_following_month' } as const, '2027-01-31'],
    ['2026-11-30', { kind: 'end_of_following_month' } as const, '2026-12-31'],
  ])('an invoice of %s on %o is due on %s', (issued, terms, due) => {
    expect(invoiceDueDate(issued, terms)).toBe(due);
  });
});

describe('paymentTermsLabel', () => {
  it.each([
    [{ kind: 'days', days: 1 } as const, '1 day from the invoice date'],
    [{ kind: 'days', days: 30 } as const, '30 days from the invoice date'],
    [{ kind: 'end_of_following_month' } as const, 'End of the month following the invoice'],
  ])('%o reads %s', (terms, label) => {
    expect(paymentTermsLabel(terms)).toBe(label);
  });
});

describe('available credit', () => {
  it.each([
    [0, 0, 0, 1, false],
    [100_000, 0, 100_000, 100_000, true],
    [100_000, 0, 100_000, 100_001, false],
    [100_000, 40_000, 60_000, 60_000, true],
    [100_000, 120_000, -20_000, 1, false],
  ])('limit %i owing %i leaves %i; an order of %i fits: %s', (limit, owed, left, order, fits) => {
    const available = availableCreditPence(limit, owed);
    expect(available).toBe(left);
    expect(creditAllows(available, order)).toBe(fits);
  });
});

describe('needsApproval', () => {
  it.each([
    ['buyer', null, 1_000_000, false],
    ['buyer', 10_000, 10_000, false],
    ['buyer', 10_000, 10_001, true],
    ['approver', 10_000, 10_001, true],
    ['administrator', 10_000, 10_001, false],
    ['buyer', 1, 0, false],
  ] as const)('a %s with limit %s ordering %i: %s', (role, limit, total, held) => {
    expect(needsApproval(role, limit, total)).toBe(held);
  });
});

describe('companyMay', () => {
  it.each([
    ['administrator', 'manage', true],
    ['buyer', 'manage', false],
    ['approver', 'manage', false],
    ['approver', 'approve', true],
    ['buyer', 'approve', false],
    ['administrator', 'approve', true],
    ['buyer', 'seeAllOrders', false],
    ['buyer', 'seeInvoices', true],
  ] as const)('a %s may %s: %s', (role, action, may) => {
    expect(companyMay(role, action)).toBe(may);
  });
});

describe('purchaseOrderKey', () => {
  it.each([
    ['po-123', 'PO-123'],
    ['  PO  123 ', 'PO 123'],
  ])('%s compares as %s', (given, key) => expect(purchaseOrderKey(given)).toBe(key));
});

describe('schemas', () => {
  it.each([
    ['2500', 250_000],
    ['2500.5', 250_050],
    [2500.5, 250_050],
    ['0', 0],
  ])('pounds %o are %i pence', (given, pence) => {
    expect(poundsSchema(0, 99_999_999, 'range').parse(given)).toBe(pence);
  });

  it.each([['abc'], ['1.234'], [-1], [1.234], ['1000000']])('pounds %o are refused', (given) => {
    expect(poundsSchema(0, 99_999_999, 'range').safeParse(given).success).toBe(false);
  });

  it('approves with days, the end of the following month, or card only', () => {
    expect(CompanyApproveSchema.parse({ credit_limit: '5000.00', payment_terms_days: 30 })).toEqual({
      credit_limit_pence: 500_000,
      terms: { kind: 'days', days: 30 },
    });
    expect(
      CompanyApproveSchema.parse({ credit_limit: 5000, payment_terms: 'end_of_following_month' }),
    ).toEqual({ credit_limit_pence: 500_000, terms: { kind: 'end_of_following_month' } });
    expect(CompanyApproveSchema.parse({ credit_limit: '0' })).toEqual({ credit_limit_pence: 0, terms: null });
    expect(CompanyApproveSchema.safeParse({ credit_limit: '5000' }).success).toBe(false);
    expect(
      CompanyApproveSchema.safeParse({
        credit_limit: '5000',
        payment_terms_days: 30,
        payment_terms: 'end_of_following_month',
      }).success,
    ).toBe(false);
  });

  it('an application needs two references and a VAT number whose check digits match', () => {
    const address = {
      first_name: 'Ann',
      last_name: 'Smith',
      street: '1 High Street',
      city: 'Leeds',
      postal_code: 'ls1 1aa',
      telephone_number: '0113 496 0000',
    };
    const application = {
      legal_name: 'Boxes Ltd',
      trading_name: 'Boxes',
      company_number: '1234567',
      vat_number: 'GB 123 4567 82',
      registered_address: address,
      invoice_address: address,
      accounts_email: 'Accounts@Boxes.example',
      requested_credit_limit: '5000',
      trade_references: [
        { name: 'Tapes Ltd', email: 'ref@tapes.example' },
        { name: 'Wraps Ltd', email: 'ref@wraps.example' },
      ],
    };
    const parsed = CompanyApplySchema.parse(application);
    expect(parsed.company_number).toBe('01234567');
    expect(parsed.vat_number).toBe('GB123456782');
    expect(parsed.accounts_email).toBe('accounts@boxes.example');
    expect(parsed.requested_credit_limit).toBe(500_000);
    expect(
      CompanyApplySchema.safeParse({ ...application, trade_references: [application.trade_references[0]] })
        .success,
    ).toBe(false);
    expect(CompanyApplySchema.safeParse({ ...application, vat_number: 'GB123456789' }).success).toBe(false);
  });

  it('prints account numbers with six digits', () => {
    expect(companyAccountNumber(42)).toBe('TA-000042');
  });
});

describe('formatUkDay', () => {
  it.each([
    ['2026-12-31', '31 December 2026'],
    ['2027-01-01', '1 January 2027'],
    ['2026-03-29', '29 March 2026'],
  ])('%s reads %s', (day, words) => expect(formatUkDay(day)).toBe(words));
});

describe('distinctAddresses', () => {
  it('keeps each address once, the first spelling, in order, without blanks', () => {
    expect(
      distinctAddresses([
        ' Ann@Example.com ',
        'accounts@example.com',
        'ann@example.com',
        '',
        null,
        undefined,
        '  ',
      ]),
    ).toEqual(['Ann@Example.com', 'accounts@example.com']);
  });
  it('is empty for no addresses', () => {
    expect(distinctAddresses([])).toEqual([]);
  });
});

describe('mayGoBackInCart', () => {
  it('is true only for a request that placed nothing', () => {
    expect(mayGoBackInCart('declined')).toBe(true);
    expect(mayGoBackInCart('refused')).toBe(true);
    expect(mayGoBackInCart('awaiting_approval')).toBe(false);
    expect(mayGoBackInCart('approved')).toBe(false);
  });
});
