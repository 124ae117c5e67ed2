import { MAX_LINES_PER_ADD, MAX_PACK_QUANTITY, QUICK_ORDER_MESSAGES } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { appendLine, checkableLines, formatLine, parseLines, parsePacks, splitCells } from './parse-lines';

/** The lines as `[line number, sku, packs]`, for short expectations. */
const read = (text: string) => parseLines(text).lines.map((line) => [line.lineNumber, line.sku, line.packs]);

describe('parseLines', () => {
  it.each([
    ['PW-HAND-400-CL, 12', 'a comma'],
    ['PW-HAND-400-CL;12', 'a semicolon'],
    ['PW-HAND-400-CL\t12', 'a tab (a spreadsheet’s paste)'],
    ['PW-HAND-400-CL 12', 'a space'],
    ['   PW-HAND-400-CL     12   ', 'runs of spaces'],
    ['PW-HAND-400-CL ,  12', 'spaces around the comma'],
  ])('reads a SKU and packs separated by %j (%s)', (text) => {
    expect(read(text)).toEqual([[1, 'PW-HAND-400-CL', 12]]);
  });

  it('gives 1 pack to a line with only a SKU, or an empty packs cell', () => {
    expect(read('TD-PRO-75\nTD-PRO-50,\nTD-PRO-48;')).toEqual([
      [1, 'TD-PRO-75', 1],
      [2, 'TD-PRO-50', 1],
      [3, 'TD-PRO-48', 1],
    ]);
  });

  it('skips blank lines but keeps the text’s line numbers', () => {
    expect(read('\nA, 1\n\n   \nB, 2\n')).toEqual([
      [2, 'A', 1],
      [5, 'B', 2],
    ]);
  });

  it('reads CRLF and old Mac line ends and drops a byte-order mark', () => {
    expect(read('\uFEFFA,1\r\nB,2\rC,3')).toEqual([
      [1, 'A', 1],
      [2, 'B', 2],
      [3, 'C', 3],
    ]);
  });

  it('skips a header row as the first line, in any case and with any second column', () => {
    expect(read('sku,packs\nA,1')).toEqual([[2, 'A', 1]]);
    expect(read('\n"SKU";"Quantity"\nA;1')).toEqual([[3, 'A', 1]]);
    // Only the first line can be a header.
    expect(read('A,1\nsku,2')).toEqual([
      [1, 'A', 1],
      [2, 'sku', 2],
    ]);
  });

  it('strips CSV quotes, keeping separators and doubled quotes inside them', () => {
    expect(read('"PW-HAND-400-CL","12"')).toEqual([[1, 'PW-HAND-400-CL', 12]]);
    expect(read('"A,B",3')).toEqual([[1, 'A,B', 3]]);
    expect(read('"Say ""hi""";2')).toEqual([[1, 'Say "hi"', 2]]);
    expect(read('"With space" 4')).toEqual([[1, 'With space', 4]]);
    expect(read('A,"1,200"')).toEqual([[1, 'A', 1200]]);
  });

  it('ignores columns after the second (a spreadsheet’s description or price)', () => {
    expect(read('A,2,Clear wrap,12.50\nB\t3\tTape')).toEqual([
      [1, 'A', 2],
      [2, 'B', 3],
    ]);
  });

  it('gives a line whose packs are not a whole number from 1 to 100,000 an error of its own', () => {
    const { lines } = parseLines(
      `A, 0\nB, -2\nC, 1.5\nD, x\nE, ${MAX_PACK_QUANTITY + 1}\nF, ${MAX_PACK_QUANTITY}`,
    );
    expect(lines.map((line) => [line.sku, line.packs, line.errors])).toEqual([
      ['A', null, [QUICK_ORDER_MESSAGES.packsInvalid]],
      ['B', null, [QUICK_ORDER_MESSAGES.packsInvalid]],
      ['C', null, [QUICK_ORDER_MESSAGES.packsInvalid]],
      ['D', null, [QUICK_ORDER_MESSAGES.packsInvalid]],
      ['E', null, [QUICK_ORDER_MESSAGES.packsInvalid]],
      ['F', MAX_PACK_QUANTITY, []],
    ]);
  });

  it('gives a missing or over-long SKU an error', () => {
    const { lines } = parseLines(`, 3\n${'X'.repeat(65)}, 1\n${'Y'.repeat(64)}, 1`);
    expect(lines.map((line) => line.errors)).toEqual([
      [QUICK_ORDER_MESSAGES.skuRequired],
      [QUICK_ORDER_MESSAGES.skuTooLong],
      [],
    ]);
  });

  it('reads at most 200 lines and says when there are more', () => {
    const many = (count: number) => Array.from({ length: count }, (_, i) => `SKU-${i}, 1`).join('\n');
    const exactly = parseLines(`sku,packs\n${many(MAX_LINES_PER_ADD)}\n\n`);
    expect(exactly).toMatchObject({ tooMany: false });
    expect(exactly.lines).toHaveLength(MAX_LINES_PER_ADD);
    const over = parseLines(many(MAX_LINES_PER_ADD + 1));
    expect(over.tooMany).toBe(true);
    expect(over.lines).toHaveLength(MAX_LINES_PER_ADD);
  });

  it('reads nothing from an empty or blank text', () => {
    expect(parseLines('')).toEqual({ lines: [], tooMany: false });
    expect(parseLines(' \n\t\n')).toEqual({ lines: [], tooMany: false });
  });
});

describe('splitCells and parsePacks', () => {
  it('splits on the first separator character only', () => {
    expect(splitCells('A;1,000')).toEqual(['A', '1,000']);
    expect(parsePacks('1,000')).toBe(1000);
    expect(parsePacks('1 000')).toBe(1000);
    expect(parsePacks('10,00')).toBeNull();
  });

  it('keeps an unclosed quote’s text as it is', () => {
    expect(splitCells('"A B')).toEqual(['A B']);
  });
});

describe('checkableLines, formatLine and appendLine', () => {
  it('sends only the lines without an error of their own', () => {
    expect(checkableLines(parseLines('A, 2\nB, x\nC').lines)).toEqual([
      { sku: 'A', packs: 2 },
      { sku: 'C', packs: 1 },
    ]);
  });

  it('writes a line that reads back as the same SKU and packs', () => {
    for (const sku of ['PW-HAND-400-CL', 'A,B', 'Say "hi"', 'Two words', 'x;y']) {
      expect(read(formatLine(sku, 3))).toEqual([[1, sku, 3]]);
    }
  });

  it('appends on a line of its own', () => {
    expect(appendLine('', 'A, 1')).toBe('A, 1\n');
    expect(appendLine('B, 2', 'A, 1')).toBe('B, 2\nA, 1\n');
    expect(appendLine('B, 2\n', 'A, 1')).toBe('B, 2\nA, 1\n');
  });
});
