import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../contact/schemas';
import {
  DeleteAccountSchema,
  EmailAuthenticationSchema,
  LoginSchema,
  ProfileUpdateSchema,
  ResetPasswordSchema,
  SignupFormSchema,
  SignupSchema,
  UpdatePasswordSchema,
} from './schemas';

function errorsOf(result: { success: boolean; error?: Parameters<typeof fieldErrors>[0] }) {
  expect(result.success).toBe(false);
  return fieldErrors(result.error!);
}

describe('LoginSchema', () => {
  it('accepts an address and a 6-character password, lower-casing the address', () => {
    expect(LoginSchema.parse({ email: ' Ann@Example.COM ', password: 'secret' })).toEqual({
      email: 'ann@example.com',
      password: 'secret',
    });
  });

  it.each([
    [{}, { email: ['Email is required'], password: ['Password is required'] }],
    [
      { email: '', password: '' },
      { email: ['Email is required'], password: ['Password is required'] },
    ],
    [
      { email: 'ann', password: '12345' },
      { email: ['Invalid email format'], password: ['Password must be at least 6 characters'] },
    ],
  ])('gives the spec’s messages for %j', (input, expected) => {
    expect(errorsOf(LoginSchema.safeParse(input))).toEqual(expected);
  });

  it('never trims a password', () => {
    expect(LoginSchema.parse({ email: 'a@b.co', password: ' pass word ' }).password).toBe(' pass word ');
  });
});

describe('EmailAuthenticationSchema', () => {
  it('asks for a code without one and checks a 6-digit code', () => {
    expect(EmailAuthenticationSchema.parse({ email: 'a@b.co', authentication_type: 'signup' })).toEqual({
      email: 'a@b.co',
      authentication_type: 'signup',
    });
    expect(
      EmailAuthenticationSchema.parse({
        email: 'a@b.co',
        authentication_type: 'forgot_password',
        code: '012345',
      }).code,
    ).toBe('012345');
  });

  it.each([
    ['', 'OTP is required'],
    ['1234', 'OTP must be a 6-digit number'],
    ['12345a', 'OTP must be a 6-digit number'],
    ['1234567', 'OTP must be a 6-digit number'],
  ])('refuses the code %j with "%s"', (code, message) => {
    const result = EmailAuthenticationSchema.safeParse({
      email: 'a@b.co',
      authentication_type: 'signup',
      code,
    });
    expect(errorsOf(result)).toEqual({ code: [message] });
  });

  it('refuses an unknown authentication type', () => {
    const result = EmailAuthenticationSchema.safeParse({ email: 'a@b.co', authentication_type: 'admin' });
    expect(Object.keys(errorsOf(result))).toEqual(['authentication_type']);
  });
});

describe('SignupSchema', () => {
  const signup = {
    email: 'new@example.com',
    first_name: 'Ann',
    last_name: 'Lee',
    password: 'long enough',
    verification_token: 'token',
  };

  it('makes a blank company null and marketing consent false by default', () => {
    expect(SignupSchema.parse({ ...signup, company_name: '  ' })).toMatchObject({
      company_name: null,
      interested_in_marketing_communications: false,
    });
  });

  it('gives the spec’s messages', () => {
    const result = SignupSchema.safeParse({ email: 'x', first_name: ' ', password: '1234567' });
    expect(errorsOf(result)).toEqual({
      email: ['Invalid email format'],
      first_name: ['First name is required'],
      last_name: ['Last name is required'],
      password: ['Password must be at least 8 characters'],
      verification_token: ['Email verification required'],
    });
  });

  it('the form asks for a company unless the no-company box is ticked', () => {
    expect(errorsOf(SignupFormSchema.safeParse(signup))).toEqual({
      company_name: ['Company name is required'],
    });
    expect(SignupFormSchema.safeParse({ ...signup, no_company_name: true }).success).toBe(true);
    expect(SignupFormSchema.safeParse({ ...signup, company_name: 'Acme Ltd' }).success).toBe(true);
  });
});

describe('password changes', () => {
  it('reset needs 8 characters and equal passwords', () => {
    const base = { email: 'a@b.co', verification_token: 't' };
    expect(
      errorsOf(ResetPasswordSchema.safeParse({ ...base, new_password: '1234567', confirm_new_password: '' })),
    ).toEqual({
      new_password: ['Password must be at least 8 characters'],
      confirm_new_password: ['Confirm password is required'],
    });
    expect(
      errorsOf(
        ResetPasswordSchema.safeParse({
          ...base,
          new_password: '12345678',
          confirm_new_password: '12345679',
        }),
      ),
    ).toEqual({ confirm_new_password: ['Passwords do not match'] });
  });

  it('change needs the current password and 6 characters, and says when the two differ', () => {
    expect(
      errorsOf(
        UpdatePasswordSchema.safeParse({
          current_password: '',
          new_password: '123456',
          confirm_new_password: '1234567',
        }),
      ),
    ).toEqual({
      current_password: ['Current password is required'],
      confirm_new_password: ['Passwords do not match'],
    });
    expect(
      errorsOf(UpdatePasswordSchema.safeParse({ current_password: 'x', new_password: '12345' })),
    ).toEqual({
      new_password: ['Password must be at least 6 characters'],
      confirm_new_password: ['Confirm password is required'],
    });
    expect(
      UpdatePasswordSchema.safeParse({
        current_password: 'x',
        new_password: '123456',
        confirm_new_password: '123456',
      }).success,
    ).toBe(true);
  });
});

describe('ProfileUpdateSchema', () => {
  it('keeps only the fields given, so a field left out stays as it is', () => {
    expect(ProfileUpdateSchema.parse({})).toEqual({});
    expect(ProfileUpdateSchema.parse({ interested_in_marketing_communications: true })).toEqual({
      interested_in_marketing_communications: true,
    });
    expect(ProfileUpdateSchema.parse({ first_name: '  Ann ' })).toEqual({ first_name: 'Ann' });
  });

  it('reads a blank or null company as none', () => {
    expect(ProfileUpdateSchema.parse({ company_name: '  ' })).toEqual({ company_name: null });
    expect(ProfileUpdateSchema.parse({ company_name: null })).toEqual({ company_name: null });
    expect(ProfileUpdateSchema.parse({ company_name: ' Acme Ltd ' })).toEqual({ company_name: 'Acme Ltd' });
  });

  it('applies the signup’s rules and messages', () => {
    const result = ProfileUpdateSchema.safeParse({
      first_name: ' ',
      last_name: 'x'.repeat(151),
      company_name: 'x'.repeat(201),
      interested_in_marketing_communications: 'yes',
    });
    expect(errorsOf(result)).toEqual({
      first_name: ['First name is required'],
      last_name: ['Ensure this field has no more than 150 characters.'],
      company_name: ['Ensure this field has no more than 200 characters.'],
      interested_in_marketing_communications: ['Must be true or false.'],
    });
    expect(ProfileUpdateSchema.safeParse({ last_name: 'x'.repeat(150) }).success).toBe(true);
  });
});

describe('DeleteAccountSchema', () => {
  it('needs the password, untrimmed and bounded', () => {
    expect(DeleteAccountSchema.parse({ password: ' secret ' })).toEqual({ password: ' secret ' });
    expect(errorsOf(DeleteAccountSchema.safeParse({ password: '' }))).toEqual({
      password: ['Password is required'],
    });
    expect(errorsOf(DeleteAccountSchema.safeParse({}))).toEqual({ password: ['Password is required'] });
    expect(errorsOf(DeleteAccountSchema.safeParse({ password: 'x'.repeat(257) }))).toEqual({
      password: ['Password must be at most 256 characters'],
    });
  });
});
