import { describe, expect, it } from 'vitest';
import type { CachedPage } from './cached-page';
import { createPageCache } from './page-cache';

/** A stored page of about `size` compressed bytes. */
function pageOf(size: number): CachedPage {
  return {
    headers: [['content-type', 'text/html; charset=utf-8']],
    scriptHashes: [],
    contentSecurityPolicy: "script-src 'self'",
    etags: { br: '"a-br"', gzip: '"a-gz"', identity: '"a"' },
    br: Buffer.alloc(size),
    length: size * 4,
  };
}

function store(cache: ReturnType<typeof createPageCache>, key: string, page: CachedPage) {
  const fill = cache.fill(key);
  if (!fill.leader) throw new Error(`a fill of ${key} is already under way`);
  fill.finish(page);
}

describe('createPageCache', () => {
  it('keeps its stored bytes under the bound, dropping the least recently used first', () => {
    const cache = createPageCache({ maxBytes: 100_000, ttlMs: 60_000 });
    const pages = Array.from({ length: 12 }, () => pageOf(10_000));
    pages.slice(0, 9).forEach((page, i) => store(cache, `/p${i}`, page));
    expect(cache.stats().entries).toBe(9);
    // /p0 is used again, so /p1 is now the least recently used.
    expect(cache.get('/p0')).toBe(pages[0]);
    store(cache, '/p9', pages[9]!);
    store(cache, '/p10', pages[10]!);

    const { bytes, evictions } = cache.stats();
    expect(bytes).toBeLessThanOrEqual(100_000);
    expect(evictions).toBeGreaterThan(0);
    expect(cache.get('/p0')).toBe(pages[0]);
    expect(cache.get('/p1')).toBeUndefined();
    expect(cache.get('/p10')).toBe(pages[10]);
  });

  it('counts the gzip and plain copies kept beside a page in the bound', () => {
    const cache = createPageCache({ maxBytes: 200_000, ttlMs: 60_000 });
    const page = pageOf(2_000);
    store(cache, '/', page);
    const before = cache.stats().bytes;
    cache.keepVariant('/', page, 'gzip', Buffer.alloc(2_500));
    cache.keepVariant('/', page, 'identity', Buffer.alloc(8_000));
    expect(cache.stats().bytes).toBe(before + 10_500);
    expect(cache.variant('/', page, 'gzip')?.length).toBe(2_500);
    expect(cache.variant('/', page, 'identity')?.length).toBe(8_000);
    // A copy made for a page that has since been replaced or dropped is not kept.
    cache.clear();
    cache.keepVariant('/', page, 'gzip', Buffer.alloc(2_500));
    expect(cache.stats().bytes).toBe(0);
  });

  it('does not keep a page bigger than an eighth of the bound', () => {
    const cache = createPageCache({ maxBytes: 100_000, ttlMs: 60_000 });
    store(cache, '/big', pageOf(20_000));
    expect(cache.get('/big')).toBeUndefined();
    expect(cache.stats().bytes).toBe(0);
  });

  it('forgets a page once its time is up', () => {
    let now = 1_000;
    const cache = createPageCache({ maxBytes: 100_000, ttlMs: 600_000, now: () => now });
    const page = pageOf(1_000);
    store(cache, '/', page);
    now += 599_999;
    expect(cache.get('/')).toBe(page);
    now += 1;
    expect(cache.get('/')).toBeUndefined();
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it('shares one render among concurrent misses', async () => {
    const cache = createPageCache({ maxBytes: 100_000, ttlMs: 60_000 });
    const first = cache.fill('/');
    const second = cache.fill('/');
    expect(first.leader).toBe(true);
    expect(second.leader).toBe(false);
    const page = pageOf(1_000);
    if (first.leader) first.finish(page);
    if (!second.leader) expect(await second.pending).toBe(page);
    expect(cache.get('/')).toBe(page);
  });

  it('never stores a render that began before a clear', async () => {
    const cache = createPageCache({ maxBytes: 100_000, ttlMs: 60_000 });
    const stale = cache.fill('/');
    cache.clear();
    // A request after the change renders afresh instead of waiting for the old render.
    const fresh = cache.fill('/');
    expect(fresh.leader).toBe(true);
    if (stale.leader) stale.finish(pageOf(1_000));
    expect(cache.get('/')).toBeUndefined();
    const page = pageOf(1_000);
    if (fresh.leader) fresh.finish(page);
    expect(cache.get('/')).toBe(page);
  });

  it('lets the next request render when a render is not kept', async () => {
    const cache = createPageCache({ maxBytes: 100_000, ttlMs: 60_000 });
    const first = cache.fill('/missing');
    const waiting = cache.fill('/missing');
    if (first.leader) first.finish(null);
    if (!waiting.leader) expect(await waiting.pending).toBeNull();
    expect(cache.fill('/missing').leader).toBe(true);
  });
});
