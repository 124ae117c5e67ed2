import { describe, expect, it } from 'vitest';
import { looksLikeLink } from './rules';
import { APPLICATION_MESSAGES, CompanyApplySchema, poundsSchema } from './schemas';

const address = {
  first_name: 'Ann',
  last_name: 'Smith',
  street: '1 High Street',
  city: 'Leeds',
  postal_code: 'ls1 1aa',
  telephone_number: '0113 496 0000',
};

const application = {
  legal_name: 'Ann Smith',
  trading_name: 'Smith Packaging',
  registered_address: address,
  invoice_address: address,
  accounts_email: 'ann@smith.example',
  requested_credit_limit: '2500',
  trade_references: [
    { name: 'Tapes Ltd', email: 'ref@tapes.example' },
    { name: 'Wraps Ltd', email: 'ref@wraps.example' },
  ],
};

const errorsOf = (body: object) => {
  const result = CompanyApplySchema.safeParse(body);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('the trade application by business type', () => {
  it.each(['sole_trader', 'partnership', 'charity', 'other'] as const)(
    'takes a %s without a Companies House number, and without a VAT number when not registered',
    (type) => {
      const parsed = CompanyApplySchema.parse({ ...application, business_type: type, vat_registered: false });
      expect(parsed).toMatchObject({
        business_type: type,
        company_number: null,
        vat_registered: false,
        vat_number: null,
      });
    },
  );

  it.each(['limited_company', 'llp'] as const)('needs a Companies House number from a %s', (type) => {
    expect(errorsOf({ ...application, business_type: type, vat_registered: false })).toEqual({
      company_number: APPLICATION_MESSAGES.companyNumberRequired,
    });
    const parsed = CompanyApplySchema.parse({
      ...application,
      business_type: type,
      company_number: type === 'llp' ? 'oc 123456' : '1234567',
      vat_registered: false,
    });
    expect(parsed.company_number).toBe(type === 'llp' ? 'OC123456' : '01234567');
  });

  it('needs a valid VAT number only from a VAT-registered applicant, and drops one given otherwise', () => {
    const sole = { ...application, business_type: 'sole_trader' };
    expect(errorsOf({ ...sole, vat_registered: true })).toEqual({
      vat_number: APPLICATION_MESSAGES.vatNumberRequired,
    });
    expect(errorsOf({ ...sole, vat_registered: true, vat_number: 'GB123456789' })).toHaveProperty(
      'vat_number',
    );
    expect(
      CompanyApplySchema.parse({ ...sole, vat_registered: true, vat_number: 'GB 123 4567 82' }),
    ).toMatchObject({ vat_number: 'GB123456782', vat_registered: true });
    // A number typed and then the box unticked is not sent on as the company's.
    expect(
      CompanyApplySchema.parse({
        ...sole,
        vat_registered: false,
        vat_number: 'GB123456782',
        company_number: '1',
      }),
    ).toMatchObject({ vat_number: null, company_number: null });
  });

  it('reads an application without the new fields as a VAT-registered limited company', () => {
    expect(errorsOf(application)).toEqual({
      company_number: APPLICATION_MESSAGES.companyNumberRequired,
      vat_number: APPLICATION_MESSAGES.vatNumberRequired,
    });
    expect(
      CompanyApplySchema.parse({ ...application, company_number: '1234567', vat_number: 'GB123456782' }),
    ).toMatchObject({ business_type: 'limited_company', vat_registered: true, company_number: '01234567' });
  });

  it('reports the conditional fields together with the others', () => {
    const errors = errorsOf({ ...application, legal_name: '', business_type: 'llp' });
    expect(Object.keys(errors).sort()).toEqual(['company_number', 'legal_name', 'vat_number']);
  });

  it('refuses an unknown business type', () => {
    expect(errorsOf({ ...application, business_type: 'plc', vat_registered: false })).toEqual({
      business_type: APPLICATION_MESSAGES.businessType,
    });
  });
});

describe('amounts in pounds as people write them', () => {
  it.each([
    ['£10,000', 1_000_000],
    ['10,000', 1_000_000],
    ['£ 2,500.50', 250_050],
    ['£1,234,567.89', 123_456_789],
    ['£750', 75_000],
    [' 1,000 ', 100_000],
  ])('reads %o as %i pence', (given, pence) => {
    expect(poundsSchema(0, 999_999_999, 'range').parse(given)).toBe(pence);
  });

  it.each(['£', '1,00', '10,0000', '£-5', '££5', '1,000,00', '£5.001', ',100'])('refuses %o', (given) => {
    expect(poundsSchema(0, 999_999_999, 'range').safeParse(given).success).toBe(false);
  });

  it('takes £10,000 as the credit asked for', () => {
    const parsed = CompanyApplySchema.parse({
      ...application,
      business_type: 'sole_trader',
      vat_registered: false,
      requested_credit_limit: '£10,000',
    });
    expect(parsed.requested_credit_limit).toBe(1_000_000);
  });
});

describe('looksLikeLink', () => {
  it.each([
    'Visit https://evil.example/claim',
    'http://x.y',
    'www.evil.example',
    'evil.example',
    'Go to EVIL.CO.UK now',
    'mailto:someone',
    'someone@evil.example',
    'hxxp://evil',
    'Boxes.com',
  ])('finds a link in %o', (text) => {
    expect(looksLikeLink(text)).toBe(true);
  });

  it.each(['Ann Smith', 'J. Smith', "O'Brien-Jones", 'Boxes & Co. Ltd', 'St. Albans Packaging', 'Müller'])(
    'finds none in %o',
    (text) => {
      expect(looksLikeLink(text)).toBe(false);
    },
  );
});
