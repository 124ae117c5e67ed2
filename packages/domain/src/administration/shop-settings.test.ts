import { describe, expect, it } from 'vitest';
import { BANK_DETAILS_MESSAGES, BankDetailsSettingsSchema } from './shop-settings';

const valid = { account_name: 'PackRight Supplies Ltd', sort_code: '12-34-56', account_number: '12345678' };

describe('BankDetailsSettingsSchema', () => {
  it.each([
    ['12-34-56', '123456'],
    ['12 34 56', '123456'],
    ['123456', '123456'],
  ])('keeps the sort code %s as the six digits %s', (sortCode, stored) => {
    expect(BankDetailsSettingsSchema.parse({ ...valid, sort_code: sortCode }).sort_code).toBe(stored);
  });

  it.each([
    [{ sort_code: '12-34-5' }, 'sort_code', BANK_DETAILS_MESSAGES.sortCode],
    [{ sort_code: 'ab-cd-ef' }, 'sort_code', BANK_DETAILS_MESSAGES.sortCode],
    [{ account_number: '1234567' }, 'account_number', BANK_DETAILS_MESSAGES.accountNumber],
    [{ account_number: '123456789' }, 'account_number', BANK_DETAILS_MESSAGES.accountNumber],
    [{ account_name: '  ' }, 'account_name', 'This field is required.'],
    [{ account_name: 'x'.repeat(101) }, 'account_name', 'Ensure this field has no more than 100 characters.'],
  ])('refuses %o with the field’s message', (change, field, message) => {
    const result = BankDetailsSettingsSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      [field, message],
    ]);
  });

  it('refuses an unknown field', () => {
    expect(BankDetailsSettingsSchema.safeParse({ ...valid, iban: 'GB00' }).success).toBe(false);
  });
});
