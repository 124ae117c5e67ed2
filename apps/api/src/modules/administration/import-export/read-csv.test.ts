import { describe, expect, it } from 'vitest';
import { BadRequest } from '../../../http/errors';
import { MAX_CSV_COLUMNS, MAX_CSV_ROWS } from './csv-format';
import { readCsv } from './read-csv';

const read = (text: string) => readCsv(Buffer.from(text));

describe('readCsv', () => {
  it('numbers each record by the file line it starts on, across quoted line breaks and blank lines', () => {
    for (const end of ['\n', '\r\n']) {
      const file = read(
        ['\uFEFFsku,title', 'A,"two', 'lines"', '', 'B,"x, ""y"""', '', '', 'C,"a', '', 'b"', 'D,d'].join(
          end,
        ),
      );
      expect(file).toEqual({
        ok: true,
        header: ['sku', 'title'],
        records: [
          { line: 2, cells: ['A', `two${end}lines`] },
          { line: 5, cells: ['B', 'x, "y"'] },
          { line: 8, cells: ['C', `a${end}${end}b`] },
          { line: 11, cells: ['D', 'd'] },
        ],
      });
    }
  });

  it('trims the header’s names and keeps the cells as written', () => {
    expect(read(' sku , title\n A , b \n')).toEqual({
      ok: true,
      header: ['sku', 'title'],
      records: [{ line: 2, cells: [' A ', ' b '] }],
    });
  });

  it('answers a file that is not CSV, not UTF-8, holds a NUL or is empty as an error of the file', () => {
    expect(read('sku\n"open\n')).toMatchObject({ ok: false, error: { column: null } });
    expect(readCsv(Buffer.from([0xff, 0x0a]))).toEqual({
      ok: false,
      error: { line: 1, column: null, message: 'The file is not UTF-8 text.' },
    });
    expect(read('sku\nA\0\n')).toEqual({
      ok: false,
      error: { line: 1, column: null, message: 'The file holds a NUL character.' },
    });
    expect(read('\n\n')).toEqual({
      ok: false,
      error: { line: 1, column: null, message: 'The file is empty.' },
    });
  });

  it('refuses more item rows than the cap', () => {
    const rows = (n: number) => `sku\n${'x\n'.repeat(n)}`;
    expect(read(rows(MAX_CSV_ROWS))).toMatchObject({ ok: true });
    expect(() => read(rows(MAX_CSV_ROWS + 1))).toThrow(BadRequest);
  });

  it('refuses a record with more cells than the column cap, before reading the rest of the file', () => {
    const cells = (n: number) => Array.from({ length: n }, (_, i) => `c${i}`).join(',');
    expect(read(`${cells(MAX_CSV_COLUMNS)}\n`)).toMatchObject({ ok: true });
    // Commas inside quotes, even across lines, are text, not cells.
    expect(read(`sku,title\nA,"${','.repeat(5_000)}\n${','.repeat(5_000)}"\n`)).toMatchObject({ ok: true });
    expect(() => read(`${cells(MAX_CSV_COLUMNS + 1)}\n`)).toThrow(
      new BadRequest('Line 1 has more than 1,000 cells; a catalogue CSV has at most 1,000 columns.'),
    );
    // The wide row is found before the broken quote after it would be.
    expect(() => read(`sku\nA\n\n"x\ny"\n${','.repeat(4_900_000)}\nB,"open\n`)).toThrow(
      new BadRequest('Line 6 has more than 1,000 cells; a catalogue CSV has at most 1,000 columns.'),
    );
  });
});
