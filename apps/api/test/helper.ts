import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Writable } from 'node:stream';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';

/** A fresh database for one test file: a copy of the migrated, seeded template. */
export async function createTestDatabase(): Promise<Database> {
  const template = inject('pgTemplate');
  if (template) {
    const name = `${template.prefix}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: template.adminUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template.template}"`);
    } finally {
      await admin.end();
    }
    const url = new URL(template.adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
    // pool.end() resolves once its clients are told to end, not once their sockets have closed, so the
    // DROP … WITH (FORCE) below can still terminate one (57P01). That is the end of this database, not a
    // fault; any other error of an idle client still fails the run.
    (database.db as unknown as { $client: pg.Pool }).$client.on('error', (err) => {
      if ((err as { code?: string }).code === '57P01') return;
      process.nextTick(() => {
        throw err;
      });
    });
    const close = database.close;
    return {
      ...database,
      close: async () => {
        await close();
        const cleanup = new pg.Client({ connectionString: template.adminUrl });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await cleanup.end();
      },
    };
  }
  const dump = inject('pgliteDump');
  if (!dump) throw new Error('global setup provided no database');
  return openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([readFileSync(dump)]) });
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', ...overrides });
}

export interface TestContext {
  app: App;
  database: Database;
  close(): Promise<void>;
}

/** Builds the API on a fresh database; call `close()` in afterAll. `logStream` receives the log. */
export async function createTestApp(
  options: { config?: Config; logStream?: Writable } = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  const app = await buildApp({
    config: options.config ?? testConfig(),
    database,
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
