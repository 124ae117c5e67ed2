// `npx tsx bench/explain-sql.ts [--runs N] PATH...`: EXPLAIN (ANALYZE, BUFFERS) of exactly the SQL the API
// sends for catalogue reads, so that no copy of it can go stale. Each PATH is a request as the storefront
// sends it:
//
//   /api/products/?search=pa&page_size=10     suggestions: the words' categories, then the ranked page
//   /api/products/?category=wraps&page=3      a category page: its category, the page, the count when full
//   /api/items/?measurement_unit=CM&category=boxes&width=30&height=20&length=40&approx_size=true  size search
//
// It opens the database of DATABASE_URL (PostgreSQL), else of DATA_DIR (PGlite, which no server may have
// open), already migrated and seeded, with the API's openDatabase. For each path it calls the catalogue or
// items service as the route does, on a fresh service (no cached reads) over a Drizzle database that records
// each statement with its values (Drizzle's logger, as apps/api/test/query-counter.ts counts them): the
// statements are the services' own, in their order, each with the values it was sent (a suggestion's ranked
// page with the category ids its first statement returned). Each is then run under EXPLAIN --runs times (3);
// the last run is reported, the earlier ones warm the caches. The plans are custom plans for those values,
// as the first five calls of a named statement on a connection get.
//
// Prints JSON: the server version, the tables' statistics, and per path the count the service answered
// and its statements, each with its prepared statement's name (PostgreSQL; null on PGlite, which names
// none), text, values, the planning and execution times of every run, the indexes and sequential scans of
// the last plan, and that plan.
import { parseArgs } from 'node:util';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { openDatabase, type Database, type Db } from '../apps/api/src/db/client';
import * as schema from '../apps/api/src/db/schema';
import { PageQuerySchema } from '../apps/api/src/http/pagination';
import { createCatalogueService } from '../apps/api/src/modules/catalogue/service';
import { createItemsService } from '../apps/api/src/modules/items/service';

const { values: options, positionals: paths } = parseArgs({
  options: { runs: { type: 'string', default: '3' } },
  allowPositionals: true,
});
const RUNS = Number(options.runs);
/** The tables whose statistics explain the plans. */
const RELATIONS = ['item_sizes', 'items', 'product_variants', 'products'];

type Row = Record<string, unknown>;
type Query = (text: string, params?: unknown[]) => Promise<Row[]>;

/** A statement as Drizzle sent it: its text and the values of its parameters. */
interface Sent {
  sql: string;
  params: unknown[];
}

/** A Drizzle database on `database`'s connection that keeps each statement it sends, with its values. */
function recordingDb(database: Database): { db: Db; sent: Sent[] } {
  const sent: Sent[] = [];
  const logger = { logQuery: (sql: string, params: unknown[]) => void sent.push({ sql, params }) };
  const db =
    database.kind === 'pglite'
      ? (drizzlePglite(database.pglite!, { schema, logger }) as unknown as Db)
      : drizzlePg(poolOf(database), { schema, logger });
  return { db, sent };
}

const poolOf = (database: Database) => (database.db as unknown as { $client: pg.Pool }).$client;

/** Runs SQL with values on the database's own connection, as the driver sends Drizzle's statements. */
function rawQuery(database: Database): Query {
  if (database.kind === 'pglite') {
    const client = database.pglite!;
    return async (text, params) => (await client.query<Row>(text, params)).rows;
  }
  const pool = poolOf(database);
  return async (text, params) => (await pool.query<Row>(text, params)).rows;
}

/** Calls the service that answers `requestPath`, with the parameters its route passes; returns the count. */
async function readThroughService(db: Db, requestPath: string): Promise<number> {
  const url = new URL(requestPath, 'http://shop');
  const { page, page_size, ...params } = Object.fromEntries(url.searchParams);
  const pageRequest = PageQuerySchema.parse({ page, page_size });
  if (url.pathname === '/api/products/') {
    const filter = {
      search: params.search?.trim(),
      category: params.category?.trim(),
      slug: params.slug?.trim(),
    };
    return (await createCatalogueService(db).listProducts(filter, pageRequest)).count;
  }
  if (url.pathname === '/api/items/') {
    const items = createItemsService(db);
    return (await items.searchBySize(items.parseSizeSearch(params), pageRequest)).count;
  }
  throw new Error(`${requestPath} is not a catalogue read (/api/products/?… or /api/items/?…)`);
}

/** The named statements of the connection, by text (on PostgreSQL; PGlite's driver names none). */
async function preparedNames(query: Query): Promise<Map<string, string>> {
  const rows = await query('select name, statement from pg_prepared_statements');
  return new Map(rows.map((row) => [String(row.statement), String(row.name)]));
}

function millisecondsOf(plan: string, label: 'Planning' | 'Execution'): number | null {
  const match = new RegExp(`${label} Time: ([\\d.]+) ms`).exec(plan);
  return match ? Number(match[1]) : null;
}

/** The indexes a plan reads and the tables it scans sequentially. */
function scansOf(plan: string): { indexes: string[]; seqScans: string[] } {
  const names = (pattern: RegExp) => [...new Set([...plan.matchAll(pattern)].map((match) => match[1]!))];
  return {
    indexes: names(/(?:Bitmap Index Scan|Index Only Scan|Index Scan)(?: Backward)? (?:using|on) (\w+)/g),
    seqScans: names(/Seq Scan on (\w+)/g),
  };
}

async function explain(query: Query, statement: Sent) {
  const runs: { planningMs: number | null; executionMs: number | null }[] = [];
  let plan = '';
  for (let run = 0; run < RUNS; run++) {
    const rows = await query(`explain (analyze, buffers, format text) ${statement.sql}`, statement.params);
    plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    runs.push({
      planningMs: millisecondsOf(plan, 'Planning'),
      executionMs: millisecondsOf(plan, 'Execution'),
    });
  }
  return { ...runs.at(-1)!, runs, ...scansOf(plan), plan };
}

async function main() {
  if (paths.length === 0 || !Number.isInteger(RUNS) || RUNS < 1) {
    throw new Error('usage: npx tsx bench/explain-sql.ts [--runs N] PATH... (DATABASE_URL or DATA_DIR set)');
  }
  const databaseUrl = process.env.DATABASE_URL;
  const dataDir = process.env.DATA_DIR;
  if (!databaseUrl && !dataDir) throw new Error('Set DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite).');
  // One connection: the statements' names are read from the connection that prepared them.
  const database = await openDatabase(databaseUrl ? { databaseUrl, poolSize: 1 } : { dataDir: dataDir! });
  try {
    const query = rawQuery(database);
    const reads = [];
    for (const requestPath of paths) {
      const { db, sent } = recordingDb(database);
      const count = await readThroughService(db, requestPath);
      const names = await preparedNames(query);
      const statements = [];
      for (const statement of sent) {
        statements.push({
          name: names.get(statement.sql) ?? null,
          ...statement,
          ...(await explain(query, statement)),
        });
      }
      reads.push({ path: requestPath, count, statements });
    }
    const [version] = await query('show server_version');
    const relations = await query(
      `select relname, relpages, relallvisible, reltuples::float8 as reltuples from pg_class
       where relkind = 'r' and relname = any($1::text[]) order by relname`,
      [RELATIONS],
    );
    const result = { engine: database.kind, version: version?.server_version, runs: RUNS, relations, reads };
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await database.close();
  }
}

await main();
