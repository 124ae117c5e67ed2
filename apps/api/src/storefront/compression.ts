import { PassThrough, type Transform } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

export type ContentEncoding = 'br' | 'gzip' | 'identity';

/**
 * The encoding to answer in for an Accept-Encoding header: brotli, else gzip, else none. Codings with
 * `q=0` are refused and `*` stands for the codings not named (RFC 9110, section 12.5.3).
 */
export function chooseEncoding(acceptEncoding: string | string[] | undefined): ContentEncoding {
  if (!acceptEncoding) return 'identity';
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (!coding) continue;
    let weight = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param);
      if (match) weight = Number(match[1]) || 0;
    }
    weights.set(coding === 'x-gzip' ? 'gzip' : coding, weight);
  }
  const star = weights.get('*') ?? 0;
  const br = weights.get('br') ?? star;
  const gzip = weights.get('gzip') ?? star;
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return 'identity';
}

/** Whether a response of this type is worth compressing (HTML, XML, text, JSON; not images or archives). */
export function isCompressible(contentType: string | null): boolean {
  if (!contentType) return false;
  return /^(text\/|application\/(?:json|xml|javascript|[a-z.+-]+\+(?:json|xml)))/i.test(contentType);
}

/** Adds `accept-encoding` to a Vary header's value, keeping what it already names. */
export function varyOnEncoding(vary: string | number | string[] | undefined): string {
  const names = (Array.isArray(vary) ? vary.join(',') : String(vary ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.some((name) => name === '*' || name.toLowerCase() === 'accept-encoding')) return names.join(', ');
  return [...names, 'accept-encoding'].join(', ');
}

/** Brotli quality for pages compressed while they stream: fast (quality 4 is within ~10% of 11 on HTML). */
const STREAMING_BROTLI_QUALITY = 4;
/** Brotli quality for stored pages: 5-6 costs ~5 ms a product page; 10-11 costs 70-190 ms for ~10% less. */
const STORED_BROTLI_QUALITY = 6;

/**
 * A compressor for a streamed body that still streams: what was written in one turn of the event loop is
 * flushed at the end of it, so each burst of the renderer's output reaches the client at once while
 * chunks written together still compress together.
 */
export interface StreamingBody {
  /** The stream to hand to the reply. */
  readonly stream: Transform;
  write(chunk: Uint8Array): void;
  end(): void;
  destroy(error?: Error): void;
}

export function createStreamingBody(encoding: ContentEncoding): StreamingBody {
  if (encoding === 'identity') {
    const stream = new PassThrough();
    return {
      stream,
      write: (chunk) => void (stream.destroyed || stream.write(chunk)),
      end: () => void (stream.destroyed || stream.end()),
      destroy: (error) => void stream.destroy(error),
    };
  }
  const stream =
    encoding === 'br'
      ? zlib.createBrotliCompress({
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: STREAMING_BROTLI_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          },
        })
      : zlib.createGzip({ level: 6 });
  const flushKind = encoding === 'br' ? zlib.constants.BROTLI_OPERATION_FLUSH : zlib.constants.Z_SYNC_FLUSH;
  let flushScheduled = false;
  const flush = () => {
    flushScheduled = false;
    if (!stream.destroyed && !stream.writableEnded) stream.flush(flushKind);
  };
  return {
    stream,
    write(chunk) {
      if (stream.destroyed || stream.writableEnded) return;
      stream.write(chunk);
      if (!flushScheduled) {
        flushScheduled = true;
        setImmediate(flush);
      }
    },
    end: () => void (stream.destroyed || stream.writableEnded || stream.end()),
    destroy: (error) => void stream.destroy(error),
  };
}

const brotliCompress = promisify(zlib.brotliCompress);
const brotliDecompress = promisify(zlib.brotliDecompress);
const gzip = promisify(zlib.gzip);

/**
 * A whole body compressed for keeping, in the encoding it is kept in (brotli: every current browser asks
 * for it). On libuv's thread pool, off the event loop.
 */
export function brotliForStorage(body: Buffer): Promise<Buffer> {
  return brotliCompress(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: STORED_BROTLI_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/** The other encodings of a stored body, made from its brotli bytes when a client first asks for one. */
export async function recode(br: Buffer, encoding: 'gzip' | 'identity'): Promise<Buffer> {
  const body = await brotliDecompress(br);
  return encoding === 'identity' ? body : gzip(body, { level: 9 });
}
