import { describe, expect, it } from 'vitest';
import { highlightParts } from './highlight';

describe('highlightParts', () => {
  it('marks the typed text wherever it occurs, ignoring case', () => {
    expect(highlightParts('Pallet Wraps', 'pal')).toEqual([
      { text: 'Pal', match: true },
      { text: 'let Wraps', match: false },
    ]);
    expect(highlightParts('Bubble wrap roll', 'B')).toEqual([
      { text: 'B', match: true },
      { text: 'u', match: false },
      { text: 'b', match: true },
      { text: 'b', match: true },
      { text: 'le wrap roll', match: false },
    ]);
  });

  it('marks each typed word, in any order', () => {
    expect(highlightParts('Pallet Wraps', 'wrap pallet')).toEqual([
      { text: 'Pallet', match: true },
      { text: ' ', match: false },
      { text: 'Wrap', match: true },
      { text: 's', match: false },
    ]);
  });

  it('treats regular-expression characters as plain text', () => {
    expect(highlightParts('Boxes (12 x 9)', '(12')).toEqual([
      { text: 'Boxes ', match: false },
      { text: '(12', match: true },
      { text: ' x 9)', match: false },
    ]);
  });

  it('leaves the text whole when nothing matches or nothing was typed', () => {
    expect(highlightParts('Tapes', 'zz')).toEqual([{ text: 'Tapes', match: false }]);
    expect(highlightParts('Tapes', '  ')).toEqual([{ text: 'Tapes', match: false }]);
  });
});
