/**
 * One call on the wire (spec 1, §7): the URL under /api/, the body as JSON, the bearer header where the path
 * takes one, a time-out combined with the caller's signal, and the answer parsed or turned into an `ApiError`.
 */

import { API_MESSAGES, ApiError, type ClientMessages, normaliseErrorResponse } from './errors';

export const API_BASE = '/api/';
/** The main client's time-out (spec 1, §7). */
export const DEFAULT_TIMEOUT_MS = 10_000;

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
export interface Outgoing {
  method: NonNullable<RequestOptions['method']>;
  headers: Record<string, string>;
  /** The JSON text of the body, if any. */
  body: string | undefined;
  timeoutMs: number;
  messages: ClientMessages;
}

export function outgoing(options: RequestOptions): Outgoing {
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

/**
 * Sends one request and resolves with its parsed body. Rejects with an `ApiError`, or with `stop`'s reason
 * when `stop` aborts.
 */
export async function send(url: string, out: Outgoing, stop: AbortSignal): Promise<unknown> {
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

/** The account calls that never carry the bearer header (spec 1, §7). */
const PUBLIC_ACCOUNT_PATHS = [
  'account/login/',
  'account/signup/',
  'account/email-authentication/',
  'account/reset-password/',
  'account/token/verify/',
  'account/token/refresh/',
  // Not an account call, but the same for everyone: sent without a token so shared caches may keep it.
  'ecommerce/delivery-promise/',
];

export function isPublicAccountPath(path: string): boolean {
  const url = apiUrl(path);
  const pathname = url.replace(/^https?:\/\/[^/]+/, '').split(/[?#]/)[0] ?? '';
  return PUBLIC_ACCOUNT_PATHS.some((publicPath) => pathname === `${API_BASE}${publicPath}`);
}

/** The options with the bearer header of `token`, when there is one. */
export function withBearer(options: RequestOptions, token: string | null): RequestOptions {
  if (!token) return options;
  return { ...options, headers: { ...options.headers, Authorization: `Bearer ${token}` } };
}
