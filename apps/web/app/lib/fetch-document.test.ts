import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '~test/stub-api';
import { API_MESSAGES, ApiError } from '~/lib/api-client';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import { fetchDocument } from './fetch-document';

const INVOICE = '/api/orders/7/invoice.pdf';
const pdf = () => new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } });

/** The Authorization header of each call to a path. */
const bearers = (api: ReturnType<typeof stubApi>, path: string) =>
  api.spy.mock.calls
    .filter(([input]) => input === path)
    .map(([, init]) => (init?.headers as Record<string, string>).Authorization);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('fetchDocument', () => {
  it('reads the document with the stored token', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    const api = stubApi({ [`GET ${INVOICE}`]: pdf });
    const blob = await fetchDocument(INVOICE);
    expect(await blob.text()).toBe('%PDF-1.7');
    expect(bearers(api, INVOICE)).toEqual(['Bearer token']);
  });

  it('gets a new token once when the stored one has expired, and tries again with it', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'old');
    const api = stubApi({
      [`GET ${INVOICE}`]: (_body: unknown, calls: unknown[]) =>
        calls.length === 1 ? json({ detail: 'Expired', code: 'token_not_valid' }, 401) : pdf(),
      'POST /api/account/token/refresh/': { access: 'new' },
    });
    expect((await fetchDocument(INVOICE)).size).toBe(8);
    expect(bearers(api, INVOICE)).toEqual(['Bearer old', 'Bearer new']);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('new');
  });

  it('fails with the session’s end when the token cannot be renewed', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'old');
    stubApi({
      [`GET ${INVOICE}`]: json({ detail: 'Expired', code: 'token_not_valid' }, 401),
      'POST /api/account/token/refresh/': json({ detail: 'No.' }, 401),
    });
    await expect(fetchDocument(INVOICE)).rejects.toMatchObject({
      status: 401,
      message: API_MESSAGES.sessionExpired,
    });
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it('fails with the server’s words, or the client’s own when it has none', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    stubApi({
      [`GET ${INVOICE}`]: json({ detail: 'Not found.' }, 404),
      'GET /api/orders/8/invoice.pdf': () => new Response('<html>Bad gateway</html>', { status: 502 }),
    });
    await expect(fetchDocument(INVOICE)).rejects.toMatchObject({ status: 404, message: 'Not found.' });
    await expect(fetchDocument('/api/orders/8/invoice.pdf')).rejects.toMatchObject({
      status: 502,
      message: API_MESSAGES.status(502),
    });
  });

  it('tells a network failure apart', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(fetchDocument(INVOICE)).rejects.toMatchObject({
      kind: 'network',
      message: API_MESSAGES.network,
    });
  });

  it('rejects with the caller’s reason when the caller aborts', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      (_input, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error)),
        ),
    );
    const controller = new AbortController();
    const read = fetchDocument(INVOICE, controller.signal);
    controller.abort();
    await expect(read).rejects.toMatchObject({ name: 'AbortError' });
  });

  it.each([
    'https://elsewhere.example/invoice.pdf',
    '//elsewhere.example/api/x',
    'orders/7/invoice.pdf',
    '/api//x',
  ])('never sends the token outside the shop’s API: %s', async (path) => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    const api = stubApi({});
    await expect(fetchDocument(path)).rejects.toBeInstanceOf(ApiError);
    expect(api.calls).toEqual([]);
  });
});
