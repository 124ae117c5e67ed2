import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { seedDemoCatalogue } from '../src/db/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a data dump of a migrated, seeded database, loaded by each test file. */
    pgliteDump: string | null;
    /** PostgreSQL: the migrated, seeded template database each test file is cloned from. */
    pgTemplate: { adminUrl: string; template: string; prefix: string } | null;
  }
}

function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Migrates and seeds once per run; test files then start from a copy (DESIGN §5). */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const prefix = `shop_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    const template = `${prefix}_template`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${template}"`);
    const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, template), poolSize: 2 });
    await database.migrate();
    await seedDemoCatalogue(database.db);
    await database.close();
    project.provide('pgTemplate', { adminUrl, template, prefix });
    project.provide('pgliteDump', null);
    return async () => {
      // Drops this run's databases, the template last.
      const { rows } = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE $1 ORDER BY datname = $2`,
        [`${prefix}%`, template],
      );
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      await admin.end();
    };
  }

  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-test-'));
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  await seedDemoCatalogue(database.db);
  const dump = await database.pglite!.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteDump', file);
  project.provide('pgTemplate', null);
  return () => rmSync(dir, { recursive: true, force: true });
}
