export interface TtlCacheLimits<V> {
  /** Most entries kept (500 unless given). */
  maxEntries?: number;
  /** Most total weight kept, as measured by `weigh` once a load resolves (e.g. an estimate of its bytes). */
  maxWeight?: number;
  weigh?: (value: V) => number;
}

/**
 * A small read-through cache for catalogue reads that every visitor shares. Entries live `ttlMs`;
 * concurrent misses for one key share one load; `clear()` drops everything after a write. When a limit is
 * reached the least recently used entries go first, so a full cache keeps its hot keys.
 */
export function createTtlCache<V>(ttlMs: number, limits: number | TtlCacheLimits<V> = {}) {
  const {
    maxEntries = 500,
    maxWeight = Infinity,
    weigh,
  } = typeof limits === 'number' ? { maxEntries: limits } : limits;
  type Entry = { expires: number; value: Promise<V>; weight: number };
  // A Map iterates in insertion order and a hit re-inserts its key: the first entries are the least recent.
  const entries = new Map<string, Entry>();
  let totalWeight = 0;

  function remove(key: string, entry: Entry) {
    if (entries.get(key) !== entry) return;
    entries.delete(key);
    totalWeight -= entry.weight;
  }

  /**
   * Drops the least recently used entries while over a limit, and expired ones at the front: an entry
   * nobody has read for its whole time to live would otherwise hold its memory until the cache filled.
   */
  function evict(now: number) {
    for (const [key, entry] of entries) {
      if (entries.size <= maxEntries && totalWeight <= maxWeight && entry.expires > now) return;
      remove(key, entry);
    }
  }

  return {
    get(key: string, load: () => Promise<V>): Promise<V> {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expires > now) {
        entries.delete(key);
        entries.set(key, hit);
        return hit.value;
      }
      if (hit) remove(key, hit);
      const entry: Entry = { expires: now + ttlMs, value: load(), weight: 0 };
      entries.set(key, entry);
      evict(now);
      entry.value.then(
        (value) => {
          // Weighed once loaded, unless a clear() or a newer load has replaced it meanwhile.
          if (!weigh || entries.get(key) !== entry) return;
          entry.weight = weigh(value);
          totalWeight += entry.weight;
          evict(Date.now());
        },
        // A failed load is not remembered.
        () => remove(key, entry),
      );
      return entry.value;
    },
    /** Entries held now, loaded or loading. */
    get size() {
      return entries.size;
    },
    clear() {
      entries.clear();
      totalWeight = 0;
    },
  };
}
