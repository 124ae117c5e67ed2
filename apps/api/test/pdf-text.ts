import { PDFParse } from 'pdf-parse';

/** A PDF's text as a reader selecting it would get it, page by page joined, read back with pdf.js. */
export async function pdfText(bytes: Buffer | Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** Pence from a printed amount such as '£1,234.56' or '-£5.00'. */
export function penceOf(printed: string): number {
  const match = /(-?)£([\d,]+)\.(\d\d)/.exec(printed);
  if (!match) throw new Error(`no amount in ${JSON.stringify(printed)}`);
  const pence = Number(match[2]!.replaceAll(',', '')) * 100 + Number(match[3]);
  return match[1] ? -pence : pence;
}

/** The amount printed after a label on its line, e.g. amountAfter(text, 'Total excluding VAT'). */
export function amountAfter(text: string, label: string): number {
  const line = text.split('\n').find((candidate) => candidate.includes(label));
  if (!line) throw new Error(`no line with ${JSON.stringify(label)} in:\n${text}`);
  return penceOf(line.slice(line.indexOf(label) + label.length));
}

/**
 * The last amount of the table row whose description starts with `start`. pdf.js reads a description that
 * wraps in its cell before the row's figures, so the amounts can be a few lines below the row's first line.
 */
export function rowAmount(text: string, start: string): number {
  const lines = text.split('\n');
  const first = lines.findIndex((line) => line.startsWith(start));
  if (first < 0) throw new Error(`no row starting ${JSON.stringify(start)} in:\n${text}`);
  const figures = lines.slice(first, first + 4).find((line) => line.includes('£'));
  if (!figures) throw new Error(`no amount on the row starting ${JSON.stringify(start)} in:\n${text}`);
  return penceOf(figures.slice(figures.lastIndexOf('£')));
}

/** The files a raw MIME message carries: name and decoded bytes (base64 parts, as nodemailer writes them). */
export function mimeAttachments(raw: string): { filename: string; content: Buffer }[] {
  const found: { filename: string; content: Buffer }[] = [];
  const parts = raw.split(/\r?\n--[^\r\n]+/);
  for (const part of parts) {
    const name = /filename="?([^";\r\n]+)"?/i.exec(part);
    if (!name || !/Content-Transfer-Encoding:\s*base64/i.test(part)) continue;
    const body = part
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('')
      .replace(/\s+/g, '');
    found.push({ filename: name[1]!, content: Buffer.from(body, 'base64') });
  }
  return found;
}
