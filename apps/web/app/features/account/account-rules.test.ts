import { describe, expect, it } from 'vitest';
import { ACCOUNT_API_MESSAGES, ApiError, normaliseErrorResponse } from '~/lib/api-client';
import { failureMessage, keepingReturnPath, safeReturnPath } from './account-rules';

const ORIGIN = 'https://shop.example';

describe('safeReturnPath', () => {
  it.each([
    ['/cart', '/cart'],
    ['/details/bags/mailing-bags?x=1#top', '/details/bags/mailing-bags?x=1#top'],
    // Still encoded, these name odd paths of this site, not another host.
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['/%5Cevil.example', '/%5Cevil.example'],
    ['/%09/evil.example', '/%09/evil.example'],
    // An absolute URL on this origin comes back as a path.
    ['https://shop.example/cart?x=1', '/cart?x=1'],
    ['https:/evil.example', '/evil.example'],
  ])('keeps %j on this site as %j', (from, expected) => {
    expect(safeReturnPath(from, ORIGIN)).toBe(expected);
  });

  it.each([
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r/evil.example',
    'https://evil.example',
    'http://shop.example/cart',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '\\\\evil.example',
    ' //evil.example',
    '/.//evil.example',
    '/..//evil.example',
    '/%2e//evil.example',
    'http:/evil.example',
    '//evil.example@shop',
    'https://shop.example@evil.example/',
    'https://[not-an-address]/',
  ])('goes home instead of to %j', (from) => {
    expect(safeReturnPath(from, ORIGIN)).toBe('/');
  });

  it.each([null, ''])('goes home without a `from` (%j)', (from) => {
    expect(safeReturnPath(from, ORIGIN)).toBe('/');
  });

  it('refuses `?from=/%09/evil.example`, whose tab the query string decodes', () => {
    const from = new URLSearchParams('from=/%09/evil.example').get('from');
    expect(safeReturnPath(from, ORIGIN)).toBe('/');
  });

  it('resolves against the page’s own origin by default', () => {
    expect(safeReturnPath(`${window.location.origin}/cart`)).toBe('/cart');
    expect(safeReturnPath('//evil.example')).toBe('/');
  });
});

describe('failureMessage', () => {
  it('adds the account client’s own words to the form’s message when the answer has none (spec 1, §8)', () => {
    const silent = normaliseErrorResponse(500, '', ACCOUNT_API_MESSAGES);
    expect(failureMessage(silent, 'Login failed.')).toBe('Login failed. Error 500');
    const timedOut = new ApiError({ kind: 'timeout', message: ACCOUNT_API_MESSAGES.timeout, generic: true });
    expect(failureMessage(timedOut, 'Login failed.')).toBe(
      'Login failed. Request timed out. Please try again.',
    );
  });

  it('shows the server’s own words as they are', () => {
    expect(failureMessage(normaliseErrorResponse(400, { detail: 'Wrong code.' }), 'Failed.')).toBe(
      'Wrong code.',
    );
  });
});

describe('keepingReturnPath', () => {
  it('carries a safe return path from login to sign-up', () => {
    expect(keepingReturnPath('/signup', '/details/wraps/pallet-wraps?x=1', ORIGIN)).toBe(
      '/signup?from=%2Fdetails%2Fwraps%2Fpallet-wraps%3Fx%3D1',
    );
    expect(keepingReturnPath('/signup', '/account/company', ORIGIN)).toBe(
      '/signup?from=%2Faccount%2Fcompany',
    );
  });

  it.each([null, '', '/', '//evil.example', 'https://evil.example/x', '/\\evil.example'])(
    'carries nothing for %j',
    (from) => {
      expect(keepingReturnPath('/signup', from, ORIGIN)).toBe('/signup');
    },
  );
});
