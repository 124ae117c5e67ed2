/**
 * The browser's client for the shop's JSON API (spec 1, §7-§8): one `request()` for every call, a 10 s
 * time-out combined with the caller's signal, identical in-flight requests merged, and every failure turned
 * into an `ApiError` whose message is the one the spec's normalisation gives (the account area's own
 * texts with `messages: ACCOUNT_API_MESSAGES`).
 */

import { clearSession, getAccessToken, setAccessToken } from './session';

export const API_BASE = '/api/';
/** The main client's time-out (spec 1, §7). */
export const DEFAULT_TIMEOUT_MS = 10_000;

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

/** The token refresh's own time-out (spec 1, §7). */
export const REFRESH_TIMEOUT_MS = 5_000;
/** The lock that lets one tab at a time spend the (single-use) refresh cookie. */
export const REFRESH_LOCK = 'packright-refresh';
const REFRESH_PATH = 'account/token/refresh/';

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

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
  headers?: Record<string, string>;
  /** The texts for failures the server did not put into words; the main client's by default. */
  messages?: ClientMessages;
  /**
   * For calls that only a signed-in customer may make: without a stored access token nothing is sent and
   * the call fails (401) with this message, e.g. the cart's 'No access token found. Please log in.'.
   */
  requireToken?: string;
}

// ---------- Normalisation (spec 1, §8) ----------

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
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

// ---------- Transport ----------

/** The URL of an API path: relative paths sit under /api/; absolute and root-relative ones (DRF `next`) stay. */
export function apiUrl(path: string): string {
  if (/^https?:\/\//.test(path) || path.startsWith('/')) return path;
  return `${API_BASE}${path}`;
}

/** Aborts when any of the signals does (AbortSignal.any where the browser has it). */
function anySignal(signals: AbortSignal[]): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any(signals);
  const controller = new AbortController();
  for (const signal of signals) {
    if (signal.aborted) {
      controller.abort(signal.reason);
      break;
    }
    signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  }
  return controller.signal;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // An HTML error page from a proxy says nothing a customer can use.
    return /^\s*</.test(text) ? undefined : text;
  }
}

/** A request ready to go: its body already serialised (merging compares it), its texts chosen. */
interface Outgoing {
  method: NonNullable<RequestOptions['method']>;
  headers: Record<string, string>;
  /** The JSON text of the body, if any. */
  body: string | undefined;
  timeoutMs: number;
  messages: ClientMessages;
}

function outgoing(options: RequestOptions): Outgoing {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return {
    method: options.method ?? 'GET',
    headers,
    body,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    messages: options.messages ?? API_MESSAGES,
  };
}

async function send(url: string, out: Outgoing, stop: AbortSignal): Promise<unknown> {
  const timeout = AbortSignal.timeout(out.timeoutMs);
  const { messages } = out;

  let response: Response;
  try {
    response = await fetch(url, {
      method: out.method,
      headers: out.headers,
      body: out.body,
      signal: anySignal([stop, timeout]),
      credentials: 'same-origin',
    });
  } catch (error) {
    if (stop.aborted) throw stop.reason;
    if (timeout.aborted) throw new ApiError({ kind: 'timeout', message: messages.timeout, generic: true });
    if (error instanceof TypeError) {
      throw new ApiError({ kind: 'network', message: messages.network, generic: true });
    }
    throw new ApiError({ kind: 'unexpected', message: API_MESSAGES.unexpected, generic: true });
  }

  let body: unknown;
  try {
    body = await readBody(response);
  } catch {
    if (stop.aborted) throw stop.reason;
    if (timeout.aborted) throw new ApiError({ kind: 'timeout', message: messages.timeout, generic: true });
    throw new ApiError({ kind: 'network', message: messages.network, generic: true });
  }
  if (!response.ok) throw normaliseErrorResponse(response.status, body, messages);
  return body;
}

interface InFlight {
  promise: Promise<unknown>;
  controller: AbortController;
  callers: number;
  /** `writesStarted` once this request had started: a later caller joins only while it is unchanged. */
  writes: number;
}

/**
 * Requests under way, by method, URL, headers (the bearer token among them) and body: an identical request
 * made meanwhile shares the first one's answer (spec 1, §7), so a double click sends one order, one add to
 * cart, one e-mail.
 */
const inFlight = new Map<string, InFlight>();
/**
 * Writes (any method but GET) started so far. A request started before the latest write is not joined: a
 * read must see that write, and in "set A, set B, set A" the last A must reach the server after B rather
 * than take the answer of the first A.
 */
let writesStarted = 0;

/** A number per set of texts, so that an account call never takes the main client's wording or the reverse. */
const textIds = new WeakMap<ClientMessages, number>();
let textSets = 0;
function textsId(messages: ClientMessages): number {
  let id = textIds.get(messages);
  if (id === undefined) {
    id = textSets++;
    textIds.set(messages, id);
  }
  return id;
}

/** Resolves with the shared promise unless this caller's signal aborts first. */
function follow<T>(entry: InFlight, signal: AbortSignal | undefined, release: () => void): Promise<T> {
  if (!signal) return entry.promise.finally(release) as Promise<T>;
  if (signal.aborted) {
    release();
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const onAbort = () => {
      if (settled) return;
      settled = true;
      release();
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    entry.promise.then(
      (value) => {
        if (settled) return;
        settled = true;
        signal.removeEventListener('abort', onAbort);
        release();
        resolve(value as T);
      },
      (error: unknown) => {
        if (settled) return;
        settled = true;
        signal.removeEventListener('abort', onAbort);
        release();
        reject(error);
      },
    );
  });
}

// ---------- Session: bearer header and refresh (spec 1, §4 and §7) ----------

/** The account calls that never carry the bearer header (spec 1, §7). */
const PUBLIC_ACCOUNT_PATHS = [
  'account/login/',
  'account/signup/',
  'account/email-authentication/',
  'account/reset-password/',
  'account/token/verify/',
  'account/token/refresh/',
];

export function isPublicAccountPath(path: string): boolean {
  const url = apiUrl(path);
  const pathname = url.replace(/^https?:\/\/[^/]+/, '').split(/[?#]/)[0] ?? '';
  return PUBLIC_ACCOUNT_PATHS.some((publicPath) => pathname === `${API_BASE}${publicPath}`);
}

let refreshing: Promise<string> | null = null;

/**
 * Gets a new access token with the HttpOnly refresh cookie. Concurrent callers share one refresh; across
 * tabs a Web Lock serialises them, and a tab that finds a token newer than the one that failed uses it
 * instead of spending the (single-use, rotating) cookie again. On failure the session is cleared and the
 * promise rejects with 'Session expired. Please log in again.' (status 401).
 */
export function refreshAccessToken(staleToken: string | null = getAccessToken()): Promise<string> {
  refreshing ??= lockedRefresh(staleToken).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function lockedRefresh(staleToken: string | null): Promise<string> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  const run = async () => {
    const stored = getAccessToken();
    if (stored && stored !== staleToken) return stored;
    return refreshNow();
  };
  try {
    return locks ? await locks.request(REFRESH_LOCK, run) : await run();
  } catch {
    clearSession();
    throw new ApiError({ kind: 'response', status: 401, message: API_MESSAGES.sessionExpired });
  }
}

async function refreshNow(): Promise<string> {
  const body = await send(
    apiUrl(REFRESH_PATH),
    outgoing({ method: 'POST', timeoutMs: REFRESH_TIMEOUT_MS }),
    new AbortController().signal,
  );
  const access = isObject(body) ? body.access : undefined;
  if (typeof access !== 'string' || !access) throw new Error('No access token in the refresh answer');
  setAccessToken(access);
  return access;
}

/**
 * Calls the API and resolves with the parsed JSON body. Rejects with an `ApiError` (normalised message,
 * field errors), or with the caller's abort reason when `options.signal` aborts (see `isAbortError`).
 */
export function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = isPublicAccountPath(path) ? null : getAccessToken();
  if (options.requireToken !== undefined && token === null) {
    return Promise.reject(new ApiError({ kind: 'response', status: 401, message: options.requireToken }));
  }
  return requestOnce<T>(path, withBearer(options, token)).catch((error: unknown) => {
    if (!(error instanceof ApiError) || error.status !== 401 || error.code !== 'token_not_valid') throw error;
    if (options.signal?.aborted) throw options.signal.reason;
    // Replayed once, with whatever token the (shared) refresh stored.
    return refreshAccessToken(token).then((fresh) => requestOnce<T>(path, withBearer(options, fresh)));
  });
}

function withBearer(options: RequestOptions, token: string | null): RequestOptions {
  if (!token) return options;
  return { ...options, headers: { ...options.headers, Authorization: `Bearer ${token}` } };
}

/** One call, no refresh; identical requests in flight (see `inFlight`) share one answer. */
function requestOnce<T>(path: string, options: RequestOptions): Promise<T> {
  const url = apiUrl(path);
  const out = outgoing(options);
  const key = `${out.method} ${url} ${textsId(out.messages)}\n${JSON.stringify(out.headers)}\n${out.body ?? ''}`;

  let entry = inFlight.get(key);
  if (!entry || entry.writes !== writesStarted) {
    if (out.method !== 'GET') writesStarted += 1;
    const controller = new AbortController();
    const created: InFlight = { controller, callers: 0, promise: Promise.resolve(), writes: writesStarted };
    created.promise = send(url, out, controller.signal).finally(() => {
      if (inFlight.get(key) === created) inFlight.delete(key);
    });
    // Callers may all leave before it settles; the rejection is theirs to see, not an unhandled one.
    created.promise.catch(() => undefined);
    inFlight.set(key, created);
    entry = created;
  }

  const shared = entry;
  shared.callers += 1;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    shared.callers -= 1;
    // The last caller gone: stop the request itself, and let a later identical one start afresh.
    if (shared.callers === 0 && options.signal?.aborted) {
      if (inFlight.get(key) === shared) inFlight.delete(key);
      shared.controller.abort(options.signal.reason);
    }
  };
  return follow<T>(shared, options.signal, release);
}
