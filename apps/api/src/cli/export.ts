import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';

/**
 * `npm run db:export -- --out shop.sql`: the embedded PGlite database under DATA_DIR as a plain SQL dump
 * (PostgreSQL's own pg_dump, built for PGlite), to load into PostgreSQL with `psql -f` when the shop moves to
 * DATABASE_URL (docs/operations.md). Stop the shop first: PGlite's data directory belongs to one process.
 */
async function main() {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  if (!values.out) throw new Error('--out FILE is required (where the SQL dump is written)');
  const config = loadConfig();
  if (config.databaseUrl) throw new Error('DATABASE_URL is set: use pg_dump for PostgreSQL');
  const database = await openDatabase({ dataDir: config.dataDir });
  try {
    const dump = await pgDump({ pg: database.pglite!, args: ['--no-owner', '--no-privileges'] });
    // PGlite is PostgreSQL 17; this one setting is unknown to older servers, and the dump loads into 15 and
    // 16 without it.
    const text = (await dump.text()).replace(/^SET transaction_timeout = 0;\n/m, '');
    await writeFile(values.out, text);
    console.log(`Wrote ${Buffer.byteLength(text)} bytes of SQL to ${values.out} from ${config.dataDir}.`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
