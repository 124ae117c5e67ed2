import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../contact/schemas';
import {
  ADDRESS_MESSAGES,
  AddressCreateSchema,
  AddressUpdateSchema,
  AddressViewSchema,
  isUkPostcode,
  normalisePostcode,
  normaliseTelephone,
} from './schemas';

const address = {
  first_name: 'Ann',
  last_name: 'Lee',
  street: '1 High Street',
  city: 'Leeds',
  state: 'West Yorkshire',
  postal_code: 'LS1 4AP',
  country: 'UK',
  telephone_number: '+447700900123',
};

const errorsOf = (input: unknown) => {
  const result = AddressCreateSchema.safeParse(input);
  expect(result.success).toBe(false);
  return fieldErrors(result.error!);
};

describe('AddressCreateSchema', () => {
  it('accepts a full address as given', () => {
    expect(AddressCreateSchema.parse(address)).toEqual(address);
  });

  it('trims text and reads a blank or missing state as none', () => {
    const parsed = AddressCreateSchema.parse({
      ...address,
      first_name: '  Ann ',
      city: ' Leeds',
      state: '  ',
    });
    expect(parsed).toMatchObject({ first_name: 'Ann', city: 'Leeds', state: null });
    const { state: _state, ...withoutState } = address;
    expect(AddressCreateSchema.parse(withoutState).state).toBeNull();
    expect(AddressCreateSchema.parse({ ...address, state: null }).state).toBeNull();
  });

  it.each([
    ['first_name', ADDRESS_MESSAGES.firstNameRequired, 'First name is required.'],
    ['last_name', ADDRESS_MESSAGES.lastNameRequired, 'Last name is required.'],
    ['street', ADDRESS_MESSAGES.streetRequired, 'Street is required.'],
    ['city', ADDRESS_MESSAGES.cityRequired, 'City is required.'],
    ['postal_code', ADDRESS_MESSAGES.postalCodeRequired, 'Postal code is required.'],
    ['telephone_number', ADDRESS_MESSAGES.telephoneRequired, 'Telephone number is required.'],
  ])(
    'says %s is required in the spec’s words, whether missing, empty, blank or not text',
    (field, message, words) => {
      expect(message).toBe(words);
      const missing: Record<string, unknown> = { ...address };
      delete missing[field];
      for (const input of [missing, { ...address, [field]: '' }, { ...address, [field]: '   ' }]) {
        expect(errorsOf(input)).toEqual({ [field]: [words] });
      }
      expect(errorsOf({ ...address, [field]: null })).toEqual({ [field]: [words] });
      expect(errorsOf({ ...address, [field]: 42 })).toEqual({ [field]: [words] });
    },
  );

  it('names every missing field at once', () => {
    expect(errorsOf({})).toEqual({
      first_name: ['First name is required.'],
      last_name: ['Last name is required.'],
      street: ['Street is required.'],
      city: ['City is required.'],
      postal_code: ['Postal code is required.'],
      telephone_number: ['Telephone number is required.'],
    });
  });

  it.each([
    ['first_name', 100],
    ['last_name', 100],
    ['street', 200],
    ['city', 100],
    ['state', 100],
  ])('takes %s up to %i characters and refuses one more', (field, max) => {
    expect(AddressCreateSchema.safeParse({ ...address, [field]: 'x'.repeat(max) }).success).toBe(true);
    expect(errorsOf({ ...address, [field]: 'x'.repeat(max + 1) })).toEqual({
      [field]: [`Ensure this field has no more than ${max} characters.`],
    });
  });

  it.each([['FR'], ['France'], [''], [null], [42], [{ code: 'FR' }]])(
    'replaces a country of %j with UK instead of refusing it',
    (country) => {
      expect(AddressCreateSchema.parse({ ...address, country }).country).toBe('UK');
    },
  );

  it('sets the country to UK when none is sent', () => {
    const { country: _country, ...withoutCountry } = address;
    expect(AddressCreateSchema.parse(withoutCountry).country).toBe('UK');
  });

  it('ignores unknown fields', () => {
    const parsed = AddressCreateSchema.parse({ ...address, id: 7, user: 3, is_default: true });
    expect(parsed).toEqual(address);
  });
});

describe('telephone_number', () => {
  const phone = (telephone_number: unknown) =>
    AddressCreateSchema.safeParse({ ...address, telephone_number });

  it.each([
    ['07700 900123', '+447700900123'],
    ['07700900123', '+447700900123'],
    ['020 7946 0958', '+442079460958'],
    ['(020) 7946-0958', '+442079460958'],
    ['0113.496.0000', '+441134960000'],
    ['+44 7700 900123', '+447700900123'],
    ['+44 (0)20 7946 0958', '+442079460958'],
    ['0044 7700 900123', '+447700900123'],
    ['+353 1 234 5678', '+35312345678'],
    ['447700900123', '447700900123'],
    ['1234567890', '1234567890'],
    ['+12345678901234', '+12345678901234'],
    [' 07700 900123 ', '+447700900123'],
  ])('stores %j as %j', (typed, stored) => {
    expect(phone(typed).data?.telephone_number).toBe(stored);
  });

  it.each([
    ['too short', '123456789'],
    ['too short with +', '+123456789'],
    ['too long', '123456789012345'],
    ['too long once the 0 becomes +44', '01234567890123'],
    ['letters', '0770O 900123'],
    ['words', 'call me'],
    ['a + in the middle', '44+7700900123'],
    ['two pluses', '++447700900123'],
    ['a slash', '07700/900123'],
    ['separators only', '-- ()'],
  ])('refuses a number that is %s', (_label, typed) => {
    expect(fieldErrors(phone(typed).error!)).toEqual({
      telephone_number: ['Invalid telephone number format.'],
    });
  });

  it('always stores an optional + and 10 to 14 digits', () => {
    const separator = fc.constantFrom(' ', '-', '.', '(', ')', '');
    const typed = fc
      .tuple(
        fc.constantFrom('', '+', '0', '00', '+44 (0)'),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 9 }), separator), { maxLength: 18 }),
      )
      .map(([prefix, digits]) => prefix + digits.map(([digit, sep]) => `${digit}${sep}`).join(''));
    fc.assert(
      fc.property(fc.oneof(typed, fc.string({ maxLength: 30 })), (text) => {
        const result = phone(text);
        if (result.success) expect(result.data.telephone_number).toMatch(/^\+?\d{10,14}$/);
        else expect(result.error.issues.map((issue) => issue.message)).toHaveLength(1);
      }),
    );
  });

  it('stores every valid national number as +44 and its digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^0[1-9]\d{8,11}$/), (national) => {
        expect(normaliseTelephone(national)).toBe(`+44${national.slice(1)}`);
        expect(phone(national).data?.telephone_number).toBe(`+44${national.slice(1)}`);
      }),
    );
  });
});

describe('postal_code', () => {
  const postcode = (postal_code: unknown) => AddressCreateSchema.safeParse({ ...address, postal_code });

  it.each([
    ['SW1A 1AA', 'SW1A 1AA'],
    ['sw1a1aa', 'SW1A 1AA'],
    ['  sw1a   1aa ', 'SW1A 1AA'],
    ['EC1A 1BB', 'EC1A 1BB'],
    ['W1A 0AX', 'W1A 0AX'],
    ['m1 1ae', 'M1 1AE'],
    ['B338TH', 'B33 8TH'],
    ['CR2 6XH', 'CR2 6XH'],
    ['DN55 1PT', 'DN55 1PT'],
    ['gir0aa', 'GIR 0AA'],
  ])('takes %j as %j', (typed, stored) => {
    expect(postcode(typed).data?.postal_code).toBe(stored);
  });

  it.each([
    ['letters only', 'ABCDEF'],
    ['digits only', '123456'],
    ['a US ZIP code', '90210'],
    ['an inward code alone', '1AA'],
    ['no inward code', 'SW1A'],
    ['Q as the first letter', 'QA1 1AA'],
    ['C in the inward code', 'SW1A 1CA'],
    ['an extra character', 'SW1A 1AAA'],
    ['punctuation', 'SW1A-1AA'],
    ['a lone letter', 'x'],
  ])('refuses %s', (_label, typed) => {
    expect(fieldErrors(postcode(typed).error!)).toEqual({ postal_code: ['Enter a valid UK postcode.'] });
  });

  it('re-reads every postcode it stored as itself', () => {
    const letter = (letters: string) => fc.constantFrom(...letters.split(''));
    const digit = fc.integer({ min: 0, max: 9 }).map(String);
    const outward = fc.oneof(
      fc.tuple(letter('ABCDEFGHIJKLMNOPRSTUWYZ'), digit, fc.option(digit, { nil: '' })),
      fc.tuple(letter('ABCDEFGHIJKLMNOPRSTUWYZ'), letter('ABCDEFGHKLMNOPQRSTUVWXY'), digit),
      fc.tuple(letter('ABCDEFGHIJKLMNOPRSTUWYZ'), digit, letter('ABCDEFGHJKPSTUW')),
    );
    const inward = fc.tuple(digit, letter('ABDEFGHJLNPQRSTUWXYZ'), letter('ABDEFGHJLNPQRSTUWXYZ'));
    const typed = fc
      .tuple(outward, fc.constantFrom('', ' ', '  '), inward, fc.boolean())
      .map(([out, space, inw, lower]) => {
        const text = `${out.join('')}${space}${inw.join('')}`;
        return lower ? text.toLowerCase() : text;
      });
    fc.assert(
      fc.property(fc.oneof(typed, fc.string({ maxLength: 10 })), (text) => {
        const first = postcode(text);
        if (!first.success) return;
        const stored = first.data.postal_code;
        expect(isUkPostcode(stored)).toBe(true);
        expect(normalisePostcode(stored)).toBe(stored);
        expect(postcode(stored).data?.postal_code).toBe(stored);
      }),
    );
    fc.assert(
      fc.property(typed, (text) => {
        expect(postcode(text).success).toBe(true);
      }),
    );
  });
});

describe('default flags', () => {
  it('takes true or false for the checkout defaults, and nothing else', () => {
    expect(AddressCreateSchema.parse({ ...address, is_default_billing: true })).toMatchObject({
      is_default_billing: true,
    });
    expect(AddressCreateSchema.parse(address)).not.toHaveProperty('is_default_shipping');
    expect(errorsOf({ ...address, is_default_shipping: 'yes' })).toEqual({
      is_default_shipping: ['Must be true or false.'],
    });
  });
});

describe('AddressUpdateSchema', () => {
  it('keeps only the fields given, with the create rules', () => {
    expect(AddressUpdateSchema.parse({})).toEqual({ country: 'UK' });
    expect(AddressUpdateSchema.parse({ postal_code: 'sw1a1aa', is_default_billing: false })).toEqual({
      postal_code: 'SW1A 1AA',
      is_default_billing: false,
      country: 'UK',
    });
    const refused = AddressUpdateSchema.safeParse({ first_name: ' ', telephone_number: '123' });
    expect(fieldErrors(refused.error!)).toEqual({
      first_name: [ADDRESS_MESSAGES.firstNameRequired],
      telephone_number: [ADDRESS_MESSAGES.telephoneInvalid],
    });
  });

  it('reads a blank or null state as none, and a missing one as unchanged', () => {
    expect(AddressUpdateSchema.parse({ state: '  ' }).state).toBeNull();
    expect(AddressUpdateSchema.parse({ state: null }).state).toBeNull();
    expect(AddressUpdateSchema.parse({ city: 'York' })).not.toHaveProperty('state');
  });
});

describe('AddressViewSchema', () => {
  it('describes an address as the API answers it', () => {
    const view = {
      id: 1,
      ...AddressCreateSchema.parse(address),
      is_default_billing: true,
      is_default_shipping: false,
    };
    expect(AddressViewSchema.parse(view)).toEqual(view);
    expect(AddressViewSchema.parse({ ...view, state: null }).state).toBeNull();
  });
});
