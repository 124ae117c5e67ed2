import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTtlCache } from './ttl-cache';

afterEach(() => vi.useRealTimers());

describe('createTtlCache', () => {
  it('loads once per key while fresh, and again after the time to live', async () => {
    vi.useFakeTimers();
    const cache = createTtlCache<number>(1000);
    const load = vi.fn(async () => 42);
    expect(await cache.get('a', load)).toBe(42);
    expect(await cache.get('a', load)).toBe(42);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1001);
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('lets go of entries nobody read within their time to live when the next one is stored', async () => {
    vi.useFakeTimers();
    const cache = createTtlCache<number>(1000, 100);
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => 1);
    vi.advanceTimersByTime(500);
    await cache.get('b', async () => 2);
    vi.advanceTimersByTime(501);
    await cache.get('d', async () => 3);
    // a and c expired unread and went; b, read since, expired too and went; d stays.
    expect(cache.size).toBe(1);
  });

  it('shares one load between concurrent misses', async () => {
    const cache = createTtlCache<number>(1000);
    const load = vi.fn(() => new Promise<number>((resolve) => setTimeout(() => resolve(1), 5)));
    await Promise.all([cache.get('a', load), cache.get('a', load), cache.get('a', load)]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not remember a failed load', async () => {
    const cache = createTtlCache<number>(1000);
    await expect(cache.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('a', async () => 7)).toBe(7);
  });

  it('forgets everything on clear', async () => {
    const cache = createTtlCache<number>(1000);
    await cache.get('a', async () => 1);
    cache.clear();
    expect(await cache.get('a', async () => 2)).toBe(2);
  });

  it('drops the least recently used entry when full, keeping the ones just read', async () => {
    const cache = createTtlCache<string>(1000, 2);
    const load = vi.fn(async () => 'fresh');
    await cache.get('a', async () => 'a');
    await cache.get('b', async () => 'b');
    await cache.get('a', load);
    await cache.get('c', async () => 'c');
    expect(await cache.get('a', load)).toBe('a');
    expect(await cache.get('b', load)).toBe('fresh');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps the total weight of loaded values within its bound, least recently used first', async () => {
    const cache = createTtlCache<string>(1000, { maxWeight: 10, weigh: (value) => value.length });
    await cache.get('a', async () => 'aaaa');
    await cache.get('b', async () => 'bbbb');
    await cache.get('a', async () => 'reloaded');
    await cache.get('c', async () => 'cccc');
    expect(await cache.get('a', async () => 'reloaded')).toBe('aaaa');
    expect(await cache.get('c', async () => 'reloaded')).toBe('cccc');
    expect(await cache.get('b', async () => 'bb')).toBe('bb');
  });

  it('does not store a load that a clear overtook', async () => {
    const cache = createTtlCache<number>(1000, { weigh: () => 1, maxWeight: 2 });
    let finish!: (value: number) => void;
    const pending = cache.get('a', () => new Promise<number>((resolve) => (finish = resolve)));
    cache.clear();
    expect(await cache.get('b', async () => 2)).toBe(2);
    finish(1);
    expect(await pending).toBe(1);
    expect(await cache.get('a', async () => 3)).toBe(3);
    // The overtaken load neither counts against the bound nor pushed out the newer entry.
    expect(await cache.get('b', async () => 4)).toBe(2);
  });
});
