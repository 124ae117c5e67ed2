/**
 * Merging identical requests in flight (see `inFlight`). A caller that aborts leaves the shared request; the
 * request itself stops when its last caller has left.
 */

import type { ClientMessages } from './errors';
import { apiUrl, outgoing, type RequestOptions, send } from './transport';

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

/**
 * One caller's wait for a shared request: resolves or rejects as the request does, unless this caller's
 * signal aborts first; `release` runs once either way.
 */
function awaitSharedAnswer<T>(
  entry: InFlight,
  signal: AbortSignal | undefined,
  release: () => void,
): Promise<T> {
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

/** One call, no refresh; identical requests in flight (see `inFlight`) share one answer. */
export function requestMerged<T>(path: string, options: RequestOptions): Promise<T> {
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
  return awaitSharedAnswer<T>(shared, options.signal, release);
}
