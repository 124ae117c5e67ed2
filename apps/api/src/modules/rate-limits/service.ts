import type { Db } from '../../db/client';
import { TooManyRequests } from '../../http/errors';
import * as queries from './queries';

// The rate limits' call for other modules.
export { removeClient } from './queries';

export interface RateLimit {
  /** Distinguishes the limits of different actions. */
  name: string;
  limit: number;
  windowMs: number;
}

const CLEANUP_EVERY_MS = 10 * 60_000;

/**
 * Fixed-window rate limits kept in the database, so they hold across several API instances
 * (DESIGN §5). Throws TooManyRequests when a client is over the limit.
 */
export function createRateLimiter(db: Db) {
  let lastCleanup = 0;
  return {
    /**
     * Counts one hit and answers the window's count so far; throws TooManyRequests over the limit. `within` is
     * a transaction to count in, for a hit that must count only if the transaction's work commits (a code
     * e-mailed in it).
     */
    async consume(rule: RateLimit, client: string, within: Db = db): Promise<number> {
      const { count, resetAt } = await queries.hit(within, `${rule.name}:${client}`, rule.windowMs);
      const now = Date.now();
      if (now - lastCleanup > CLEANUP_EVERY_MS) {
        lastCleanup = now;
        await queries.deleteExpired(within, new Date(now - 60 * 60_000));
      }
      if (count > rule.limit) {
        throw new TooManyRequests(Math.max(1, Math.ceil((resetAt.getTime() - now) / 1000)));
      }
      return count;
    },

    /** Forgets a client's hits, e.g. an account's failed logins once it signs in. */
    async reset(rule: RateLimit, client: string): Promise<void> {
      await queries.remove(db, `${rule.name}:${client}`);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
