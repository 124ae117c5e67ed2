/** A stub of the API at the network boundary (fetch), for component and route tests. */
import { vi } from 'vitest';

/** A JSON answer; no body when `body` is undefined (a 204, say). */
export function json(body: unknown, status = 200): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export interface Call {
  method: string;
  url: string;
  body: unknown;
}

type Answer = Response | Promise<Response>;
/** An answer, or a function of the request body (and the calls so far) giving one. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test knows the body it expects
export type Route = unknown | ((body: any, calls: Call[]) => Answer);

/**
 * Stubs `fetch` with answers by 'METHOD /path'; a Response or a function is used as is, any other value
 * is sent as a 200 JSON body. Unknown calls get a 404. Every call is recorded, its JSON body parsed.
 */
export function stubApi(routes: Record<string, Route>) {
  const calls: Call[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, url, body });
    const route = routes[`${method} ${url}`];
    if (route === undefined) return json({ detail: 'Not found.' }, 404);
    if (typeof route === 'function') return route(body, calls);
    if (route instanceof Response) return route.clone();
    return json(route);
  });
  const called = (method: string, url: string) =>
    calls.filter((call) => call.method === method && call.url === url);
  return { calls, spy, called };
}

/** A response that never comes (a request still in flight). */
export const never = (): Promise<Response> => new Promise<Response>(() => undefined);
