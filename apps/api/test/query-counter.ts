import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import type { Database, Db } from '../src/db/client';
import * as schema from '../src/db/schema';

/**
 * A Drizzle database over the same connection as `database` that counts the SQL statements it sends
 * (through Drizzle's logger), for tests that pin a read to a fixed number of queries.
 */
export function countingDb(database: Database): { db: Db; count(): number; reset(): void; sql: string[] } {
  const sql: string[] = [];
  const logger = { logQuery: (query: string) => void sql.push(query) };
  const db =
    database.kind === 'pglite'
      ? (drizzlePglite(database.pglite!, { schema, logger }) as unknown as Db)
      : drizzlePg((database.db as unknown as { $client: pg.Pool }).$client, { schema, logger });
  return {
    db,
    sql,
    count: () => sql.length,
    reset: () => void sql.splice(0),
  };
}
