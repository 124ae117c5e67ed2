import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

/**
 * The one database type the services see. PGlite's and node-postgres' Drizzle databases share
 * the same query API; only their result wrappers differ, which the services do not touch.
 */
export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs the committed migrations (idempotent). */
  migrate(): Promise<void>;
  /** Answers whether the database takes a query now (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Calls `onNotify` for every NOTIFY on `channel`, from any process or connection, until the returned
   * function is called. On PostgreSQL a connection of its own holds the LISTEN and comes back after a
   * failure; `onNotify` is then called once too, since notifications sent meanwhile were lost.
   */
  listen(channel: string, onNotify: () => void, onError?: (err: Error) => void): Promise<() => Promise<void>>;
  /** Where failures of idle pooled connections are told (they are dropped and replaced; nothing is lost). */
  onConnectionError(listener: (err: Error) => void): void;
  /** The PGlite instance, when embedded (tests dump and load its data directory). */
  pglite?: PGlite;
}

/** Where the generated SQL migrations live, next to the source or the built bundle. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // src/db -> ../../drizzle ; dist -> ../drizzle
  const candidates = [path.resolve(here, '../../drizzle'), path.resolve(here, '../drizzle')];
  return candidates.find((dir) => existsSync(path.join(dir, 'meta/_journal.json'))) ?? candidates[0]!;
}

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; 'memory://' for an in-memory database. */
  dataDir?: string;
  /** A PGlite data dump (from dumpDataDir) to start from. */
  loadDataDir?: Blob | File;
  /** node-postgres pool size. */
  poolSize?: number;
}

/** Opens PostgreSQL when a URL is given, else embedded PGlite under the data directory. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection that the server ends (restart, failover, pg_terminate_backend) is an 'error' event
    // on the pool; unhandled, it would end the process. The pool drops that connection and opens another
    // when next needed; a request that was using one gets the error itself.
    let onIdleError: (err: Error) => void = () => {};
    pool.on('error', (err) => {
      // pg-pool hangs the client on the error; logged, its connection parameters would show the password.
      delete (err as Error & { client?: unknown }).client;
      onIdleError(err);
    });
    // A connection checked out for a transaction has no listener of the pool's: its end fails the statement
    // under way (the request answers 5xx), and the 'error' event that follows would end the process.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder: migrationsFolder() }),
      ping: async () => {
        await pool.query('select 1');
      },
      listen: (channel, onNotify, onError) =>
        listenOnPostgres(options.databaseUrl!, channel, onNotify, onError),
      onConnectionError: (listener) => {
        onIdleError = listener;
      },
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const pgliteDb = drizzlePglite(client, { schema });
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(pgliteDb, { migrationsFolder: migrationsFolder() }),
    ping: async () => {
      await client.query('select 1');
    },
    onConnectionError: () => {},
    listen: async (channel, onNotify) => {
      const stop = await client.listen(channel, () => onNotify());
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: () => client.close(),
  };
}

/** How long to wait before listening again after the connection was lost: 0.1 s, doubling, at most 5 s. */
const RELISTEN_DELAYS_MS = [100, 200, 400, 800, 1600, 3200, 5000];

/** A LISTEN on a dedicated PostgreSQL connection that reconnects until stopped. */
async function listenOnPostgres(
  url: string,
  channel: string,
  onNotify: () => void,
  onError: (err: Error) => void = () => {},
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let stopped = false;
  let client: pg.Client | undefined;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify();
    });
    next.on('error', (err) => {
      // The connection is gone (server restart, pg_terminate_backend): listen again on a new one.
      onError(err);
      if (client === next) client = undefined;
      next.end().catch(() => {});
      schedule();
    });
    next.on('end', () => {
      if (client !== next) return;
      client = undefined;
      schedule();
    });
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    if (stopped) {
      await next.end();
      return;
    }
    client = next;
    failures = 0;
  };
  const schedule = () => {
    if (stopped || retry) return;
    const delay = RELISTEN_DELAYS_MS[Math.min(failures, RELISTEN_DELAYS_MS.length - 1)]!;
    failures += 1;
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(
        // Whatever changed while nobody listened is unknown: treat it as a change.
        () => onNotify(),
        (err: unknown) => {
          onError(err as Error);
          schedule();
        },
      );
    }, delay);
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const last = client;
    client = undefined;
    await last?.end().catch(() => {});
  };
}
