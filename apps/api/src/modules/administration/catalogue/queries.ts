import { count, getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import type { items, products } from '../../../db/schema';
import { countFromPage } from '../../../http/pagination';
import { COUNT_CAP } from '../listing';

// The query parts every entity of the back office's catalogue shares; each entity's own statements are in
// its folder's queries.ts.

export type Window = { limit: number; offset: number };

/** A column with its table's name, for sub-selects that must not bind to their own table's columns. */
export const q = (column: AnyPgColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** `count(*) over ()`: the number of all rows a page is cut from (small tables only). */
export const totalOver = () => sql<number>`count(*) over ()`.mapWith(Number);

/** A LIKE pattern matching `text` anywhere, its own wildcards taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * How many rows a filter matches, counting at most COUNT_CAP + 1 of them: past the cap the list says
 * "10,000+" instead of counting all 100k.
 */
export async function cappedCount(db: Db, table: typeof items | typeof products, where: SQL | undefined) {
  const capped = db
    .select({ one: sql`1`.as('one') })
    .from(table)
    .where(where)
    .limit(COUNT_CAP + 1)
    .as('capped');
  const [row] = await db.select({ value: count() }).from(capped);
  return row?.value ?? 0;
}

/**
 * The count of a paged read: from the page itself when it is not full, else a capped count. Answers the
 * count and whether it is capped.
 */
export async function countOfList(
  rows: number,
  window: Window,
  countAll: () => Promise<number>,
): Promise<{ count: number; capped: boolean }> {
  const shown = countFromPage(rows, window);
  if (shown !== undefined) return { count: shown, capped: false };
  const counted = await countAll();
  return counted > COUNT_CAP ? { count: COUNT_CAP, capped: true } : { count: counted, capped: false };
}

/** The PostgreSQL error behind a failed statement (Drizzle wraps the driver's), if any. */
function pgErrorOf(error: unknown): { code?: string; constraint?: string } | null {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code))
      return cause as unknown as { code: string; constraint?: string };
    cause = cause.cause;
  }
  return null;
}

/** The constraint a unique violation (23505) or foreign-key violation (23503) names, else null. */
export function violatedConstraint(error: unknown): { kind: 'unique' | 'foreign_key'; name: string } | null {
  const pg = pgErrorOf(error);
  if (!pg || (pg.code !== '23505' && pg.code !== '23503')) return null;
  const name = pg.constraint ?? /"([^"]+)"/.exec((error as Error).message)?.[1] ?? '';
  return { kind: pg.code === '23505' ? 'unique' : 'foreign_key', name };
}
