// First: Zod must be in jitless mode before the schemas below are built (see the module).
import '~/lib/jitless-validation';
import { CONTACT_MESSAGES, ContactQuerySchema, fieldErrors, type ContactQuery } from '@shop/domain';

/** The form's validation and messages, loaded on first use so the page's first load stays light. */
export const CONTACT_FORM_MESSAGES = {
  failed: CONTACT_MESSAGES.contactFailed,
  sent: CONTACT_MESSAGES.contactSent,
} as const;

export type ContactField = keyof ContactQuery;
export type ContactErrors = Partial<Record<ContactField, string>>;
export const CONTACT_FIELDS: readonly ContactField[] = ['email', 'full_name', 'subject', 'message'];

export type ContactCheck = { ok: true; value: ContactQuery } | { ok: false; errors: ContactErrors };

/** Checks the query with the schema the API uses; the first message of each field when invalid. */
export function checkContactQuery(values: Record<ContactField, string>): ContactCheck {
  const result = ContactQuerySchema.safeParse(values);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, errors: firstErrors(fieldErrors(result.error)) };
}

/** The first message of each known field, from the form's or the API's field errors. */
export function firstErrors(fields: Record<string, string[]>): ContactErrors {
  const errors: ContactErrors = {};
  for (const field of CONTACT_FIELDS) {
    const message = fields[field]?.[0];
    if (message) errors[field] = message;
  }
  return errors;
}
