// Test support for erasure: a generic scan of every text and JSON column of every table for what names a person,
// and the one list of places the law lets a deleted account's details stay.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/rows-of';
import type { TestContext } from '../helper';

/**
 * The only columns that may still name an erased person: the orders' own copies of the billing and delivery
 * addresses (name, street, postcode, telephone). Orders are VAT records kept for six years (HMRC; docs/security.md,
 * "a deleted account's personal data", and docs/operations.md, "Deleting an account"). Nothing else is: a held
 * order that became an order keeps only the order's copy, a payment's copy is blanked, and the e-mail address
 * is in none of them.
 */
export const KEPT_FOR_VAT = ['orders.billing_address', 'orders.shipping_address'] as const;

/** The types a column may have and still hold text: text, varchar, char, arrays, JSON and citext alike. */
const TEXT_TYPES = sql`('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'xml')`;

/** Every text-like column of every base table of the public schema, as `table.column`, found afresh each run. */
export async function textColumns(ctx: TestContext): Promise<{ table: string; column: string }[]> {
  return rowsOf<{ table: string; column: string }>(
    await ctx.database.db.execute(sql`
      select c.table_name as table, c.column_name as column
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and (c.data_type in ${TEXT_TYPES} or (c.data_type = 'USER-DEFINED' and c.udt_name = 'citext'))
      order by c.table_name, c.column_name`),
  );
}

/**
 * Every row of every text-like column (see textColumns) that holds `needle`, compared without case, as
 * `table.column#id` (the row's id, or its key when it has no id column). A new table or column is scanned
 * without being named here.
 */
export async function rowsNaming(ctx: TestContext, needle: string): Promise<string[]> {
  const columns = await textColumns(ctx);
  const hits: string[] = [];
  for (const { table, column } of columns) {
    const found = rowsOf<{ row: string }>(
      await ctx.database.db.execute(sql`
        select coalesce(to_jsonb(t) ->> 'id', to_jsonb(t) ->> 'key', '?') as row
        from ${sql.identifier(table)} t
        where position(${needle.toLowerCase()} in lower(t.${sql.identifier(column)}::text)) > 0`),
    );
    hits.push(...found.map(({ row }) => `${table}.${column}#${row}`));
  }
  return hits.sort();
}

/** The hits of rowsNaming outside the columns kept for VAT. */
export async function rowsNamingBeyondVat(ctx: TestContext, needle: string): Promise<string[]> {
  return (await rowsNaming(ctx, needle)).filter(
    (hit) => !KEPT_FOR_VAT.some((column) => hit.startsWith(`${column}#`)),
  );
}
