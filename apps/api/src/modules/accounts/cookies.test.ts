import { describe, expect, it } from 'vitest';
import { readCookie, readCookies, refreshCookie } from './cookies';

describe('readCookie', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['refresh_token=abc', 'abc'],
    ['theme=dark; refresh_token=abc-_1; other=x', 'abc-_1'],
    ['xrefresh_token=nope; refresh_token=yes', 'yes'],
    ['refresh_token="quoted"', 'quoted'],
    ['refresh_token=a%20b', 'a b'],
    ['refresh_token=%E0%A4%A', undefined],
    ['refresh_token', undefined],
  ])('reads %j as %j', (header, value) => {
    expect(readCookie(header, 'refresh_token')).toBe(value);
  });
});

describe('readCookies', () => {
  it('answers every value of the name, so a planted second cookie shows', () => {
    expect(
      readCookies('__Secure-refresh_token=a; theme=x; __Secure-refresh_token=b', '__Secure-refresh_token'),
    ).toEqual(['a', 'b']);
    expect(readCookies('refresh_token=a', '__Secure-refresh_token')).toEqual([]);
    expect(readCookies(undefined, 'x')).toEqual([]);
  });
});

describe('refreshCookie', () => {
  it('is HttpOnly, SameSite=Strict, scoped to the account API, and Secure with the __Secure- prefix when asked', () => {
    expect(refreshCookie('tok', 1209600.7, true)).toBe(
      '__Secure-refresh_token=tok; Max-Age=1209600; Path=/api/account/; HttpOnly; SameSite=Strict; Secure',
    );
    expect(refreshCookie('', 0, false)).toBe(
      'refresh_token=; Max-Age=0; Path=/api/account/; HttpOnly; SameSite=Strict',
    );
  });
});
