// First: the messages share a module with Zod schemas, which must be built in jitless mode.
import '~/lib/jitless-validation';
import {
  MAX_LINES_PER_ADD,
  MAX_SKU_LENGTH,
  parsePacksCell,
  QUICK_ORDER_MESSAGES,
  type QuickOrderLine,
} from '@shop/domain';

/** One non-blank line of the text (or file), read as a SKU and a number of packs. */
export interface ParsedLine {
  /** Its line number in the text, from 1 (blank lines count, so it matches the buyer's file). */
  lineNumber: number;
  sku: string;
  /** Null when what was given is not a whole number from 1 to MAX_PACK_QUANTITY. */
  packs: number | null;
  /** What is wrong before the server is asked: a missing or over-long SKU, unreadable packs. */
  errors: string[];
}

export interface ParsedLines {
  /** At most MAX_LINES_PER_ADD lines. */
  lines: ParsedLine[];
  /** The text has more lines than that (the lines past it are not read). */
  tooMany: boolean;
}

/** The characters that may separate the SKU from the packs, besides whitespace. */
const SEPARATORS = [',', ';', '\t'];

/** The first comma, semicolon or tab outside double quotes; null when the line has none. */
function separatorOf(line: string): string | null {
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && SEPARATORS.includes(char)) return char;
  }
  return null;
}

/**
 * A line's cells, split on its first separator character (or on runs of whitespace when it has none),
 * as CSV quotes them: a cell that starts with `"` runs to the closing quote, `""` inside is one quote,
 * and the separators inside it are text. Cells are trimmed.
 */
export function splitCells(line: string): string[] {
  const separator = separatorOf(line);
  const isSeparator = (char: string) => (separator === null ? /\s/.test(char) : char === separator);
  const text = line.trim();
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char !== '"') cell += char;
      else if (text[i + 1] === '"') cell += text[++i];
      else quoted = false;
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (isSeparator(char)) {
      cells.push(cell);
      cell = '';
      // Whitespace separates once, however long the run.
      if (separator === null) while (i + 1 < text.length && /\s/.test(text[i + 1]!)) i++;
    } else {
      cell += char;
    }
  }
  cells.push(cell);
  return cells.map((value) => value.trim());
}

/** Packs as typed: empty is 1; digits (with thousands commas or spaces) from 1 to MAX_PACK_QUANTITY. */
export const parsePacks = parsePacksCell;

/** Whether a first line names its columns (`sku,packs`, `SKU;Quantity`…) rather than an item. */
const isHeader = (cells: string[]) => /^sku$/i.test(cells[0] ?? '');

/**
 * Reads pasted or typed lines, or a CSV file's text (columns sku, packs, with or without a header row):
 * one item a line, the SKU first, then its packs after a comma, semicolon, tab or whitespace; packs
 * default to 1; blank lines and columns after the second are ignored. Stops after MAX_LINES_PER_ADD lines.
 */
export function parseLines(text: string): ParsedLines {
  const rows = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const lines: ParsedLine[] = [];
  let first = true;
  for (const [index, row] of rows.entries()) {
    if (row.trim() === '') continue;
    const cells = splitCells(row);
    if (first) {
      first = false;
      if (isHeader(cells)) continue;
    }
    if (lines.length === MAX_LINES_PER_ADD) return { lines, tooMany: true };
    const sku = cells[0] ?? '';
    const packs = parsePacks(cells[1] ?? '');
    const errors: string[] = [];
    if (sku === '') errors.push(QUICK_ORDER_MESSAGES.skuRequired);
    else if (sku.length > MAX_SKU_LENGTH) errors.push(QUICK_ORDER_MESSAGES.skuTooLong);
    if (packs === null) errors.push(QUICK_ORDER_MESSAGES.packsInvalid);
    lines.push({ lineNumber: index + 1, sku, packs, errors });
  }
  return { lines, tooMany: false };
}

/** The lines the server can check (the others already have their errors), as the check takes them. */
export function checkableLines(lines: readonly ParsedLine[]): QuickOrderLine[] {
  return lines
    .filter((line) => line.errors.length === 0)
    .map((line) => ({ sku: line.sku, packs: line.packs! }));
}

/** A line to append for a SKU: quoted when it holds a separator or a quote, so it reads back as one cell. */
export function formatLine(sku: string, packs: number): string {
  const cell = /[,;\t\s"]/.test(sku) ? `"${sku.replace(/"/g, '""')}"` : sku;
  return `${cell}, ${packs}`;
}

/** The text with a line added at the end (on a new line unless the text is empty or already ends in one). */
export function appendLine(text: string, line: string): string {
  if (text === '' || /\n$/.test(text)) return `${text}${line}\n`;
  return `${text}\n${line}\n`;
}
