import { createHash } from 'node:crypto';
import { brotliForStorage, type ContentEncoding } from './compression';

/**
 * A rendered public page as it is kept: its bytes brotli-compressed, with what its answer needs. Gzip and
 * plain copies are made when first asked for and kept beside it by the cache (`PageCache.keepVariant`).
 */
export interface CachedPage {
  /** The answer's own headers from the render (content type and any the route set), not the CSP. */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  /** `'sha256-…'` sources for every inline script of the page. */
  readonly scriptHashes: readonly string[];
  /** The page's Content-Security-Policy, allowing exactly those scripts. */
  readonly contentSecurityPolicy: string;
  /** One strong ETag per encoding: the representations differ, the content does not. */
  readonly etags: Readonly<Record<ContentEncoding, string>>;
  readonly br: Buffer;
  /** The page's byte length uncompressed. */
  readonly length: number;
}

/** Script types that browsers do not run, so the CSP does not govern them (JSON-LD, data blocks). */
const DATA_SCRIPT_TYPES = new Set(['application/ld+json', 'application/json']);

/**
 * The CSP hash sources (`'sha256-…'`) of every inline script in an HTML document, in document order,
 * each once. The hash is over the script's text as the browser sees it: the raw text between the tags
 * (script content has no character references), with newlines normalised as the HTML parser does.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  const open = /<script\b([^>]*)>/gi;
  const close = /<\/script[\s/>]/gi;
  let match: RegExpExecArray | null;
  while ((match = open.exec(html)) !== null) {
    const start = match.index + match[0].length;
    close.lastIndex = start;
    const end = close.exec(html);
    if (!end) throw new Error('unterminated <script> in a rendered page');
    open.lastIndex = end.index;
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && DATA_SCRIPT_TYPES.has(type)) continue;
    const text = html.slice(start, end.index).replace(/\r\n?/g, '\n');
    hashes.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * Turns one render of a public page into what the cache keeps: the render's nonce attributes removed
 * (the kept page is allowed by its scripts' hashes instead, so every answer is the same stored bytes),
 * the hashes, and the brotli body. Null when the page cannot be kept safely (the nonce appears
 * somewhere other than a nonce attribute).
 */
export async function buildCachedPage(
  html: Buffer,
  nonce: string,
  headers: ReadonlyArray<readonly [string, string]>,
  policyFor: (scriptHashes: readonly string[]) => string,
): Promise<CachedPage | null> {
  const text = html.toString('utf8').replaceAll(` nonce="${nonce}"`, '');
  if (text.includes(nonce)) return null;
  const scriptHashes = inlineScriptHashes(text);
  const body = Buffer.from(text, 'utf8');
  const br = await brotliForStorage(body);
  const tag = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  return {
    headers,
    scriptHashes,
    contentSecurityPolicy: policyFor(scriptHashes),
    etags: { br: `"${tag}-br"`, gzip: `"${tag}-gz"`, identity: `"${tag}"` },
    br,
    length: body.length,
  };
}
