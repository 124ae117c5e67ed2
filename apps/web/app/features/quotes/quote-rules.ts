// First: Zod must be in jitless mode before the schemas below are built (see the module).
import '~/lib/jitless-validation';
import { QUOTE_ATTACHMENT_TYPES, QUOTE_LIMITS, QUOTE_MESSAGES, type QuoteAttachmentType } from '@shop/domain';
import { ApiError, failureReason } from '~/lib/api-client';

export { failureText } from '~/lib/api-client';

/** The quote screens' own words; the rules' refusals are the domain's QUOTE_MESSAGES. */
export const QUOTE_PAGE_MESSAGES = {
  requestFailed: 'Your request for a quote could not be sent. Please try again.',
  checkForm: 'Please check the form for errors.',
  requested: (number: string) =>
    `Thank you: your request ${number} is with us. We will e-mail you when it is priced.`,
  filesNotAttached: 'These files could not be attached; you can add them again below:',
  uploadFailed: 'The file could not be sent. Please try again.',
  acceptFailed: 'The quote could not be accepted. Please try again.',
  loadFailed: 'Your quotes could not be loaded. Please try again later.',
  quoteLoadFailed: 'The quote could not be loaded. Please try again later.',
  noQuotes: 'You have no quotes yet. Ask for one from your cart.',
} as const;

/** The file types the picker offers: the MIME types, and their extensions for systems that go by them. */
export const ATTACHMENT_ACCEPT = [...QUOTE_ATTACHMENT_TYPES, '.pdf', '.png', '.jpg', '.jpeg'].join(',');

const isAttachmentType = (type: string): type is QuoteAttachmentType =>
  (QUOTE_ATTACHMENT_TYPES as readonly string[]).includes(type);

/** Why a chosen file cannot be attached (its type, then its size), or null when it can. */
export function attachmentProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!isAttachmentType(file.type)) return QUOTE_MESSAGES.attachmentType;
  if (file.size > QUOTE_LIMITS.attachmentBytes) return QUOTE_MESSAGES.attachmentTooLarge;
  return null;
}

/** A file's name as the API keeps it: at most QUOTE_LIMITS.filenameLength characters, its extension kept. */
export function attachmentName(name: string): string {
  const limit = QUOTE_LIMITS.filenameLength;
  if (name.length <= limit) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 6 ? name.slice(dot) : '';
  return `${name.slice(0, limit - extension.length)}${extension}`;
}

/**
 * Why the server refused a file: its own words for a 413 or 415 when it gave any, else the rule it broke, else
 * why no answer came.
 */
export function uploadFailure(error: unknown): string {
  if (error instanceof ApiError && error.kind === 'response') {
    if (!error.generic) return error.message;
    if (error.status === 413) return QUOTE_MESSAGES.attachmentTooLarge;
    if (error.status === 415) return QUOTE_MESSAGES.attachmentType;
  }
  const reason = failureReason(error);
  return reason ?? QUOTE_PAGE_MESSAGES.uploadFailed;
}

/** What the confirmation after a request carries to the quote's page (the router's location state). */
export interface RequestedState {
  requested: { number: string; failed: { name: string; reason: string }[] };
}

export function requestedStateOf(state: unknown): RequestedState['requested'] | null {
  if (typeof state !== 'object' || state === null || !('requested' in state)) return null;
  const requested = (state as RequestedState).requested;
  return typeof requested?.number === 'string' && Array.isArray(requested.failed) ? requested : null;
}
