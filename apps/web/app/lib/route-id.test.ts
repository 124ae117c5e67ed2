import { describe, expect, it } from 'vitest';
import { idParam } from './route-id';

describe('idParam', () => {
  it.each([
    ['7', 7],
    ['007', 7],
    ['2147483647', 2_147_483_647],
  ])('reads %s as %i', (param, id) => {
    expect(idParam(param)).toBe(id);
  });

  it.each([undefined, null, '', '0', '-1', '1.5', 'abc', '2147483648', '12345678901'])(
    'answers null for %s',
    (param) => {
      expect(idParam(param)).toBeNull();
    },
  );
});
