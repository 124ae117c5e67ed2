import { describe, expect, it, vi } from 'vitest';
import { createDocumentCache } from './service';

const bytes = (size: number, fill = 1) => Buffer.alloc(size, fill);

describe('the rendered-document cache', () => {
  it('draws a document once, and once only when it is asked for twice at the same time', async () => {
    const cache = createDocumentCache(100);
    const draw = vi.fn(async () => bytes(10));
    const [first, second] = await Promise.all([cache.get('INV-000001', draw), cache.get('INV-000001', draw)]);
    expect(first).toBe(second);
    expect(await cache.get('INV-000001', draw)).toBe(first);
    expect(draw).toHaveBeenCalledTimes(1);
    expect(cache.size).toEqual({ documents: 1, bytes: 10 });
  });

  it('drops the least recently used documents beyond its bytes, and keeps none larger than them', async () => {
    const cache = createDocumentCache(30);
    await cache.get('A', async () => bytes(10));
    await cache.get('B', async () => bytes(10));
    await cache.get('C', async () => bytes(10));
    await cache.get('A', async () => bytes(99)); // A is used again: B is now the oldest.
    await cache.get('D', async () => bytes(10));
    const redraw = vi.fn(async () => bytes(10, 2));
    expect((await cache.get('A', redraw))[0]).toBe(1);
    expect((await cache.get('B', redraw))[0]).toBe(2);
    expect(redraw).toHaveBeenCalledTimes(1);
    expect(cache.size.bytes).toBeLessThanOrEqual(30);
    await cache.get('huge', async () => bytes(31));
    expect(cache.size.bytes).toBeLessThanOrEqual(30);
  });

  it('keeps nothing when drawing fails, so the next request tries again', async () => {
    const cache = createDocumentCache(100);
    await expect(cache.get('CN-000001', () => Promise.reject(new Error('no font')))).rejects.toThrow(
      'no font',
    );
    expect(await cache.get('CN-000001', async () => bytes(5))).toHaveLength(5);
  });
});
