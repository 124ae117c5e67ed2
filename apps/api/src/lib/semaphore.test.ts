import { describe, expect, it } from 'vitest';
import { createSemaphore } from './semaphore';

describe('createSemaphore', () => {
  it('lets `limit` holders in at once and the rest in the order they asked', async () => {
    const semaphore = createSemaphore(2);
    const order: number[] = [];
    const first = await semaphore.acquire();
    const second = await semaphore.acquire();
    const waiters = [3, 4, 5].map((n) => semaphore.acquire().then((release) => (order.push(n), release)));
    await Promise.resolve();
    expect(order).toEqual([]);
    expect({ active: semaphore.active, waiting: semaphore.waiting }).toEqual({ active: 2, waiting: 3 });

    first();
    const third = await waiters[0]!;
    expect(order).toEqual([3]);
    second();
    third();
    const [, fourth, fifth] = await Promise.all(waiters);
    expect(order).toEqual([3, 4, 5]);
    fourth!();
    fifth!();
    expect({ active: semaphore.active, waiting: semaphore.waiting }).toEqual({ active: 0, waiting: 0 });
  });

  it('ignores a permit given back twice', async () => {
    const semaphore = createSemaphore(1);
    const release = await semaphore.acquire();
    release();
    release();
    expect(semaphore.active).toBe(0);
    await semaphore.acquire();
    expect(semaphore.active).toBe(1);
  });

  it('gives a permit at once with tryAcquire while one is free and nobody waits, and null otherwise', async () => {
    const semaphore = createSemaphore(2);
    const first = semaphore.tryAcquire();
    const second = semaphore.tryAcquire();
    expect(first).toBeTypeOf('function');
    expect(second).toBeTypeOf('function');
    expect(semaphore.tryAcquire()).toBeNull();
    const waiter = semaphore.acquire();
    first!();
    // The freed permit went to the waiter, which asked first.
    expect(semaphore.tryAcquire()).toBeNull();
    (await waiter)();
    second!();
    expect(semaphore.active).toBe(0);
    semaphore.tryAcquire()!();
    expect(semaphore.active).toBe(0);
  });

  it('refuses a limit below one', () => {
    expect(() => createSemaphore(0)).toThrow(RangeError);
  });
});
