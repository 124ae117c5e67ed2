import { z } from 'zod';

/** The back office's words for contact queries and the newsletter. */
export const MESSAGE_MESSAGES = {
  subjectRequired: 'Subject is required.',
  bodyRequired: 'Message is required.',
  tooLong: (max: number) => `Ensure this field has no more than ${max} characters.`,
} as const;

export const REPLY_SUBJECT_MAX = 200;
export const REPLY_BODY_MAX = 10_000;

/** POST administration/messages/{id}/reply/: an e-mail to the sender. */
export const MessageReplySchema = z
  .object({
    subject: z
      .string({ message: MESSAGE_MESSAGES.subjectRequired })
      .trim()
      .min(1, MESSAGE_MESSAGES.subjectRequired)
      .max(REPLY_SUBJECT_MAX, MESSAGE_MESSAGES.tooLong(REPLY_SUBJECT_MAX))
      // One line: an e-mail subject with a line break could smuggle headers.
      .refine((value) => !/[\r\n]/.test(value), 'The subject must be one line.'),
    body: z
      .string({ message: MESSAGE_MESSAGES.bodyRequired })
      .trim()
      .min(1, MESSAGE_MESSAGES.bodyRequired)
      .max(REPLY_BODY_MAX, MESSAGE_MESSAGES.tooLong(REPLY_BODY_MAX)),
  })
  .strict();
export type MessageReply = z.infer<typeof MessageReplySchema>;

/** POST administration/messages/{id}/handled/. */
export const MessageHandledSchema = z.object({ handled: z.boolean() }).strict();

export const MessageStatusSchema = z.enum(['unhandled', 'handled', 'all']);
export type MessageStatus = z.infer<typeof MessageStatusSchema>;

/** A contact query as the back office lists it. */
export const ContactMessageSummarySchema = z.object({
  id: z.number().int(),
  email: z.string(),
  full_name: z.string(),
  subject: z.string(),
  created_at: z.string(),
  handled_at: z.string().nullable(),
  replied_at: z.string().nullable(),
});
export type ContactMessageSummary = z.infer<typeof ContactMessageSummarySchema>;

/** One contact query, with its text and who handled it. */
export const ContactMessageSchema = ContactMessageSummarySchema.extend({
  message: z.string(),
  handled_by: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

export const SubscriptionStatusSchema = z.enum(['subscribed', 'unsubscribed', 'all']);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

/** A newsletter subscriber as the back office lists it. */
export const NewsletterSubscriberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  subscribed_at: z.string(),
  unsubscribed_at: z.string().nullable(),
});
export type NewsletterSubscriber = z.infer<typeof NewsletterSubscriberSchema>;
