import { z } from 'zod';

/** The address book's lengths: enough for any real address, bounded for the database (DESIGN §4.10). */
export const ADDRESS_MAX_LENGTHS = {
  first_name: 100,
  last_name: 100,
  street: 200,
  city: 100,
  state: 100,
} as const;

/** The most addresses one account may keep (docs/security.md, limits). */
export const MAX_ADDRESSES_PER_USER = 100;

/** The address form's messages (spec 2, §5 Address), word for word; the postcode and limits are ours. */
export const ADDRESS_MESSAGES = {
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  streetRequired: 'Street is required.',
  cityRequired: 'City is required.',
  postalCodeRequired: 'Postal code is required.',
  postalCodeInvalid: 'Enter a valid UK postcode.',
  telephoneRequired: 'Telephone number is required.',
  telephoneInvalid: 'Invalid telephone number format.',
  tooLong: (max: number) => `Ensure this field has no more than ${max} characters.`,
  tooManyAddresses: `You can keep at most ${MAX_ADDRESSES_PER_USER} addresses.`,
} as const;

/** The only country the shop delivers to (spec 2, §3: default 'UK', not editable). */
export const ADDRESS_COUNTRY = 'UK';

const requiredText = (message: string, max: number) =>
  z.string({ message }).trim().min(1, message).max(max, ADDRESS_MESSAGES.tooLong(max));

/**
 * A UK postcode, outward and inward code separated by one space (the government data standard's pattern,
 * plus the Girobank's GIR 0AA). Letters never used in a position are refused, so 'QQ1 1QQ' is not a postcode.
 */
const UK_POSTCODE =
  /^(?:GIR 0AA|[A-PR-UWYZ](?:\d{1,2}|[A-HK-Y]\d[\dABEHMNPRV-Y]?|\d[A-HJKPS-UW]) \d[ABD-HJLNP-UW-Z]{2})$/;

/**
 * A postcode as the Royal Mail writes it: upper case, one space before the three-character inward code
 * ('sw1a1aa' and ' SW1A  1AA ' both become 'SW1A 1AA').
 */
export function normalisePostcode(text: string): string {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
}

/** Whether a normalised postcode is a UK postcode. */
export function isUkPostcode(postcode: string): boolean {
  return UK_POSTCODE.test(postcode);
}

/** The number without separators (spaces, dashes, dots, brackets) or the '(0)' of '+44 (0)20 …'. */
const compactTelephone = (text: string) =>
  text.replace(/^(\+\d{1,3})\s*\(0\)/, '$1').replace(/[\s\-.()]/g, '');

/**
 * A telephone number as stored: separators dropped, an international `00` written as `+`, a national
 * leading 0 as +44 (spec 2, §5). Other digits stay as typed, `+` or not.
 */
export function normaliseTelephone(text: string): string {
  const compact = compactTelephone(text);
  if (compact.startsWith('00')) return `+${compact.slice(2)}`;
  if (compact.startsWith('0')) return `+44${compact.slice(1)}`;
  return compact;
}

/** The spec's telephone rule: an optional + followed by 10 to 14 digits. */
const TELEPHONE = /^\+?\d{10,14}$/;

const PostalCodeSchema = z
  .string({ message: ADDRESS_MESSAGES.postalCodeRequired })
  .trim()
  .min(1, { message: ADDRESS_MESSAGES.postalCodeRequired, abort: true })
  .transform(normalisePostcode)
  .refine(isUkPostcode, ADDRESS_MESSAGES.postalCodeInvalid)
  // The shape the OpenAPI document shows (the letters each position allows are checked above).
  .meta({
    pattern: '^[A-Za-z]{1,2}[0-9][A-Za-z0-9]? ?[0-9][A-Za-z]{2}$',
    description: "A UK postcode in any case and spacing, answered as e.g. 'SW1A 1AA'.",
  });

// Both the number as typed and its stored form must fit the rule, so a 14-digit national number cannot
// become a 15-digit international one.
const TelephoneSchema = z
  .string({ message: ADDRESS_MESSAGES.telephoneRequired })
  .trim()
  .min(1, { message: ADDRESS_MESSAGES.telephoneRequired, abort: true })
  .transform((text) => ({ typed: compactTelephone(text), stored: normaliseTelephone(text) }))
  .refine(({ typed, stored }) => TELEPHONE.test(typed) && TELEPHONE.test(stored), {
    message: ADDRESS_MESSAGES.telephoneInvalid,
  })
  .transform(({ stored }) => stored)
  .meta({
    pattern: '^\\+?(?:[0-9][ ().-]?){10,14}$',
    description: 'An optional + and 10 to 14 digits, separators allowed; a leading 0 is answered as +44.',
  });

const StateSchema = z
  .string()
  .trim()
  .max(ADDRESS_MAX_LENGTHS.state, ADDRESS_MESSAGES.tooLong(ADDRESS_MAX_LENGTHS.state));

const FirstNameSchema = requiredText(ADDRESS_MESSAGES.firstNameRequired, ADDRESS_MAX_LENGTHS.first_name);
const LastNameSchema = requiredText(ADDRESS_MESSAGES.lastNameRequired, ADDRESS_MAX_LENGTHS.last_name);
const StreetSchema = requiredText(ADDRESS_MESSAGES.streetRequired, ADDRESS_MAX_LENGTHS.street);
const CitySchema = requiredText(ADDRESS_MESSAGES.cityRequired, ADDRESS_MAX_LENGTHS.city);

const CountrySchema = z
  .unknown()
  .optional()
  .transform((): typeof ADDRESS_COUNTRY => ADDRESS_COUNTRY)
  .meta({ description: "Ignored: the country is always 'UK'." });

/**
 * The address book's defaults for checkout: `true` makes this address the user's default billing (or
 * shipping) address; `false` stops it being the default when it is (another default is left alone).
 */
const DefaultFlagSchema = z.boolean({ message: 'Must be true or false.' }).optional();

/**
 * POST addresses/ (spec 2, §3, §5, §7), and the address form. Unknown fields are ignored (a spec call,
 * DESIGN §4.10); `country` is accepted whatever it holds and always becomes 'UK'.
 */
export const AddressCreateSchema = z.object({
  first_name: FirstNameSchema,
  last_name: LastNameSchema,
  street: StreetSchema,
  city: CitySchema,
  /** Optional; blank means none. */
  state: StateSchema.nullish().transform((state) => state || null),
  postal_code: PostalCodeSchema,
  country: CountrySchema,
  telephone_number: TelephoneSchema,
  is_default_billing: DefaultFlagSchema,
  is_default_shipping: DefaultFlagSchema,
});
export type AddressCreate = z.infer<typeof AddressCreateSchema>;
export type AddressCreateInput = z.input<typeof AddressCreateSchema>;

/**
 * PATCH addresses/{id}/: any of the address's fields, with the same rules; a field left out stays as it is
 * (a blank or null state means none).
 */
export const AddressUpdateSchema = z.object({
  first_name: FirstNameSchema.optional(),
  last_name: LastNameSchema.optional(),
  street: StreetSchema.optional(),
  city: CitySchema.optional(),
  state: StateSchema.nullable()
    .transform((state) => state || null)
    .optional(),
  postal_code: PostalCodeSchema.optional(),
  country: CountrySchema,
  telephone_number: TelephoneSchema.optional(),
  is_default_billing: DefaultFlagSchema,
  is_default_shipping: DefaultFlagSchema,
});
export type AddressUpdate = z.infer<typeof AddressUpdateSchema>;
export type AddressUpdateInput = z.input<typeof AddressUpdateSchema>;

/** An address as the API answers it (spec 2, §3 Address). */
export const AddressViewSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string().nullable(),
  postal_code: z.string(),
  country: z.string(),
  telephone_number: z.string(),
  /** Whether this is the user's default billing (shipping) address, which the checkout chooses first. */
  is_default_billing: z.boolean(),
  is_default_shipping: z.boolean(),
});
export type AddressView = z.infer<typeof AddressViewSchema>;
