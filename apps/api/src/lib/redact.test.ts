import { describe, expect, it } from 'vitest';
import { redact } from './redact';

const ERASED = [
  { text: 'erin@example.com', replacement: 'deleted@deleted.invalid' },
  { text: 'Erin Erased', replacement: 'Deleted' },
];

describe('redact', () => {
  it('replaces whole occurrences in any case, and leaves longer words and other addresses alone', () => {
    expect(redact('From ERIN@Example.com: thanks, erin erased.', ERASED)).toBe(
      'From deleted@deleted.invalid: thanks, Deleted.',
    );
    expect(redact('Copy to sherin@example.com and Erin Erasedson', ERASED)).toBe(
      'Copy to sherin@example.com and Erin Erasedson',
    );
  });

  it('takes the text literally and skips texts too short to be told from words', () => {
    expect(redact('a.b+c@x.co (a.b+c@x.co)', [{ text: 'a.b+c@x.co', replacement: 'X' }])).toBe('X (X)');
    expect(redact('Al sent a total', [{ text: 'Al', replacement: 'Deleted' }])).toBe('Al sent a total');
    expect(redact('$& price', [{ text: 'price', replacement: '$&$1' }])).toBe('$& $&$1');
  });
});
