/**
 * What a failed call becomes: an `ApiError` whose message is the one the spec's normalisation gives (spec 1,
 * §8), in the main client's words or, with `messages: ACCOUNT_API_MESSAGES`, the account area's.
 */

/** The texts a client gives when no server message applies: no answer, or an answer without words. */
export interface ClientMessages {
  timeout: string;
  network: string;
  status: (status: number) => string;
}

export const API_MESSAGES = {
  timeout: 'Request timed out. Please check your connection and try again.',
  network: 'Network error. Please check your internet connection.',
  unexpected: 'An unexpected error occurred.',
  checkForm: 'Please check the form for errors.',
  badAuthorizationHeader: 'Invalid authorization header. Please log in again.',
  status: (status: number) => `Error ${status}: Unable to process request.`,
  sessionExpired: 'Session expired. Please log in again.',
} as const;

/** The account area's client says the same things in its own words (spec 1, §8). */
export const ACCOUNT_API_MESSAGES: ClientMessages = {
  timeout: 'Request timed out. Please try again.',
  network: 'Network error. Please check your connection.',
  status: (status: number) => `Error ${status}`,
};

export type FieldErrors = Record<string, string[]>;

/**
 * - `response`: the server answered with an error status (or the client answered for it with a 401:
 *   'Session expired…' after a failed refresh, or a call that needs a token made without one);
 * - `timeout`, `network`: no answer;
 * - `unexpected`: anything else (an unreadable success body, a bug).
 */
export type ApiErrorKind = 'response' | 'timeout' | 'network' | 'unexpected';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** The HTTP status; null when no answer came. */
  readonly status: number | null;
  readonly fields: FieldErrors;
  /** True when the message is a stock text rather than one the server wrote. */
  readonly generic: boolean;
  /** The body's `code` when it has one (401s: token_not_valid, bad_authorization_header…). */
  readonly code: string | null;
  /** The parsed error body, for callers that read a field the normalisation does not keep. */
  readonly body: unknown;

  constructor(init: {
    kind: ApiErrorKind;
    message: string;
    status?: number | null;
    fields?: FieldErrors;
    generic?: boolean;
    code?: string | null;
    body?: unknown;
  }) {
    super(init.message);
    this.kind = init.kind;
    this.status = init.status ?? null;
    this.fields = init.fields ?? {};
    this.generic = init.generic ?? false;
    this.code = init.code ?? null;
    this.body = init.body;
  }
}

/** Whether `error` is the caller's own cancellation, which is not a failure to report. */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/**
 * What to add to a feature's own failure message ('Subscription failed. Please try again.'): the server's
 * words, or why no answer came; null when there is nothing more useful to say than the feature's message.
 */
export function failureReason(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.kind === 'timeout' || error.kind === 'network') return error.message;
  return error.kind === 'response' && !error.generic ? error.message : null;
}

/**
 * The message for a failed call: the server's own words for an answered request without field errors, else
 * the screen's fallback followed by why no answer came.
 */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.kind === 'response') {
    if (!error.generic && Object.keys(error.fields).length === 0) return error.message;
    return fallback;
  }
  const reason = failureReason(error);
  return reason ? `${fallback} ${reason}` : fallback;
}

type JsonObject = Record<string, unknown>;

/** A JSON object (not an array, not null); the refresh reads its answer with it too. */
export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Messages lose leading and trailing braces and quotes (a stringified dict or list leaves them). */
export function cleanMessage(text: string): string {
  return text.replace(/^[\s{}[\]"']+|[\s{}[\]"']+$/g, '');
}

function messagesOf(value: unknown): string[] {
  if (typeof value === 'string') return [cleanMessage(value)].filter(Boolean);
  if (Array.isArray(value)) return value.flatMap(messagesOf);
  if (isObject(value)) return Object.values(value).flatMap(messagesOf);
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  return [];
}

const joined = (value: unknown): string => messagesOf(value).join(' ');

/** Every key but the reserved ones, as field errors. */
function fieldErrorsOf(body: JsonObject, reserved: readonly string[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const [key, value] of Object.entries(body)) {
    if (reserved.includes(key)) continue;
    const messages = messagesOf(value);
    if (messages.length > 0) fields[key] = messages;
  }
  return fields;
}

/** A `detail` may be a stringified object; its pack_quantity message wins over the text itself. */
function detailMessage(detail: unknown): string {
  if (typeof detail === 'string') {
    const parsed = parseLooseJson(detail);
    if (isObject(parsed) && parsed.pack_quantity !== undefined) return joined(parsed.pack_quantity);
    return cleanMessage(detail);
  }
  if (isObject(detail) && detail.pack_quantity !== undefined) return joined(detail.pack_quantity);
  return joined(detail);
}

function parseLooseJson(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return undefined;
  try {
    return JSON.parse(trimmed);
  } catch {
    // Python's repr of a dict (single quotes), as some back ends put into `detail`.
    try {
      return JSON.parse(trimmed.replace(/'/g, '"'));
    } catch {
      return undefined;
    }
  }
}

/** The error for a response with an error status and its (parsed) body. */
export function normaliseErrorResponse(
  status: number,
  body: unknown,
  messages: ClientMessages = API_MESSAGES,
): ApiError {
  const code = isObject(body) && typeof body.code === 'string' ? body.code : null;
  const fail = (message: string, fields: FieldErrors = {}, generic = false) =>
    new ApiError({
      kind: 'response',
      status,
      message: message || messages.status(status),
      fields,
      generic,
      code,
      body,
    });
  const generic = () => fail(messages.status(status), {}, true);

  if (typeof body === 'string') return body.trim() ? fail(cleanMessage(body)) : generic();
  if (!isObject(body)) return generic();

  if (status === 401 && body.code === 'bad_authorization_header') {
    return fail(API_MESSAGES.badAuthorizationHeader);
  }
  if (status === 400 && isObject(body.errors)) {
    const fields = fieldErrorsOf(body.errors, ['non_field_errors']);
    const message = joined(body.errors.non_field_errors ?? body.non_field_errors);
    return fail(message || API_MESSAGES.checkForm, fields, !message);
  }
  if (status === 400 && typeof body.error === 'string') return fail(cleanMessage(body.error));
  if (body.detail !== undefined) return fail(detailMessage(body.detail));

  const fields = fieldErrorsOf(body, ['detail', 'non_field_errors', 'errors']);
  const message = joined(body.non_field_errors) || (fields.pack_quantity ?? []).join(' ');
  if (message) return fail(message, fields);
  if (Object.keys(fields).length > 0) return fail(API_MESSAGES.checkForm, fields, true);
  return generic();
}
