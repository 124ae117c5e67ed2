import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildCachedPage } from './cached-page';

const NONCE = 'cmVuZGVyLW5vbmNlLTAwMQ==';
const HEADERS = [['content-type', 'text/html; charset=utf-8']] as const;
const policyFor = (hashes: readonly string[]) => `script-src 'self' ${hashes.join(' ')}`;
const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** A render as React Router writes one: its own inline scripts carry the render's nonce. */
function render(body = '', head = ''): Buffer {
  return Buffer.from(
    '<!DOCTYPE html><html><head>' +
      `<link rel="modulepreload" href="/assets/entry.js" nonce="${NONCE}"/>` +
      '<script type="application/ld+json">{"@type":"Product","name":"Tape"}</script>' +
      head +
      `</head><body><main>${body}</main>` +
      `<script nonce="${NONCE}">window.__reactRouterContext = {};</script>` +
      `<script type="module" async="" nonce="${NONCE}">import "/assets/entry.js";</script>` +
      '</body></html>',
  );
}

const keep = (html: Buffer) => buildCachedPage(html, NONCE, HEADERS, policyFor);

describe('keeping a rendered page', () => {
  it('allows by hash exactly the scripts that carry the render’s nonce, and keeps no nonce', async () => {
    const kept = await keep(render('<p>Stretch film</p>', '<script src="/assets/analytics.js"></script>'));
    if (!('page' in kept)) throw new Error(`not kept: ${JSON.stringify(kept)}`);
    const { page } = kept;
    // The JSON-LD data block and the external script need no hash; the two inline scripts each have theirs.
    expect(page.scriptHashes).toEqual([
      hashOf('window.__reactRouterContext = {};'),
      hashOf('import "/assets/entry.js";'),
    ]);
    expect(page.contentSecurityPolicy).toBe(policyFor(page.scriptHashes));
    const html = zlib.brotliDecompressSync(page.br).toString('utf8');
    expect(html).not.toContain(NONCE);
    expect(html).toContain('<script>window.__reactRouterContext = {};</script>');
  });

  it.each([
    ['a plain inline script', '<script>alert(document.cookie)</script>'],
    ['a typed one', '<script type="text/javascript">alert(1)</script>'],
    ['a module', '<script type="module">import("/x.js")</script>'],
    ['one in capitals', '<SCRIPT>alert(1)</SCRIPT>'],
    ['one with a guessed nonce', '<script nonce="AAAAAAAAAAAAAAAAAAAAAA==">alert(1)</script>'],
    [
      'one whose attribute names the type of a data block',
      `<script data-x=" type='application/json'">alert(1)</script>`,
    ],
    ['one whose attribute hides a closing bracket', '<script title="a>b">alert(1)</script>'],
  ])(
    'keeps no page holding an inline script without the render’s nonce: %s (stored data, not our render)',
    async (_label, injected) => {
      const kept = await keep(render(`<div class="product__description">${injected}</div>`));
      expect(kept).toEqual({ notKept: expect.stringMatching(/inline script without the render's nonce/) });
    },
  );

  it('keeps no page in which the nonce appears outside a nonce attribute', async () => {
    const kept = await keep(render(`<p>${NONCE}</p>`));
    expect(kept).toEqual({ notKept: expect.stringMatching(/nonce appears outside/) });
  });
});
