import { createHash } from 'node:crypto';
import { brotliForStorage, type ContentEncoding } from './compression';

/**
 * A rendered public page as it is kept: its bytes brotli-compressed, with what its answer needs. Gzip and
 * plain copies are made when first asked for and kept beside it by the cache (`PageCache.keepVariant`).
 */
export interface CachedPage {
  /** The answer's own headers from the render (content type and any the route set), not the CSP. */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  /** `'sha256-…'` sources of the page's inline scripts (each carried the render's nonce). */
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

/** A start tag's attributes, quoted values whole (a `>` inside quotes does not end the tag). */
const SCRIPT_OPEN = /<script\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
const SCRIPT_CLOSE = /<\/script[\s/>]/gi;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function attributesOf(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, name, ...values] of source.matchAll(ATTRIBUTE)) {
    const key = name!.toLowerCase();
    if (!attributes.has(key)) attributes.set(key, values.find((value) => value !== undefined) ?? '');
  }
  return attributes;
}

/** The scripts of a render that a kept page allows, or why the page cannot be kept. */
export type KeptScripts = { scriptHashes: string[] } | { notKept: string };

/**
 * The CSP hash sources (`'sha256-…'`) of a render's inline scripts, in document order, each once: only
 * scripts that carry the render's nonce, which React Router writes and nothing stored can know. Any other
 * inline script the browser would run came from somewhere else (stored data rendered unescaped), so the
 * page is not kept at all. The hash is over the script's text as the browser sees it: the raw text
 * between the tags (script content has no character references), newlines normalised as the parser does.
 */
export function keptScripts(html: string, nonce: string): KeptScripts {
  const hashes = new Set<string>();
  const open = new RegExp(SCRIPT_OPEN);
  const close = new RegExp(SCRIPT_CLOSE);
  let match: RegExpExecArray | null;
  while ((match = open.exec(html)) !== null) {
    const start = match.index + match[0].length;
    close.lastIndex = start;
    const end = close.exec(html);
    if (!end) return { notKept: 'a <script> is not closed' };
    open.lastIndex = end.index;
    const attributes = attributesOf(match[1] ?? '');
    if (attributes.has('src')) continue;
    const type = attributes.get('type')?.trim().toLowerCase();
    if (type && DATA_SCRIPT_TYPES.has(type)) continue;
    const text = html.slice(start, end.index).replace(/\r\n?/g, '\n');
    if (attributes.get('nonce') !== nonce) {
      return {
        notKept: `an inline script without the render's nonce at character ${match.index}: ${JSON.stringify(text.slice(0, 60))}`,
      };
    }
    hashes.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return { scriptHashes: [...hashes] };
}

/**
 * Turns one render of a public page into what the cache keeps: its nonce-carrying scripts' hashes, the
 * render's nonce attributes removed (the kept page is allowed by those hashes instead, so every answer is
 * the same stored bytes) and the brotli body. `notKept` says why a page cannot be kept safely: an inline
 * script without the render's nonce, or the nonce somewhere other than a nonce attribute.
 */
export async function buildCachedPage(
  html: Buffer,
  nonce: string,
  headers: ReadonlyArray<readonly [string, string]>,
  policyFor: (scriptHashes: readonly string[]) => string,
): Promise<{ page: CachedPage } | { notKept: string }> {
  const rendered = html.toString('utf8');
  const scripts = keptScripts(rendered, nonce);
  if ('notKept' in scripts) return scripts;
  const text = rendered.replaceAll(` nonce="${nonce}"`, '');
  if (text.includes(nonce)) return { notKept: 'its nonce appears outside nonce attributes' };
  const { scriptHashes } = scripts;
  const body = Buffer.from(text, 'utf8');
  const br = await brotliForStorage(body);
  const tag = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  return {
    page: {
      headers,
      scriptHashes,
      contentSecurityPolicy: policyFor(scriptHashes),
      etags: { br: `"${tag}-br"`, gzip: `"${tag}-gz"`, identity: `"${tag}"` },
      br,
      length: body.length,
    },
  };
}
