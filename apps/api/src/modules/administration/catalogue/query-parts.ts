import { count, getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import type { items, products } from '../../../db/schema';
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
