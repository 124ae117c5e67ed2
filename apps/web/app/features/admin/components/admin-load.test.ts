import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminLoad, routeId } from './admin-load';
import { ApiError } from '~/lib/api-client';
import { ACCESS_TOKEN_KEY } from '~/lib/session';

const request = new Request('https://shop.test/admin/orders?status=shipped');
const failing = (error: unknown) => () => Promise.reject(error);
const answered = (status: number, message: string, fields = {}) =>
  new ApiError({ kind: 'response', status, message, fields });

beforeEach(() => localStorage.setItem(ACCESS_TOKEN_KEY, 'staff-token'));
afterEach(() => localStorage.clear());

describe('adminLoad', () => {
  it('answers the data', async () => {
    expect(await adminLoad(request, async () => 42)).toEqual({ state: 'loaded', data: 42 });
  });

  it.each([
    ['a server error', answered(500, 'A server error occurred.'), 500, 'A server error occurred.', {}],
    [
      'a missing thing',
      answered(404, 'Not found.'),
      404,
      'This was not found; it may have been deleted.',
      {},
    ],
    [
      'a refused filter',
      answered(400, 'Please check the form for errors.', { date_to: ['Too early.'] }),
      400,
      'Please check the form for errors.',
      { date_to: ['Too early.'] },
    ],
    ['a bug', new TypeError('x is undefined'), null, 'x is undefined', {}],
    ['a thrown string', 'nope', null, 'Something went wrong. Please try again.', {}],
  ])('turns %s into the failed state', async (_name, error, status, message, fields) => {
    expect(await adminLoad(request, failing(error))).toEqual({ state: 'failed', status, message, fields });
  });

  it('sends an ended session to the login page, back to this screen afterwards', async () => {
    const thrown = await adminLoad(request, failing(answered(401, 'Session expired.'))).catch((e) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get('Location')).toBe(
      '/login?from=%2Fadmin%2Forders%3Fstatus%3Dshipped',
    );
  });

  it('sends a visitor without a token to the login page without reading', async () => {
    localStorage.clear();
    let read = false;
    const thrown = await adminLoad(request, async () => (read = true)).catch((e) => e);
    expect((thrown as Response).headers.get('Location')).toBe(
      '/login?from=%2Fadmin%2Forders%3Fstatus%3Dshipped',
    );
    expect(read).toBe(false);
  });

  it('re-throws a cancelled load', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    await expect(adminLoad(request, failing(abort))).rejects.toBe(abort);
  });
});

describe('routeId', () => {
  it.each([
    ['7', 7],
    ['1234567890', 1234567890],
  ])('reads %s', (value, id) => {
    expect(routeId(value)).toBe(id);
  });

  it.each([undefined, '', '0', '-1', '1.5', 'abc', '12345678901'])('answers 404 for %s', (value) => {
    expect(() => routeId(value)).toThrow(expect.objectContaining({ status: 404 }));
  });
});
