import { describe, expect, it } from 'vitest';
import { BadRequest } from '../../../http/errors';
import { MAX_CSV_ROWS } from './csv-format';
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
});
