import type { CachedPage } from './cached-page';

/** The encodings a stored page is copied into on demand, besides the brotli it is kept in. */
export type PageVariant = 'gzip' | 'identity';

export interface PageCacheOptions {
  /** The most stored bytes (bodies in every encoding kept, and headers) at once; least recently used go first. */
  maxBytes: number;
  /** How long a page is kept at most, changes or not. */
  ttlMs: number;
  /** The clock, for tests. */
  now?: () => number;
}

/** What a request gets when the page is not stored: either it renders, or it waits for the render under way. */
export type PageCacheFill =
  | { leader: true; finish(page: CachedPage | null): void }
  | { leader: false; pending: Promise<CachedPage | null> };

export interface PageCacheStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
  evictions: number;
}

export interface PageCache {
  /** The stored page for a key, if any and not expired; it becomes the most recently used. */
  get(key: string): CachedPage | undefined;
  /**
   * Joins the render of a missing page (single-flight): the first caller renders and calls `finish`
   * (null when the answer is not to be kept), later callers wait for that render's page.
   */
  fill(key: string): PageCacheFill;
  /**
   * Keeps a page's body in another encoding beside it (made on the first request that asks for it),
   * counted in the byte bound like the rest.
   */
  keepVariant(key: string, page: CachedPage, encoding: PageVariant, body: Buffer): void;
  /** The body kept by `keepVariant`, if the page and it are still there. */
  variant(key: string, page: CachedPage, encoding: PageVariant): Buffer | undefined;
  /** Resolves once the renders under way now have been kept or given up. */
  settled(): Promise<void>;
  /** Drops every page and forgets renders under way (after a catalogue change). */
  clear(): void;
  stats(): PageCacheStats;
}

interface Entry {
  page: CachedPage;
  variants: Partial<Record<PageVariant, Buffer>>;
  bytes: number;
  expires: number;
}

/** Bytes an entry holds besides its bodies: the key, headers, hashes, CSP and the objects around them. */
function overheadOf(key: string, page: CachedPage): number {
  let bytes = 512 + (key.length + page.contentSecurityPolicy.length) * 2;
  for (const [name, value] of page.headers) bytes += (name.length + value.length) * 2 + 64;
  for (const hash of page.scriptHashes) bytes += hash.length * 2 + 32;
  return bytes;
}

/**
 * An in-memory LRU of rendered pages bounded by bytes and by age. A render that started before `clear()`
 * is never stored, so a page rendered from the old catalogue cannot outlive the change that cleared it.
 */
export function createPageCache({ maxBytes, ttlMs, now = Date.now }: PageCacheOptions): PageCache {
  // A Map keeps insertion order: the first entry is the least recently used.
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<CachedPage | null>>();
  let generation = 0;
  let bytes = 0;
  let hits = 0;
  let misses = 0;
  let evictions = 0;

  function remove(key: string, entry: Entry) {
    entries.delete(key);
    bytes -= entry.bytes;
  }

  function evictOverflow() {
    for (const [key, entry] of entries) {
      if (bytes <= maxBytes) break;
      remove(key, entry);
      evictions += 1;
    }
  }

  function store(key: string, page: CachedPage) {
    const size = page.br.length + overheadOf(key, page);
    // One page never takes more than an eighth of the whole.
    if (size > maxBytes / 8) return;
    const old = entries.get(key);
    if (old) remove(key, old);
    entries.set(key, { page, variants: {}, bytes: size, expires: now() + ttlMs });
    bytes += size;
    evictOverflow();
  }

  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) {
        misses += 1;
        return undefined;
      }
      if (entry.expires <= now()) {
        remove(key, entry);
        misses += 1;
        return undefined;
      }
      entries.delete(key);
      entries.set(key, entry);
      hits += 1;
      return entry.page;
    },
    fill(key) {
      const pending = inFlight.get(key);
      if (pending) return { leader: false, pending };
      const startedIn = generation;
      let settle!: (page: CachedPage | null) => void;
      const promise = new Promise<CachedPage | null>((resolve) => (settle = resolve));
      inFlight.set(key, promise);
      let finished = false;
      return {
        leader: true,
        finish(page) {
          if (finished) return;
          finished = true;
          if (inFlight.get(key) === promise) inFlight.delete(key);
          if (page && startedIn === generation) store(key, page);
          settle(page);
        },
      };
    },
    keepVariant(key, page, encoding, body) {
      const entry = entries.get(key);
      if (!entry || entry.page !== page || entry.variants[encoding]) return;
      if (entry.bytes + body.length > maxBytes / 8) return;
      entry.variants[encoding] = body;
      entry.bytes += body.length;
      bytes += body.length;
      evictOverflow();
    },
    variant(key, page, encoding) {
      const entry = entries.get(key);
      return entry?.page === page ? entry.variants[encoding] : undefined;
    },
    settled: () => Promise.all(inFlight.values()).then(() => undefined),
    clear() {
      generation += 1;
      entries.clear();
      inFlight.clear();
      bytes = 0;
    },
    stats: () => ({ entries: entries.size, bytes, hits, misses, evictions }),
  };
}
