import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ACCOUNT_API_MESSAGES,
  API_MESSAGES,
  ApiError,
  apiUrl,
  failureReason,
  isAbortError,
  normaliseErrorResponse,
  request,
} from './api-client';

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fetch that never answers by itself and rejects like the browser when its signal aborts. */
function hangingFetch() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(
    (_input, init) =>
      new Promise<Response>((_resolve, reject) => {
        const signal = init?.signal;
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      }),
  );
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('request', () => {
  it('sends JSON to a path under /api/ and resolves with the parsed body', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ ok: true }, 201));
    await expect(request('newsletter/', { method: 'POST', body: { email: 'a@b.co' } })).resolves.toEqual({
      ok: true,
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/newsletter/');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"email":"a@b.co"}');
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json', Accept: 'application/json' });
  });

  it('keeps absolute and root-relative URLs (DRF next links) as they are', () => {
    expect(apiUrl('products/?search=pa')).toBe('/api/products/?search=pa');
    expect(apiUrl('/api/items/?page=2')).toBe('/api/items/?page=2');
    expect(apiUrl('http://shop.example/api/items/?page=2')).toBe('http://shop.example/api/items/?page=2');
  });

  it('merges identical GETs in flight into one fetch', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ count: 1 }));
    const [a, b] = await Promise.all([request('categories/'), request('categories/')]);
    expect(a).toEqual({ count: 1 });
    expect(b).toEqual({ count: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('merges identical writes in flight too: a double click sends one POST (spec 1, §7)', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const lines = [{ cart: 1, item: 2, pricing_tier: 3, pack_quantity: 4 }];
    const first = request('cart-items/', { method: 'POST', body: lines });
    const second = request('cart-items/', { method: 'POST', body: structuredClone(lines) });
    answer(jsonResponse([{ id: 9 }], 201));
    await expect(Promise.all([first, second])).resolves.toEqual([[{ id: 9 }], [{ id: 9 }]]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('merges by method, address, body and token: any difference is a request of its own', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() => Promise.resolve(jsonResponse({ ok: true })));
    await Promise.all([
      request('ecommerce/cart-items/5/', { method: 'PATCH', body: { pack_quantity: 2 } }),
      request('ecommerce/cart-items/5/', { method: 'PATCH', body: { pack_quantity: 3 } }),
      request('ecommerce/cart-items/6/', { method: 'PATCH', body: { pack_quantity: 3 } }),
      request('ecommerce/cart-items/6/', { method: 'PUT', body: { pack_quantity: 3 } }),
    ]);
    expect(fetchMock).toHaveBeenCalledTimes(4);

    window.localStorage.setItem('accessToken', 'ann');
    const asAnn = request('newsletter/', { method: 'POST', body: { email: 'a@b.co' } });
    window.localStorage.setItem('accessToken', 'bob');
    const asBob = request('newsletter/', { method: 'POST', body: { email: 'a@b.co' } });
    await Promise.all([asAnn, asBob]);
    expect(fetchMock).toHaveBeenCalledTimes(6);
  });

  it('does not merge requests made after the first has settled', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() => Promise.resolve(jsonResponse({ ok: true })));
    await request('newsletter/', { method: 'POST', body: { email: 'a@b.co' } });
    await request('newsletter/', { method: 'POST', body: { email: 'a@b.co' } });
    await request('categories/');
    await request('categories/');
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('sends "set A, set B, set A" as three requests, so the server ends on A', async () => {
    const pending: ((response: Response) => void)[] = [];
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(
      () =>
        new Promise<Response>((resolve) => {
          pending.push(resolve);
        }),
    );
    const path = 'administration/messages/4/handled/';
    const first = request(path, { method: 'POST', body: { handled: true } });
    const undo = request(path, { method: 'POST', body: { handled: false } });
    const redo = request(path, { method: 'POST', body: { handled: true } });
    expect(fetchMock.mock.calls.map((call) => call[1]?.body)).toEqual([
      '{"handled":true}',
      '{"handled":false}',
      '{"handled":true}',
    ]);
    pending.forEach((resolve, index) => resolve(jsonResponse({ call: index })));
    await expect(Promise.all([first, undo, redo])).resolves.toEqual([{ call: 0 }, { call: 1 }, { call: 2 }]);
  });

  it('reads again after a write: a GET started before it is not joined', async () => {
    const pending: ((response: Response) => void)[] = [];
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(
      () =>
        new Promise<Response>((resolve) => {
          pending.push(resolve);
        }),
    );
    const before = request('ecommerce/carts/current/');
    const change = request('ecommerce/cart-items/5/', { method: 'PATCH', body: { pack_quantity: 2 } });
    const after = request('ecommerce/carts/current/');
    const alongside = request('ecommerce/carts/current/');
    expect(fetchMock).toHaveBeenCalledTimes(3);
    pending.forEach((resolve, index) => resolve(jsonResponse({ call: index })));
    await expect(Promise.all([before, change, after, alongside])).resolves.toEqual([
      { call: 0 },
      { call: 1 },
      { call: 2 },
      { call: 2 },
    ]);
  });

  it('rejects only the aborting caller of a merged GET; the request goes on for the other', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const leaving = new AbortController();
    const first = request('products/?search=pa', { signal: leaving.signal });
    const second = request('products/?search=pa');
    leaving.abort();
    await expect(first).rejects.toSatisfy(isAbortError);
    answer(jsonResponse({ results: [] }));
    await expect(second).resolves.toEqual({ results: [] });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((fetchMock.mock.calls[0]![1]?.signal as AbortSignal).aborted).toBe(false);
  });

  it('aborts the fetch itself when its only caller aborts', async () => {
    const fetchMock = hangingFetch();
    const controller = new AbortController();
    const pending = request('products/?search=pal', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toSatisfy(isAbortError);
    expect((fetchMock.mock.calls[0]![1]?.signal as AbortSignal).aborted).toBe(true);
  });

  it('gives the time-out message when no answer comes in time', async () => {
    hangingFetch();
    const error = await failureOf(request('categories/', { timeoutMs: 20 }));
    expect(error.kind).toBe('timeout');
    expect(error.status).toBeNull();
    expect(error.message).toBe('Request timed out. Please check your connection and try again.');
  });

  it('gives the network message when the connection fails', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await failureOf(request('categories/'));
    expect(error.kind).toBe('network');
    expect(error.message).toBe('Network error. Please check your internet connection.');
  });

  it('gives the unexpected-error message for any other failure', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('boom'));
    const error = await failureOf(request('categories/'));
    expect(error.kind).toBe('unexpected');
    expect(error.message).toBe('An unexpected error occurred.');
  });

  it('turns an error response into its normalised message and field errors', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ email: ['Invalid email format'] }, 400));
    const error = await failureOf(request('newsletter/', { method: 'POST', body: { email: 'x' } }));
    expect(error.status).toBe(400);
    expect(error.fields).toEqual({ email: ['Invalid email format'] });
    expect(error.message).toBe('Please check the form for errors.');
  });

  it('ignores an HTML error page and falls back to the status message', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('<html><body>Bad gateway</body></html>', { status: 502 }),
    );
    const error = await failureOf(request('categories/'));
    expect(error.message).toBe('Error 502: Unable to process request.');
    expect(error.generic).toBe(true);
  });

  it('resolves with undefined for an empty success body', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
    await expect(request('cart-items/1/', { method: 'DELETE' })).resolves.toBeUndefined();
  });
});

describe('the account area’s texts (spec 1, §8)', () => {
  const account = { messages: ACCOUNT_API_MESSAGES };

  it('says "Request timed out. Please try again." when no answer comes in time', async () => {
    hangingFetch();
    const error = await failureOf(request('account/login/', { ...account, method: 'POST', timeoutMs: 20 }));
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('Request timed out. Please try again.');
  });

  it('says "Network error. Please check your connection." when the connection fails', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await failureOf(request('account/login/', { ...account, method: 'POST' }));
    expect(error.kind).toBe('network');
    expect(error.message).toBe('Network error. Please check your connection.');
  });

  it('says "Error {status}" for an answer without words, and keeps the server’s own words', async () => {
    vi.spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }))
      .mockResolvedValueOnce(jsonResponse({ detail: 'Login failed. Please check your credentials.' }, 400));
    const bare = await failureOf(request('account/login/', { ...account, method: 'POST' }));
    expect(bare.message).toBe('Error 502');
    expect(bare.generic).toBe(true);
    const worded = await failureOf(request('account/login/', { ...account, method: 'POST' }));
    expect(worded.message).toBe('Login failed. Please check your credentials.');
    expect(normaliseErrorResponse(500, {}, ACCOUNT_API_MESSAGES).message).toBe('Error 500');
  });

  it('never lends one client’s texts to the other through a merged request', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 503 }));
    const [main, accountArea] = await Promise.all([
      failureOf(request('account/a/')),
      failureOf(request('account/a/', account)),
    ]);
    expect(main.message).toBe('Error 503: Unable to process request.');
    expect(accountArea.message).toBe('Error 503');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('requireToken', () => {
  const NO_TOKEN = 'No access token found. Please log in.';

  it('fails without sending anything when no access token is stored', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    const error = await failureOf(
      request('cart-items/', { method: 'POST', body: [], requireToken: NO_TOKEN }),
    );
    expect(error.message).toBe(NO_TOKEN);
    expect(error.status).toBe(401);
    expect(error.generic).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the call with the bearer token when one is stored', async () => {
    window.localStorage.setItem('accessToken', 'abc');
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse([]));
    await expect(
      request('cart-items/', { method: 'POST', body: [], requireToken: NO_TOKEN }),
    ).resolves.toEqual([]);
    expect((fetchMock.mock.calls[0]![1]?.headers as Record<string, string>).Authorization).toBe('Bearer abc');
  });
});

describe('normaliseErrorResponse (spec 1, §8)', () => {
  it.each([
    [
      '400 field errors become fields',
      400,
      { email: ['Invalid email format'], full_name: ['Full name is required'] },
      'Please check the form for errors.',
      { email: ['Invalid email format'], full_name: ['Full name is required'] },
    ],
    [
      '400 errors object: fields kept, non_field_errors joined as the message',
      400,
      { errors: { email: ['Taken'], non_field_errors: ['One.', 'Two.'] } },
      'One. Two.',
      { email: ['Taken'] },
    ],
    [
      '400 errors object without non_field_errors',
      400,
      { errors: { email: ['Taken'] } },
      'Please check the form for errors.',
      { email: ['Taken'] },
    ],
    ['400 error field', 400, { error: 'Tier does not fit' }, 'Tier does not fit', {}],
    ['detail is the message', 429, { detail: 'Request was throttled.' }, 'Request was throttled.', {}],
    [
      'a stringified detail prefers its pack_quantity',
      400,
      { detail: "{'pack_quantity': ['Minimum 5 packs']}" },
      'Minimum 5 packs',
      {},
    ],
    [
      'other bodies: non_field_errors joined',
      409,
      { non_field_errors: ['Out of stock.'] },
      'Out of stock.',
      {},
    ],
    [
      'other bodies: pack_quantity is the message',
      400,
      { pack_quantity: ['Must be at least 2'] },
      'Must be at least 2',
      { pack_quantity: ['Must be at least 2'] },
    ],
    [
      '401 bad authorization header',
      401,
      { code: 'bad_authorization_header', detail: 'x' },
      'Invalid authorization header. Please log in again.',
      {},
    ],
    ['a string body is the message', 503, '"Service unavailable"', 'Service unavailable', {}],
    ['no body', 500, undefined, 'Error 500: Unable to process request.', {}],
    ['an empty object', 500, {}, 'Error 500: Unable to process request.', {}],
  ])('%s', (_name, status, body, message, fields) => {
    const error = normaliseErrorResponse(status, body);
    expect(error.message).toBe(message);
    expect(error.fields).toEqual(fields);
    expect(error.status).toBe(status);
    expect(error.kind).toBe('response');
  });

  it('strips leading and trailing braces and quotes from messages', () => {
    expect(normaliseErrorResponse(400, { detail: "{'Something odd'}" }).message).toBe('Something odd');
    expect(normaliseErrorResponse(400, { email: ['"Invalid email format"'] }).fields).toEqual({
      email: ['Invalid email format'],
    });
  });

  it('marks stock messages as generic and server-written ones as not', () => {
    expect(normaliseErrorResponse(500, undefined).generic).toBe(true);
    expect(normaliseErrorResponse(429, { detail: 'Slow down.' }).generic).toBe(false);
  });

  it('keeps the status text helper in step with the catalogue', () => {
    expect(API_MESSAGES.status(404)).toBe('Error 404: Unable to process request.');
  });
});

describe('failureReason', () => {
  it("adds the server's words, or why no answer came, and nothing for stock texts", () => {
    expect(failureReason(normaliseErrorResponse(429, { detail: 'Too many requests.' }))).toBe(
      'Too many requests.',
    );
    expect(
      failureReason(new ApiError({ kind: 'timeout', message: API_MESSAGES.timeout, generic: true })),
    ).toBe(API_MESSAGES.timeout);
    expect(
      failureReason(new ApiError({ kind: 'network', message: API_MESSAGES.network, generic: true })),
    ).toBe(API_MESSAGES.network);
    expect(failureReason(normaliseErrorResponse(500, undefined))).toBeNull();
    expect(failureReason(new ApiError({ kind: 'unexpected', message: API_MESSAGES.unexpected }))).toBeNull();
    expect(failureReason(new Error('boom'))).toBeNull();
  });
});

describe('session: bearer header and refresh', () => {
  const authOf = (init: RequestInit | undefined) =>
    (init?.headers as Record<string, string> | undefined)?.Authorization;
  const urlOf = (input: unknown) => (typeof input === 'string' ? input : String(input));
  const expired = () => jsonResponse({ detail: 'Token is invalid or expired', code: 'token_not_valid' }, 401);

  it('sends the bearer token, but never on the public account paths', async () => {
    window.localStorage.setItem('accessToken', 'abc');
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() => Promise.resolve(jsonResponse({})));
    await request('account/update-password/', { method: 'POST', body: {} });
    await request('categories/');
    for (const path of [
      'account/login/',
      'account/signup/',
      'account/email-authentication/',
      'account/reset-password/',
      'account/token/verify/',
      'account/token/refresh/',
    ]) {
      await request(path, { method: 'POST', body: {} });
    }
    // The product page's delivery promise is the same for everyone (shared caches may keep it).
    await request('ecommerce/delivery-promise/?postal_code=IV1+1AA');
    const calls = fetchSpy.mock.calls;
    expect(authOf(calls[0]?.[1])).toBe('Bearer abc');
    expect(authOf(calls[1]?.[1])).toBe('Bearer abc');
    for (const call of calls.slice(2)) expect(authOf(call[1])).toBeUndefined();
    expect(calls.every((call) => call[1]?.credentials === 'same-origin')).toBe(true);
  });

  it('makes ONE refresh for concurrent 401s and replays each request once with the new token', async () => {
    window.localStorage.setItem('accessToken', 'old');
    let refreshes = 0;
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const url = urlOf(input);
      if (url.endsWith('account/token/refresh/')) {
        refreshes += 1;
        expect(init?.body).toBeUndefined();
        return new Promise((resolve) => setTimeout(() => resolve(jsonResponse({ access: 'new' })), 10));
      }
      return Promise.resolve(authOf(init) === 'Bearer new' ? jsonResponse({ url }) : expired());
    });
    const answers = await Promise.all([
      request<{ url: string }>('account/a/'),
      request<{ url: string }>('account/b/', { method: 'POST', body: {} }),
      request<{ url: string }>('account/c/'),
    ]);
    expect(refreshes).toBe(1);
    expect(answers.map((answer) => answer.url)).toEqual([
      '/api/account/a/',
      '/api/account/b/',
      '/api/account/c/',
    ]);
    expect(window.localStorage.getItem('accessToken')).toBe('new');
    expect(fetchSpy).toHaveBeenCalledTimes(7);
  });

  it('replays only once: a second 401 is the caller’s', async () => {
    window.localStorage.setItem('accessToken', 'old');
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) =>
      Promise.resolve(urlOf(input).endsWith('token/refresh/') ? jsonResponse({ access: 'new' }) : expired()),
    );
    const error = await failureOf(request('account/a/'));
    expect(error.status).toBe(401);
    expect(error.code).toBe('token_not_valid');
  });

  it('clears the session and rejects with the spec’s message when the refresh fails', async () => {
    window.localStorage.setItem('accessToken', 'old');
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) =>
      Promise.resolve(
        urlOf(input).endsWith('token/refresh/')
          ? jsonResponse({ detail: 'Token is invalid or expired', code: 'token_not_valid' }, 401)
          : expired(),
      ),
    );
    const [first, second] = await Promise.all([
      failureOf(request('account/a/')),
      failureOf(request('account/b/')),
    ]);
    for (const error of [first, second]) {
      expect(error.message).toBe('Session expired. Please log in again.');
      expect(error.status).toBe(401);
    }
    expect(window.localStorage.getItem('accessToken')).toBeNull();
  });

  it('does not refresh on other 401s', async () => {
    window.localStorage.setItem('accessToken', 'old');
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(jsonResponse({ detail: 'Bad header', code: 'bad_authorization_header' }, 401));
    const error = await failureOf(request('account/a/'));
    expect(error.message).toBe(API_MESSAGES.badAuthorizationHeader);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem('accessToken')).toBe('old');
  });

  it('uses a token another tab already refreshed instead of spending the cookie again', async () => {
    window.localStorage.setItem('accessToken', 'old');
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      if (urlOf(input).endsWith('token/refresh/')) throw new Error('must not refresh');
      if (authOf(init) === 'Bearer old') {
        // Another tab refreshes while this request is out.
        window.localStorage.setItem('accessToken', 'other-tab');
        return Promise.resolve(expired());
      }
      return Promise.resolve(jsonResponse({ ok: authOf(init) }));
    });
    await expect(request('account/a/')).resolves.toEqual({ ok: 'Bearer other-tab' });
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });
});
