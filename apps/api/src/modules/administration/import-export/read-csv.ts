import type { ImportError } from '@shop/domain';
import { CsvError, parse } from 'csv-parse/sync';
import { BadRequest } from '../../../http/errors';
import { MAX_CSV_COLUMNS, MAX_CSV_ROWS } from './csv-format';

export interface CsvRecord {
  /** The file line the record starts on (a quoted cell may span lines). */
  line: number;
  cells: string[];
}

export type ReadCsv =
  { ok: true; header: string[]; records: CsvRecord[] } | { ok: false; error: ImportError };

const utf8 = new TextDecoder('utf-8', { fatal: true });
const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const COMMA = 0x2c;
const QUOTE = 0x22;

/**
 * The file line of the first record with more than MAX_CSV_COLUMNS cells, or null. One pass over the bytes,
 * stopping there: a line of millions of commas is refused in milliseconds instead of being parsed into
 * millions of cells. A quote toggles quoting (a doubled quote toggles twice), and commas and line breaks
 * inside quotes are text; a malformed file may be miscounted here, and the parser then reports it.
 */
function firstTooWideLine(body: Buffer): number | null {
  let line = 1;
  let recordLine = 1;
  let cells = 1;
  let quoted = false;
  for (let at = 0; at < body.length; at++) {
    const byte = body[at];
    if (byte === QUOTE) quoted = !quoted;
    else if (byte === NEWLINE) {
      line += 1;
      if (!quoted) {
        recordLine = line;
        cells = 1;
      }
    } else if (byte === COMMA && !quoted && ++cells > MAX_CSV_COLUMNS) return recordLine;
  }
  return null;
}

/**
 * Reads a CSV body: UTF-8 with or without a byte-order mark, comma-separated, fields quoted with `"` where they
 * hold commas, quotes or line breaks, lines ending in LF or CRLF; blank lines are skipped. More than
 * MAX_CSV_ROWS item rows, or a line of more than MAX_CSV_COLUMNS cells, is a 400 (found before the rest is
 * parsed); a file that is not CSV answers its first problem as an error of the file.
 */
export function readCsv(body: Buffer): ReadCsv {
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    return { ok: false, error: { line: 1, column: null, message: 'The file is not UTF-8 text.' } };
  }
  if (text.includes('\0')) {
    return { ok: false, error: { line: 1, column: null, message: 'The file holds a NUL character.' } };
  }
  const tooWide = firstTooWideLine(body);
  if (tooWide !== null) {
    const cap = MAX_CSV_COLUMNS.toLocaleString('en-GB');
    throw new BadRequest(
      `Line ${tooWide} has more than ${cap} cells; a catalogue CSV has at most ${cap} columns.`,
    );
  }
  let parsed: { record: string[]; info: { bytes: number } }[];
  try {
    parsed = parse(body, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      // One record past the cap is enough to know the file is too long.
      to: MAX_CSV_ROWS + 2,
    }) as unknown as { record: string[]; info: { bytes: number } }[];
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines ?? 1;
      return { ok: false, error: { line, column: null, message: `This is not valid CSV: ${error.message}` } };
    }
    throw error;
  }
  if (parsed.length - 1 > MAX_CSV_ROWS) {
    throw new BadRequest(
      `The file has more than ${MAX_CSV_ROWS.toLocaleString('en-GB')} item rows; split it into smaller files.`,
    );
  }
  // csv-parse counts a CRLF inside a quoted cell as two lines, so each record's first line is counted here:
  // the line breaks before the first byte of the record (after the previous one and any blank lines).
  const records: CsvRecord[] = [];
  let offset = 0;
  let line = 1;
  for (const { record, info } of parsed) {
    while (offset < body.length && (body[offset] === NEWLINE || body[offset] === CARRIAGE_RETURN)) {
      if (body[offset] === NEWLINE) line += 1;
      offset += 1;
    }
    records.push({ line, cells: record });
    for (; offset < info.bytes; offset += 1) if (body[offset] === NEWLINE) line += 1;
  }
  const [header, ...rows] = records;
  if (!header) return { ok: false, error: { line: 1, column: null, message: 'The file is empty.' } };
  return { ok: true, header: header.cells.map((cell) => cell.trim()), records: rows };
}
