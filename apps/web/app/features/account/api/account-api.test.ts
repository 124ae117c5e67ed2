import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES, failureMessage } from '../account-rules';
import { accountRequest, login, updatePassword } from './account-api';
import { ApiError } from '~/lib/api-client';

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the account client (spec 1, §8: the account area’s texts)', () => {
  it('says "Network error. Please check your connection." when the connection fails', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await failureOf(login({ email: 'ann@example.com', password: 'secret1' }));
    expect(error.message).toBe('Network error. Please check your connection.');
    // What the login form shows: its own failure, then why no answer came.
    expect(failureMessage(error, ACCOUNT_MESSAGES.loginFailed)).toBe(
      'Login failed. Please check your credentials. Network error. Please check your connection.',
    );
  });

  it('says "Request timed out. Please try again." when no answer comes in time', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          const signal = init?.signal;
          signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
        }),
    );
    const error = await failureOf(
      accountRequest('account/login/', { method: 'POST', body: {}, timeoutMs: 20 }),
    );
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('Request timed out. Please try again.');
  });

  it('says "Error {status}" for an error answer without words', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 503 }));
    const error = await failureOf(
      updatePassword({ current_password: 'a', new_password: 'b', confirm_new_password: 'b' }),
    );
    expect(error.message).toBe('Error 503');
    expect(error.status).toBe(503);
  });

  it('keeps the server’s own words and the main client’s other behaviour', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(jsonResponse({ detail: 'Login failed. Please check your credentials.' }, 400));
    const error = await failureOf(login({ email: 'ann@example.com', password: 'wrong12' }));
    expect(error.message).toBe('Login failed. Please check your credentials.');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/account/login/');
    expect(init?.body).toBe('{"email":"ann@example.com","password":"wrong12"}');
  });
});
