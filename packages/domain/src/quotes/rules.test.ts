import { describe, expect, it } from 'vitest';
import { quoteRefusal } from './rules';

const sent = { status: 'sent' as const, version: 2, expiresOn: '2026-12-04' };

describe('quoteRefusal', () => {
  it('lets the latest version of a sent quote be accepted through its expiry day, on the UK calendar', () => {
    expect(quoteRefusal(sent, new Date('2026-12-04T23:59:00Z'))).toBeNull();
    expect(quoteRefusal(sent, new Date('2026-12-04T10:00:00Z'), 2)).toBeNull();
    // Midnight in London on the 5th: expired, said with the day.
    expect(quoteRefusal(sent, new Date('2026-12-05T00:00:00Z'))).toBe(
      'This quote expired on 4 December 2026. Ask us for a new one.',
    );
    // In summer, London is an hour ahead: 23:30 UTC on the expiry day is already the next UK day.
    expect(quoteRefusal({ ...sent, expiresOn: '2027-06-30' }, new Date('2027-06-30T23:30:00Z'))).toMatch(
      /expired on 30 June 2027/,
    );
  });

  it('refuses an older version, a quote not priced, withdrawn or already ordered, each with its reason', () => {
    const now = new Date('2026-12-01T12:00:00Z');
    expect(quoteRefusal(sent, now, 1)).toBe('This quote has been revised: version 2 is the one to accept.');
    expect(quoteRefusal({ status: 'requested', version: 0, expiresOn: null }, now)).toBe(
      'This quote has not been priced yet.',
    );
    expect(quoteRefusal({ ...sent, status: 'withdrawn' }, now)).toBe('This quote has been withdrawn.');
    expect(quoteRefusal({ ...sent, status: 'ordered' }, now)).toBe('This quote has already been ordered.');
    expect(quoteRefusal({ ...sent, status: 'accepted' }, now)).toBeNull();
  });
});
