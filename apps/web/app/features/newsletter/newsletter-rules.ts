// First: Zod must be in jitless mode before the schemas below are built (see the module).
import '~/lib/jitless-validation';
import {
  CONTACT_MESSAGES,
  NewsletterSubscriptionSchema,
  fieldErrors,
  type NewsletterSubscription,
} from '@shop/domain';

/**
 * The form's validation and messages, loaded when the visitor first reaches for the form: the footer is
 * on every page, and the schema library must not weigh on every page's first load.
 */
export const NEWSLETTER_MESSAGES = {
  failed: CONTACT_MESSAGES.newsletterFailed,
  subscribed: CONTACT_MESSAGES.newsletterSubscribed,
} as const;

export type SubscriptionCheck = { ok: true; value: NewsletterSubscription } | { ok: false; email: string };

export function checkSubscription(email: string): SubscriptionCheck {
  const result = NewsletterSubscriptionSchema.safeParse({ email });
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, email: fieldErrors(result.error).email?.[0] ?? CONTACT_MESSAGES.emailInvalid };
}
