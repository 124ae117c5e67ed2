/** Gives back the permit taken by `acquire`; calling it more than once does nothing. */
export type Release = () => void;

export interface Semaphore {
  /** Resolves with a permit once fewer than `limit` are out; waiters are served first come, first served. */
  acquire(): Promise<Release>;
  /**
   * A permit now if one is free and nobody waits, else null: for work that should be refused (429) rather than
   * queued when the process is busy.
   */
  tryAcquire(): Release | null;
  /** Permits out now and callers waiting for one. */
  readonly active: number;
  readonly waiting: number;
}

/**
 * A counting semaphore with a FIFO queue: at most `limit` holders at once, the rest served in the order
 * they asked, so work that queues finishes in arrival order instead of all of it interleaving.
 */
export function createSemaphore(limit: number): Semaphore {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`semaphore limit must be >= 1, got ${limit}`);
  let active = 0;
  const queue: Array<(release: Release) => void> = [];

  function permit(): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = queue.shift();
      // The permit passes straight to the next waiter, so a newcomer cannot overtake the queue.
      if (next) next(permit());
      else active -= 1;
    };
  }

  return {
    acquire() {
      if (active < limit) {
        active += 1;
        return Promise.resolve(permit());
      }
      return new Promise<Release>((resolve) => queue.push(resolve));
    },
    tryAcquire() {
      // Below the limit nobody waits: a freed permit goes straight to a waiter.
      if (active >= limit) return null;
      active += 1;
      return permit();
    },
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
}
