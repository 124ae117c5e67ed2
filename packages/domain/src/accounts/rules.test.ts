import { describe, expect, it } from 'vitest';
import { codeTriesLeft } from './rules';

describe('codeTriesLeft', () => {
  const limits = { own: 5, foreign: 3 };
  it.each([
    // The requester is held to their own tries, whatever strangers have used.
    [{ attempts: 0, foreignAttempts: 3 }, true, 0, true],
    [{ attempts: 4, foreignAttempts: 0 }, true, 0, true],
    [{ attempts: 5, foreignAttempts: 0 }, true, 0, false],
    [{ attempts: 4, foreignAttempts: 0 }, true, 1, false],
    // Everyone else shares the foreign tries, whatever the requester has used.
    [{ attempts: 5, foreignAttempts: 0 }, false, 0, true],
    [{ attempts: 0, foreignAttempts: 2 }, false, 0, true],
    [{ attempts: 0, foreignAttempts: 3 }, false, 0, false],
    [{ attempts: 0, foreignAttempts: 2 }, false, 1, false],
  ])('%o, requester %s, %i more: tries left %s', (tries, requester, extra, left) => {
    expect(codeTriesLeft(tries, requester, limits, extra)).toBe(left);
  });
});
