import { describe, expect, it } from 'vitest';
import { changedFields } from './audit';

describe('changedFields', () => {
  it('sees no change in a nested object whose keys come back from jsonb in another order', () => {
    const sent = { address: { street: '1 Dock Road', city: 'Hull' }, rows: [{ area: 'PA', zone: 'x' }] };
    const stored = { address: { city: 'Hull', street: '1 Dock Road' }, rows: [{ zone: 'x', area: 'PA' }] };
    expect(changedFields(stored, sent)).toBeNull();
  });

  it('keeps only the fields that changed, each side', () => {
    expect(changedFields({ a: 1, b: { c: 2, d: 3 } }, { a: 1, b: { d: 3, c: 4 } })).toEqual({
      before: { b: { c: 2, d: 3 } },
      after: { b: { d: 3, c: 4 } },
    });
  });
});
