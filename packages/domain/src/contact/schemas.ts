import { z } from 'zod';

/** The spec's messages for the contact and newsletter forms (spec 1, §5, §8). */
export const CONTACT_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  fullNameRequired: 'Full name is required',
  subjectRequired: 'Subject is required',
  messageRequired: 'Message is required',
  contactFailed: 'Failed to submit query. Please try again.',
  contactSent: 'Thank you for your query. We will get back to you within one business day.',
  newsletterFailed: 'Subscription failed. Please try again.',
  newsletterSubscribed: "Thanks for subscribing, we'll keep you updated with upcoming deals!",
} as const;

const requiredText = (message: string, max: number) =>
  z
    .string({ message })
    .trim()
    .min(1, message)
    .max(max, `Ensure this field has no more than ${max} characters.`);

/** An address-like e-mail: required, then format-checked, stored lower-case. */
export const EmailSchema = z
  .string({ message: CONTACT_MESSAGES.emailRequired })
  .trim()
  .min(1, CONTACT_MESSAGES.emailRequired)
  .max(254, CONTACT_MESSAGES.emailInvalid)
  .pipe(z.email({ message: CONTACT_MESSAGES.emailInvalid }))
  .transform((email) => email.toLowerCase());

/** POST administration/contact/: one schema for the form and the API. */
export const ContactQuerySchema = z.object({
  email: EmailSchema,
  full_name: requiredText(CONTACT_MESSAGES.fullNameRequired, 150),
  subject: requiredText(CONTACT_MESSAGES.subjectRequired, 200),
  message: requiredText(CONTACT_MESSAGES.messageRequired, 5000),
});
export type ContactQuery = z.infer<typeof ContactQuerySchema>;
export type ContactQueryInput = z.input<typeof ContactQuerySchema>;

/** POST newsletter/. */
export const NewsletterSubscriptionSchema = z.object({ email: EmailSchema });
export type NewsletterSubscription = z.infer<typeof NewsletterSubscriptionSchema>;

/** Field errors keyed by field name, as the API answers them and the forms show them. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : 'non_field_errors';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}
