/**
 * A small read-through cache for catalogue reads that every visitor shares. Entries live `ttlMs`;
 * concurrent misses for one key share one load; `clear()` drops everything after a write.
 */
export function createTtlCache<V>(ttlMs: number, maxEntries = 500) {
  const entries = new Map<string, { expires: number; value: Promise<V> }>();
  return {
    get(key: string, load: () => Promise<V>): Promise<V> {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expires > now) return hit.value;
      if (entries.size >= maxEntries) entries.clear();
      const value = load();
      entries.set(key, { expires: now + ttlMs, value });
      // A failed load is not remembered.
      value.catch(() => entries.delete(key));
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}
