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
 * handed on as one chunk at the end of that turn (and flushed through the compressor), so each burst of the
 * renderer's output reaches the client at once while chunks written together compress together. One chunk
 * a burst, not one per write: React writes a page in 2-4 KB pieces, and each piece given to zlib costs a
 * round trip through libuv's thread pool and its stream bookkeeping on the event loop (12 % of a product
 * page render's main-thread time before; docs/benchmarks.md).
 */
export interface StreamingBody {
  /** The stream to hand to the reply. */
  readonly stream: Transform;
  write(chunk: Uint8Array): void;
  end(): void;
  destroy(error?: Error): void;
}

export function createStreamingBody(encoding: ContentEncoding): StreamingBody {
  const stream =
    encoding === 'identity'
      ? new PassThrough()
      : encoding === 'br'
        ? zlib.createBrotliCompress({
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: STREAMING_BROTLI_QUALITY,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            },
          })
        : zlib.createGzip({ level: 6 });
  const flushKind = encoding === 'br' ? zlib.constants.BROTLI_OPERATION_FLUSH : zlib.constants.Z_SYNC_FLUSH;
  const open = () => !stream.destroyed && !stream.writableEnded;
  let burst: Uint8Array[] = [];
  let handOnScheduled = false;
  const handOn = () => {
    handOnScheduled = false;
    if (burst.length === 0 || !open()) return;
    const chunks = burst;
    burst = [];
    stream.write(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    if (!(stream instanceof PassThrough)) stream.flush(flushKind);
  };
  return {
    stream,
    write(chunk) {
      if (!open()) return;
      burst.push(chunk);
      if (!handOnScheduled) {
        handOnScheduled = true;
        setImmediate(handOn);
      }
    },
    end() {
      if (!open()) return;
      handOn();
      stream.end();
    },
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
