import { describe, expect, it } from 'vitest';
import { isQuoteExpired, quoteStatusLabel } from './labels';

describe('quoteStatusLabel', () => {
  it('says Expired for a sent quote only once its expiry day has passed in the UK', () => {
    const sent = { status: 'sent' as const, expires_on: '2027-06-30' };
    expect(quoteStatusLabel(sent, new Date('2027-06-30T22:59:00Z'))).toBe('Sent');
    // 23:30 UTC on the 30th is already 1 July in London (BST).
    expect(quoteStatusLabel(sent, new Date('2027-06-30T23:30:00Z'))).toBe('Expired');
    expect(isQuoteExpired(sent, new Date('2027-06-30T23:30:00Z'))).toBe(true);
  });

  it('keeps the other statuses in their words whatever the day', () => {
    const late = new Date('2030-01-01T12:00:00Z');
    expect(quoteStatusLabel({ status: 'requested', expires_on: null }, late)).toBe('Requested');
    expect(quoteStatusLabel({ status: 'accepted', expires_on: '2027-06-30' }, late)).toBe('Accepted');
    expect(quoteStatusLabel({ status: 'ordered', expires_on: '2027-06-30' }, late)).toBe('Ordered');
    expect(quoteStatusLabel({ status: 'withdrawn', expires_on: '2027-06-30' }, late)).toBe('Withdrawn');
  });
});
