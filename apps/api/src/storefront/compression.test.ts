import zlib from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { chooseEncoding, createStreamingBody, varyOnEncoding } from './compression';

describe('chooseEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['*', 'br'],
    ['*;q=0', 'identity'],
    ['deflate', 'identity'],
    ['GZIP;Q=1', 'gzip'],
  ] as const)('answers %j with %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe('varyOnEncoding', () => {
  it('adds accept-encoding once', () => {
    expect(varyOnEncoding(undefined)).toBe('accept-encoding');
    expect(varyOnEncoding('Origin')).toBe('Origin, accept-encoding');
    expect(varyOnEncoding('Accept-Encoding')).toBe('Accept-Encoding');
  });
});

describe('createStreamingBody', () => {
  it.each(['br', 'gzip'] as const)('sends each burst of %s before the body ends', async (encoding) => {
    const body = createStreamingBody(encoding);
    const received: Buffer[] = [];
    body.stream.on('data', (chunk: Buffer) => received.push(chunk));
    body.write(Buffer.from('<html><head><title>first</title></head>'));
    body.write(Buffer.from('<body>'));
    // Nothing has ended, yet the first burst arrives whole: streaming still streams.
    const decodedSoFar = () =>
      (encoding === 'br'
        ? zlib.brotliDecompressSync(Buffer.concat(received), {
            finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH,
          })
        : zlib.gunzipSync(Buffer.concat(received), { finishFlush: zlib.constants.Z_SYNC_FLUSH })
      ).toString();
    await vi.waitFor(() => expect(decodedSoFar()).toBe('<html><head><title>first</title></head><body>'));

    body.write(Buffer.from('</body></html>'));
    body.end();
    await new Promise((resolve) => body.stream.on('end', resolve));
    const decompress = encoding === 'br' ? zlib.brotliDecompressSync : zlib.gunzipSync;
    expect(decompress(Buffer.concat(received)).toString()).toBe(
      '<html><head><title>first</title></head><body></body></html>',
    );
  });

  it('hands what one turn of the event loop wrote on as one chunk', async () => {
    const body = createStreamingBody('identity');
    const received: Buffer[] = [];
    body.stream.on('data', (chunk: Buffer) => received.push(chunk));
    for (const part of ['<p>', 'one', '</p>']) body.write(Buffer.from(part));
    await vi.waitFor(() => expect(received).toHaveLength(1));
    expect(received[0]!.toString()).toBe('<p>one</p>');
    body.write(Buffer.from('<p>two</p>'));
    body.end();
    await new Promise((resolve) => body.stream.on('end', resolve));
    expect(received.map(String)).toEqual(['<p>one</p>', '<p>two</p>']);
  });
});
