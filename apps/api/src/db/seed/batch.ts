import { getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client';

/** A transaction of the shop's database, as seeders receive it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

/** Advisory lock key that serialises seeding across processes sharing one database. */
export const SEED_LOCK_KEY = 727_274_001;

// PostgreSQL allows 65,535 bind parameters per statement; PGlite fails well below that, so stay modest.
const MAX_PARAMETERS = 16_000;

/** How many rows of `columns` columns fit in one multi-row INSERT. */
export function rowsPerStatement(columns: number, cap = 2_000): number {
  return Math.max(1, Math.min(cap, Math.floor(MAX_PARAMETERS / Math.max(1, columns))));
}

/** Splits rows into statement-sized chunks. */
export function chunk<T>(rows: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < rows.length; start += size) chunks.push(rows.slice(start, start + size));
  return chunks;
}

/** Inserts rows with as few multi-row statements as the parameter limit allows. */
export async function insertMany<TTable extends PgTable>(
  db: Executor,
  table: TTable,
  rows: readonly TTable['$inferInsert'][],
): Promise<void> {
  if (rows.length === 0) return;
  const size = rowsPerStatement(Object.keys(rows[0]!).length);
  for (const part of chunk(rows, size)) {
    await db.insert(table).values(part as TTable['$inferInsert'][]);
  }
}

/**
 * Inserts many rows with one JSON parameter per statement (INSERT ... SELECT FROM json_to_recordset),
 * which is far faster than thousands of bind parameters, and returns the requested columns.
 * Rows are keyed by the table's property names, like Drizzle's own insert values.
 */
export async function insertJsonRows<
  TTable extends PgTable,
  TKey extends keyof TTable['_']['columns'] & string,
>(
  db: Executor,
  table: TTable,
  rows: readonly TTable['$inferInsert'][],
  returning: readonly TKey[] = [],
  rowsPerChunk = 5_000,
): Promise<Array<Record<TKey, unknown>>> {
  if (rows.length === 0) return [];
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(rows[0]!);
  const used = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`No column ${key}`);
    return column;
  });
  const names = sql.join(
    used.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
  const definitions = sql.join(
    used.map((column) => sql`${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`),
    sql`, `,
  );
  const returningSql =
    returning.length > 0
      ? sql` returning ${sql.join(
          returning.map((key) => sql`${sql.identifier(columns[key]!.name)} as ${sql.identifier(key)}`),
          sql`, `,
        )}`
      : sql``;
  const out: Array<Record<TKey, unknown>> = [];
  for (const part of chunk(rows, rowsPerChunk)) {
    const payload = JSON.stringify(
      part.map((row) => {
        const record: Record<string, unknown> = {};
        keys.forEach((key, index) => {
          record[used[index]!.name] = (row as Record<string, unknown>)[key] ?? null;
        });
        return record;
      }),
    );
    const result = await db.execute(
      sql`insert into ${table} (${names}) select ${names} from json_to_recordset(${payload}::json) as x(${definitions})${returningSql}`,
    );
    out.push(...(result.rows as Array<Record<TKey, unknown>>));
  }
  return out;
}
