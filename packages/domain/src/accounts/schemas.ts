import { z } from 'zod';
import { EmailSchema } from '../contact/schemas';

/** The account area's messages (spec 1, §5 and §8; the OTP length is DESIGN §4.1's). */
export const ACCOUNT_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  emailVerificationRequired: 'Email verification required',
  passwordRequired: 'Password is required',
  newPasswordRequired: 'New password is required',
  passwordMin6: 'Password must be at least 6 characters',
  passwordMin8: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 256 characters',
  confirmPasswordRequired: 'Confirm password is required',
  passwordsDoNotMatch: 'Passwords do not match',
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Current password is incorrect.',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  companyNameRequired: 'Company name is required',
  otpRequired: 'OTP is required',
  otpFormat: 'OTP must be a 6-digit number',
  otpInvalid: 'Invalid OTP. Please try again.',
  otpExpired: 'This OTP has expired. Please request a new one.',
  otpBurnt: 'Too many incorrect attempts. Please request a new OTP.',
  otpSent: 'A 6-digit code has been sent to your email. It expires in 10 minutes.',
  emailVerified: 'Email verified successfully.',
  verificationExpired:
    'Your email verification has expired or was already used. Please verify your email again.',
  accountExists: 'An account already exists with this email.',
  noAccount: 'No account found with this email address.',
  loginFailed: 'Login failed. Please check your credentials.',
  invalidTokenResponse: 'Invalid token response from server',
  otpSendFailed: 'Failed to send OTP. Please try again.',
  otpVerifyFailed: 'OTP verification failed. Please try again.',
  signupFailed: 'Signup failed. Please try again.',
  resetFailed: 'Password reset failed. Please try again.',
  passwordReset: 'Password reset successfully!',
  passwordUpdated: 'Password updated successfully',
  updatePasswordFailed: 'Failed to update password. Please try again.',
  sessionExpired: 'Session expired. Please log in again.',
  loggedOut: 'You have been logged out.',
  loggedOutEverywhere: 'You have been logged out on every device.',
  profileSaved: 'Your details have been saved.',
  passwordIncorrect: 'Password is incorrect.',
  staffCannotDelete:
    'Staff accounts are removed by an owner: ask an owner to remove your role, then delete your account.',
  accountDeleted: 'Your account has been deleted.',
} as const;

const PASSWORD_MAX = 256;

/** A password: required, at least `min` characters, never trimmed (spaces are characters too). */
const password = (min: 6 | 8, required: string = ACCOUNT_MESSAGES.passwordRequired) =>
  z
    .string({ message: required })
    .min(1, { message: required, abort: true })
    .min(min, min === 6 ? ACCOUNT_MESSAGES.passwordMin6 : ACCOUNT_MESSAGES.passwordMin8)
    // Bounds the work of hashing a hostile multi-megabyte "password".
    .max(PASSWORD_MAX, ACCOUNT_MESSAGES.passwordTooLong);

const requiredText = (message: string, max: number) =>
  z
    .string({ message })
    .trim()
    .min(1, message)
    .max(max, `Ensure this field has no more than ${max} characters.`);

/** The names a buyer gives at signup and may change on their account page. */
const FirstNameSchema = requiredText(ACCOUNT_MESSAGES.firstNameRequired, 150);
const LastNameSchema = requiredText(ACCOUNT_MESSAGES.lastNameRequired, 150);
const CompanyNameSchema = z.string().trim().max(200, 'Ensure this field has no more than 200 characters.');

/** The proof a successful OTP check returns (DESIGN §4.2). */
const VerificationTokenSchema = z
  .string({ message: ACCOUNT_MESSAGES.emailVerificationRequired })
  .min(1, ACCOUNT_MESSAGES.emailVerificationRequired)
  .max(200, ACCOUNT_MESSAGES.verificationExpired);

/** Confirm-password field: required, then equal to `new_password`. */
const confirmPassword = z
  .string({ message: ACCOUNT_MESSAGES.confirmPasswordRequired })
  .min(1, ACCOUNT_MESSAGES.confirmPasswordRequired)
  .max(PASSWORD_MAX, ACCOUNT_MESSAGES.passwordTooLong);

function passwordsMatch<T extends { new_password: string; confirm_new_password: string }>(value: T) {
  return value.new_password === value.confirm_new_password;
}

const matchOptions = {
  message: ACCOUNT_MESSAGES.passwordsDoNotMatch,
  path: ['confirm_new_password'],
  // Said even while another field is still wrong, as a form expects; not on an empty confirmation.
  when: (payload: { value: unknown }) => {
    const value = payload.value as Record<string, unknown> | null;
    return typeof value?.new_password === 'string' && Boolean(value.confirm_new_password);
  },
};

/** The two kinds of e-mailed code; a code made for one never works for the other. */
export const AuthenticationTypeSchema = z.enum(['signup', 'forgot_password'], {
  message: "authentication_type must be 'signup' or 'forgot_password'",
});
export type AuthenticationType = z.infer<typeof AuthenticationTypeSchema>;

/** The code typed from the e-mail: exactly six digits (DESIGN §4.1). */
export const OtpCodeSchema = z
  .string({ message: ACCOUNT_MESSAGES.otpRequired })
  .trim()
  .min(1, { message: ACCOUNT_MESSAGES.otpRequired, abort: true })
  .regex(/^\d{6}$/, ACCOUNT_MESSAGES.otpFormat);

/** POST account/login/ (spec 1, §5: the login form checks only the length, 6). */
export const LoginSchema = z.object({
  email: EmailSchema,
  password: password(6),
});
export type Login = z.infer<typeof LoginSchema>;
export type LoginInput = z.input<typeof LoginSchema>;

/**
 * POST account/email-authentication/: without `code` the server e-mails a new code; with it, the server
 * checks it and answers a `verification_token`.
 */
export const EmailAuthenticationSchema = z.object({
  email: EmailSchema,
  authentication_type: AuthenticationTypeSchema,
  code: OtpCodeSchema.optional(),
});
export type EmailAuthentication = z.infer<typeof EmailAuthenticationSchema>;
export type EmailAuthenticationInput = z.input<typeof EmailAuthenticationSchema>;

/** POST account/signup/. */
export const SignupSchema = z.object({
  email: EmailSchema,
  first_name: FirstNameSchema,
  last_name: LastNameSchema,
  /** Optional; blank means none. */
  company_name: CompanyNameSchema.nullish().transform((name) => name || null),
  password: password(8),
  interested_in_marketing_communications: z.boolean().default(false),
  verification_token: VerificationTokenSchema,
});
export type Signup = z.infer<typeof SignupSchema>;
export type SignupInput = z.input<typeof SignupSchema>;

/**
 * The signup form: the API's fields, the 'no company name' box (the company is required unless it is
 * ticked) and the verification token the OTP check gave ('Email verification required' until then).
 */
export const SignupFormSchema = SignupSchema.extend({
  no_company_name: z.boolean().default(false),
}).refine((form) => form.no_company_name || Boolean(form.company_name), {
  message: ACCOUNT_MESSAGES.companyNameRequired,
  path: ['company_name'],
});
export type SignupFormInput = z.input<typeof SignupFormSchema>;

/** POST account/reset-password/ (spec 1, §5: at least 8 characters). */
export const ResetPasswordSchema = z
  .object({
    email: EmailSchema,
    new_password: password(8, ACCOUNT_MESSAGES.newPasswordRequired),
    confirm_new_password: confirmPassword,
    verification_token: VerificationTokenSchema,
  })
  .refine(passwordsMatch, matchOptions);
export type ResetPassword = z.infer<typeof ResetPasswordSchema>;
export type ResetPasswordInput = z.input<typeof ResetPasswordSchema>;

/** POST account/update-password/ (spec 1, §5: the change form asks for at least 6 characters). */
export const UpdatePasswordSchema = z
  .object({
    current_password: z
      .string({ message: ACCOUNT_MESSAGES.currentPasswordRequired })
      .min(1, ACCOUNT_MESSAGES.currentPasswordRequired)
      .max(PASSWORD_MAX, ACCOUNT_MESSAGES.passwordTooLong),
    new_password: password(6, ACCOUNT_MESSAGES.newPasswordRequired),
    confirm_new_password: confirmPassword,
  })
  .refine(passwordsMatch, matchOptions);
export type UpdatePassword = z.infer<typeof UpdatePasswordSchema>;
export type UpdatePasswordInput = z.input<typeof UpdatePasswordSchema>;

/** POST account/token/verify/. */
export const TokenVerifySchema = z.object({
  token: z.string({ message: 'This field is required.' }).min(1, 'This field may not be blank.').max(4096),
});

/** What login/ and signup/ answer; the refresh token travels only in an HttpOnly cookie (DESIGN §4.9). */
export const AuthTokenResponseSchema = z.object({ token: z.object({ access: z.string() }) });
export type AuthTokenResponse = z.infer<typeof AuthTokenResponseSchema>;

/** What token/refresh/ answers. */
export const AccessTokenResponseSchema = z.object({ access: z.string() });
export type AccessTokenResponse = z.infer<typeof AccessTokenResponseSchema>;

/** What email-authentication/ answers (spec 1, §3), plus the proof after a successful check. */
export const EmailAuthenticationResponseSchema = z.object({
  exists: z.boolean(),
  success: z.boolean(),
  authentication_type: AuthenticationTypeSchema,
  message: z.string(),
  verification_token: z.string().optional(),
});
export type EmailAuthenticationResponse = z.infer<typeof EmailAuthenticationResponseSchema>;

export const AccountMessageSchema = z.object({ message: z.string() });

/** The buyer's own details (GET and PATCH account/profile/); the e-mail is the sign-in and never changes there. */
export const ProfileSchema = z.object({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  company_name: z.string().nullable(),
  interested_in_marketing_communications: z.boolean(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/**
 * PATCH account/profile/: any of the signup's own fields, with the signup's rules. A field left out stays as
 * it is; a blank or null company name means none.
 */
export const ProfileUpdateSchema = z.object({
  first_name: FirstNameSchema.optional(),
  last_name: LastNameSchema.optional(),
  company_name: CompanyNameSchema.nullable()
    .transform((name) => name || null)
    .optional(),
  interested_in_marketing_communications: z.boolean({ message: 'Must be true or false.' }).optional(),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;
export type ProfileUpdateInput = z.input<typeof ProfileUpdateSchema>;

/** POST account/delete/: the password again, so a borrowed session alone cannot erase the account. */
export const DeleteAccountSchema = z.object({
  password: z
    .string({ message: ACCOUNT_MESSAGES.passwordRequired })
    .min(1, ACCOUNT_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX, ACCOUNT_MESSAGES.passwordTooLong),
});
export type DeleteAccount = z.infer<typeof DeleteAccountSchema>;
export type AccountMessage = z.infer<typeof AccountMessageSchema>;
